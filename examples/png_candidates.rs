//! Measures the PNG encoders and settings considered for board images (issue 19) on
//! every game's busiest board: the time to encode (median of many runs) and the bytes,
//! each checked to decode to the same pixels. Prints the table in `docs/png-encoding.md`.
//!
//!     cargo run --release --example png_candidates
//!
//! Run it on an otherwise idle machine: the times are wall-clock medians.

#[path = "../benches/common/boards.rs"]
mod boards;

use boardpost::render::png::encode_png_into;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbaImage};
use std::cell::RefCell;
use std::collections::HashSet;
use std::time::{Duration, Instant};

type Candidate = (&'static str, Box<dyn Fn(&RgbaImage, &mut Vec<u8>)>);

fn image_crate(
    compression: CompressionType,
    filter: FilterType,
) -> impl Fn(&RgbaImage, &mut Vec<u8>) {
    move |img, out| {
        out.clear();
        PngEncoder::new_with_quality(&mut *out, compression, filter)
            .write_image(
                img.as_raw(),
                img.width(),
                img.height(),
                ExtendedColorType::Rgba8,
            )
            .unwrap();
    }
}

fn own(filter: RowFilter, deflater: Deflater) -> impl Fn(&RgbaImage, &mut Vec<u8>) {
    move |img, out| match deflater {
        Deflater::Board => encode_png_into(img, out),
        _ => encode_with(img, filter, deflater, out),
    }
}

// ---------- The other coders, in the same container as the chosen one ----------

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Deflater {
    /// The one chosen: `boardpost::render::png`.
    Board,
    /// `fdeflate`: zero runs and literals, fixed Huffman codes made for filtered images.
    Fdeflate,
    /// `zlib-rs` (zlib-ng's algorithms) at a level, with its run-length strategy or not.
    Zlib { level: u8, rle: bool },
}

/// How the rows are filtered before compression (the PNG filter types, and a choice per
/// row).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum RowFilter {
    None,
    Sub,
    Up,
    Paeth,
    /// Per row, whichever of `Sub` and `Up` leaves fewer non-zero bytes: the zero runs
    /// are what `fdeflate` codes cheaply.
    SubOrUp,
}

const BLOCK_ROWS: usize = 8;
const ZLIB_BLOCK_ROWS: usize = 16;
const OUT_WINDOW: usize = 64 * 1024;

/// The PNG container around a filter and a coder: `render::png`'s, with other insides.
fn encode_with(img: &RgbaImage, filter: RowFilter, deflater: Deflater, out: &mut Vec<u8>) {
    boardpost::render::png::encode_png_with(img, out, |pixels, stride, out| {
        match deflater {
            Deflater::Board => unreachable!("encoded by the library"),
            Deflater::Fdeflate => compress_rows(pixels, stride, filter, out),
            Deflater::Zlib { level, rle } => zlib_rows(pixels, stride, filter, level, rle, out),
        }
        // The container takes the CRC.
        None
    })
}

/// Filters the rows block by block and appends their zlib stream, made by `zlib-rs`.
/// The coder's state (about 300 KB of window and hash tables) is kept per thread and
/// reset between images rather than allocated each time.
fn zlib_rows(
    pixels: &[u8],
    stride: usize,
    filter: RowFilter,
    level: u8,
    rle: bool,
    out: &mut Vec<u8>,
) {
    thread_local! {
        static CODERS: RefCell<Vec<((u8, bool), zlib_rs::Deflate)>> = const { RefCell::new(Vec::new()) };
    }
    CODERS.with(|coders| {
        let mut coders = coders.borrow_mut();
        let at = match coders.iter().position(|(k, _)| *k == (level, rle)) {
            Some(i) => i,
            None => {
                let mut config = zlib_rs::DeflateConfig::new(level as i32);
                if rle {
                    config.strategy = zlib_rs::Strategy::Rle;
                }
                coders.push(((level, rle), zlib_rs::Deflate::new_with_config(config)));
                coders.len() - 1
            }
        };
        let coder = &mut coders[at].1;
        coder.reset();
        let rows = pixels.len().checked_div(stride).unwrap_or(0);
        let mut block = vec![0u8; ZLIB_BLOCK_ROWS * (stride + 1)];
        let mut spare = vec![0u8; stride];
        out.reserve(pixels.len() / 16 + OUT_WINDOW);
        let mut y = 0;
        loop {
            let n = ZLIB_BLOCK_ROWS.min(rows - y);
            for (i, dst) in block.chunks_exact_mut(stride + 1).take(n).enumerate() {
                let row = y + i;
                let cur = &pixels[row * stride..][..stride];
                let prev = (row > 0).then(|| &pixels[(row - 1) * stride..][..stride]);
                dst[0] = filter_row(filter, cur, prev, &mut dst[1..], &mut spare);
            }
            y += n;
            let flush = if y == rows {
                zlib_rs::DeflateFlush::Finish
            } else {
                zlib_rs::DeflateFlush::NoFlush
            };
            let mut input = &block[..n * (stride + 1)];
            loop {
                // Output goes straight into `out`, through a zeroed window at its end
                // (zeroing 64 KB costs microseconds; no unsafe to skip it).
                let at = out.len();
                out.resize(at + OUT_WINDOW, 0);
                let (before, written) = (coder.total_in(), coder.total_out());
                let status = coder
                    .compress(input, &mut out[at..], flush)
                    .expect("a valid stream");
                out.truncate(at + (coder.total_out() - written) as usize);
                input = &input[(coder.total_in() - before) as usize..];
                let room_left = out.len() < at + OUT_WINDOW;
                let done = match flush {
                    zlib_rs::DeflateFlush::Finish => status == zlib_rs::Status::StreamEnd,
                    _ => input.is_empty() && room_left,
                };
                if done {
                    break;
                }
            }
            if y == rows {
                break;
            }
        }
    });
}

/// Filters rows of `stride` bytes (four per pixel) and appends their zlib stream to `out`.
fn compress_rows(pixels: &[u8], stride: usize, filter: RowFilter, out: &mut Vec<u8>) {
    let rows = pixels.len().checked_div(stride).unwrap_or(0);
    let mut block = vec![0u8; BLOCK_ROWS * (stride + 1)];
    let mut spare = vec![0u8; stride];
    let mut compressor =
        fdeflate::Compressor::new(&mut *out).expect("writing to memory cannot fail");
    let mut y = 0;
    while y < rows {
        let n = BLOCK_ROWS.min(rows - y);
        for (i, dst) in block.chunks_exact_mut(stride + 1).take(n).enumerate() {
            let row = y + i;
            let cur = &pixels[row * stride..][..stride];
            let prev = (row > 0).then(|| &pixels[(row - 1) * stride..][..stride]);
            dst[0] = filter_row(filter, cur, prev, &mut dst[1..], &mut spare);
        }
        compressor
            .write_data(&block[..n * (stride + 1)])
            .expect("writing to memory cannot fail");
        y += n;
    }
    compressor.finish().expect("writing to memory cannot fail");
}

/// Filters one row into `dst` (as long as `cur`); returns the PNG filter type used.
fn filter_row(
    filter: RowFilter,
    cur: &[u8],
    prev: Option<&[u8]>,
    dst: &mut [u8],
    spare: &mut [u8],
) -> u8 {
    match (filter, prev) {
        (RowFilter::None, _) => {
            dst.copy_from_slice(cur);
            0
        }
        (RowFilter::Sub, _) | (RowFilter::Up | RowFilter::Paeth | RowFilter::SubOrUp, None) => {
            sub(cur, dst);
            1
        }
        (RowFilter::Up, Some(prev)) => {
            up(cur, prev, dst);
            2
        }
        (RowFilter::Paeth, Some(prev)) => {
            paeth(cur, prev, dst);
            4
        }
        (RowFilter::SubOrUp, Some(prev)) => {
            up(cur, prev, dst);
            let up_cost = nonzero(dst);
            if up_cost == 0 {
                return 2;
            }
            sub(cur, spare);
            if nonzero(spare) < up_cost {
                dst.copy_from_slice(spare);
                1
            } else {
                2
            }
        }
    }
}

/// Each byte minus the same channel of the pixel to its left.
fn sub(cur: &[u8], dst: &mut [u8]) {
    let n = cur.len().min(4);
    dst[..n].copy_from_slice(&cur[..n]);
    for ((d, c), l) in dst[n..].iter_mut().zip(&cur[n..]).zip(cur) {
        *d = c.wrapping_sub(*l);
    }
}

/// Each byte minus the one above it.
fn up(cur: &[u8], prev: &[u8], dst: &mut [u8]) {
    for ((d, c), p) in dst.iter_mut().zip(cur).zip(prev) {
        *d = c.wrapping_sub(*p);
    }
}

fn paeth(cur: &[u8], prev: &[u8], dst: &mut [u8]) {
    for i in 0..cur.len() {
        let (a, b, c) = if i >= 4 {
            (cur[i - 4] as i16, prev[i] as i16, prev[i - 4] as i16)
        } else {
            (0, prev[i] as i16, 0)
        };
        let p = a + b - c;
        let (pa, pb, pc) = ((p - a).abs(), (p - b).abs(), (p - c).abs());
        let predictor = if pa <= pb && pa <= pc {
            a
        } else if pb <= pc {
            b
        } else {
            c
        };
        dst[i] = cur[i].wrapping_sub(predictor as u8);
    }
}

/// How many bytes are not zero.
fn nonzero(bytes: &[u8]) -> usize {
    bytes.iter().filter(|b| **b != 0).count()
}

fn candidates() -> Vec<Candidate> {
    use CompressionType as C;
    use FilterType as F;
    vec![
        (
            "png zlib-1, no filter (before)",
            Box::new(image_crate(C::Level(1), F::NoFilter)),
        ),
        ("png zlib-1, Up", Box::new(image_crate(C::Level(1), F::Up))),
        (
            "png zlib-1, adaptive",
            Box::new(image_crate(C::Level(1), F::Adaptive)),
        ),
        (
            "png zlib-6, adaptive",
            Box::new(image_crate(C::Default, F::Adaptive)),
        ),
        (
            "png zlib-9, adaptive",
            Box::new(image_crate(C::Best, F::Adaptive)),
        ),
        (
            "png fdeflate, no filter",
            Box::new(image_crate(C::Fast, F::NoFilter)),
        ),
        ("png fdeflate, Sub", Box::new(image_crate(C::Fast, F::Sub))),
        ("png fdeflate, Up", Box::new(image_crate(C::Fast, F::Up))),
        (
            "png fdeflate, Paeth",
            Box::new(image_crate(C::Fast, F::Paeth)),
        ),
        (
            "png fdeflate, adaptive",
            Box::new(image_crate(C::Fast, F::Adaptive)),
        ),
        (
            "own board coder",
            Box::new(own(RowFilter::None, Deflater::Board)),
        ),
        (
            "own + fdeflate, Up",
            Box::new(own(RowFilter::Up, Deflater::Fdeflate)),
        ),
        (
            "own + fdeflate, Paeth",
            Box::new(own(RowFilter::Paeth, Deflater::Fdeflate)),
        ),
        (
            "own + fdeflate, Sub or Up",
            Box::new(own(RowFilter::SubOrUp, Deflater::Fdeflate)),
        ),
        (
            "own + zlib-rs 1, None",
            Box::new(own(
                RowFilter::None,
                Deflater::Zlib {
                    level: 1,
                    rle: false,
                },
            )),
        ),
        (
            "own + zlib-rs 1, Up",
            Box::new(own(
                RowFilter::Up,
                Deflater::Zlib {
                    level: 1,
                    rle: false,
                },
            )),
        ),
        (
            "own + zlib-rs 1, Paeth",
            Box::new(own(
                RowFilter::Paeth,
                Deflater::Zlib {
                    level: 1,
                    rle: false,
                },
            )),
        ),
        (
            "own + zlib-rs 2, None",
            Box::new(own(
                RowFilter::None,
                Deflater::Zlib {
                    level: 2,
                    rle: false,
                },
            )),
        ),
        (
            "own + zlib-rs 2, Up",
            Box::new(own(
                RowFilter::Up,
                Deflater::Zlib {
                    level: 2,
                    rle: false,
                },
            )),
        ),
        (
            "own + zlib-rs 2, Paeth",
            Box::new(own(
                RowFilter::Paeth,
                Deflater::Zlib {
                    level: 2,
                    rle: false,
                },
            )),
        ),
        (
            "own + zlib-rs 3, None",
            Box::new(own(
                RowFilter::None,
                Deflater::Zlib {
                    level: 3,
                    rle: false,
                },
            )),
        ),
        (
            "own + zlib-rs 3, Up",
            Box::new(own(
                RowFilter::Up,
                Deflater::Zlib {
                    level: 3,
                    rle: false,
                },
            )),
        ),
        (
            "own + zlib-rs 3, Paeth",
            Box::new(own(
                RowFilter::Paeth,
                Deflater::Zlib {
                    level: 3,
                    rle: false,
                },
            )),
        ),
        (
            "own + zlib-rs RLE, Sub",
            Box::new(own(
                RowFilter::Sub,
                Deflater::Zlib {
                    level: 2,
                    rle: true,
                },
            )),
        ),
        (
            "own + zlib-rs RLE, Up",
            Box::new(own(
                RowFilter::Up,
                Deflater::Zlib {
                    level: 2,
                    rle: true,
                },
            )),
        ),
        (
            "own + zlib-rs RLE, Paeth",
            Box::new(own(
                RowFilter::Paeth,
                Deflater::Zlib {
                    level: 2,
                    rle: true,
                },
            )),
        ),
        (
            "own + zlib-rs RLE, SubOrUp",
            Box::new(own(
                RowFilter::SubOrUp,
                Deflater::Zlib {
                    level: 2,
                    rle: true,
                },
            )),
        ),
    ]
}

fn median_time(
    f: &dyn Fn(&RgbaImage, &mut Vec<u8>),
    img: &RgbaImage,
    out: &mut Vec<u8>,
) -> Duration {
    f(img, out);
    let budget = Instant::now();
    let mut times = Vec::new();
    while times.len() < 15 || (times.len() < 200 && budget.elapsed() < Duration::from_millis(300)) {
        let t = Instant::now();
        f(img, out);
        times.push(t.elapsed());
    }
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let boards = boards::busiest();
    let images: Vec<(&str, RgbaImage)> = boards.iter().map(|(n, b)| (*n, b.draw())).collect();
    println!("| board | size | colours |");
    println!("| --- | --- | --- |");
    for (name, img) in &images {
        let colours: HashSet<[u8; 4]> = img.pixels().map(|p| p.0).collect();
        println!(
            "| {name} | {}×{} | {} |",
            img.width(),
            img.height(),
            colours.len()
        );
    }
    println!();
    print!("| candidate |");
    for (name, _) in &images {
        print!(" {name} |");
    }
    println!();
    print!("| --- |");
    for _ in &images {
        print!(" --- |");
    }
    println!();
    let mut out = Vec::new();
    for (label, f) in candidates() {
        print!("| {label} |");
        for (name, img) in &images {
            let time = median_time(&f, img, &mut out);
            let decoded = image::load_from_memory_with_format(&out, image::ImageFormat::Png)
                .unwrap()
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
