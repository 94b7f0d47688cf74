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
//!
//! The stones of a board are sprites, drawn once and copied ([`super::sprites`]); their
//! rows are coded once too ([`BoxCodes`]), and an image that still holds a sprite's
//! pixels where it was placed gets the sprite's codes copied, or a match to the same
//! stone earlier in its row ([`encode_png_placed`]): a sixth to a third less time on
//! the boards of stones, for up to 5 % more bytes (on 9×9 Sidja's many small stones).
//!
//! Every image starts as a copy of its cached background ([`super::cache`]), and its
//! canvas notes, in segments of 64 pixels of each row, what it draws over it. The
//! background's rows are coded once in such segments, each on its own
//! ([`SegmentCodes`]), and where a segment and the one above it were not drawn over,
//! the coder copies their codes and sums without reading the pixels: a fifth to a third
//! less time on every board, for 3 to 12 % more bytes (see `docs/png-encoding.md`).

use super::sprites::Drawn;
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
    // The path before issue 19, when it is switched on, is taken there.
    encode_png_placed(img, &Drawn::default(), out)
}

/// [`encode_png_into`] for an image whose drawing noted what it did (see
/// [`super::sprites::placing`]): where the image still holds a sprite's pixels, the
/// sprite's codes are copied, or a match to the same sprite earlier in the row written,
/// instead of coding its pixels again; where it still holds its cached background's
/// (in segments not drawn over), the background's codes are copied. The image decodes
/// to the same pixels with or without them.
pub fn encode_png_placed(img: &RgbaImage, drawn: &Drawn, out: &mut Vec<u8>) {
    if super::before::on() {
        return super::before::encode_png_into(img, out);
    }
    let reused = reused(drawn, img);
    encode_png_with(img, out, |pixels, stride, out| {
        Some(board_deflate(pixels, stride, out, &reused))
    })
}

/// The PNG container of an 8-bit RGBA image around a zlib stream of its unfiltered rows,
/// which `deflate` appends given the pixels and the row length in bytes: our coder
/// ([`board_deflate`]), or another one to measure against it
/// (`examples/png_candidates.rs`). `deflate` returns the CRC-32 of what it appended if it
/// took it (ours does, so that the bytes its helper thread wrote are not read again
/// here), or `None`. `out` is cleared first.
pub fn encode_png_with(
    img: &RgbaImage,
    out: &mut Vec<u8>,
    deflate: impl FnOnce(&[u8], usize, &mut Vec<u8>) -> Option<crc32fast::Hasher>,
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
    let data = out.len();
    let appended = deflate(img.as_raw(), width as usize * 4, out);
    let length = (out.len() - data) as u32;
    out[start..start + 4].copy_from_slice(&length.to_be_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(b"IDAT");
    match appended {
        Some(appended) => crc.combine(&appended),
        None => crc.update(&out[data..]),
    }
    out.extend_from_slice(&crc.finalize().to_be_bytes());

    chunk(out, b"IEND", &[]);
}

/// Appends the zlib stream of the rows, unfiltered (filter type 0 before each row),
/// made by a DEFLATE coder for board images, on as many cores as the machine has (at
/// most two, see [`board_deflate_on`]).
///
/// A board is mostly flat colour and rows like the one above, with edges, text and
/// stones repeated along a row. So at each pixel the coder looks at three earlier places
/// first: the pixel above (a match `stride + 1` bytes back: the row is as before), the
/// pixel to the left (4 bytes back: a run of one colour), and the last place in the same
/// row where the same two pixels began (found by a hash: a stone or a letter seen
/// before). It takes the longest match, of whole pixels (looking no further once one
/// reaches `GOOD_ENOUGH`); where none is found, the pixel above and to the right (a
/// line rising at 45°, as Banglagor's hatching); or else writes the pixel as four
/// literals. A row equal to the
/// one above is compared once and coded straight out; matches are compared 32 bytes at a
/// time and a flat area goes by in matches of 64 pixels, so the cost is close to reading
/// the image once. The codes are DEFLATE's fixed Huffman codes: no table to build or
/// send, and for these images about as short as zlib's level 1 makes them. Where the
/// image holds `sprites` placed on it, their codes are copied (see [`BoxCodes`]).
/// Returns the CRC-32 of the bytes it appended.
pub fn board_deflate(
    pixels: &[u8],
    stride: usize,
    out: &mut Vec<u8>,
    reused: &Reused,
) -> crc32fast::Hasher {
    let coding = Coding::start();
    board_deflate_on(pixels, stride, out, coding.threads(), reused)
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
    /// thread would only share them, and there is one helper for the process
    /// ([`HELPER`]), which an image would wait on while it codes another's bands.
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
/// waking the helper would cost more than it saves.
const BANDED_FROM: usize = 1 << 18;

/// [`board_deflate`] on `threads` threads (one or two), with the codes it may copy (see
/// [`encode_png_placed`]; none: `&Reused::default()`); returns the CRC-32 of the bytes it
/// appended, for the PNG chunk around them. The bytes are the same on any number of
/// threads: the bands depend on the image and what is reused only.
pub fn board_deflate_on(
    pixels: &[u8],
    stride: usize,
    out: &mut Vec<u8>,
    threads: usize,
    reused: &Reused,
) -> crc32fast::Hasher {
    let rows = pixels.len().checked_div(stride).unwrap_or(0);
    let from = out.len();
    out.extend_from_slice(&[0x78, 0x01]);
    let bands = if pixels.len() >= BANDED_FROM {
        BANDS.min(rows)
    } else {
        1
    };
    let band_rows = |i: usize| rows * i / bands..rows * (i + 1) / bands;
    // The CRC of this thread's bytes, and then of the helper's (taken by the helper).
    let mut crc = crc32fast::Hasher::new();
    let (out, sum) = if bands <= 1 {
        let sum = code_band(out, pixels, stride, 0..rows, true, reused);
        crc.update(&out[from..]);
        (out, sum)
    } else {
        // The bands not yet taken: this thread takes them from the top and codes them
        // straight into `out`, one after the other; the helper takes them from the
        // bottom, each into a buffer of its own, and appends them to `out` itself once
        // this thread has coded its own. So the helper's bytes are never read by this
        // thread: on this VM, when its two cores sit on different dies of the host, each
        // cache line read across takes 350 ns (60 ns otherwise), and reading the helper's
        // 70 KB here took 15 µs of Banglagor's 122 even on one die.
        let untaken = std::sync::Mutex::new(0..bands);
        let take = |from_top: bool| {
            let mut untaken = untaken.lock().unwrap_or_else(|e| e.into_inner());
            if from_top {
                untaken.next()
            } else {
                untaken.next_back()
            }
        };
        let code = |out: &mut Vec<u8>, i: usize| {
            code_band(out, pixels, stride, band_rows(i), i + 1 == bands, reused)
        };
        let top = |out: &mut Vec<u8>| {
            let mut sum = AdlerSum::EMPTY;
            while let Some(i) = take(true) {
                sum = sum.then(code(out, i));
            }
            sum
        };
        match &*HELPER {
            Some(helper) if threads > 1 => {
                // This thread codes bands at once; the helper joins in when it is awake,
                // and finds none left if this thread was quicker.
                let begun = BEGUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                let finished = std::sync::atomic::AtomicBool::new(false);
                let handoff = Handoff::default();
                let (out, sum) = helper.in_place_scope(|scope| {
                    scope.spawn(|_| {
                        // Set when the job ends, even by a panic (which the scope then
                        // raises here): this thread never waits for a helper that stopped.
                        let _finished = Finished(&finished);
                        #[cfg(test)]
                        if HELPER_PANICS_ON.load(std::sync::atomic::Ordering::Relaxed)
                            == pixels.as_ptr() as usize
                        {
                            panic!("the helper's band failed (a test)");
                        }
                        code_from_the_bottom(bands, || take(false), code, &handoff);
                    });
                    let sum = {
                        let _handed = Finished(&handoff.handed);
                        // A test's failure: this thread lets the helper code the bands
                        // first (it takes them all), so that it waits for the output.
                        #[cfg(test)]
                        let fails = CODER_PANICS_ON.load(std::sync::atomic::Ordering::Relaxed)
                            == pixels.as_ptr() as usize;
                        #[cfg(test)]
                        if fails {
                            let waited = std::time::Instant::now();
                            while handoff
                                .theirs
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .is_none()
                                && waited.elapsed() < std::time::Duration::from_secs(5)
                            {
                                std::thread::yield_now();
                            }
                        }
                        let sum = top(out);
                        crc.update(&out[from..]);
                        #[cfg(test)]
                        if fails {
                            panic!("the coding thread failed (a test)");
                        }
                        *handoff.out.lock().unwrap_or_else(|e| e.into_inner()) = Some(out);
                        sum
                    };
                    // Waits here for the helper's last band, yielding the core, rather
                    // than in the scope's end: there rayon puts this thread to sleep
                    // on a lock, and the helper's wake-up came 14 µs after its last
                    // band (median; 28 µs at the 90th centile), against 1.2 µs here
                    // (Banglagor's board, 2,000 codings).
                    while !finished.load(std::sync::atomic::Ordering::Acquire) {
                        std::thread::yield_now();
                    }
                    let out = handoff
                        .out
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .take()
                        .expect("handed back");
                    (out, sum)
                });
                stay_awake(helper, begun, AWAKE_AFTER);
                match handoff
                    .theirs
                    .into_inner()
                    .unwrap_or_else(|e| e.into_inner())
                {
                    Some((their_sum, their_crc)) => {
                        crc.combine(&their_crc);
                        (out, sum.then(their_sum))
                    }
                    None => (out, sum),
                }
            }
            // One thread, or no thread could be started (the system at its limit): this
            // thread codes every band.
            _ => {
                let sum = top(out);
                crc.update(&out[from..]);
                (out, sum)
            }
        }
    };
    let checksum = sum.checksum().to_be_bytes();
    out.extend_from_slice(&checksum);
    crc.update(&checksum);
    crc
}

/// What the coding thread and the helper hand each other for an image coded on two
/// threads.
#[derive(Default)]
struct Handoff<'a> {
    /// The output with the coding thread's bands, for the helper to append its own.
    out: std::sync::Mutex<Option<&'a mut Vec<u8>>>,
    /// Set once the coding thread is done with the output (even by a panic).
    handed: std::sync::atomic::AtomicBool,
    /// The helper's bands' Adler sums and CRC, in the order of the bands.
    theirs: std::sync::Mutex<Option<(AdlerSum, crc32fast::Hasher)>>,
}

/// The helper's part of an image of `bands` bands: it codes the bands `take` gives it
/// (from the bottom) each into a buffer of this thread's own, and once the coding thread
/// has handed over the output, appends them to it, so that the coding thread never reads
/// them (see [`board_deflate_on`]).
fn code_from_the_bottom(
    bands: usize,
    take: impl Fn() -> Option<usize>,
    code: impl Fn(&mut Vec<u8>, usize) -> AdlerSum,
    handoff: &Handoff,
) {
    HELPER_BANDS.with(|buffers| {
        let buffers = &mut *buffers.borrow_mut();
        buffers.resize_with(bands, Vec::new);
        let mut sums = [AdlerSum::EMPTY; BANDS];
        let mut first = bands;
        while let Some(i) = take() {
            buffers[i].clear();
            sums[i] = code(&mut buffers[i], i);
            first = i;
        }
        if first == bands {
            return;
        }
        let mut sum = AdlerSum::EMPTY;
        let mut crc = crc32fast::Hasher::new();
        for i in first..bands {
            sum = sum.then(sums[i]);
            crc.update(&buffers[i]);
        }
        *handoff.theirs.lock().unwrap_or_else(|e| e.into_inner()) = Some((sum, crc));
        while !handoff.handed.load(std::sync::atomic::Ordering::Acquire) {
            std::thread::yield_now();
        }
        if let Some(out) = handoff
            .out
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            for buffer in &buffers[first..bands] {
                out.extend_from_slice(buffer);
            }
        }
    });
}

/// Sets its flag when dropped: a job's end, however it ends.
struct Finished<'a>(&'a std::sync::atomic::AtomicBool);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Release);
    }
}

/// The pixels (their address) of an image whose helper's job is to panic: for the tests.
#[cfg(test)]
static HELPER_PANICS_ON: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The pixels of an image whose coding thread is to panic once the helper has coded the
/// bands (and waits for the output), before it hands the output over: for the tests.
#[cfg(test)]
static CODER_PANICS_ON: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The thread that codes bands beside the one coding an image: one for the process,
/// started with its first image and kept. Starting a thread for each image cost the
/// coding thread 15 to 25 µs before its first band, and the helper as much again before
/// its own; a kept one is woken instead, and stays awake a while after each image
/// ([`stay_awake`]), so that images coded one after the other find it awake. Measured
/// on Banglagor's board, two threads, medians of 1,000 codings, eight rounds taken in
/// turn with the build that started a thread: 7 to 10 % less time, whether coded right
/// after drawing or back to back (docs/png-encoding.md).
static HELPER: std::sync::LazyLock<Option<rayon::ThreadPool>> = std::sync::LazyLock::new(|| {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .thread_name(|_| "png coder".into())
        .build()
        .ok()
});

/// How many images have begun to be coded on two threads in this process: the helper,
/// awake after an image, goes back to sleep as soon as another begins (see
/// [`stay_awake`]).
static BEGUN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How long the helper stays awake after an image at most: longer than drawing the
/// next image takes (0.2 to 0.5 ms), for a bot coding images one after another.
const AWAKE_AFTER: std::time::Duration = std::time::Duration::from_millis(1);

/// The images after which the helper stayed awake, by their numbers in [`BEGUN`], once
/// it has gone back to sleep: for the tests to see.
#[cfg(test)]
static SLEPT: std::sync::Mutex<Vec<usize>> = std::sync::Mutex::new(Vec::new());

/// Keeps the helper awake after an image, the `begun`th, until another begins to be
/// coded on two threads (one that began while this one was coded included) or
/// `at_most` ([`AWAKE_AFTER`]) has gone by. Rayon's pool puts a thread with nothing to
/// do to sleep within microseconds, and waking it took 12 to 33 µs on this VM (a job
/// offered 10 µs to 1 ms after the last one, medians of 2,000), against 1 µs for a
/// thread still looking for work: the next image's helper began its first band 13 µs
/// after the coding thread, a tenth of the coding of Banglagor's board. Awake, the
/// helper yields its core to any other thread that wants it (the render pool, the
/// database) instead of spinning on it.
fn stay_awake(helper: &rayon::ThreadPool, begun: usize, at_most: std::time::Duration) {
    use std::sync::atomic::Ordering;
    let until = std::time::Instant::now() + at_most;
    helper.spawn(move || {
        while BEGUN.load(Ordering::Relaxed) == begun && std::time::Instant::now() < until {
            std::thread::yield_now();
        }
        #[cfg(test)]
        SLEPT.lock().unwrap_or_else(|e| e.into_inner()).push(begun);
    });
}

#[cfg(test)]
thread_local! {
    /// How many rows of sprites this thread coded from the sprites (their codes copied,
    /// or a match to the same sprite earlier in the row), for the tests to count.
    static SPRITE_ROWS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

thread_local! {
    /// The coder of this thread's last band (none while one is being coded).
    static CODER: std::cell::RefCell<Option<Box<RowCoder>>> = const { std::cell::RefCell::new(None) };
    /// The buffers of the bands this thread (the helper) coded for the last image.
    static HELPER_BANDS: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
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
        // One division: the sums and counts are each below the modulus, so their sums
        // are brought back under it by a subtraction.
        let m = u64::from(ADLER_MOD);
        AdlerSum {
            a: add_mod(self.a, next.a),
            b: ((u64::from(self.b) + u64::from(next.b) + u64::from(next.len) * u64::from(self.a))
                % m) as u32,
            len: add_mod(self.len, next.len),
        }
    }

    /// The sums of the bytes after those of `self` up to those of `to`, where `to` is the
    /// sums of `self`'s bytes followed by others (see [`AdlerSum::then`]).
    fn until(self, to: AdlerSum) -> AdlerSum {
        let m = u64::from(ADLER_MOD);
        let len = sub_mod(to.len, self.len);
        AdlerSum {
            a: sub_mod(to.a, self.a),
            // `len * self.a + self.b` is below m * m.
            b: ((u64::from(to.b) + m * m - u64::from(self.b) - u64::from(len) * u64::from(self.a))
                % m) as u32,
            len,
        }
    }

    /// The zlib checksum: Adler-32 starts its first sum at 1.
    fn checksum(self) -> u32 {
        let started = AdlerSum { a: 1, b: 0, len: 0 }.then(self);
        started.b << 16 | started.a
    }
}

/// `a + b` modulo 65521, both below it.
#[inline]
fn add_mod(a: u32, b: u32) -> u32 {
    let s = a + b;
    if s >= ADLER_MOD {
        s - ADLER_MOD
    } else {
        s
    }
}

/// `a - b` modulo 65521, both below it.
#[inline]
fn sub_mod(a: u32, b: u32) -> u32 {
    if a >= b {
        a - b
    } else {
        a + ADLER_MOD - b
    }
}

/// Codes `rows` of the image into `out` as one DEFLATE block of fixed codes (marked
/// the stream's last if `last`), each row matched against the row above it, even the
/// first (the row above is in the block before, which DEFLATE allows within its window);
/// returns the Adler sums of the rows with their filter bytes.
///
/// Where a row crosses a sprite's box (`sprites`, sorted by their top rows) and holds
/// the sprite's pixels there, below the sprite's row above, the sprite's codes for that
/// row are copied, or, if an earlier box of the row holds the same bytes, a match to it
/// is written: see [`BoxCodes`].
///
/// Where a row's segment and the one above it are as in the image's cached background
/// (`reused.over`), the background's codes of the segment are copied, and where a whole
/// row is, its sums: see [`SegmentCodes`].
///
/// A block other than the last is followed by an empty stored block, which ends on a
/// whole byte (5 bytes at most), so that the next band's bytes follow it as they are.
fn code_band(
    out: &mut Vec<u8>,
    pixels: &[u8],
    stride: usize,
    rows: std::ops::Range<usize>,
    last: bool,
    reused: &Reused,
) -> AdlerSum {
    let sprites = &reused.sprites[..];
    let over = reused.over.as_ref().filter(|o| o.codes.stride == stride);
    let codes = &*FIXED;
    let mut bits = BitWriter::new(out);
    // A block of fixed codes: BFINAL (the lowest bit) set on the last, BTYPE = 01.
    bits.put(0b010 | u64::from(last), 3);
    // This thread's coder, its table kept from its last band: clearing 16 KB for every
    // band was 2 % of the coding.
    let mut coder = CODER
        .with(|c| c.borrow_mut().take())
        .unwrap_or_else(|| Box::new(RowCoder::new(stride)))
        .for_stride(stride);
    let mut sum = AdlerSum::EMPTY;
    // The sums of the last row whose sums were taken (none yet in this band).
    let mut row_sum: Option<AdlerSum> = None;
    // The sprites whose boxes the row crosses, by their left edges; and the next sprite
    // to come (by top row).
    let mut active: Vec<&Placed> = Vec::new();
    let mut next = sprites.partition_point(|s| s.y0 < rows.start);
    // Sprites that began above the band and still cross it, by their left edges too
    // (taken by their top rows, and sorted again only when a sprite comes or goes, they
    // would be coded out of order: a sprite to the left of one coded before it in its
    // row is taken as overlapping it, and its rows coded pixel by pixel).
    for s in &sprites[..next] {
        if s.y1 > rows.start {
            active.push(s);
        }
    }
    active.sort_by_key(|s| s.x0);
    // The spans of the row coded so far from sprites: (start, end) in bytes.
    let mut done: Vec<(usize, usize)> = Vec::new();
    for y in rows {
        coder.begin_row();
        let row = &pixels[y * stride..][..stride];
        let prev = (y > 0 && coder.up_ok).then(|| &pixels[(y - 1) * stride..][..stride]);
        // The segments of this row and the one above as in the background: their codes
        // are the background's.
        let free = match over {
            Some(o) if y > 0 => !(o.drawn[y] | o.drawn[y - 1]) & o.codes.all,
            _ => 0,
        };
        let same = match over {
            // Both rows are the background's: as they are there.
            Some(o) if free == o.codes.all => o.codes.above[y] == o.codes.all,
            // A segment of both is not as the one above it.
            Some(o) if free & !o.codes.above[y] != 0 => false,
            _ => prev == Some(row),
        };
        // A row as the one above has that row's sums, taken once; a row partly as in
        // the background, the background's sums there.
        let this = match (row_sum, over) {
            (Some(taken), _) if same => taken,
            (_, Some(o)) if o.drawn[y] != o.codes.all => o.row_sum(row, y),
            _ => FILTER_BYTE.then(AdlerSum::of(row)),
        };
        row_sum = Some(this);
        sum = sum.then(this);
        if !sprites.is_empty() {
            let before = active.len();
            active.retain(|s| s.y1 > y);
            let mut added = false;
            while let Some(s) = sprites.get(next).filter(|s| s.y0 <= y) {
                active.push(s);
                next += 1;
                added = true;
            }
            if added || active.len() != before {
                active.sort_by_key(|s| s.x0);
            }
        }
        // A row as the one above (most rows of a board's margins and grid) is always
        // coded the same way: one compare of the whole row, then its matches straight out.
        if same {
            bits.same_row(codes, coder.stride, coder.up);
            continue;
        }
        let mut at = RowCursor {
            x: 0,
            starts_row: true,
            free,
        };
        done.clear();
        for sprite in &active {
            let r = y - sprite.y0;
            // The sprite's first row has no codes: the row above it is not the sprite's.
            let Some(box_codes) = sprite.codes(stride).filter(|_| r > 0) else {
                continue;
            };
            let core = &box_codes.rows[r];
            let (from, to) = (core.from as usize, core.to as usize);
            let (c0, c1) = (sprite.x0 + from, sprite.x0 + to);
            // The background's segments before the sprite, first.
            if let Some(o) = over {
                o.copy_free(&mut bits, &mut coder, (row, prev, y), &mut at, c0);
            }
            // A row as the sprite's row above is left to the rest of the row's matches;
            // so is a part that overlaps one coded already, or starts the row (where
            // the filter byte comes first).
            if c0 == c1 || c0 < at.x || c0 == 0 {
                continue;
            }
            // Where the canvas wrote nothing over the sprite in this row and the one
            // above since it was placed, they hold its pixels: no need to compare them.
            let intact = over
                .zip(sprite.written)
                .is_some_and(|(o, written)| o.untouched_since(written, y, (c0, c1)));
            let theirs = &sprite.row(r)[from..to];
            if !intact && row[c0..c1] != *theirs {
                continue;
            }
            // The same bytes earlier in the row (the same stone on the same ground): a
            // match to them, in pieces of at most 256 bytes. Else the sprite's codes,
            // if the row above holds the sprite's row above, which they match with.
            let len = c1 - c0;
            let earlier = done.iter().find(|&&(e0, e1)| {
                e1 - e0 == len && c0 - e0 <= 32_768 && row[e0..e1] == row[c0..c1]
            });
            let how = match earlier {
                Some(&(e0, _)) => SpanCode::Match(c0 - e0),
                None if intact
                    || prev.is_some_and(|p| p[c0..c1] == sprite.row(r - 1)[from..to]) =>
                {
                    SpanCode::Copy(core)
                }
                None => continue,
            };
            coder.code(&mut bits, codes, row, prev, at.x..c0, 0, at.starts_row);
            at.starts_row = false;
            match how {
                SpanCode::Match(distance) => {
                    let distance = distance_bits(distance);
                    let mut at = c0;
                    while at < c1 {
                        let n = (c1 - at).min(MAX_MATCH);
                        bits.matched(codes, n, distance);
                        at += n;
                    }
                }
                SpanCode::Copy(core) => {
                    bits.copy(&box_codes.bits, core.at as usize, core.len as usize);
                }
            }
            done.push((c0, c1));
            #[cfg(test)]
            SPRITE_ROWS.with(|n| n.set(n.get() + 1));
            at.x = c1;
        }
        if let Some(o) = over {
            o.copy_free(&mut bits, &mut coder, (row, prev, y), &mut at, stride);
        }
        if at.x < stride {
            coder.code(&mut bits, codes, row, prev, at.x..stride, 0, at.starts_row);
        }
    }
    CODER.with(|c| *c.borrow_mut() = Some(coder));
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

/// Where the coding of a row stands: the byte it has reached, whether the row's filter
/// byte is still to come, and the segments whose background codes are still to copy.
struct RowCursor {
    x: usize,
    starts_row: bool,
    free: u32,
}

/// How a sprite's span of a row is coded: a match to the same bytes that far back in
/// the row, or the sprite's codes of that row.
enum SpanCode<'a> {
    Match(usize),
    Copy(&'a CoreCodes),
}

/// A sprite placed on the image being coded (see [`super::sprites`]): its box, in bytes
/// across and rows down, its pixels and its codes.
pub struct Placed {
    x0: usize,
    x1: usize,
    y0: usize,
    y1: usize,
    kept: std::sync::Arc<super::sprites::Kept>,
    /// The canvas's count of writes once the sprite was placed, where the coder has the
    /// canvas's note ([`Unchanged::stamps`]).
    written: Option<u32>,
}

impl Placed {
    /// The bytes of the sprite's row `r`.
    fn row(&self, r: usize) -> &[u8] {
        let width = self.x1 - self.x0;
        &self.kept.pixels()[r * width..][..width]
    }

    /// The sprite's codes for images whose rows are `stride` bytes long (the distance
    /// of their matches to the row above), made the first time.
    fn codes(&self, stride: usize) -> Option<&BoxCodes> {
        self.kept
            .codes(|| BoxCodes::of(self.kept.pixels(), self.x1 - self.x0, stride))
            .filter(|c| c.stride == stride)
    }
}

/// What the coder may copy codes from instead of coding pixels again: the sprites placed
/// on the image, and the background it was drawn over.
#[derive(Default)]
pub struct Reused<'a> {
    sprites: Vec<Placed>,
    over: Option<Unchanged<'a>>,
}

/// The codes of an image's cached background, and the segments drawn over it.
struct Unchanged<'a> {
    codes: &'a SegmentCodes,
    /// By row, a bit for each segment written after the background was copied.
    drawn: &'a [u32],
    /// By row, then segment: the canvas's count of writes when it last wrote there.
    stamps: &'a [u32],
}

/// What `img`'s drawing noted, as the coder takes it: the sprites that lie within the
/// image, and its background's codes if the note is this image's (drawn in the same
/// buffer, of the same size; the codes are made the first time).
pub fn reused<'a>(drawn: &'a Drawn, img: &RgbaImage) -> Reused<'a> {
    let stride = img.width() as usize * 4;
    let over = drawn
        .over
        .as_ref()
        .filter(|o| {
            o.pixels_at == img.as_raw().as_ptr() as usize
                && o.background.image.dimensions() == img.dimensions()
                && o.drawn.len() == img.height() as usize
        })
        .and_then(|o| {
            let codes = o
                .background
                .codes(|| SegmentCodes::of(o.background.image.as_raw(), stride))?;
            let fits = codes.stride == stride
                && codes.above.len() == o.drawn.len()
                && o.across == codes.across()
                && o.stamps.len() == o.drawn.len() * o.across;
            fits.then_some(Unchanged {
                codes,
                drawn: &o.drawn,
                stamps: &o.stamps,
            })
        });
    // A sprite's count of writes counts only with the note of its canvas.
    let canvas = drawn.over.as_ref().map(|o| o.canvas);
    let sprites = drawn.sprites.iter().map(|(kept, placed)| {
        let written = placed
            .filter(|(on, _)| over.is_some() && Some(*on) == canvas)
            .map(|(_, writes)| writes);
        (kept, written)
    });
    Reused {
        sprites: placed_sprites(sprites, img.dimensions()),
        over,
    }
}

/// [`Reused`] with sprites only: those of `sprites` that lie within an image of this
/// size.
pub fn placed(
    sprites: &[std::sync::Arc<super::sprites::Kept>],
    size: (u32, u32),
) -> Reused<'static> {
    Reused {
        sprites: placed_sprites(sprites.iter().map(|k| (k, None)), size),
        over: None,
    }
}

/// The sprites placed on an image, as the coder takes them: those whose boxes lie within
/// the image, with a pixel for each place of the box, by their top rows.
fn placed_sprites<'a>(
    sprites: impl Iterator<Item = (&'a std::sync::Arc<super::sprites::Kept>, Option<u32>)>,
    (width, height): (u32, u32),
) -> Vec<Placed> {
    let mut placed: Vec<Placed> = sprites
        .filter_map(|(kept, written)| {
            let (x0, y0, x1, y1) = kept.at();
            let fits = x0 < x1 && y0 < y1 && x1 <= width && y1 <= height;
            let whole = fits && kept.pixels().len() == ((x1 - x0) * (y1 - y0)) as usize * 4;
            whole.then(|| Placed {
                x0: x0 as usize * 4,
                x1: x1 as usize * 4,
                y0: y0 as usize,
                y1: y1 as usize,
                kept: kept.clone(),
                written,
            })
        })
        .collect();
    placed.sort_by_key(|p| (p.y0, p.x0));
    placed
}

/// The codes of a sprite's rows for images whose rows are `stride` bytes long. Each row
/// below the first has a core: from its first pixel that differs from the pixel above
/// to its last, coded on its own (its matches end within the core and look back no
/// further than its start, except to the row above). So a core's codes are right
/// wherever the image holds the core, and the sprite's row above over the same bytes:
/// `code_band` copies them. What lies around a core is as in the row above, and is
/// coded with the rest of the image's row, in the matches that run on from the left.
pub struct BoxCodes {
    stride: usize,
    /// By row (the first has an empty core).
    rows: Vec<CoreCodes>,
    /// The codes of every core, one after another, then 8 bytes of zeros (for the
    /// copier's reads of 8 bytes at once).
    bits: Vec<u8>,
}

/// A row's core, in bytes from the left of the sprite's box, and where its codes start
/// in [`BoxCodes::bits`], and how many bits they take.
struct CoreCodes {
    from: u32,
    to: u32,
    at: u32,
    len: u32,
}

impl BoxCodes {
    /// The codes of a box of `pixels`, `width` bytes a row; `None` where rows of `stride`
    /// bytes are coded without the row above, or the codes would not fit their counts,
    /// or would take more than half as many bytes as the pixels.
    pub fn of(pixels: &[u8], width: usize, stride: usize) -> Option<BoxCodes> {
        let mut coder = RowCoder::new(stride);
        if !coder.up_ok
            || !coder.hash_ok
            || width == 0
            || width > stride
            || !width.is_multiple_of(4)
        {
            return None;
        }
        let codes = &*FIXED;
        let mut out = Vec::new();
        let mut rows = Vec::with_capacity(pixels.len() / width);
        let mut bits = BitWriter::new(&mut out);
        let mut prev: Option<&[u8]> = None;
        for row in pixels.chunks_exact(width) {
            let differs = |x: &usize| prev.is_some_and(|p| p[*x..*x + 4] != row[*x..*x + 4]);
            let from = (0..width).step_by(4).find(differs);
            let to = (0..width).step_by(4).rev().find(differs).map(|x| x + 4);
            let (from, to) = from.zip(to).unwrap_or((0, 0));
            let at = bits.position();
            coder.begin_row();
            coder.code(&mut bits, codes, row, prev, from..to, from, false);
            let len = bits.position() - at;
            rows.push(CoreCodes {
                from: u32::try_from(from).ok()?,
                to: u32::try_from(to).ok()?,
                at: u32::try_from(at).ok()?,
                len: u32::try_from(len).ok()?,
            });
            prev = Some(row);
        }
        bits.finish();
        out.extend_from_slice(&[0; 8]);
        let codes = BoxCodes {
            stride,
            rows,
            bits: out,
        };
        // Codes as large as half the pixels save little, and are not kept: so a sprite
        // with its codes takes at most one and a half times its pixels, as the sprites'
        // budget counts it.
        (codes.bytes() <= pixels.len() / 2).then_some(codes)
    }

    /// The bytes it keeps.
    pub fn bytes(&self) -> usize {
        self.bits.len() + self.rows.len() * std::mem::size_of::<CoreCodes>()
    }
}

/// How many bytes across a segment is ([`super::cache::SEGMENT`] pixels).
const SEGMENT_BYTES: usize = super::cache::SEGMENT as usize * 4;

/// The codes of a cached background's rows, in segments of
/// [`super::cache::SEGMENT`] pixels, for images whose rows are `stride` bytes long.
/// Each segment below the first row is coded on its own: its matches end within it and
/// look back no further than its start, except to the row above (and the first
/// segment's codes begin with the row's filter byte). So its codes are right in any
/// image that holds the background's pixels in that segment and in the segment above
/// it, whatever the rest of the image holds: where the canvas noted that it drew over
/// neither ([`super::cache::Over`]), the coder copies them without reading the pixels.
/// It also takes from here the sums of a row's segments as in the background (found at
/// once for a run of them), and which segments are as the ones above.
pub struct SegmentCodes {
    stride: usize,
    /// The segments of a row: a bit for each.
    all: u32,
    /// By row, then segment: where its codes start in [`SegmentCodes::bits`] (none in the
    /// first row, which is never copied); then where the codes end. A segment's codes
    /// end where the next one's start.
    starts: Vec<u32>,
    /// By row: its segments as in the row above, a bit each.
    above: Vec<u32>,
    /// By row, then segment: the Adler sums of the row's bytes before the segment (each
    /// less than 65521), and last of the whole row; so the sums of each run of segments
    /// of a row are found at once.
    sums: Vec<[u16; 2]>,
    /// The codes, one segment after another, then 8 bytes of zeros (for the copier's
    /// reads of 8 bytes at once).
    bits: Vec<u8>,
}

impl SegmentCodes {
    /// The codes of an image of `pixels`, `stride` bytes a row; `None` where such rows
    /// are coded without the row above or the search by hash, are wider than 32
    /// segments, or the codes would not fit their counts.
    pub fn of(pixels: &[u8], stride: usize) -> Option<SegmentCodes> {
        let mut coder = RowCoder::new(stride);
        let across = stride.div_ceil(SEGMENT_BYTES);
        if !coder.up_ok || !coder.hash_ok || stride == 0 || !stride.is_multiple_of(4) || across > 32
        {
            return None;
        }
        let codes = &*FIXED;
        let rows = pixels.len() / stride;
        let mut out = Vec::new();
        let mut bits = BitWriter::new(&mut out);
        let mut starts = Vec::with_capacity(rows * across + 1);
        let mut above = Vec::with_capacity(rows);
        let mut sums = Vec::with_capacity(rows * (across + 1));
        let mut prev: Option<&[u8]> = None;
        for row in pixels.chunks_exact(stride) {
            coder.begin_row();
            let mut same = 0;
            let mut sum = AdlerSum::EMPTY;
            for s in 0..across {
                let (s0, s1) = (s * SEGMENT_BYTES, ((s + 1) * SEGMENT_BYTES).min(stride));
                if prev.is_some_and(|p| p[s0..s1] == row[s0..s1]) {
                    same |= 1 << s;
                }
                sums.push([sum.a as u16, sum.b as u16]);
                sum = sum.then(AdlerSum::of(&row[s0..s1]));
                starts.push(u32::try_from(bits.position()).ok()?);
                if prev.is_some() {
                    coder.code(&mut bits, codes, row, prev, s0..s1, s0, s == 0);
                }
            }
            sums.push([sum.a as u16, sum.b as u16]);
            above.push(same);
            prev = Some(row);
        }
        starts.push(u32::try_from(bits.position()).ok()?);
        bits.finish();
        out.extend_from_slice(&[0; 8]);
        Some(SegmentCodes {
            stride,
            all: u32::MAX >> (32 - across),
            starts,
            above,
            sums,
            bits: out,
        })
    }

    /// How many segments a row has.
    fn across(&self) -> usize {
        self.all.count_ones() as usize
    }

    /// The sums of row `y`'s bytes before its segment `s` (its length if `s` is past
    /// the last).
    fn sum_before(&self, y: usize, s: usize) -> AdlerSum {
        let [a, b] = self.sums[y * (self.across() + 1) + s];
        AdlerSum {
            a: a.into(),
            b: b.into(),
            len: (s * SEGMENT_BYTES).min(self.stride) as u32 % ADLER_MOD,
        }
    }
}

impl Unchanged<'_> {
    /// Whether the canvas wrote nothing in bytes `c0..c1` of rows `y - 1` and `y` after
    /// its count of writes was `written`.
    fn untouched_since(&self, written: u32, y: usize, (c0, c1): (usize, usize)) -> bool {
        let across = self.codes.across();
        let (s0, s1) = (c0 / SEGMENT_BYTES, (c1 - 1) / SEGMENT_BYTES);
        // A count of writes at its most may have been reached again since.
        y > 0
            && written < u32::MAX
            && c0 < c1
            && [y - 1, y].iter().all(|&r| {
                self.stamps[r * across..][s0..=s1]
                    .iter()
                    .all(|&stamp| stamp <= written)
            })
    }

    /// The Adler sums of row `y`'s filter byte and bytes `row`: its segments not drawn
    /// over have the background's sums.
    fn row_sum(&self, row: &[u8], y: usize) -> AdlerSum {
        let codes = self.codes;
        let mut clean = !self.drawn[y] & codes.all;
        let mut sum = FILTER_BYTE;
        let mut x = 0;
        while clean != 0 {
            let s = clean.trailing_zeros() as usize;
            let t = s + (clean >> s).trailing_ones() as usize;
            clean &= !super::cache::segments(s, t - 1);
            let (s0, t0) = (s * SEGMENT_BYTES, (t * SEGMENT_BYTES).min(row.len()));
            if s0 > x {
                sum = sum.then(AdlerSum::of(&row[x..s0]));
            }
            sum = sum.then(codes.sum_before(y, s).until(codes.sum_before(y, t)));
            x = t0;
        }
        if x < row.len() {
            sum = sum.then(AdlerSum::of(&row[x..]));
        }
        sum
    }

    /// Copies the codes of the row's segments left in `at.free` (this row's and the one
    /// above as in the background) that end by `until`, coding what lies between `at.x`
    /// and each as pixels; takes them out of `at.free`, and moves `at.x` past them.
    #[inline]
    fn copy_free(
        &self,
        bits: &mut BitWriter,
        coder: &mut RowCoder,
        (row, prev, y): (&[u8], Option<&[u8]>, usize),
        at: &mut RowCursor,
        until: usize,
    ) {
        let stride = self.codes.stride;
        let across = self.codes.across();
        let end_of = |s: usize| ((s + 1) * SEGMENT_BYTES).min(stride);
        while at.free != 0 {
            let s = at.free.trailing_zeros() as usize;
            if end_of(s) > until {
                return;
            }
            // A segment that what was coded reaches into is coded with the rest (never
            // where the drawing noted what it wrote: a sprite's core lies in segments
            // drawn over).
            let s0 = s * SEGMENT_BYTES;
            if s0 < at.x {
                at.free &= at.free - 1;
                continue;
            }
            // The run of free segments from `s` that ends by `until`: their codes lie
            // one after another.
            let mut t = s + (at.free >> s).trailing_ones() as usize - 1;
            while end_of(t) > until {
                t -= 1;
            }
            at.free &= !super::cache::segments(s, t);
            if s0 > at.x {
                coder.code(bits, &FIXED, row, prev, at.x..s0, 0, at.starts_row);
                at.starts_row = false;
            }
            // The first segment's codes begin with the filter byte: none is coded yet.
            let (start, end) = (
                self.codes.starts[y * across + s],
                self.codes.starts[y * across + t + 1],
            );
            bits.copy(&self.codes.bits, start as usize, (end - start) as usize);
            at.x = end_of(t);
            at.starts_row = false;
        }
    }
}

/// What coding a row needs besides the row: its distances, and where each hashed pair
/// of pixels was last seen.
struct RowCoder {
    /// Where each hashed pair of pixels was last seen: the row's stamp and the byte in
    /// it, in 16 KB, which stays in the first-level cache beside the rows. Only places
    /// in the current row are used (every match is checked byte by byte too).
    seen: [u32; 1 << HASH_BITS],
    /// The stamp of the row being coded: a count of the rows begun, different for each
    /// of the last 65,536 (the table is cleared when it wraps), so that a table kept
    /// from band to band (see [`CODER`]) holds no place another row could take for its
    /// own, and the codes never depend on what was coded before.
    stamp: u16,
    stride: usize,
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
            stride,
            up_ok: stride < 32_768,
            up: distance_bits(stride + 1),
            left: distance_bits(4),
            up_right: distance_bits(stride - 3),
            hash_ok: stride <= usize::from(u16::MAX),
        }
    }

    /// This coder for rows of `stride` bytes, with its table as it is.
    fn for_stride(mut self: Box<Self>, stride: usize) -> Box<Self> {
        let RowCoder { seen, stamp, .. } = *self;
        *self = RowCoder {
            seen,
            stamp,
            ..RowCoder::new(stride)
        };
        self
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

    /// Codes the bytes `span` of `row` (the row last begun, below `prev`), after the
    /// row's filter byte if `starts_row`: each match ends within the span, and looks back
    /// no further than `floor` in the row (or to the row above).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn code(
        &mut self,
        bits: &mut BitWriter,
        codes: &FixedCodes,
        row: &[u8],
        prev: Option<&[u8]>,
        span: std::ops::Range<usize>,
        floor: usize,
        starts_row: bool,
    ) {
        let (mut x, end) = (span.start, span.end);
        let (up, left) = (self.up, self.left);
        if starts_row {
            // The filter byte, matched with the one above along with the pixels after it.
            match prev
                .map(|p| common(row, p, x, x, MAX_MATCH.min(end - x)))
                .unwrap_or(0)
            {
                0 => bits.literal(codes, 0),
                n => {
                    bits.matched(codes, n + 1, up);
                    x += n;
                }
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
            if best.0 < GOOD_ENOUGH && x >= floor + 4 && pixel(row, x - 4) == here {
                let n = common(row, row, x, x - 4, max);
                if n > best.0 {
                    best = (n, left);
                }
            }
            if best.0 < GOOD_ENOUGH && self.hash_ok && x + 8 <= row.len() {
                let pair = u64::from_le_bytes(row[x..x + 8].try_into().expect("8 bytes"));
                let slot = (pair.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - HASH_BITS)) as usize;
                let seen = self.seen[slot];
                let (seen_y, seen_x) = ((seen >> 16) as u16, (seen & 0xffff) as usize);
                if seen_y == self.stamp && seen_x < x && seen_x >= floor && x - seen_x <= 32_768 {
                    let n = common(row, row, x, seen_x, max);
                    if n > best.0 {
                        best = (n, distance_bits(x - seen_x));
                    }
                }
                self.seen[slot] = u32::from(self.stamp) << 16 | x as u32;
            }
            // Nothing found: the pixel above and to the right, where a line rising at
            // 45° was a row before (Banglagor's hatched ranks).
            if best.0 < 4 && x + 8 <= end {
                if let Some(prev) = prev {
                    // Its bytes end within the span too, in the row above: a
                    // sprite's core is checked above it, and no further.
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

/// The longest match, in bytes: 64 pixels (DEFLATE allows 258).
const MAX_MATCH: usize = 256;
const HASH_BITS: u32 = 12;
/// A match found this long (4 pixels) is taken without looking for a longer one to the
/// left or by the hash: measured on the 5×5 sidja and four-player xiangqi boards, 8
/// pixels coded them 10 % faster for 1 % more bytes than looking whenever a match is
/// shorter than [`MAX_MATCH`]; 4 pixels, about 1 % faster again on Banglagor's board on
/// one thread (2026-11-27, three rounds by turns), 8 bytes fewer there.
const GOOD_ENOUGH: usize = 16;

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
/// pixels. Always inlined into the coder's four candidates: 7 % fewer instructions and
/// about 5 % less time on Banglagor's and the xiangqi boards (callgrind, and best of 500
/// codings on one thread, interleaved with the call kept).
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

    /// How many bits have been written.
    fn position(&self) -> usize {
        self.out.len() * 8 + self.n as usize
    }

    /// Writes the `len` bits of `from` that start at bit `at` (`from` goes on for at
    /// least 8 bytes after them).
    #[inline]
    fn copy(&mut self, from: &[u8], mut at: usize, mut len: usize) {
        let word = |at: usize| {
            let bytes: [u8; 8] = from[at / 8..at / 8 + 8].try_into().expect("8 bytes");
            u64::from_le_bytes(bytes) >> (at % 8)
        };
        if len >= 128 {
            // Whole bytes out of the accumulator (fewer than 8 bits are left in it), then
            // 64 bits at a time into room made for them at once.
            while self.n >= 8 {
                self.out.push(self.acc as u8);
                self.acc >>= 8;
                self.n -= 8;
            }
            let pos = self.out.len();
            let words = len / 64;
            self.out.resize(pos + words * 8 + 8, 0);
            let n = self.n;
            let (byte, shift) = (at / 8, (at % 8) as u32);
            // The source's words and the byte after each (the codes are followed by 8
            // bytes of zeros), taken once as slices: no bounds checked in the loop.
            let source = &from[byte..byte + words * 8 + 1];
            let lows = source.chunks_exact(8);
            let highs = source[8..].iter().step_by(8);
            let mut acc = self.acc;
            for ((into, low), &high) in self.out[pos..pos + words * 8]
                .chunks_exact_mut(8)
                .zip(lows)
                .zip(highs)
            {
                let low = u64::from_le_bytes(low.try_into().expect("8 bytes"));
                // The 64 bits from `at`: the word's from its bit `shift`, and the next
                // byte's first bits.
                let bits = if shift == 0 {
                    low
                } else {
                    low >> shift | u64::from(high) << (64 - shift)
                };
                into.copy_from_slice(&(acc | bits << n).to_le_bytes());
                acc = if n == 0 { 0 } else { bits >> (64 - n) };
            }
            self.acc = acc;
            at += words * 64;
            len -= words * 64;
            self.out.truncate(pos + words * 8);
        }
        while len >= 32 {
            self.put(word(at) & 0xffff_ffff, 32);
            at += 32;
            len -= 32;
        }
        if len > 0 {
            self.put(word(at) & ((1 << len) - 1), len as u32);
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
    fn the_sums_between_two_prefixes_are_the_sums_of_the_bytes_between() {
        let bytes: Vec<u8> = (0..150_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8)
            .collect();
        for (i, j) in [
            (0, 0),
            (0, 1),
            (3, 3),
            (7, 5_560),
            (5_552, 131_071),
            (1, 150_000),
        ] {
            let (before, upto) = (AdlerSum::of(&bytes[..i]), AdlerSum::of(&bytes[..j]));
            assert_eq!(before.until(upto), AdlerSum::of(&bytes[i..j]), "{i}..{j}");
        }
    }

    #[test]
    fn sums_joined_near_the_modulus_are_reduced_as_by_division() {
        // The sums as joined before by three divisions, for the values at the edges.
        let m = u64::from(ADLER_MOD);
        let then = |x: AdlerSum, y: AdlerSum| AdlerSum {
            a: ((u64::from(x.a) + u64::from(y.a)) % m) as u32,
            b: ((u64::from(x.b) + u64::from(y.b) + u64::from(y.len) * u64::from(x.a)) % m) as u32,
            len: ((u64::from(x.len) + u64::from(y.len)) % m) as u32,
        };
        let edges = [0, 1, 2, 32_760, 65_519, 65_520];
        for &a in &edges {
            for &b in &edges {
                for &len in &edges {
                    let x = AdlerSum { a, b, len };
                    for &c in &edges {
                        let y = AdlerSum {
                            a: c,
                            b: 65_520 - c,
                            len: (c + 7) % ADLER_MOD,
                        };
                        let joined = x.then(y);
                        assert_eq!(joined, then(x, y), "{x:?} then {y:?}");
                        assert_eq!(x.until(joined), y, "{x:?} until {joined:?}");
                    }
                }
            }
        }
    }

    /// The coder's table of places is kept from band to band and image to image on a
    /// thread; a row's codes must not depend on what it holds. Row B repeats a pair of
    /// pixels that row A has at the same place (so B matches it with the row above,
    /// without hashing it there) and again further on: a place left by row A would be
    /// taken for B's own there. Row B is coded after row A as by a new coder, and so when
    /// the rows' stamps wrap between them.
    #[test]
    fn a_coder_kept_from_row_to_row_codes_each_row_as_a_new_one() {
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
            coder.code(&mut bits, codes, &b, Some(&a), 0..stride, 0, true);
            bits.finish();
            out
        };
        let new = code_b(&mut RowCoder::new(stride));
        for stamp_before_b in [None, Some(u16::MAX - 1)] {
            let mut kept = RowCoder::new(stride);
            kept.begin_row();
            let mut out = Vec::new();
            kept.code(
                &mut BitWriter::new(&mut out),
                codes,
                &a,
                None,
                0..stride,
                0,
                true,
            );
            if let Some(stamp) = stamp_before_b {
                // Row B's stamp is then row A's again.
                kept.stamp = stamp;
            }
            assert_eq!(code_b(&mut kept), new, "stamp before B: {stamp_before_b:?}");
        }
    }

    /// The same, for whole images: one coded on a new thread, and again on a thread that
    /// has coded more than 65,536 rows before it, has the same bytes.
    #[test]
    fn an_image_is_coded_alike_by_a_new_thread_and_a_busy_one() {
        let img = RgbaImage::from_fn(200, 600, |x, y| {
            let word = (x + y * 3) % 23;
            Rgba([(word * 11) as u8, (word * 7 + y % 2) as u8, 40, 255])
        });
        let code = move |img: &RgbaImage| {
            let mut out = Vec::new();
            let stride = img.width() as usize * 4;
            board_deflate_on(img.as_raw(), stride, &mut out, 1, &Reused::default());
            out
        };
        let fresh = std::thread::spawn({
            let img = img.clone();
            move || code(&img)
        })
        .join()
        .expect("coded");
        let other = RgbaImage::from_fn(50, 1_000, |x, y| {
            Rgba([(x % 7) as u8, (y % 3) as u8, 9, 255])
        });
        for _ in 0..70 {
            code(&other);
        }
        assert!(code(&img) == fresh);
        let mut png = Vec::new();
        encode_png_with(&img, &mut png, |_, _, out| {
            out.extend_from_slice(&fresh);
            None
        });
        assert!(decode(&png) == img);
    }

    #[test]
    fn bits_copied_are_the_bits_at_any_offset_of_any_length() {
        // Codes of odd lengths, then 8 bytes of zeros, as the kept codes are.
        let mut from = Vec::new();
        let mut writer = BitWriter::new(&mut from);
        for i in 0..400u64 {
            writer.put(i.wrapping_mul(0x9E37_79B9) & 0x1fff, 13);
        }
        writer.finish();
        from.extend_from_slice(&[0; 8]);
        let bit = |at: usize| u64::from(from[at / 8] >> (at % 8) & 1);
        for pending in [0, 1, 7, 8, 13, 31] {
            for (at, len) in [
                (0, 0),
                (3, 1),
                (5, 64),
                (0, 127),
                (9, 128),
                (17, 1000),
                (1, 5191),
            ] {
                let (mut copied, mut one_by_one) = (Vec::new(), Vec::new());
                for (out, by_bits) in [(&mut copied, false), (&mut one_by_one, true)] {
                    let mut w = BitWriter::new(out);
                    w.put(0x5555_5555 & ((1 << pending) - 1), pending);
                    if by_bits {
                        for i in at..at + len {
                            w.put(bit(i), 1);
                        }
                    } else {
                        w.copy(&from, at, len);
                    }
                    w.put(0b101, 3);
                    w.finish();
                }
                assert_eq!(copied, one_by_one, "{pending} bits, then {len} from {at}");
            }
        }
    }

    /// An image drawn over a cached background, as the renderers draw: shapes and text
    /// here and there, at the left edge and the right, over segments of the background
    /// (the last one narrower). Coded with the background's codes where it was not drawn
    /// over, it decodes to its pixels, in other bytes than coded whole, the same on one
    /// thread and two.
    #[test]
    fn an_image_drawn_over_its_background_is_coded_with_the_backgrounds_codes() {
        use super::super::cache::Background;
        use super::super::font::Weight;
        use super::super::raster::Canvas;
        use super::super::sprites::placing;
        use super::super::theme::rgb;
        let mut card = Canvas::new(600, 300, rgb(90, 60, 40));
        card.fill_rect(10, 10, 580, 280, rgb(220, 180, 120));
        card.hatch((10, 200, 580, 40), 6.0, 1.5, rgb(120, 80, 50));
        for i in 0..12 {
            card.line(
                (10.0 + 48.0 * i as f32, 10.0),
                (10.0 + 48.0 * i as f32, 290.0),
                1.5,
                rgb(0, 0, 0),
            );
            card.text(
                &i.to_string(),
                Weight::Regular,
                14.0,
                (14.0 + 48.0 * i as f32, 24.0),
                rgb(0, 0, 0),
            );
        }
        let card = card.into_image();
        let background = std::sync::Arc::new(Background::new(card.clone()));
        let (img, drawn) = placing(|| {
            let mut canvas = Canvas::over(card.clone(), background);
            canvas.fill_rect(0, 40, 30, 20, rgb(250, 0, 0));
            canvas.disc(300.0, 150.0, 25.0, rgb(255, 255, 255));
            canvas.disc(590.0, 220.0, 14.0, rgb(20, 20, 20));
            canvas.text(
                "Ход: alice",
                Weight::Bold,
                20.0,
                (200.0, 80.0),
                rgb(0, 0, 0),
            );
            canvas.into_image()
        });
        assert!(drawn.over.is_some());
        let mut with = Vec::new();
        encode_png_placed(&img, &drawn, &mut with);
        assert!(decode(&with) == img);
        let mut whole = Vec::new();
        encode_png_into(&img, &mut whole);
        assert!(with != whole, "the background's codes were not used");
        let copied = reused(&drawn, &img);
        let stride = img.width() as usize * 4;
        let (mut one, mut two) = (Vec::new(), Vec::new());
        board_deflate_on(img.as_raw(), stride, &mut one, 1, &copied);
        board_deflate_on(img.as_raw(), stride, &mut two, 2, &copied);
        assert!(one == two);
        // Another image of the same size is not coded with this one's note.
        let other = RgbaImage::from_pixel(600, 300, Rgba([1, 2, 3, 255]));
        assert!(reused(&drawn, &other).over.is_none());
    }

    /// A stone's box: flat ground, a disc of two colours, the ground again.
    fn stone_box(width: usize, height: usize) -> Vec<u8> {
        let mut pixels = Vec::new();
        let (cx, cy, r) = (
            width as i64 / 2,
            height as i64 / 2,
            width.min(height) as i64 / 3,
        );
        for y in 0..height as i64 {
            for x in 0..width as i64 {
                let d = (x - cx).pow(2) + (y - cy).pow(2);
                let p = match d {
                    d if d <= (r - 2).pow(2) => [30, 30, 30, 255],
                    d if d <= r.pow(2) => [90, (x * 7) as u8, 10, 255],
                    _ => [200, 170, 120, 255],
                };
                pixels.extend_from_slice(&p);
            }
        }
        pixels
    }

    #[test]
    fn a_sprites_rows_are_coded_from_their_first_change_to_their_last() {
        let (width, height) = (20, 16);
        let pixels = stone_box(width, height);
        let codes = BoxCodes::of(&pixels, width * 4, 400 * 4).expect("codes");
        assert_eq!(codes.rows.len(), height);
        // The first row has no row above in the sprite: nothing to copy.
        assert_eq!((codes.rows[0].from, codes.rows[0].to), (0, 0));
        for (r, core) in codes.rows.iter().enumerate().skip(1) {
            let row = &pixels[r * width * 4..][..width * 4];
            let above = &pixels[(r - 1) * width * 4..][..width * 4];
            let differ: Vec<usize> = (0..width * 4)
                .step_by(4)
                .filter(|&x| row[x..x + 4] != above[x..x + 4])
                .collect();
            match (differ.first(), differ.last()) {
                (Some(&a), Some(&b)) => {
                    assert_eq!(
                        (core.from as usize, core.to as usize),
                        (a, b + 4),
                        "row {r}"
                    )
                }
                _ => assert_eq!(core.from, core.to, "row {r}"),
            }
        }
        // Rows too wide for the row above to be in DEFLATE's window: no codes.
        assert!(BoxCodes::of(&pixels, width * 4, 40_000).is_none());
        // Noise codes to more than half its bytes: not kept (the sprites' budget counts
        // a sprite's codes as half its pixels at most).
        let noise: Vec<u8> = (0..width * height * 4)
            .map(|i| (i * 97 % 251) as u8)
            .collect();
        assert!(BoxCodes::of(&noise, width * 4, 400 * 4).is_none());
        assert!(codes.bytes() <= pixels.len() / 2);
    }

    #[test]
    fn a_stone_placed_twice_in_a_row_is_copied_then_matched() {
        // A board of flat ground with the same stone at two places of one row, and a
        // third that was drawn over after it was placed.
        let (w, h) = (20u32, 16u32);
        let stone = stone_box(w as usize, h as usize);
        let mut img = RgbaImage::from_pixel(200, 40, Rgba([200, 170, 120, 255]));
        let mut sprites = Vec::new();
        for x0 in [10u32, 60, 120] {
            for (i, p) in stone.chunks_exact(4).enumerate() {
                let (x, y) = (x0 + i as u32 % w, 10 + i as u32 / w);
                img.put_pixel(x, y, Rgba(p.try_into().expect("a pixel")));
            }
            let at = (x0, 10, x0 + w, 10 + h);
            sprites.push(std::sync::Arc::new(super::super::sprites::Kept::new(
                at,
                stone.clone(),
            )));
        }
        img.put_pixel(130, 18, Rgba([1, 2, 3, 255]));
        let mut plain = Vec::new();
        encode_png_into(&img, &mut plain);
        let mut placed = Vec::new();
        let drawn = Drawn {
            sprites: sprites.into_iter().map(|k| (k, None)).collect(),
            over: None,
        };
        encode_png_placed(&img, &drawn, &mut placed);
        assert!(decode(&placed) == img);
        // The second stone is one match a row, where the coder alone wrote the stone's
        // edges again: the bytes differ, so the sprites were used.
        assert!(placed != plain);
    }

    #[test]
    fn sprites_crossing_the_start_of_a_band_are_coded_from_their_codes() {
        // Two stones whose boxes cross the first row of the second band (row 25 of 200):
        // the one placed first lies to the right of the other.
        let (w, h) = (40u32, 40u32);
        let stone = stone_box(w as usize, h as usize);
        let mut img = RgbaImage::from_pixel(400, 200, Rgba([200, 170, 120, 255]));
        assert!(img.as_raw().len() >= BANDED_FROM);
        let mut sprites = Vec::new();
        for (x0, y0) in [(300u32, 10u32), (40, 12)] {
            for (i, p) in stone.chunks_exact(4).enumerate() {
                let (x, y) = (x0 + i as u32 % w, y0 + i as u32 / w);
                img.put_pixel(x, y, Rgba(p.try_into().expect("a pixel")));
            }
            let at = (x0, y0, x0 + w, y0 + h);
            sprites.push(std::sync::Arc::new(super::super::sprites::Kept::new(
                at,
                stone.clone(),
            )));
        }
        let stride = img.width() as usize * 4;
        // Every row of each stone below its first that differs from the row above.
        let codes = BoxCodes::of(&stone, w as usize * 4, stride).expect("codes");
        let rows = codes.rows.iter().skip(1).filter(|c| c.from < c.to).count();
        let reused = placed(&sprites, img.dimensions());
        let mut png = Vec::new();
        SPRITE_ROWS.with(|n| n.set(0));
        encode_png_with(&img, &mut png, |pixels, stride, out| {
            Some(board_deflate_on(pixels, stride, out, 1, &reused))
        });
        assert_eq!(SPRITE_ROWS.with(|n| n.get()), 2 * rows);
        assert!(decode(&png) == img);
    }

    /// Waits until the helper has gone back to sleep after image `begun` (any image if
    /// none), for ten seconds at most, having slept `slept` times before: whether it did.
    fn helper_slept(begun: Option<usize>, slept: usize) -> bool {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            {
                let done = SLEPT.lock().unwrap_or_else(|e| e.into_inner());
                if done.len() > slept && begun.is_none_or(|b| done.contains(&b)) {
                    return true;
                }
            }
            if std::time::Instant::now() > until {
                return false;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// Codes `img` on two threads with `panics_on` set to it (so that one of the threads
    /// panics), then again on one thread and two; returns whether the first coding failed
    /// and whether the next two gave the same bytes, or `None` if that took over 20 s.
    fn fails_then_codes(
        panics_on: &'static std::sync::atomic::AtomicUsize,
        img: RgbaImage,
    ) -> Option<(bool, bool)> {
        use std::sync::atomic::Ordering;
        let stride = img.width() as usize * 4;
        let (sender, receiver) = std::sync::mpsc::channel();
        let coder = std::thread::spawn(move || {
            panics_on.store(img.as_raw().as_ptr() as usize, Ordering::Relaxed);
            let failed = std::panic::catch_unwind(|| {
                let mut out = Vec::new();
                board_deflate_on(img.as_raw(), stride, &mut out, 2, &Reused::default());
            })
            .is_err();
            panics_on.store(0, Ordering::Relaxed);
            let (mut one, mut two) = (Vec::new(), Vec::new());
            board_deflate_on(img.as_raw(), stride, &mut one, 1, &Reused::default());
            board_deflate_on(img.as_raw(), stride, &mut two, 2, &Reused::default());
            let _ = sender.send((failed, one == two));
        });
        let outcome = receiver
            .recv_timeout(std::time::Duration::from_secs(20))
            .ok();
        if outcome.is_some() {
            let _ = coder.join();
        }
        outcome
    }

    #[test]
    fn a_helper_that_fails_fails_its_image_and_codes_the_next() {
        if HELPER.is_none() {
            return;
        }
        // This thread waits for the helper's last band itself: a panic in the helper's
        // job must end that wait, and reach the caller, not leave it waiting for ever.
        let img = RgbaImage::from_fn(400, 200, |x, y| Rgba([x as u8, y as u8, 9, 255]));
        let (failed, same) = fails_then_codes(&HELPER_PANICS_ON, img)
            .expect("the image whose helper failed was still being coded after 20 s");
        assert!(failed, "the helper's panic did not reach the caller");
        assert!(same, "the next image was not coded as before");
    }

    #[test]
    fn a_coding_thread_that_fails_leaves_no_helper_waiting() {
        if HELPER.is_none() {
            return;
        }
        // The helper, its bands coded, waits for this thread to hand it the output: a
        // panic here must end that wait (the scope waits for the helper's job before it
        // raises the panic), and the next image be coded as before.
        let img = RgbaImage::from_fn(400, 300, |x, y| Rgba([x as u8, y as u8, 7, 255]));
        let (failed, same) = fails_then_codes(&CODER_PANICS_ON, img)
            .expect("the image whose coding thread failed was still being coded after 20 s");
        assert!(failed, "the coding thread's panic did not reach the caller");
        assert!(same, "the next image was not coded as before");
    }

    #[test]
    fn the_helper_stays_awake_after_an_image_until_the_next_begins() {
        use std::sync::atomic::Ordering;
        let Some(helper) = &*HELPER else {
            return;
        };
        let slept = || SLEPT.lock().unwrap_or_else(|e| e.into_inner()).len();
        // Kept awake for an hour at most, it stays awake while no image begins, and
        // sleeps as soon as one does.
        let before = slept();
        let mine = BEGUN.fetch_add(1, Ordering::Relaxed) + 1;
        stay_awake(helper, mine, std::time::Duration::from_secs(3600));
        std::thread::sleep(std::time::Duration::from_millis(20));
        let asleep = SLEPT
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&mine);
        // (Unless another test began an image meanwhile.)
        if BEGUN.load(Ordering::Relaxed) == mine {
            assert!(!asleep, "the helper slept with no image begun");
        }
        BEGUN.fetch_add(1, Ordering::Relaxed);
        assert!(helper_slept(Some(mine), before), "the helper still awake");
        // After an image coded on two threads, it goes back to sleep by itself (or when
        // another test's image begins).
        let img = RgbaImage::from_fn(400, 200, |x, y| Rgba([x as u8, y as u8, 7, 255]));
        let stride = img.width() as usize * 4;
        let before = slept();
        let (mut one, mut two) = (Vec::new(), Vec::new());
        board_deflate_on(img.as_raw(), stride, &mut two, 2, &Reused::default());
        assert!(helper_slept(None, before), "the helper still awake");
        // The next image is coded as before, the same bytes on one thread or two.
        board_deflate_on(img.as_raw(), stride, &mut one, 1, &Reused::default());
        two.clear();
        board_deflate_on(img.as_raw(), stride, &mut two, 2, &Reused::default());
        assert!(one == two);
    }

    #[test]
    fn a_line_rising_at_45_degrees_is_matched_with_the_row_above() {
        // Hatching: a pixel is dark where x + y is a multiple of 7, in shades no run or
        // hash finds along the row.
        let img = RgbaImage::from_fn(300, 60, |x, y| {
            let u = (x + y) % 7;
            Rgba([40 * u as u8, 255 - 30 * u as u8, ((x + y) / 7) as u8, 255])
        });
        let mut out = Vec::new();
        encode_png_into(&img, &mut out);
        assert!(decode(&out) == img);
        // Each row is the row above moved one pixel left: a match or two a row, where
        // four literals a pixel would take some 60 KB.
        assert!(out.len() < 6_000, "{} bytes", out.len());
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
