//! Animated replays (issue 18): one frame per turn after a title card, the last frame
//! the final still image, and their sizes.

use boardpost::games::{AnyGame, Ending, Game, GameKind, GameOptions, Seat};
use boardpost::render::gif::{
    game_gif, game_gif_on, title_card, turn_positions, Threads, LAST_DELAY, TITLE_DELAY,
};
use boardpost::render::{render_image, RenderOptions};
use image::RgbaImage;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A decoded GIF: every frame composited over the ones before, as a viewer shows it,
/// with its delay.
struct Decoded {
    width: u32,
    height: u32,
    frames: Vec<(RgbaImage, u16)>,
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (width, height) = (decoder.width() as u32, decoder.height() as u32);
    let palette = decoder
        .global_palette()
        .expect("one shared palette")
        .to_vec();
    let mut screen = RgbaImage::new(width, height);
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        assert!(
            frame.palette.is_none(),
            "every frame uses the shared palette"
        );
        for y in 0..frame.height as u32 {
            for x in 0..frame.width as u32 {
                let i = frame.buffer[(y * frame.width as u32 + x) as usize];
                if Some(i) == frame.transparent {
                    continue;
                }
                let c = &palette[i as usize * 3..][..3];
                screen.put_pixel(
                    frame.left as u32 + x,
                    frame.top as u32 + y,
                    image::Rgba([c[0], c[1], c[2], 255]),
                );
            }
        }
        frames.push((screen.clone(), frame.delay));
    }
    Decoded {
        width,
        height,
        frames,
    }
}

/// How close a decoded frame is to the image drawn: the share of opaque pixels shown
/// exactly, and the mean difference per channel.
fn closeness(shown: &RgbaImage, drawn: &RgbaImage) -> (f64, f64) {
    let (mut exact, mut total, mut diff) = (0usize, 0usize, 0u64);
    for (s, d) in shown.pixels().zip(drawn.pixels()) {
        if d[3] < 255 {
            continue; // the rounded corners: transparent in a GIF
        }
        total += 1;
        let e: u64 = (0..3)
            .map(|i| (s[i] as i64 - d[i] as i64).unsigned_abs())
            .sum();
        if e == 0 {
            exact += 1;
        }
        diff += e;
    }
    (
        exact as f64 / total as f64,
        diff as f64 / (3 * total) as f64,
    )
}

fn random_game(kind: GameKind, options: &[&str], actions: usize, seed: u64) -> AnyGame {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = GameOptions::parse(kind, options).unwrap().start();
    for _ in 0..actions {
        let legal = game.legal();
        if legal.is_empty() {
            break;
        }
        let pick = legal[rng.gen_range(0..legal.len())].clone();
        game.play(&pick).unwrap();
    }
    game
}

#[test]
fn a_sidja_game_plays_turn_by_turn_and_ends_on_its_final_image() {
    let mut game = AnyGame::new("sidja", &["variant=sudan", "size=5"]).unwrap();
    // Placement two stones a turn, then moves; the last turn two moves with a capture;
    // then bob resigns.
    game.play_text(
        "a5 e1 a3 c1 b1 e2 d5 e4 d3 d4 b2 a2 c5 a1 d1 d2 a4 e3 c2 b5 b4 e5 b3 c4 \
         d3-c3 b1-b2 c3-c4 c2-d2 b2-c2 e2-d2",
    )
    .unwrap();
    game.end(Seat::SECOND, Ending::Resign).unwrap();
    let opts = RenderOptions::new(["alice", "bob"]);
    let bytes = game_gif(&game, &opts);
    assert!(bytes.len() < 500 * 1024, "{} bytes", bytes.len());
    let gif = decode(&bytes);
    let last = render_image(&game, &opts);
    assert_eq!((gif.width, gif.height), last.dimensions());

    // Twelve turns of two placements, then six one-move turns... as the engine counts
    // them: title + one frame per turn + the resignation.
    let positions = turn_positions(&game);
    assert_eq!(gif.frames.len(), 1 + positions.len());
    assert_eq!(positions.last().unwrap(), &game);
    let turns = positions.len() - 1; // the resignation is not a turn
    assert!(
        turns < game.history().len(),
        "several actions make one turn"
    );

    // The title card: the card as drawn (names and title), shown through the palette.
    let card = title_card(&game, &opts, positions.len(), gif.width, gif.height);
    let (exact, mean) = closeness(&gif.frames[0].0, &card);
    assert!(
        exact > 0.97 && mean < 1.0,
        "title card: {exact} exact, {mean} off"
    );
    assert_eq!(gif.frames[0].1, TITLE_DELAY);

    // Each turn's frame is that position's still image; the last, the result, is held.
    for (frame, position) in gif.frames[1..].iter().zip(&positions) {
        let (exact, mean) = closeness(&frame.0, &render_image(position, &opts));
        assert!(exact > 0.95 && mean < 1.5, "{exact} exact, {mean} off");
    }
    let (exact, mean) = closeness(&gif.frames.last().unwrap().0, &last);
    assert!(
        exact > 0.97 && mean < 1.0,
        "last frame: {exact} exact, {mean} off"
    );
    assert_eq!(gif.frames.last().unwrap().1, LAST_DELAY);
}

#[test]
fn a_game_gif_is_the_same_bytes_each_time() {
    let game = random_game(GameKind::Yote, &[], 40, 3);
    let opts = RenderOptions::new(["alice", "bob"]).viewed_by(Some(Seat::SECOND));
    assert_eq!(game_gif(&game, &opts), game_gif(&game, &opts));
    // Frames drawn ahead on a second thread make the very same file.
    assert_eq!(
        game_gif_on(&game, &opts, Threads::Two),
        game_gif(&game, &opts)
    );
}

#[test]
fn an_unplayed_game_is_a_title_card() {
    let game = AnyGame::new("xiangqi", &[] as &[&str]).unwrap();
    let gif = decode(&game_gif(&game, &RenderOptions::new(["alice", "bob"])));
    assert_eq!(gif.frames.len(), 1);
}

/// A random four-player game of at least `turns` turns (the first seed that lasts),
/// cut there.
fn long_four_player_game(turns: usize) -> AnyGame {
    for seed in 0..100 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = GameOptions::parse(GameKind::Xiangqi4, &[] as &[&str])
            .unwrap()
            .start();
        for played in 1..turns * 3 {
            let legal = game.legal();
            if legal.is_empty() {
                break;
            }
            game.play(&legal[rng.gen_range(0..legal.len())].clone())
                .unwrap();
            if played % 25 == 0 {
                let positions = turn_positions(&game);
                if positions.len() >= turns {
                    return positions[turns - 1].clone();
                }
            }
        }
    }
    panic!("no random four-player game lasts {turns} turns");
}

#[test]
fn a_300_turn_four_player_game_stays_under_8_mb() {
    let game = long_four_player_game(300);
    let opts = RenderOptions::new(["alice", "bob", "carol", "dave"]);
    let bytes = game_gif(&game, &opts);
    let turns = turn_positions(&game).len();
    assert_eq!(turns, 300);
    assert!(bytes.len() < 8 * 1024 * 1024, "{} bytes", bytes.len());
    let gif = decode(&bytes);
    assert_eq!(gif.frames.len(), 1 + turns);
    let (exact, mean) = closeness(&gif.frames.last().unwrap().0, &render_image(&game, &opts));
    assert!(
        exact > 0.95 && mean < 1.5,
        "last frame: {exact} exact, {mean} off"
    );
}
