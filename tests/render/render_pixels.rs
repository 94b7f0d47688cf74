//! The pixels of a fixed set of boards of every game, locked by a hash of their RGBA
//! bytes: restructuring the renderers must change no pixel (the hashes were recorded
//! from the renderers before they were split into theme, raster, board and header).

use boardpost::games::{AnyGame, GameKind, GameOptions, Seat};
use boardpost::render::{render_image, RenderOptions};

/// FNV-1a over the image's size and RGBA bytes.
fn pixel_hash(game: &AnyGame, opts: &RenderOptions) -> u64 {
    let image = render_image(game, opts);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let size = [image.width().to_le_bytes(), image.height().to_le_bytes()].concat();
    for b in size.iter().chain(image.as_raw().iter()) {
        hash ^= *b as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// A game of `kind` played `plies` actions deep by a fixed choice of legal actions.
fn position(kind: GameKind, options: &[&str], plies: usize) -> AnyGame {
    let mut game = GameOptions::parse(kind, options).unwrap().start();
    for i in 0..plies {
        let legal = game.legal();
        if legal.is_empty() {
            break;
        }
        let pick = legal[(i * 7 + 3) % legal.len()].clone();
        game.play(&pick).unwrap();
    }
    game
}

fn cases() -> Vec<(String, AnyGame, RenderOptions)> {
    let names = ["alice", "bob", "carol", "dave"];
    let mut cases = Vec::new();
    let games: [(GameKind, &[&str], usize); 8] = [
        (GameKind::Sidja, &[], 30),
        (GameKind::Sidja, &["size=9", "variant=sidja"], 90),
        (GameKind::Sidja, &["variant=seega", "opening=cross"], 40),
        (GameKind::Yote, &[], 40),
        (GameKind::Banglagor, &[], 40),
        (GameKind::Xiangqi, &[], 40),
        (GameKind::Xiangqi4, &[], 60),
        (GameKind::Xiangqi4, &["mode=teams"], 30),
    ];
    for (kind, options, plies) in games {
        let game = position(kind, options, plies);
        for viewer in [None, Some(Seat::SECOND)] {
            let opts = RenderOptions::new(names).viewed_by(viewer);
            cases.push((
                format!("{kind} {options:?} {plies} {viewer:?}"),
                game.clone(),
                opts,
            ));
        }
    }
    // Long names, cut to fit.
    let long = "a name far too long to fit in the header of any board image at all";
    let game = position(GameKind::Sidja, &[], 10);
    cases.push((
        "sidja long names".to_string(),
        game,
        RenderOptions::new([long, long]),
    ));
    cases
}

const EXPECTED: &[u64] = &[
    0x89bcd4031f30f0c4,
    0x95b766429af294a0,
    0x10f60e32db2812d2,
    0x1dddff4c1ac6d50f,
    0xd1f11ef7f8fb9f9b,
    0xead74eedf89d8e19,
    0x6bed74008fc79bad,
    0xbd8f78fdf7454855,
    0xe4207b8116aa817d,
    0xa3009dfa36da983f,
    0xa48a140c500a9d27,
    0xa367f72b46e83cd2,
    0x0e3dda3a6b306277,
    0x5d5892a695e17ddd,
    0x12c200061e3275c7,
    0xed37679f15f5f641,
    0x62301b14d7a43d07,
];

#[test]
fn every_board_keeps_its_pixels() {
    let got: Vec<u64> = cases()
        .iter()
        .map(|(_, game, opts)| pixel_hash(game, opts))
        .collect();
    for ((name, _, _), (got, want)) in cases().iter().zip(got.iter().zip(EXPECTED)) {
        assert_eq!(got, want, "{name}: the pixels changed");
    }
    assert_eq!(got.len(), EXPECTED.len());
}

/// A PNG's pixels, decoded by the `image` crate.
fn decode(png: &[u8]) -> image::RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .unwrap()
        .to_rgba8()
}

/// The PNG encoder (`boardpost_png`) against zlib level 1, unfiltered, through the `png`
/// crate: the same drawing, decoded, has the same pixels, and every board stays under
/// 200 KB; drawn and coded as the bot does too.
#[test]
fn the_png_encoder_keeps_every_pixel() {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::{ExtendedColorType, ImageEncoder};
    let mut out = Vec::new();
    for (name, game, opts) in cases() {
        let image = render_image(&game, &opts);
        let mut before = Vec::new();
        PngEncoder::new_with_quality(&mut before, CompressionType::Level(1), FilterType::NoFilter)
            .write_image(
                image.as_raw(),
                image.width(),
                image.height(),
                ExtendedColorType::Rgba8,
            )
            .unwrap();
        boardpost::render::encode_png_into(&image, &mut out);
        assert!(decode(&out) == decode(&before), "{name}: the pixels differ");
        assert!(decode(&out) == image, "{name}: not the image drawn");
        assert!(out.len() < 200 * 1024, "{name}: {} bytes", out.len());
        // As the bot makes them: drawn (the second time from the pieces kept the first
        // time), coded into a reused buffer.
        for round in 0..2 {
            boardpost::render::render_png_into(&game, &opts, &mut out);
            assert!(
                decode(&out) == image,
                "{name}, round {round}: not the image drawn"
            );
            assert!(out.len() < 200 * 1024, "{name}: {} bytes", out.len());
        }
    }
}

/// Positions of random games of every kind, at several depths, from every side and in
/// both languages: locked like the fixed boards above (the hashes were recorded before
/// the renderers cached their backgrounds, issue 19).
fn random_cases() -> Vec<(String, AnyGame, RenderOptions)> {
    use boardpost::games::Game as _;
    use boardpost::i18n::Lang;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let games: [(GameKind, &[&str]); 8] = [
        (GameKind::Sidja, &["variant=sudan", "size=5"]),
        (GameKind::Sidja, &["variant=seega", "size=7"]),
        (GameKind::Sidja, &["variant=sidja", "size=9"]),
        (GameKind::Yote, &[]),
        (GameKind::Banglagor, &[]),
        (GameKind::Xiangqi, &[]),
        (GameKind::Xiangqi4, &[]),
        (GameKind::Xiangqi4, &["mode=teams"]),
    ];
    let names = ["alice", "bob", "carol", "dave"];
    let mut cases = Vec::new();
    for (g, (kind, options)) in games.into_iter().enumerate() {
        let mut rng = SmallRng::seed_from_u64(g as u64 + 100);
        let mut game = GameOptions::parse(kind, options).unwrap().start();
        let seats = game.seat_count() as u8;
        for (step, depth) in [0usize, 3, 9, 25, 60, 140].into_iter().enumerate() {
            while game.history().len() < depth {
                let legal = game.legal();
                if legal.is_empty() {
                    break;
                }
                let pick = legal[rng.gen_range(0..legal.len())].clone();
                game.play(&pick).unwrap();
            }
            let viewer = match step % 3 {
                0 => None,
                _ => Seat::from_number(1 + (step as u8) % seats),
            };
            let lang = if step % 2 == 0 { Lang::En } else { Lang::Ru };
            let opts = RenderOptions::new(names).viewed_by(viewer).in_lang(lang);
            cases.push((
                format!("{kind} {options:?} {depth} {viewer:?} {lang:?}"),
                game.clone(),
                opts,
            ));
        }
    }
    cases
}

const EXPECTED_RANDOM: &[u64] = &[
    0xcef377f9cab7f99c,
    0x4f41515358c53f27,
    0xeea4d3220423e5ce,
    0xc71bfffe1f2e1abc,
    0x8067314c8f27f534,
    0xca73717c409a383a,
    0xc6923721827f246e,
    0x7c0fbbbfdc3d15ab,
    0xae7d9eb95bd3f367,
    0xa813d075f7536e0f,
    0x91347de660f86b5b,
    0x7fbfad4a04d9402d,
    0xe9427b4f7c82745c,
    0x563e55d00193168f,
    0x58ce643b5ed86e18,
    0x3934b9650efcac05,
    0xd58a0fc4c89f6758,
    0xe44cb7c6ff723a68,
    0xc655d843e19c6570,
    0x951e4903b3998b97,
    0x169fdf6899aff1ae,
    0xa4b7890de330e847,
    0x2a08957400bbe0d8,
    0x4f108be00aba7e2a,
    0xc46e7d6d4ebb120a,
    0x79bc1ee11c2ce5f5,
    0x9400e55de02c0015,
    0xc4143467b115b8ef,
    0x8e968fb27c0df39c,
    0x8793f5b5fbde4fca,
    0x8b0000fcf05979a5,
    0x9b03206c74ca3d82,
    0x1fa1713b37063cc0,
    0xa0ffa963a41d06e1,
    0x31e6b177e12d9796,
    0x7f00e8ee363c4c38,
    0xe5b9f26c012b1486,
    0x1e4932dda8115a6e,
    0x44b91328693d1534,
    0x4755eac2f39d3d6c,
    0x29334024cd54e1a3,
    0x420aa743cc66b516,
    0x87036d74710be446,
    0xa3c7056e4794ee1d,
    0xe5c14b7990b7c481,
    0xe91a53374507a956,
    0x9c62d6a6ffe43d1f,
    0xedf183741bbaac03,
];

#[test]
fn boards_of_random_games_keep_their_pixels() {
    // Drawn whole, then from cached backgrounds (twice: the second time every
    // background is already kept).
    let whole: Vec<u64> = boardpost::render::cache::without_cache(|| {
        random_cases()
            .iter()
            .map(|(_, game, opts)| pixel_hash(game, opts))
            .collect()
    });
    for ((name, _, _), (got, want)) in random_cases().iter().zip(whole.iter().zip(EXPECTED_RANDOM))
    {
        assert_eq!(
            got, want,
            "{name}: the pixels drawn without the cache changed"
        );
    }
    let _: Vec<u64> = random_cases()
        .iter()
        .map(|(_, game, opts)| pixel_hash(game, opts))
        .collect();
    let got: Vec<u64> = random_cases()
        .iter()
        .map(|(_, game, opts)| pixel_hash(game, opts))
        .collect();
    if std::env::var_os("PRINT_PIXEL_HASHES").is_some() {
        for h in &got {
            println!("    {h:#018x},");
        }
    }
    for ((name, _, _), (got, want)) in random_cases().iter().zip(got.iter().zip(EXPECTED_RANDOM)) {
        assert_eq!(got, want, "{name}: the pixels changed");
    }
    assert_eq!(got.len(), EXPECTED_RANDOM.len());
}

/// Pieces are drawn once per place, look and ground, then copied (issue 19,
/// `render::sprites`): along seeded games of every kind, seen from every side, each
/// board drawn with the kept pieces of all the boards before it has exactly the pixels
/// of the same board drawn whole.
#[test]
fn kept_pieces_give_the_pixels_of_pieces_drawn_whole() {
    use boardpost::games::Game as _;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let games: [(GameKind, &[&str]); 6] = [
        (GameKind::Sidja, &["variant=sudan", "size=5"]),
        (GameKind::Sidja, &["variant=sidja", "size=7"]),
        (GameKind::Yote, &[]),
        (GameKind::Banglagor, &[]),
        (GameKind::Xiangqi, &[]),
        (GameKind::Xiangqi4, &[]),
    ];
    let names = ["alice", "bob", "carol", "dave"];
    for (g, (kind, options)) in games.into_iter().enumerate() {
        let mut rng = SmallRng::seed_from_u64(g as u64 + 700);
        let mut game = GameOptions::parse(kind, options).unwrap().start();
        let seats = game.seat_count() as u8;
        for ply in 0..48 {
            if ply % 4 == 0 {
                let viewer = Seat::all(seats as usize)[(ply / 4) % seats as usize];
                let opts = RenderOptions::new(names).viewed_by(Some(viewer));
                let kept = render_image(&game, &opts);
                let whole = boardpost::render::cache::without_cache(|| render_image(&game, &opts));
                assert!(
                    kept == whole,
                    "{kind} {options:?} after {ply} plies, seen by {viewer:?}: pixels differ"
                );
            }
            let legal = game.legal();
            if legal.is_empty() {
                break;
            }
            let pick = legal[rng.gen_range(0..legal.len())].clone();
            game.play(&pick).unwrap();
        }
    }
    let (count, _) = boardpost::render::sprites::kept();
    assert!(count > 0, "no piece was kept");
}

/// Boards of random games of every kind, drawn and coded as the bot does, decode to the
/// pixels drawn, the first time (the pieces drawn) and the second (the pieces copied).
#[test]
fn boards_of_random_games_coded_as_the_bot_does_decode_to_their_pixels() {
    let mut out = Vec::new();
    for round in 0..2 {
        for (name, game, opts) in random_cases() {
            let image = render_image(&game, &opts);
            boardpost::render::render_png_into(&game, &opts, &mut out);
            assert!(
                decode(&out) == image,
                "{name}, round {round}: not the image drawn"
            );
            assert!(out.len() < 200 * 1024, "{name}: {} bytes", out.len());
        }
    }
}
