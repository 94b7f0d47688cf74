//! The zlib stream of an image's rows, unfiltered (filter type 0 before each row), made
//! by a DEFLATE coder for board pictures.
//!
//! A board is mostly flat colour and rows like the one above, with edges, text and
//! stones repeated along a row. So at each pixel the coder looks at three earlier places
//! first: the pixel above (a match `stride + 1` bytes back: the row is as before), the
//! pixel to the left (4 bytes back: a run of one colour), and the last place in the same
//! row where the same two pixels began (found by a hash: a stone or a letter seen
//! before). It takes the longest match, of whole pixels, looking no further once one
//! reaches [`GOOD_ENOUGH`]; where none is found, the pixel above and to the right (a
//! line rising at 45°, as hatching); or else writes the pixel as four literals. A row
//! equal to the one above is compared once and coded straight out; matches are compared
//! 32 bytes at a time and a flat area goes by in matches of 64 pixels, so the cost is
//! close to reading the image once. The codes are DEFLATE's fixed Huffman codes: no
//! table to build or send, and for these images about as short as zlib's level 1 makes
//! them.

/// Appends the zlib stream of the image's rows of `stride` bytes: one block of fixed
/// codes, then the Adler-32 checksum of the rows with their filter bytes.
pub fn board_zlib(pixels: &[u8], stride: usize, out: &mut Vec<u8>) {
    // CMF: deflate with a 32 KB window; FLG: the fastest level, and the check bits.
    out.extend_from_slice(&[0x78, 0x01]);
    let codes = &*FIXED;
    let mut checksum = simd_adler32::Adler32::new();
    let mut coder = RowCoder::new(stride);
    let mut bits = BitWriter::new(out);
    // The only block: BFINAL (the lowest bit) set, BTYPE = 01 (fixed codes).
    bits.put(0b011, 3);
    let mut prev: Option<&[u8]> = None;
    for row in pixels.chunks_exact(stride) {
        checksum.write(&[0]);
        checksum.write(row);
        let above = prev.filter(|_| coder.up_ok);
        // A row as the one above (most rows of a board's margins and grid) is always
        // coded the same way: one compare of the whole row, then its matches.
        if above == Some(row) {
            bits.same_row(codes, stride, coder.up);
        } else {
            coder.begin_row();
            coder.code_row(&mut bits, codes, row, above);
        }
        prev = Some(row);
    }
    bits.put(codes.end.0 as u64, codes.end.1 as u32);
    bits.finish();
    out.extend_from_slice(&checksum.finish().to_be_bytes());
}

/// The longest match, in bytes: 64 pixels (DEFLATE allows 258).
const MAX_MATCH: usize = 256;
const HASH_BITS: u32 = 12;
/// A match found this long (4 pixels) is taken without looking for a longer one to the
/// left or by the hash: faster, for about 1 % more bytes than looking further.
const GOOD_ENOUGH: usize = 16;

/// What coding a row needs besides the row: its distances, and where each hashed pair
/// of pixels was last seen.
struct RowCoder {
    /// Where each hashed pair of pixels was last seen: the row's stamp and the byte in
    /// it, in 16 KB, which stays in the first-level cache beside the rows. Only places
    /// in the current row are used (every match is checked byte by byte too).
    seen: [u32; 1 << HASH_BITS],
    /// The stamp of the row being coded: a count of the rows begun, different for each
    /// of the last 65,536 (the table is cleared when it wraps), so that a row never
    /// takes a place of another row for its own.
    stamp: u16,
    /// Whether the row above is within DEFLATE's window.
    up_ok: bool,
    up: (u32, u8),
    left: (u32, u8),
    /// The pixel above and to the right.
    up_right: (u32, u8),
    /// Rows wider than 16 bits of bytes go without the search by hash.
    hash_ok: bool,
}

impl RowCoder {
    fn new(stride: usize) -> RowCoder {
        RowCoder {
            // Stamp 0xffff at byte 0xffff: before every byte, so never taken.
            seen: [u32::MAX; 1 << HASH_BITS],
            stamp: u16::MAX,
            up_ok: stride < 32_768,
            up: distance_bits(stride + 1),
            left: distance_bits(4),
            up_right: distance_bits(stride.saturating_sub(3).max(1)),
            hash_ok: stride <= usize::from(u16::MAX),
        }
    }

    /// Begins a row: a new stamp for the places it hashes.
    #[inline]
    fn begin_row(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == u16::MAX {
            // Every stamp in the table may be taken again from here: none may stay.
            self.seen.fill(u32::MAX);
            self.stamp = 0;
        }
    }

    /// Codes `row` (the row last begun, below `prev` if the row above is within reach)
    /// after its filter byte.
    fn code_row(
        &mut self,
        bits: &mut BitWriter,
        codes: &FixedCodes,
        row: &[u8],
        prev: Option<&[u8]>,
    ) {
        let end = row.len();
        let mut x = 0;
        let (up, left) = (self.up, self.left);
        // The filter byte, matched with the one above along with the pixels after it.
        match prev
            .map(|p| common(row, p, 0, 0, MAX_MATCH.min(end)))
            .unwrap_or(0)
        {
            0 => bits.literal(codes, 0),
            n => {
                bits.matched(codes, n + 1, up);
                x += n;
            }
        }
        while x < end {
            let here = pixel(row, x);
            let max = MAX_MATCH.min(end - x);
            let mut best = (0, up);
            if let Some(prev) = prev {
                if pixel(prev, x) == here {
                    best = (common(row, prev, x, x, max), up);
                }
            }
            if best.0 < GOOD_ENOUGH && x >= 4 && pixel(row, x - 4) == here {
                let n = common(row, row, x, x - 4, max);
                if n > best.0 {
                    best = (n, left);
                }
            }
            if best.0 < GOOD_ENOUGH && self.hash_ok && x + 8 <= end {
                let pair = u64::from_le_bytes(row[x..x + 8].try_into().expect("8 bytes"));
                let slot = (pair.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - HASH_BITS)) as usize;
                let seen = self.seen[slot];
                let (seen_y, seen_x) = ((seen >> 16) as u16, (seen & 0xffff) as usize);
                if seen_y == self.stamp && seen_x < x && x - seen_x <= 32_768 {
                    let n = common(row, row, x, seen_x, max);
                    if n > best.0 {
                        best = (n, distance_bits(x - seen_x));
                    }
                }
                self.seen[slot] = u32::from(self.stamp) << 16 | x as u32;
            }
            // Nothing found: the pixel above and to the right, where a line rising at
            // 45° was a row before.
            if best.0 < 4 && x + 8 <= end {
                if let Some(prev) = prev {
                    if pixel(prev, x + 4) == here {
                        let n = common(row, prev, x, x + 4, max.min(end - x - 4));
                        best = (n, self.up_right);
                    }
                }
            }
            if best.0 >= 4 {
                bits.matched(codes, best.0, best.1);
                x += best.0;
            } else if x + 4 <= end {
                bits.literal_pixel(codes, &row[x..x + 4]);
                x += 4;
            } else {
                for b in &row[x..end] {
                    bits.literal(codes, *b);
                }
                x = end;
            }
        }
    }
}

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
/// pixels. Always inlined into the coder's four candidates, where it is most of the
/// work.
#[inline(always)]
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

    /// A row (of whole pixels) equal to the one above, coded as [`RowCoder::code_row`]
    /// codes it: the filter byte with the first 256 bytes (the longest match is 257),
    /// then matches of 256 bytes, then the rest.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes of `pixels` (rows of `stride` bytes) as a zlib stream inflates them,
    /// each row after its filter byte.
    fn inflated(stream: &[u8]) -> Vec<u8> {
        let mut out = vec![0; 1 << 22];
        let (data, status) = zlib_rs::decompress_slice(&mut out, stream, Default::default());
        assert_eq!(status, zlib_rs::ReturnCode::Ok, "a valid zlib stream");
        data.to_vec()
    }

    fn filtered(pixels: &[u8], stride: usize) -> Vec<u8> {
        pixels
            .chunks_exact(stride)
            .flat_map(|row| std::iter::once(0).chain(row.iter().copied()))
            .collect()
    }

    #[test]
    fn rows_of_runs_repeats_and_noise_inflate_to_themselves() {
        // Runs, rows like the one above, repeats along a row, noise, partial alpha, and
        // rows wider than the window (matched without the row above).
        for (w, h) in [(301usize, 47usize), (1, 1), (1, 9), (9, 1), (8300, 3)] {
            let mut pixels = Vec::new();
            for y in 0..h {
                for x in 0..w {
                    let p = if (x * 7 + y * 3) % 5 == 0 {
                        [(x * 9) as u8, (y * 11) as u8, (x + y) as u8, (x * y) as u8]
                    } else if y % 4 == 1 {
                        [(x % 13) as u8, 0, 0, 255]
                    } else {
                        [10, 20, 30, 255]
                    };
                    pixels.extend_from_slice(&p);
                }
            }
            let mut stream = Vec::new();
            board_zlib(&pixels, w * 4, &mut stream);
            assert!(inflated(&stream) == filtered(&pixels, w * 4), "{w}x{h}");
        }
    }

    /// Row B repeats a pair of pixels that row A has at the same place (so B matches it
    /// with the row above, without hashing it there) and again further on: a place left
    /// by row A would be taken for B's own there. Row B is coded after row A as by a new
    /// coder, and so when the rows' stamps wrap between them.
    #[test]
    fn a_coder_codes_each_row_as_a_new_one_would() {
        let (ground, pair) = ([40, 40, 40, 255], [[200, 10, 10, 255], [10, 200, 10, 255]]);
        let row = |pairs_at: &[usize]| {
            let mut px = vec![ground; 64];
            for &x in pairs_at {
                px[x] = pair[0];
                px[x + 1] = pair[1];
            }
            px.concat()
        };
        let (a, b) = (row(&[10]), row(&[10, 40]));
        let stride = a.len();
        let codes = &*FIXED;
        let code_b = |coder: &mut RowCoder| {
            let mut out = Vec::new();
            let mut bits = BitWriter::new(&mut out);
            coder.begin_row();
            coder.code_row(&mut bits, codes, &b, Some(&a));
            bits.finish();
            out
        };
        let new = code_b(&mut RowCoder::new(stride));
        for stamp_before_b in [None, Some(u16::MAX - 1)] {
            let mut kept = RowCoder::new(stride);
            kept.begin_row();
            let mut out = Vec::new();
            kept.code_row(&mut BitWriter::new(&mut out), codes, &a, None);
            if let Some(stamp) = stamp_before_b {
                // Row B's stamp is then row A's again.
                kept.stamp = stamp;
            }
            assert_eq!(code_b(&mut kept), new, "stamp before B: {stamp_before_b:?}");
        }
    }

    #[test]
    fn a_line_rising_at_45_degrees_is_matched_with_the_row_above() {
        // Hatching: a pixel is dark where x + y is a multiple of 7, in shades no run or
        // hash finds along the row.
        let (w, h) = (300usize, 60usize);
        let mut pixels = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let u = (x + y) % 7;
                pixels.extend_from_slice(&[
                    40 * u as u8,
                    255 - 30 * u as u8,
                    ((x + y) / 7) as u8,
                    255,
                ]);
            }
        }
        let mut stream = Vec::new();
        board_zlib(&pixels, w * 4, &mut stream);
        assert!(inflated(&stream) == filtered(&pixels, w * 4));
        // Each row is the row above moved one pixel left: a match or two a row, where
        // four literals a pixel would take some 60 KB.
        assert!(stream.len() < 6_000, "{} bytes", stream.len());
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
