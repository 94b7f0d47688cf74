//! GIF's LZW, for the animated replays: 8-bit indices, codes of 9 to 12 bits written
//! least significant bit first, a clear code first and whenever the table fills.
//!
//! Why our own: a replay's frames are mostly long runs of one index (the transparent
//! pixels that did not change), and a general encoder searches its dictionary's tree for
//! every byte. Here the dictionary is one flat table indexed by (byte, code), so a byte
//! costs one lookup; a generation stamp in each entry empties the table in O(1) at a
//! clear. The output is standard GIF LZW (any decoder reads it; tests decode it with
//! `weezl`, the encoder the `gif` crate uses).

/// Bits of the smallest code: indices are bytes.
pub const MIN_CODE_SIZE: u8 = 8;
const CLEAR: u32 = 256;
const END: u32 = 257;
const FIRST_FREE: u32 = 258;
const MAX_CODES: u32 = 4096;

/// The encoder's dictionary, kept between frames of one replay so that its 4 MB are
/// allocated once.
pub struct Lzw {
    /// By `byte << 12 | code`: `generation << 16 | code` of the string extended by the
    /// byte, valid only when its generation is the current one. Keyed by the byte first,
    /// so that a run of one index (a frame's transparent pixels) walks 16 KB of it, not
    /// all 4 MB.
    table: Vec<u32>,
    generation: u32,
    /// By byte `v`: the codes of `v` repeated 2, 3, … times, as far as the dictionary
    /// holds them (a run's strings, followed without lookups).
    runs: Vec<Vec<u16>>,
    /// The bytes whose runs hold codes, to empty them at a clear.
    touched: Vec<u8>,
}

impl Default for Lzw {
    fn default() -> Self {
        Lzw::new()
    }
}

/// Codes packed into bytes, least significant bit first.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    len: u32,
}

impl Bits<'_> {
    #[inline]
    fn put(&mut self, code: u32, size: u32) {
        self.acc |= (code as u64) << self.len;
        self.len += size;
        while self.len >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.len -= 8;
        }
    }

    fn finish(mut self) {
        if self.len > 0 {
            self.out.push(self.acc as u8);
        }
        self.len = 0;
    }
}

/// The width of the codes a decoder reads next, when `highest` is the largest code it
/// may meet.
#[inline]
fn width(highest: u32) -> u32 {
    (32 - highest.leading_zeros()).clamp(9, 12)
}

impl Lzw {
    pub fn new() -> Lzw {
        Lzw {
            table: vec![0; (MAX_CODES as usize) << 8],
            generation: 0,
            runs: vec![Vec::new(); 256],
            touched: Vec::new(),
        }
    }

    /// Empties the dictionary.
    fn clear(&mut self) {
        self.generation += 1;
        if self.generation > 0xffff {
            self.table.fill(0);
            self.generation = 1;
        }
        for v in self.touched.drain(..) {
            self.runs[v as usize].clear();
        }
    }

    /// Appends `data` encoded to `out`, after the minimum code size byte that GIF's image
    /// data starts with (what `gif::Encoder::write_lzw_pre_encoded_frame` takes).
    pub fn encode(&mut self, data: &[u8], out: &mut Vec<u8>) {
        out.push(MIN_CODE_SIZE);
        let mut bits = Bits {
            out,
            acc: 0,
            len: 0,
        };
        self.clear();
        bits.put(CLEAR, 9);
        let Some(&first) = data.first() else {
            bits.put(END, 9);
            bits.finish();
            return;
        };
        let mut next = FIRST_FREE;
        let mut string = first as u32;
        // While the string is one byte repeated: that byte and how many times.
        let mut pure = Some((first, 1usize));
        let mut i = 1;
        while i < data.len() {
            let byte = data[i];
            if let Some((v, mut k)) = pure.filter(|(v, _)| *v == byte) {
                // A run of `v`: the string grows along the run's codes while the
                // dictionary holds them, without a lookup a byte.
                let run = data[i..]
                    .iter()
                    .position(|&b| b != v)
                    .unwrap_or(data.len() - i);
                let mut left = run;
                loop {
                    let longest = self.runs[v as usize].len() + 1;
                    let grow = (longest - k).min(left);
                    k += grow;
                    left -= grow;
                    if left == 0 {
                        break;
                    }
                    let code = self.run_code(v, k);
                    next = self.emit(&mut bits, code, v, next);
                    k = 1;
                    left -= 1;
                }
                string = self.run_code(v, k);
                pure = Some((v, k));
                i += run;
                continue;
            }
            let slot = (byte as usize) << 12 | string as usize;
            let entry = self.table[slot];
            if entry >> 16 == self.generation {
                string = entry & 0xffff;
                pure = None;
                i += 1;
                continue;
            }
            next = self.emit(&mut bits, string, byte, next);
            string = byte as u32;
            pure = Some((byte, 1));
            i += 1;
        }
        bits.put(string, width(next - 1));
        // The decoder adds an entry for that last code (unless it was the first after a
        // clear, when `next` is still the first free code) before it reads the end.
        bits.put(END, width(next));
        bits.finish();
    }

    /// Writes `code` (the longest string known) and gives it followed by `byte` the code
    /// `next`; clears the dictionary when it is full. Returns the next free code.
    fn emit(&mut self, bits: &mut Bits<'_>, code: u32, byte: u8, next: u32) -> u32 {
        // A decoder knows codes up to `next - 1` when it reads this one (it lags one
        // entry behind: it adds the string just emitted when it reads the next).
        bits.put(code, width(next - 1));
        self.add(code, byte, next);
        if next + 1 < MAX_CODES {
            return next + 1;
        }
        bits.put(CLEAR, 12);
        self.clear();
        FIRST_FREE
    }

    /// The code of `v` repeated `k` times (known to the dictionary).
    #[inline]
    fn run_code(&self, v: u8, k: usize) -> u32 {
        match k {
            1 => v as u32,
            _ => self.runs[v as usize][k - 2] as u32,
        }
    }

    /// Gives the string `code` followed by `byte` the code `next`.
    #[inline]
    fn add(&mut self, code: u32, byte: u8, next: u32) {
        self.table[(byte as usize) << 12 | code as usize] = self.generation << 16 | next;
        // `code` followed by its own byte again: the next of its run, if it is a run.
        let runs = &mut self.runs[byte as usize];
        let longest = runs.len() + 1;
        if (longest == 1 && code == byte as u32)
            || (longest > 1 && runs.last().is_some_and(|&c| c as u32 == code))
        {
            if runs.is_empty() {
                self.touched.push(byte);
            }
            runs.push(next as u16);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(encoded: &[u8]) -> Vec<u8> {
        assert_eq!(encoded[0], MIN_CODE_SIZE);
        let mut decoder = weezl::decode::Decoder::new(weezl::BitOrder::Lsb, MIN_CODE_SIZE);
        decoder.decode(&encoded[1..]).expect("standard LZW")
    }

    fn round_trip(data: &[u8]) {
        let mut lzw = Lzw::new();
        let mut out = Vec::new();
        lzw.encode(data, &mut out);
        assert_eq!(decode(&out), data, "{} bytes", data.len());
    }

    #[test]
    fn empty_short_and_single_inputs_round_trip() {
        round_trip(&[]);
        round_trip(&[7]);
        round_trip(&[255, 255]);
        round_trip(&[1, 2, 1, 2, 1, 2, 1]);
    }

    #[test]
    fn long_runs_and_noise_fill_the_table_and_clear_it() {
        // A long transparent run (what replays are made of), then noise that fills the
        // dictionary several times over, then runs again.
        let mut data = vec![255u8; 300_000];
        let mut x: u32 = 12345;
        for _ in 0..200_000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            data.push((x >> 16) as u8 % 37);
        }
        data.extend(std::iter::repeat_n(3u8, 70_000));
        round_trip(&data);
    }

    #[test]
    fn runs_of_every_length_among_other_bytes_round_trip() {
        // What frames look like: runs of a few indices, of lengths from 1 to hundreds,
        // long enough in all to clear the dictionary many times.
        let mut x: u32 = 7;
        let mut rand = || {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            x >> 16
        };
        for _ in 0..20 {
            let mut data = Vec::new();
            while data.len() < 150_000 {
                let byte = [255u8, 0, 1, 2, 200][rand() as usize % 5];
                let len = match rand() % 4 {
                    0 => 1,
                    1 => 1 + rand() as usize % 8,
                    2 => 1 + rand() as usize % 300,
                    _ => 1 + rand() as usize % 5_000,
                };
                data.extend(std::iter::repeat_n(byte, len));
            }
            round_trip(&data);
        }
    }

    #[test]
    fn every_length_near_the_code_width_changes_round_trips() {
        // Inputs ending just before, at and after the widths change (512, 1024, 2048
        // codes) and the table fills (4096), so the end code's width is right for each.
        let mut x: u32 = 99;
        let noise: Vec<u8> = (0..20_000)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (x >> 16) as u8
            })
            .collect();
        let mut lzw = Lzw::new();
        for len in (0..12_000).step_by(7).chain(3_700..4_400) {
            let mut out = Vec::new();
            lzw.encode(&noise[..len], &mut out);
            assert_eq!(decode(&out), &noise[..len], "{len} bytes");
        }
    }
}
