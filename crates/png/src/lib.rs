//! A PNG coder for pictures like board images: large areas of flat colour, rows like the
//! row above, anti-aliased edges, text, the same stones again and again along a row.
//! Such images have thousands of colours (anti-aliasing makes them), too many for a
//! palette, so they are stored as 8-bit RGBA, unfiltered, and compressed by a DEFLATE
//! coder that looks where these pictures repeat themselves (see [`zlib`]).
//!
//! It was chosen by measurement against the `png` crate's settings (zlib levels and
//! `fdeflate`, every filter) and `zlib-rs`: `examples/candidates.rs` prints the table
//! again, and `docs/png-encoding.md` tells the story.
//!
//! ```
//! // A 3×2 image: a red row, then a row of red, green and red.
//! let red = [255, 0, 0, 255];
//! let green = [0, 255, 0, 255];
//! let pixels = [red, red, red, red, green, red].concat();
//! let mut png = Vec::new();
//! boardpost_png::encode_rgba(&pixels, 3, 2, &mut png).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod zlib;

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// The largest width or height a PNG may have.
const MAX_SIDE: u32 = (1 << 31) - 1;

/// Why an image cannot be coded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A PNG is at least one pixel wide and high, and at most 2³¹ − 1.
    Dimensions { width: u32, height: u32 },
    /// The pixels are not four bytes for each pixel of the image.
    Length { expected: usize, actual: usize },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Dimensions { width, height } => {
                write!(f, "a PNG cannot be {width}×{height} pixels")
            }
            Error::Length { expected, actual } => {
                write!(f, "{actual} bytes of pixels where the image has {expected}")
            }
        }
    }
}

impl std::error::Error for Error {}

/// Codes an image of `width` × `height` pixels, four bytes each (red, green, blue,
/// alpha), row after row, as an 8-bit RGBA PNG into `out`, which is cleared first: a
/// caller that keeps one buffer for all its images allocates nothing once it has grown
/// to the largest.
pub fn encode_rgba(pixels: &[u8], width: u32, height: u32, out: &mut Vec<u8>) -> Result<(), Error> {
    encode_rgba_with(pixels, width, height, out, zlib::board_zlib)
}

/// The PNG container of [`encode_rgba`] around another zlib stream of the image's rows,
/// which `zlib` appends to the vector it is given, from the pixels and the length of a
/// row in bytes; each row of the stream must start with its filter type. For measuring
/// other coders in the same container (`examples/candidates.rs`).
pub fn encode_rgba_with(
    pixels: &[u8],
    width: u32,
    height: u32,
    out: &mut Vec<u8>,
    zlib: impl FnOnce(&[u8], usize, &mut Vec<u8>),
) -> Result<(), Error> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(Error::Dimensions { width, height });
    }
    let expected = (width as usize)
        .checked_mul(height as usize)
        .and_then(|n| n.checked_mul(4))
        .ok_or(Error::Dimensions { width, height })?;
    if pixels.len() != expected {
        return Err(Error::Length {
            expected,
            actual: pixels.len(),
        });
    }
    out.clear();
    out.reserve(pixels.len() / 16);
    out.extend_from_slice(&SIGNATURE);
    let mut ihdr = [0u8; 13];
    ihdr[..4].copy_from_slice(&width.to_be_bytes());
    ihdr[4..8].copy_from_slice(&height.to_be_bytes());
    // 8 bits per channel, colour type 6 (RGBA), deflate, standard filters, no interlace.
    ihdr[8..].copy_from_slice(&[8, 6, 0, 0, 0]);
    chunk(out, b"IHDR", |data| data.extend_from_slice(&ihdr));
    chunk(out, b"IDAT", |data| zlib(pixels, width as usize * 4, data));
    chunk(out, b"IEND", |_| {});
    Ok(())
}

/// Appends a chunk: its length, its type, the data `write` appends, and the CRC of
/// type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], write: impl FnOnce(&mut Vec<u8>)) {
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(kind);
    write(out);
    let length = (out.len() - start - 8) as u32;
    out[start..start + 4].copy_from_slice(&length.to_be_bytes());
    let crc = crc32fast::hash(&out[start + 4..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_of_no_pixels_or_the_wrong_length_are_refused() {
        let mut out = vec![7];
        assert_eq!(
            encode_rgba(&[], 0, 3, &mut out),
            Err(Error::Dimensions {
                width: 0,
                height: 3
            })
        );
        assert_eq!(
            encode_rgba(&[0; 4], 1, 1 << 31, &mut out),
            Err(Error::Dimensions {
                width: 1,
                height: 1 << 31
            })
        );
        assert_eq!(
            encode_rgba(&[0; 12], 2, 2, &mut out),
            Err(Error::Length {
                expected: 16,
                actual: 12
            })
        );
        assert_eq!(out, [7], "nothing written");
        encode_rgba(&[0; 16], 2, 2, &mut out).unwrap();
        assert_eq!(out[..8], SIGNATURE);
    }
}
