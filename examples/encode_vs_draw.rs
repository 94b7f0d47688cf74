//! Drawing against encoding on every game's busiest board (issue 19: encoding no slower
//! than drawing), measured interleaved: each round draws the board and encodes what it
//! drew at once, as the bot does, by turns copying the codes of the sprites placed while
//! drawing and of the background where it was not drawn over, coding everything again
//! (nothing copied), and copying them on one thread only (the coder's work, apart from
//! how much the second core takes of it), so that the load of this VM, which changes
//! from minute to minute, weighs on all alike. Prints the median and the best of each.
//!
//!     cargo run --release --example encode_vs_draw [ROUNDS]

#[path = "../benches/common/boards.rs"]
mod boards;

use boardpost::render::png::{board_deflate_on, encode_png_into, encode_png_placed, reused};
use boardpost::render::sprites::placing;
use std::time::Instant;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    println!(
        "| board | draw | encode | encode, nothing copied | encode, one thread | bytes | bytes, nothing copied |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for (name, board) in boards::busiest() {
        // The backgrounds and sprites kept, as on a server that drew this board before.
        let _ = board.draw();
        let (mut with, mut without, mut alone) = (Vec::new(), Vec::new(), Vec::new());
        let mut times = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
        for round in 0..rounds {
            // Drawn, then encoded at once, as the bot does: one way of three by turns.
            let t = Instant::now();
            let (img, drawn) = placing(|| board.draw());
            times[0].push(t.elapsed());
            let t = Instant::now();
            match round % 3 {
                0 => {
                    encode_png_placed(&img, &drawn, &mut with);
                    times[1].push(t.elapsed());
                }
                1 => {
                    encode_png_into(&img, &mut without);
                    times[2].push(t.elapsed());
                }
                _ => {
                    // The zlib stream only: the PNG around it (its chunks and their CRC)
                    // takes a few microseconds.
                    alone.clear();
                    let stride = img.width() as usize * 4;
                    let reused = reused(&drawn, &img);
                    board_deflate_on(img.as_raw(), stride, &mut alone, 1, &reused);
                    times[3].push(t.elapsed());
                }
            }
            boardpost::render::cache::recycle(img);
        }
        let show = |t: &mut Vec<std::time::Duration>| {
            t.sort();
            format!(
                "{:.3} ms (best {:.3})",
                t[t.len() / 2].as_secs_f64() * 1e3,
                t[0].as_secs_f64() * 1e3
            )
        };
        let [draw, encode, again, one_thread] = &mut times;
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} |",
            show(draw),
            show(encode),
            show(again),
            show(one_thread),
            with.len(),
            without.len()
        );
    }
}
