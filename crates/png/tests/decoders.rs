//! The coder against two decoders (the `png` crate's, and the `image` crate's on top of
//! it) on many random images made like board images and unlike them: flat areas, runs,
//! rows copied from above, repeats along a row, noise, partial alpha, stones placed
//! again further along a row, every width from one pixel up and rows wider than
//! DEFLATE's window.

use boardpost_png::encode_rgba;
use image::{Rgba, RgbaImage};
use proptest::prelude::*;

fn decode_png_crate(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// An image built by `ops` over a few colours: each op paints a run, copies the row
/// above, copies a span from earlier in the row, or writes noise.
fn build(width: u32, height: u32, colours: &[[u8; 4]], ops: &[(u8, u16, u16, u8)]) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(width, height, Rgba(colours[0]));
    let (w, h) = (width as usize, height as usize);
    let mut at = 0usize;
    for &(kind, len, arg, c) in ops {
        let len = len as usize % (w * 2) + 1;
        for i in 0..len {
            let p = (at + i) % (w * h);
            let (x, y) = ((p % w) as u32, (p / w) as u32);
            let colour = match kind % 4 {
                0 => colours[c as usize % colours.len()],
                1 if y > 0 => img.get_pixel(x, y - 1).0,
                2 if x as usize > arg as usize % w => img.get_pixel(x - 1 - arg as u32 % x, y).0,
                3 => {
                    let n = (p as u32).wrapping_mul(2_654_435_761) ^ arg as u32;
                    n.to_le_bytes()
                }
                _ => colours[c as usize % colours.len()],
            };
            img.put_pixel(x, y, Rgba(colour));
        }
        at = (at + len + arg as usize % 7) % (w * h);
    }
    img
}

/// The zlib stream of a PNG of one IDAT chunk, as our coder writes them.
fn zlib_stream(png: &[u8]) -> &[u8] {
    let at = png
        .windows(4)
        .position(|w| w == b"IDAT")
        .expect("an IDAT chunk");
    let len = u32::from_be_bytes(png[at - 4..at].try_into().unwrap()) as usize;
    &png[at + 4..at + 4 + len]
}

/// Whether the IDAT chunk's CRC is that of its type and data.
fn idat_crc_holds(png: &[u8]) -> bool {
    let at = png
        .windows(4)
        .position(|w| w == b"IDAT")
        .expect("an IDAT chunk");
    let len = u32::from_be_bytes(png[at - 4..at].try_into().unwrap()) as usize;
    let crc = u32::from_be_bytes(png[at + 4 + len..at + 8 + len].try_into().unwrap());
    crc == crc32fast::hash(&png[at..at + 4 + len])
}

/// The Adler-32 the zlib stream must end with: of the rows, each after its filter byte.
/// (The `png` crate does not check it.)
fn adler_of_rows(img: &RgbaImage) -> u32 {
    let mut h = simd_adler32::Adler32::new();
    for row in img.as_raw().chunks(img.width() as usize * 4) {
        h.write(&[0]);
        h.write(row);
    }
    h.finish()
}

/// The image coded.
fn encoded(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    encode_rgba(img.as_raw(), img.width(), img.height(), &mut out).expect("an image");
    out
}

/// Whether `png` decodes (by the `png` crate) to `img`'s size and pixels, and its zlib
/// stream ends with the checksum of the rows.
fn decodes_to(png: &[u8], img: &RgbaImage) -> Result<(), TestCaseError> {
    let (w, h, pixels) = decode_png_crate(png);
    prop_assert_eq!((w, h), img.dimensions());
    prop_assert!(pixels == *img.as_raw());
    prop_assert!(idat_crc_holds(png));
    let stream = zlib_stream(png);
    prop_assert_eq!(
        &stream[stream.len() - 4..],
        &adler_of_rows(img).to_be_bytes()[..]
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_images_decode_to_their_pixels(
        width in 1u32..300,
        height in 1u32..40,
        colours in prop::collection::vec(any::<[u8; 4]>(), 1..6),
        ops in prop::collection::vec(any::<(u8, u16, u16, u8)>(), 0..200),
    ) {
        let img = build(width, height, &colours, &ops);
        let mut out = vec![1, 2, 3]; // a reused buffer is cleared first
        encode_rgba(img.as_raw(), width, height, &mut out).expect("an image");
        decodes_to(&out, &img)?;
        let again = image::load_from_memory_with_format(&out, image::ImageFormat::Png)
            .expect("a PNG")
            .to_rgba8();
        prop_assert!(again == img);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Images of a board's size decode to their pixels, with the checksum of the whole.
    #[test]
    fn images_of_a_boards_size_decode_to_their_pixels(
        width in 200u32..900,
        height in 80u32..400,
        colours in prop::collection::vec(any::<[u8; 4]>(), 1..6),
        ops in prop::collection::vec(any::<(u8, u16, u16, u8)>(), 0..400),
    ) {
        let img = build(width, height, &colours, &ops);
        decodes_to(&encoded(&img), &img)?;
    }
}

#[test]
fn rows_wider_than_the_window_and_tall_images_decode() {
    let colours = [
        [250, 240, 230, 255],
        [10, 20, 30, 255],
        [1, 2, 3, 0],
        [9, 9, 9, 128],
    ];
    let ops: Vec<(u8, u16, u16, u8)> = (0..3000u32)
        .map(|i| {
            (
                (i % 5) as u8,
                (i * 37 % 900) as u16,
                (i * 11) as u16,
                (i % 4) as u8,
            )
        })
        .collect();
    // Rows just inside and just outside the window (so that a row is matched with the
    // row above or not).
    for (w, h) in [
        (8200, 4),
        (9000, 3),
        (1, 3000),
        (1024, 1024),
        (640, 2),
        (70_000, 1),
        (40_000, 3),
        (8191, 9),
        (8192, 9),
    ] {
        let img = build(w, h, &colours, &ops);
        let out = encoded(&img);
        let (dw, dh, pixels) = decode_png_crate(&out);
        assert_eq!((dw, dh), (w, h));
        assert!(pixels == *img.as_raw(), "{w}x{h}");
        assert!(idat_crc_holds(&out), "{w}x{h}");
        let stream = zlib_stream(&out);
        assert_eq!(
            stream[stream.len() - 4..],
            adler_of_rows(&img).to_be_bytes()
        );
    }
}

/// The box `at` of `img`, its rows one after another.
fn box_of(img: &RgbaImage, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> Vec<u8> {
    let mut pixels = Vec::new();
    for y in y0..y1 {
        for x in x0..x1 {
            pixels.extend_from_slice(&img.get_pixel(x, y).0);
        }
    }
    pixels
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Stones drawn on an image, some changed in a pixel, some placed again further
    /// along their rows, some overlapping or cut by the image's edge: the image decodes
    /// to its pixels, with the checksum of the whole.
    #[test]
    fn images_with_stones_placed_decode_to_their_pixels(
        width in 8u32..400,
        height in 4u32..300,
        colours in prop::collection::vec(any::<[u8; 4]>(), 1..6),
        ops in prop::collection::vec(any::<(u8, u16, u16, u8)>(), 0..300),
        boxes in prop::collection::vec((any::<u16>(), any::<u16>(), 1u16..60, 1u16..60, 0u8..8), 0..24),
    ) {
        let mut img = build(width, height, &colours, &ops);
        for &(x, y, w, h, what) in &boxes {
            let x0 = u32::from(x) % width;
            let y0 = u32::from(y) % height;
            let at = (x0, y0, (x0 + u32::from(w)).min(width), (y0 + u32::from(h)).min(height));
            // A stone: a disc of another colour on the box.
            let (cx, cy) = ((at.0 + at.2) / 2, (at.1 + at.3) / 2);
            let r2 = (u32::from(w.min(h)) / 2).pow(2);
            for py in at.1..at.3 {
                for px in at.0..at.2 {
                    if px.abs_diff(cx).pow(2) + py.abs_diff(cy).pow(2) <= r2 {
                        img.put_pixel(px, py, Rgba([what, 255 - what, 7, 255]));
                    }
                }
            }
            let pixels = box_of(&img, at);
            match what {
                // Drawn over: one pixel of it changed.
                0 => {
                    let (px, py) = ((at.0 + at.2) / 2, (at.1 + at.3 - 1) / 2);
                    let p = img.get_pixel(px, py).0;
                    img.put_pixel(px, py, Rgba([p[0] ^ 1, p[1], p[2], p[3]]));
                }
                // The same stone again, further along the row, if it fits.
                2 if at.2 + (at.2 - at.0) <= width => {
                    let shifted = at.2;
                    for (i, py) in (at.1..at.3).enumerate() {
                        for px in 0..at.2 - at.0 {
                            let at_row = (i * (at.2 - at.0) as usize + px as usize) * 4;
                            let p: [u8; 4] = pixels[at_row..at_row + 4].try_into().unwrap();
                            img.put_pixel(shifted + px, py, Rgba(p));
                        }
                    }
                }
                _ => {}
            }
        }
        decodes_to(&encoded(&img), &img)?;
    }
}
