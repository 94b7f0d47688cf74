//! The coder alone on boards of the gallery (`docs/images`, drawn by the bot): the time
//! to code each image into a reused buffer.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// The gallery boards measured: the busiest of each game.
const BOARDS: [&str; 6] = [
    "sidja-sudan-5-midgame-seat2",
    "sidja-sidja-9-midgame",
    "yote-midgame",
    "banglagor-midgame",
    "xiangqi-midgame-check",
    "xiangqi4-ffa-busy",
];

fn bench(c: &mut Criterion) {
    let gallery = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/images");
    let mut out = Vec::new();
    for name in BOARDS {
        let bytes = std::fs::read(format!("{gallery}/{name}.png")).expect("a gallery board");
        let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
            .expect("a PNG")
            .to_rgba8();
        let (width, height) = image.dimensions();
        c.bench_function(&format!("encode {name}"), |b| {
            b.iter(|| {
                boardpost_png::encode_rgba(image.as_raw(), width, height, black_box(&mut out))
                    .expect("an image")
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
