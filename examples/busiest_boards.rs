//! Writes the busiest board of every game (the render benches' boards) as PNG files into
//! a folder, for the PNG coders to be measured on them:
//!
//!     cargo run --release --example busiest_boards -- /tmp/boards
//!     cargo run --release -p boardpost-png --example candidates -- /tmp/boards/*.png

use boardpost_testkit::boards;

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: busiest_boards DIR");
        std::process::exit(2);
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("{dir}: {e}");
        std::process::exit(1);
    }
    for (name, board) in boards::busiest() {
        let file = format!("{dir}/{}.png", name.replace(['×', ' '], "-"));
        let png = boardpost::render::encode_png(&board.draw());
        if let Err(e) = std::fs::write(&file, png) {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        }
        println!("{file}");
    }
}
