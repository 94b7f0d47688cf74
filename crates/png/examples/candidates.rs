//! Measures the PNG coders considered for board images: the time to code each image
//! (median of many runs) and the bytes, each file checked to decode to the same pixels.
//! Prints a table in Markdown (see `docs/png-encoding.md`).
//!
//!     cargo run --release -p boardpost-png --example candidates [IMAGE.png ...]
//!
//! Without arguments it codes the gallery's boards (`docs/images`). The bot's busiest
//! board of every game is written as PNG files by
//! `cargo run --release --example busiest_boards -- DIR`. Run it on an otherwise idle
//! machine: the times are wall-clock medians.

use image::RgbaImage;
use std::time::{Duration, Instant};

type Coder = Box<dyn Fn(&RgbaImage, &mut Vec<u8>)>;

/// The `png` crate with a compression and a filter.
fn png_crate(compression: png::DeflateCompression, filter: png::Filter) -> Coder {
    Box::new(move |img, out| {
        out.clear();
        let mut encoder = png::Encoder::new(&mut *out, img.width(), img.height());
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_deflate_compression(compression);
        encoder.set_filter(filter);
        let mut writer = encoder.write_header().expect("a header");
        writer.write_image_data(img.as_raw()).expect("the rows");
        writer.finish().expect("the end");
    })
}

/// Our container around `zlib-rs` at `level`, the rows unfiltered or each filtered by
/// the row above (`up`).
fn zlib_rs(level: i32, up: bool) -> Coder {
    Box::new(move |img, out| {
        boardpost_png::encode_rgba_with(
            img.as_raw(),
            img.width(),
            img.height(),
            out,
            |pixels, stride, data| {
                let mut rows = Vec::with_capacity(pixels.len() + pixels.len() / stride);
                let mut prev: Option<&[u8]> = None;
                for row in pixels.chunks_exact(stride) {
                    match prev.filter(|_| up) {
                        Some(above) => {
                            rows.push(2);
                            rows.extend(row.iter().zip(above).map(|(b, a)| b.wrapping_sub(*a)));
                        }
                        None => {
                            rows.push(0);
                            rows.extend_from_slice(row);
                        }
                    }
                    prev = Some(row);
                }
                let mut stream = vec![0; zlib_rs::compress_bound(rows.len())];
                let (written, status) =
                    zlib_rs::compress_slice(&mut stream, &rows, zlib_rs::DeflateConfig::new(level));
                assert_eq!(status, zlib_rs::ReturnCode::Ok);
                data.extend_from_slice(written);
            },
        )
        .expect("an image")
    })
}

fn candidates() -> Vec<(&'static str, Coder)> {
    use png::DeflateCompression::{FdeflateUltraFast, Level};
    use png::Filter;
    vec![
        (
            "png zlib-1, no filter",
            png_crate(Level(1), Filter::NoFilter),
        ),
        (
            "png zlib-6, adaptive",
            png_crate(Level(6), Filter::Adaptive),
        ),
        ("png fdeflate, Up", png_crate(FdeflateUltraFast, Filter::Up)),
        (
            "png fdeflate, Paeth",
            png_crate(FdeflateUltraFast, Filter::Paeth),
        ),
        (
            "png fdeflate, adaptive",
            png_crate(FdeflateUltraFast, Filter::Adaptive),
        ),
        ("zlib-rs 1, no filter", zlib_rs(1, false)),
        ("zlib-rs 1, Up", zlib_rs(1, true)),
        ("zlib-rs 2, Up", zlib_rs(2, true)),
        (
            "board coder",
            Box::new(|img, out| {
                boardpost_png::encode_rgba(img.as_raw(), img.width(), img.height(), out)
                    .expect("an image")
            }),
        ),
    ]
}

fn median_time(coder: &Coder, img: &RgbaImage, out: &mut Vec<u8>) -> Duration {
    coder(img, out);
    let budget = Instant::now();
    let mut times = Vec::new();
    while times.len() < 15 || (times.len() < 300 && budget.elapsed() < Duration::from_millis(400)) {
        let t = Instant::now();
        coder(img, out);
        times.push(t.elapsed());
    }
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        let gallery = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/images");
        let mut found: Vec<String> = std::fs::read_dir(gallery)
            .expect("the gallery")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "png"))
            .map(|p| p.display().to_string())
            .collect();
        found.sort();
        paths = found;
    }
    let images: Vec<(String, RgbaImage)> = paths
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
                .unwrap_or_else(|e| panic!("{path}: {e}"))
                .to_rgba8();
            let name = std::path::Path::new(path)
                .file_stem()
                .map_or(path.clone(), |s| s.to_string_lossy().into_owned());
            (name, image)
        })
        .collect();
    print!("| candidate |");
    for (name, img) in &images {
        print!(" {name} ({}×{}) |", img.width(), img.height());
    }
    println!();
    println!("|{}", " --- |".repeat(images.len() + 1));
    let mut out = Vec::new();
    for (label, coder) in candidates() {
        print!("| {label} |");
        for (name, img) in &images {
            let time = median_time(&coder, img, &mut out);
            let decoded = image::load_from_memory_with_format(&out, image::ImageFormat::Png)
                .expect("a PNG")
                .to_rgba8();
            assert!(decoded == *img, "{label} on {name}: the pixels differ");
            print!(
                " {:.2} ms, {} KB |",
                time.as_secs_f64() * 1e3,
                out.len().div_ceil(1024)
            );
        }
        println!();
    }
}
