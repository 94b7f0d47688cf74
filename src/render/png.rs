//! PNG encoding of board images, tuned for what they are: large areas of flat colour,
//! rows like the row above, anti-aliased edges, text, the same stones again and again.
//! They have 1,500 to 3,000 colours (anti-aliasing makes them), too many for a palette,
//! so they are stored as 8-bit RGBA, unfiltered, compressed by [`board_deflate`].
//!
//! The encoder was chosen by measurement against the `png` crate's settings (zlib
//! levels, `fdeflate`, every filter) and `zlib-rs`: see `docs/png-encoding.md` for the
//! table of time and bytes on every game's busiest board, and
//! `examples/png_candidates.rs` to measure them again. It is 3–5 times as fast as zlib's
//! level 1 was; its files are 5–28 % larger on two-player boards and a little smaller on
//! four-player ones (all under 200 KB).
//!
//! An image is coded in eight bands of rows, each a DEFLATE block of its own, and the
//! bands are shared by two threads when no other image is being coded: the same bytes
//! on one thread or two, in about two thirds of the time on two (see `BANDS`).

use image::RgbaImage;

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// Encodes an image as an 8-bit RGBA PNG.
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    encode_png_into(img, &mut out);
    out
}

/// Encodes an image as PNG into `out`, which is cleared first: a worker that keeps one
/// buffer for all its images allocates nothing once it has grown to the largest.
pub fn encode_png_into(img: &RgbaImage, out: &mut Vec<u8>) {
    if super::before::on() {
        return super::before::encode_png_into(img, out);
    }
    encode_png_with(img, out, board_deflate)
}

/// The PNG container of an 8-bit RGBA image around a zlib stream of its unfiltered rows,
/// which `deflate` appends given the pixels and the row length in bytes: our coder
/// ([`board_deflate`]), or another one to measure against it
/// (`examples/png_candidates.rs`). `out` is cleared first.
pub fn encode_png_with(
    img: &RgbaImage,
    out: &mut Vec<u8>,
    deflate: impl FnOnce(&[u8], usize, &mut Vec<u8>),
) {
    out.clear();
    let (width, height) = img.dimensions();
    out.reserve(img.as_raw().len() / 16);
    out.extend_from_slice(&SIGNATURE);
    let mut ihdr = [0u8; 13];
    ihdr[..4].copy_from_slice(&width.to_be_bytes());
    ihdr[4..8].copy_from_slice(&height.to_be_bytes());
    // 8 bits per channel, colour type 6 (RGBA), deflate, standard filters, no interlace.
    ihdr[8..].copy_from_slice(&[8, 6, 0, 0, 0]);
    chunk(out, b"IHDR", &ihdr);

    // IDAT: its length is known only once the data is written.
    let start = out.len();
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(b"IDAT");
    deflate(img.as_raw(), width as usize * 4, out);
    let length = (out.len() - start - 8) as u32;
    out[start..start + 4].copy_from_slice(&length.to_be_bytes());
    let crc = crc32fast::hash(&out[start + 4..]);
    out.extend_from_slice(&crc.to_be_bytes());

    chunk(out, b"IEND", &[]);
}

/// Appends the zlib stream of the rows, unfiltered (filter type 0 before each row),
/// made by a DEFLATE coder for board images, on as many cores as the machine has (at
/// most two, see [`board_deflate_on`]).
///
/// A board is mostly flat colour and rows like the one above, with edges, text and
/// stones repeated along a row. So at each pixel the coder looks at three earlier places
/// only: the pixel above (a match `stride + 1` bytes back: the row is as before), the
/// pixel to the left (4 bytes back: a run of one colour), and the last place in the same
/// row where the same two pixels began (found by a hash: a stone or a letter seen
/// before). It takes the longest match, of whole pixels (looking no further once one
/// reaches [`GOOD_ENOUGH`]), or else writes the pixel as four literals. A row equal to the
/// one above is compared once and coded straight out; matches are compared 32 bytes at a
/// time and a flat area goes by in matches of 64 pixels, so the cost is close to reading
/// the image once. The codes are DEFLATE's fixed Huffman codes: no table to build or
/// send, and for these images about as short as zlib's level 1 makes them.
pub fn board_deflate(pixels: &[u8], stride: usize, out: &mut Vec<u8>) {
    let coding = Coding::start();
    board_deflate_on(pixels, stride, out, coding.threads())
}

/// How many images are being coded now, in this process.
static CODING: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// An image being coded, counted in [`CODING`] while it lives.
struct Coding {
    /// How many others were being coded when it began.
    others: usize,
}

impl Coding {
    fn start() -> Coding {
        let others = CODING.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Coding { others }
    }

    /// How many threads code the image: two where the machine has two cores or more and
    /// no other image was being coded when it began (a move when the bot is not busy,
    /// most moves: the second core takes a third to a half off the time a player
    /// waits). When images are coded side by side the cores are busy already: a second
    /// thread would only share them, and cost the starting of a thread.
    fn threads(&self) -> usize {
        static CORES: std::sync::LazyLock<usize> = std::sync::LazyLock::new(|| {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        });
        if self.others == 0 && *CORES > 1 {
            2
        } else {
            1
        }
    }
}

impl Drop for Coding {
    fn drop(&mut self) {
        CODING.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// How many bands of rows an image is coded in. Each band is a DEFLATE block of its own,
/// so the bands can be coded at once, on two cores, into bytes that are only put one
/// after the other: a band's decisions depend on its rows and the row above it, never on
/// how the band before it was coded. Eight bands let two threads share the work evenly
/// (a board's rows are not all alike: its margins code fast, its stones slowly), for 5
/// bytes a band (see [`code_band`]).
const BANDS: usize = 8;
/// Images smaller than this (in bytes of pixels) are coded in one band on one thread:
/// starting a thread would cost more than it saves.
const BANDED_FROM: usize = 1 << 18;

/// [`board_deflate`] on `threads` threads (one or two). The bytes are the same on any
/// number of threads: the bands depend on the image only.
pub fn board_deflate_on(pixels: &[u8], stride: usize, out: &mut Vec<u8>, threads: usize) {
    let rows = pixels.len().checked_div(stride).unwrap_or(0);
    out.extend_from_slice(&[0x78, 0x01]);
    let bands = if pixels.len() >= BANDED_FROM {
        BANDS.min(rows)
    } else {
        1
    };
    let band_rows = |i: usize| rows * i / bands..rows * (i + 1) / bands;
    let mut sum = AdlerSum::EMPTY;
    if bands <= 1 {
        sum = code_band(out, pixels, stride, 0..rows, true);
    } else {
        // Each band into a buffer of its own, kept by this thread for its next image.
        let mut buffers = BAND_BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
        buffers.resize_with(bands, Vec::new);
        let slots: Vec<std::sync::Mutex<(Vec<u8>, AdlerSum)>> = buffers
            .drain(..)
            .map(|mut b| {
                b.clear();
                std::sync::Mutex::new((b, AdlerSum::EMPTY))
            })
            .collect();
        let next = std::sync::atomic::AtomicUsize::new(0);
        // Each thread takes the next band not yet taken, until none is left.
        let work = || loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(slot) = slots.get(i) else { return };
            let mut slot = slot.lock().unwrap_or_else(|e| e.into_inner());
            // Coded into a vector of this thread's own: the slots lie side by side, and
            // a length written at every word beside one the other thread writes would
            // bounce their cache line between the cores (a third slower, measured).
            let mut buffer = std::mem::take(&mut slot.0);
            slot.1 = code_band(&mut buffer, pixels, stride, band_rows(i), i + 1 == bands);
            slot.0 = buffer;
        };
        if threads > 1 {
            // This thread codes bands at once; the helper joins in when it has started
            // (in about 25 µs), and finds none left if this thread was quicker.
            std::thread::scope(|scope| {
                // A thread the system cannot start (at its limit of threads) is no
                // error: this thread codes every band.
                let _ = std::thread::Builder::new()
                    .name("png coder".into())
                    .spawn_scoped(scope, work);
                work();
            });
        } else {
            work();
        }
        for slot in slots {
            let (buffer, band_sum) = slot.into_inner().unwrap_or_else(|e| e.into_inner());
            out.extend_from_slice(&buffer);
            sum = sum.then(band_sum);
            buffers.push(buffer);
        }
        BAND_BUFFERS.with(|b| *b.borrow_mut() = buffers);
    }
    out.extend_from_slice(&sum.checksum().to_be_bytes());
}

thread_local! {
    /// The bands' buffers of this thread's last image.
    static BAND_BUFFERS: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Adler-32's two sums over some bytes, both started from zero, with the bytes' count:
/// so that the sums of bands coded apart add up to the checksum of the whole stream, and
/// a row equal to the one above adds the sums already taken of that row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct AdlerSum {
    /// The sum of the bytes.
    a: u32,
    /// The sum of the running sums after each byte.
    b: u32,
    /// How many bytes, modulo 65521.
    len: u32,
}

const ADLER_MOD: u32 = 65_521;

/// The sums of a row's filter byte, 0.
const FILTER_BYTE: AdlerSum = AdlerSum { a: 0, b: 0, len: 1 };

impl AdlerSum {
    const EMPTY: AdlerSum = AdlerSum { a: 0, b: 0, len: 0 };

    fn of(bytes: &[u8]) -> AdlerSum {
        let mut h = simd_adler32::Adler32::from_checksum(0);
        h.write(bytes);
        let sum = h.finish();
        AdlerSum {
            a: sum & 0xffff,
            b: sum >> 16,
            len: (bytes.len() % ADLER_MOD as usize) as u32,
        }
    }

    /// The sums of these bytes followed by `next`'s: each of `next`'s running sums grows
    /// by the sum of these bytes.
    fn then(self, next: AdlerSum) -> AdlerSum {
        let m = u64::from(ADLER_MOD);
        AdlerSum {
            a: ((u64::from(self.a) + u64::from(next.a)) % m) as u32,
            b: ((u64::from(self.b) + u64::from(next.b) + u64::from(next.len) * u64::from(self.a))
                % m) as u32,
            len: ((u64::from(self.len) + u64::from(next.len)) % m) as u32,
        }
    }

    /// The zlib checksum: Adler-32 starts its first sum at 1.
    fn checksum(self) -> u32 {
        let started = AdlerSum { a: 1, b: 0, len: 0 }.then(self);
        started.b << 16 | started.a
    }
}

/// Codes `rows` of the image into `out` as one DEFLATE block of fixed codes (marked
/// the stream's last if `last`), each row matched against the row above it, even the
/// first (the row above is in the block before, which DEFLATE allows within its window);
/// returns the Adler sums of the rows with their filter bytes.
///
/// A block other than the last is followed by an empty stored block, which ends on a
/// whole byte (5 bytes at most), so that the next band's bytes follow it as they are.
fn code_band(
    out: &mut Vec<u8>,
    pixels: &[u8],
    stride: usize,
    rows: std::ops::Range<usize>,
    last: bool,
) -> AdlerSum {
    let codes = &*FIXED;
    let mut bits = BitWriter::new(out);
    // Where each hashed pair of pixels was last seen: the row (its low 16 bits) and the
    // byte in it, in 16 KB, which stays in the first-level cache beside the rows. Only
    // places in the current row are used, and every match is checked byte by byte, so a
    // row number that wrapped could only miss a match, never make a wrong one.
    let mut seen = [u32::MAX; 1 << HASH_BITS];
    // A block of fixed codes: BFINAL (the lowest bit) set on the last, BTYPE = 01.
    bits.put(0b010 | u64::from(last), 3);
    // Distances farther than DEFLATE's window are never used.
    let up_ok = stride < 32_768;
    let up = distance_bits(stride + 1);
    let left = distance_bits(4);
    // Rows wider than 16 bits of bytes go without the search by hash.
    let hash_ok = stride <= usize::from(u16::MAX);
    let mut sum = AdlerSum::EMPTY;
    // The sums of the last row whose sums were taken (none yet in this band).
    let mut row_sum: Option<AdlerSum> = None;
    for y in rows {
        let row = &pixels[y * stride..][..stride];
        let prev = (y > 0 && up_ok).then(|| &pixels[(y - 1) * stride..][..stride]);
        let same = prev == Some(row);
        // A row as the one above has that row's sums, taken once.
        let this = match row_sum {
            Some(taken) if same => taken,
            _ => FILTER_BYTE.then(AdlerSum::of(row)),
        };
        row_sum = Some(this);
        sum = sum.then(this);
        // A row as the one above (most rows of a board's margins and grid) is always
        // coded the same way: one compare of the whole row, then its matches straight out.
        if same {
            bits.same_row(codes, stride, up);
            continue;
        }
        // The filter byte, matched with the one above along with the pixels after it.
        let mut x = 0;
        match prev.map(|p| common(row, p, 0, 0, MAX_MATCH)).unwrap_or(0) {
            0 => bits.literal(codes, 0),
            n => {
                bits.matched(codes, n + 1, up);
                x = n;
            }
        }
        while x < stride {
            let here = pixel(row, x);
            let mut best = (0, up);
            if let Some(prev) = prev {
                if pixel(prev, x) == here {
                    best = (common(row, prev, x, x, MAX_MATCH), up);
                }
            }
            if best.0 < GOOD_ENOUGH && x >= 4 && pixel(row, x - 4) == here {
                let n = common(row, row, x, x - 4, MAX_MATCH);
                if n > best.0 {
                    best = (n, left);
                }
            }
            if best.0 < GOOD_ENOUGH && hash_ok && x + 8 <= stride {
                let pair = u64::from_le_bytes(row[x..x + 8].try_into().expect("8 bytes"));
                let slot = (pair.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - HASH_BITS)) as usize;
                let (seen_y, seen_x) = ((seen[slot] >> 16) as u16, (seen[slot] & 0xffff) as usize);
                if seen_y == y as u16 && seen_x < x && x - seen_x <= 32_768 {
                    let n = common(row, row, x, seen_x, MAX_MATCH);
                    if n > best.0 {
                        best = (n, distance_bits(x - seen_x));
                    }
                }
                seen[slot] = u32::from(y as u16) << 16 | x as u32;
            }
            if best.0 >= 4 {
                bits.matched(codes, best.0, best.1);
                x += best.0;
            } else if x + 4 <= stride {
                bits.literal_pixel(codes, &row[x..x + 4]);
                x += 4;
            } else {
                for b in &row[x..] {
                    bits.literal(codes, *b);
                }
                x = stride;
            }
        }
    }
    bits.put(codes.end.0 as u64, codes.end.1 as u32);
    if !last {
        // BFINAL = 0, BTYPE = 00, then LEN = 0 and NLEN = !0 from the next byte.
        bits.put(0, 3);
        bits.finish();
        bits.out.extend_from_slice(&[0, 0, 0xff, 0xff]);
    } else {
        bits.finish();
    }
    sum
}

/// The longest match, in bytes: 64 pixels (DEFLATE allows 258).
const MAX_MATCH: usize = 256;
const HASH_BITS: u32 = 12;
/// A match found this long (8 pixels) is taken without looking for a longer one to the
/// left or by the hash: measured on the 5×5 sidja and four-player xiangqi boards, it
/// codes them 10 % faster for 1 % more bytes than looking whenever a match is shorter
/// than [`MAX_MATCH`].
const GOOD_ENOUGH: usize = 32;

#[inline]
fn pixel(row: &[u8], x: usize) -> u32 {
    u32::from_le_bytes(row[x..x + 4].try_into().expect("4 bytes"))
}

/// The 32 bytes from `at` on.
#[inline]
fn chunk32(bytes: &[u8], at: usize) -> &[u8; 32] {
    bytes[at..at + 32].try_into().expect("32 bytes")
}

/// How many bytes from `a[i..]` equal those from `b[j..]`, at most `max`, in whole
/// pixels.
#[inline]
fn common(a: &[u8], b: &[u8], i: usize, j: usize, max: usize) -> usize {
    let (a, b) = (&a[i..], &b[j..]);
    let limit = max.min(a.len()).min(b.len());
    let mut n = 0;
    // Thirty-two bytes at a time while they agree (flat areas and rows as before, most of
    // a board), compared as arrays: vector compares, no call.
    while n + 32 <= limit && chunk32(a, n) == chunk32(b, n) {
        n += 32;
    }
    while n + 8 <= limit {
        let x = u64::from_le_bytes(a[n..n + 8].try_into().expect("8 bytes"))
            ^ u64::from_le_bytes(b[n..n + 8].try_into().expect("8 bytes"));
        if x != 0 {
            n += (x.trailing_zeros() / 8) as usize;
            return n & !3;
        }
        n += 8;
    }
    while n < limit && a[n] == b[n] {
        n += 1;
    }
    n & !3
}

/// DEFLATE's fixed Huffman codes, bit-reversed for writing from the low bit, each with
/// its length; lengths with their extra bits.
struct FixedCodes {
    literals: [(u16, u8); 256],
    end: (u16, u8),
    /// By match length 3 to 258: the length code and its extra bits, with their count.
    lengths: Vec<(u32, u8)>,
}

static FIXED: std::sync::LazyLock<FixedCodes> = std::sync::LazyLock::new(|| {
    let code = |symbol: u16| -> (u16, u8) {
        let (value, len) = match symbol {
            0..=143 => (0x30 + symbol, 8),
            144..=255 => (0x190 + symbol - 144, 9),
            256..=279 => (symbol - 256, 7),
            _ => (0xc0 + symbol - 280, 8),
        };
        (reverse(value as u32, len) as u16, len as u8)
    };
    let mut literals = [(0, 0); 256];
    for (b, slot) in literals.iter_mut().enumerate() {
        *slot = code(b as u16);
    }
    const BASE: [u16; 29] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
        131, 163, 195, 227, 258,
    ];
    const EXTRA: [u8; 29] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ];
    let lengths = (0..=258u16)
        .map(|len| {
            if len < 3 {
                return (0, 0);
            }
            let i = BASE.iter().rposition(|b| *b <= len).expect("a base");
            let (c, n) = code(257 + i as u16);
            let extra = (len - BASE[i]) as u32;
            (c as u32 | extra << n, n + EXTRA[i])
        })
        .collect();
    FixedCodes {
        literals,
        end: code(256),
        lengths,
    }
});

/// The `len` low bits of `value` in reverse order.
fn reverse(value: u32, len: u32) -> u32 {
    value.reverse_bits() >> (32 - len)
}

/// A distance's fixed code (5 bits) and extra bits, with their count.
fn distance_bits(distance: usize) -> (u32, u8) {
    let d = distance as u32 - 1;
    let (symbol, extra_bits) = if d < 4 {
        (d, 0)
    } else {
        let high = 31 - d.leading_zeros();
        let extra = high - 1;
        (2 * high + ((d >> extra) & 1), extra)
    };
    let base = if symbol < 4 {
        symbol
    } else {
        let extra = symbol / 2 - 1;
        (2 + (symbol & 1)) << extra
    };
    let extra = d - base;
    (reverse(symbol, 5) | extra << 5, 5 + extra_bits as u8)
}

/// Bits written from the low end of each byte, as DEFLATE packs them.
struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    n: u32,
}

impl<'a> BitWriter<'a> {
    fn new(out: &'a mut Vec<u8>) -> Self {
        BitWriter { out, acc: 0, n: 0 }
    }

    #[inline]
    fn put(&mut self, bits: u64, n: u32) {
        self.acc |= bits << self.n;
        self.n += n;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    #[inline]
    fn literal(&mut self, codes: &FixedCodes, b: u8) {
        let (c, n) = codes.literals[b as usize];
        self.put(c as u64, n as u32);
    }

    /// A pixel's four bytes as literals, in two writes of two codes (8 or 9 bits each).
    #[inline]
    fn literal_pixel(&mut self, codes: &FixedCodes, bytes: &[u8]) {
        for pair in bytes.chunks_exact(2) {
            let (c0, n0) = codes.literals[pair[0] as usize];
            let (c1, n1) = codes.literals[pair[1] as usize];
            self.put(c0 as u64 | (c1 as u64) << n0, (n0 + n1) as u32);
        }
    }

    /// A match of `len` bytes (3 to 258) at a distance given by its bits, in one write
    /// (at most 13 + 18 bits).
    #[inline]
    fn matched(&mut self, codes: &FixedCodes, len: usize, (dist, dist_n): (u32, u8)) {
        let (c, n) = codes.lengths[len];
        self.put(c as u64 | (dist as u64) << n, (n + dist_n) as u32);
    }

    /// A row (of whole pixels) equal to the one above, coded exactly as
    /// [`board_deflate`]'s loop codes it: the filter byte with the first 256 bytes (the
    /// longest match is 257), then matches of 256 bytes, then the rest.
    fn same_row(&mut self, codes: &FixedCodes, stride: usize, up: (u32, u8)) {
        let first = stride.min(MAX_MATCH);
        self.matched(codes, first + 1, up);
        let mut x = first;
        while x < stride {
            let n = (stride - x).min(MAX_MATCH);
            self.matched(codes, n, up);
            x += n;
        }
    }

    /// Writes what is left, padded to a whole byte.
    fn finish(&mut self) {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
    }
}

/// Appends a chunk: length, type, data and the CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let at = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[at..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    fn decode(png: &[u8]) -> RgbaImage {
        image::load_from_memory_with_format(png, image::ImageFormat::Png)
            .expect("a valid PNG")
            .to_rgba8()
    }

    #[test]
    fn images_round_trip() {
        // Runs, rows like the one above, repeats along a row, noise, partial alpha.
        let mut img = RgbaImage::from_pixel(301, 47, Rgba([10, 20, 30, 255]));
        for (x, y, p) in img.enumerate_pixels_mut() {
            if (x * 7 + y * 3) % 5 == 0 {
                *p = Rgba([(x * 9) as u8, (y * 11) as u8, (x + y) as u8, (x * y) as u8]);
            } else if y % 4 == 1 {
                *p = Rgba([(x % 13) as u8, 0, 0, 255]);
            }
        }
        let mut out = Vec::new();
        encode_png_into(&img, &mut out);
        assert!(decode(&out) == img);
        // Degenerate and wide sizes still make valid files (a row wider than DEFLATE's
        // window is matched without the row above).
        for (w, h) in [(1, 1), (1, 9), (9, 1), (8300, 3)] {
            let mut img = RgbaImage::from_pixel(w, h, Rgba([1, 2, 3, 4]));
            img.put_pixel(w / 2, h - 1, Rgba([9, 9, 9, 9]));
            encode_png_into(&img, &mut out);
            assert!(decode(&out) == img, "{w}x{h}");
        }
    }

    #[test]
    fn adler_sums_of_parts_add_up_to_the_checksum_of_the_whole() {
        let bytes: Vec<u8> = (0..200_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8 | 0x80)
            .collect();
        let whole = simd_adler32::adler32(&bytes.as_slice());
        for cuts in [
            vec![],
            vec![1],
            vec![5_552, 5_553],
            vec![70_000, 140_001, 199_999],
        ] {
            let mut sum = AdlerSum::EMPTY;
            let mut from = 0;
            for to in cuts.into_iter().chain([bytes.len()]) {
                sum = sum.then(AdlerSum::of(&bytes[from..to]));
                from = to;
            }
            assert_eq!(sum.checksum(), whole);
        }
        assert_eq!(AdlerSum::EMPTY.checksum(), 1);
        assert_eq!(FILTER_BYTE, AdlerSum::of(&[0]));
    }

    #[test]
    fn distances_and_lengths_have_their_codes() {
        // RFC 1951, 3.2.5: distance 5 is code 4 with one extra bit 0; 24577 is code 29.
        assert_eq!(distance_bits(1), (reverse(0, 5), 5));
        assert_eq!(distance_bits(4), (reverse(3, 5), 5));
        assert_eq!(distance_bits(6), (reverse(4, 5) | 1 << 5, 6));
        assert_eq!(distance_bits(24_577), (reverse(29, 5), 5 + 13));
        assert_eq!(distance_bits(32_768), (reverse(29, 5) | 8191 << 5, 5 + 13));
        // Length 258 is code 285 (8 bits, no extra); 10 is 264 (7 bits).
        assert_eq!(FIXED.lengths[258], (reverse(0xc5, 8), 8));
        assert_eq!(FIXED.lengths[10], (reverse(8, 7), 7));
    }
}
