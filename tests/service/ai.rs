//! The engines of `boardpost::ai`: legal choices at every level in random positions of
//! every game, wins in one and two found, bot-against-bot games that finish, the same
//! choice for the same seed, a planted blunder found by the analysis (and plies the
//! hint's level chose never called mistakes), and the evaluation graph's pixels.
//!
//! One test binary with modules (each binary costs CI a link). Budgets are cut with
//! `Limits::node_percent` so that the debug build runs it in seconds.

use boardpost::ai::{choose_with, Level, Limits, Reason};
use boardpost::games::{AnyGame, Game, Seat};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Small budgets: `percent` of every level's nodes, no clock (so results are exact).
fn limits(percent: u32) -> Limits {
    Limits {
        max_time: None,
        node_percent: percent,
    }
}

/// Plays `plies` uniformly random actions (fewer if the game ends).
fn random_playout(game: &mut AnyGame, plies: usize, rng: &mut SmallRng) {
    for _ in 0..plies {
        let legal = game.legal();
        let Some(action) = legal.choose(rng) else {
            return;
        };
        game.play(action).expect("a listed action plays");
    }
}

/// Whether `seat` can force a win within `plies` actions (whoever makes them).
fn wins_within(game: &AnyGame, seat: Seat, plies: usize) -> bool {
    if let Some(o) = game.outcome() {
        return o.winners.contains(&seat);
    }
    if plies == 0 {
        return false;
    }
    let Some(mover) = game.to_move() else {
        return false;
    };
    let mut children = game.legal().into_iter().map(|a| {
        let mut next = game.clone();
        next.play(&a).expect("a listed action plays");
        next
    });
    if mover == seat {
        children.any(|next| wins_within(&next, seat, plies - 1))
    } else {
        children.all(|next| wins_within(&next, seat, plies - 1))
    }
}

mod legality {
    use super::*;

    /// Every game and sidja's variants, sizes and options, both xiangqi4 modes.
    fn configurations() -> Vec<(&'static str, Vec<&'static str>)> {
        vec![
            ("sidja", vec!["variant=sudan", "size=5"]),
            ("sidja", vec!["variant=sidja", "size=5"]),
            ("sidja", vec!["variant=seega", "size=5"]),
            ("sidja", vec!["variant=sudan", "size=7", "drop=1"]),
            ("sidja", vec!["variant=sidja", "size=7"]),
            (
                "sidja",
                vec![
                    "variant=seega",
                    "size=7",
                    "opening=cross",
                    "chain=2",
                    "blocked=lose",
                ],
            ),
            ("sidja", vec!["variant=seega", "size=9"]),
            ("yote", vec![]),
            ("banglagor", vec![]),
            ("xiangqi", vec![]),
            ("xiangqi4", vec!["mode=ffa"]),
            ("xiangqi4", vec!["mode=teams"]),
        ]
    }

    #[test]
    fn every_level_chooses_a_legal_action_in_random_positions() {
        let mut rng = SmallRng::seed_from_u64(17);
        for (name, options) in configurations() {
            for sample in 0..3 {
                let mut game = AnyGame::new(name, &options).expect("valid options");
                let plies = rng.gen_range(0..[8, 60, 160][sample]);
                random_playout(&mut game, plies, &mut rng);
                if game.to_move().is_none() {
                    continue;
                }
                let legal = game.legal();
                for level in Level::ALL {
                    let choice = choose_with(&game, level, sample as u64, limits(2))
                        .unwrap_or_else(|| {
                            panic!("{name} {options:?}: no choice at level {level}")
                        });
                    assert!(
                        legal.contains(&choice.action),
                        "{name} {options:?} level {level}: {} is not legal in\n{}",
                        choice.action,
                        game.diagram()
                    );
                    let mut next = game.clone();
                    next.play(&choice.action).expect("the choice plays");
                }
            }
        }
    }

    #[test]
    fn a_finished_game_has_no_choice() {
        let mut game = AnyGame::new("yote", &[] as &[&str]).unwrap();
        game.end(Seat::FIRST, boardpost::games::Ending::Resign)
            .unwrap();
        assert!(choose_with(&game, Level::L3, 1, limits(5)).is_none());
    }
}

mod tactics {
    use super::*;
    use boardpost::games::banglagor::Banglagor;
    use boardpost::games::sidja::{Options as SidjaOptions, Sidja, Variant};
    use boardpost::games::xiangqi4::{Army, Mode, Options as X4Options, Xiangqi4};
    use boardpost::games::yote::Yote;
    use boardpost::games::BySeat;

    /// The engine at `level` keeps a forced win within `plies - 1` after its action.
    fn assert_finds_win(game: &AnyGame, plies: usize, level: Level) {
        let seat = game.to_move().expect("a game that goes on");
        let choice = choose_with(game, level, 7, limits(20)).expect("a choice");
        let mut next = game.clone();
        next.play(&choice.action).expect("the choice plays");
        assert!(
            wins_within(&next, seat, plies - 1),
            "level {level} chose {} ({:?}, score {}), which does not win within {plies} in\n{}",
            choice.action,
            choice.reason,
            choice.score,
            game.diagram()
        );
        if plies == 1 {
            assert_eq!(choice.reason, Reason::Wins);
        }
    }

    /// Seeded random positions from `make` until one is won in exactly `plies` (a win
    /// within `plies` and none within `plies - 2`).
    fn find_position(
        plies: usize,
        tries: usize,
        seed: u64,
        make: impl Fn(&mut SmallRng) -> Option<AnyGame>,
    ) -> AnyGame {
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..tries {
            let Some(game) = make(&mut rng) else { continue };
            let Some(seat) = game.to_move() else { continue };
            if wins_within(&game, seat, plies)
                && (plies < 3 || !wins_within(&game, seat, plies - 2))
            {
                return game;
            }
        }
        panic!("no position won in exactly {plies} found in {tries} tries");
    }

    fn random_rows(
        files: usize,
        ranks: usize,
        x: usize,
        o: usize,
        rng: &mut SmallRng,
    ) -> Vec<String> {
        let mut cells = vec!['.'; files * ranks];
        let mut free: Vec<usize> = (0..cells.len()).collect();
        free.shuffle(rng);
        for (n, i) in free.into_iter().take(x + o).enumerate() {
            cells[i] = if n < x { 'X' } else { 'O' };
        }
        cells.chunks(files).map(|r| r.iter().collect()).collect()
    }

    fn sidja_position(variant: Variant, rng: &mut SmallRng) -> Option<AnyGame> {
        let options = SidjaOptions {
            variant,
            ..SidjaOptions::default()
        };
        let (x, o) = (rng.gen_range(3..6), rng.gen_range(2..4));
        let rows = random_rows(5, 5, x, o, rng);
        let game = Sidja::from_position(options, &rows, Seat::FIRST).ok()?;
        Some(AnyGame::Sidja(Box::new(game)))
    }

    fn yote_position(rng: &mut SmallRng) -> Option<AnyGame> {
        let (x, o) = (rng.gen_range(2..5), rng.gen_range(1..4));
        let rows = random_rows(6, 5, x, o, rng);
        let game = Yote::from_position(&rows, BySeat::new(0, 0), Seat::FIRST).ok()?;
        Some(AnyGame::Yote(Box::new(game)))
    }

    fn banglagor_position(rng: &mut SmallRng) -> Option<AnyGame> {
        let mut cells = vec![".".to_string(); 96];
        let mut free: Vec<usize> = (0..96).collect();
        free.shuffle(rng);
        let (x, o) = (rng.gen_range(2..5), rng.gen_range(1..4));
        for (n, i) in free.into_iter().take(x + o).enumerate() {
            let h = rng.gen_range(1..=3);
            cells[i] = format!("{}{h}", if n < x { 'X' } else { 'O' });
        }
        let rows: Vec<String> = cells.chunks(8).map(|r| r.join(" ")).collect();
        let game = Banglagor::from_position(&rows, Seat::FIRST).ok()?;
        Some(AnyGame::Banglagor(Box::new(game)))
    }

    #[test]
    fn sidja_wins_in_one_and_in_two() {
        // Seat 1 steps a3-b3: c3 is caught against d3, and seat 2 is left one stone.
        let rows = ["....O", ".....", "X.OX.", ".....", "....."];
        let game = Sidja::from_position(SidjaOptions::default(), &rows, Seat::FIRST).unwrap();
        let game = AnyGame::Sidja(Box::new(game));
        for level in [Level::L3, Level::L4, Level::L5] {
            assert_finds_win(&game, 1, level);
        }
        for (seed, variant) in [
            (1, Variant::Sudan),
            (2, Variant::Sidja),
            (3, Variant::Seega),
        ] {
            let game = find_position(3, 4_000, seed, |rng| sidja_position(variant, rng));
            assert_finds_win(&game, 3, Level::L3);
        }
    }

    #[test]
    fn yote_wins_in_one_and_in_two() {
        let game = find_position(1, 2_000, 4, yote_position);
        assert_finds_win(&game, 1, Level::L3);
        let game = find_position(3, 4_000, 5, yote_position);
        assert_finds_win(&game, 3, Level::L3);
    }

    #[test]
    fn banglagor_wins_in_one_and_in_two() {
        let game = find_position(1, 4_000, 6, banglagor_position);
        assert_finds_win(&game, 1, Level::L3);
        let game = find_position(3, 4_000, 7, banglagor_position);
        assert_finds_win(&game, 3, Level::L3);
    }

    #[test]
    fn xiangqi_mates_in_one_and_in_two() {
        // Rook b8 closes rank 8, rook a0 mates on a9.
        let one = AnyGame::xiangqi_from_fen("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
        for level in [Level::L3, Level::L4, Level::L5] {
            assert_finds_win(&one, 1, level);
        }
        let two = find_position(3, 20_000, 8, |rng| {
            // Black's general in its palace, red's general and two rooks anywhere legal.
            let mut board = vec!['.'; 90];
            let black_king = [3usize, 4, 5][rng.gen_range(0..3)] + 9 * rng.gen_range(7..10);
            let red_king = [3usize, 4, 5][rng.gen_range(0..3)] + 9 * rng.gen_range(0..3);
            board[black_king] = 'k';
            board[red_king] = 'K';
            for piece in ['R', 'R'] {
                let i = rng.gen_range(0..90);
                if board[i] != '.' {
                    return None;
                }
                board[i] = piece;
            }
            if rng.gen_bool(0.5) {
                let i = [66usize, 68, 76, 84, 86][rng.gen_range(0..5)];
                if board[i] != '.' {
                    return None;
                }
                board[i] = 'a';
            }
            let rows: Vec<String> = (0..10)
                .rev()
                .map(|rank| {
                    let mut row = String::new();
                    let mut empty = 0;
                    for file in 0..9 {
                        match board[rank * 9 + file] {
                            '.' => empty += 1,
                            c => {
                                if empty > 0 {
                                    row += &empty.to_string();
                                    empty = 0;
                                }
                                row.push(c);
                            }
                        }
                    }
                    if empty > 0 {
                        row += &empty.to_string();
                    }
                    row
                })
                .collect();
            let fen = format!("{} w - - 0 1", rows.join("/"));
            AnyGame::xiangqi_from_fen(&fen).ok()
        });
        assert_finds_win(&two, 3, Level::L3);
    }

    #[test]
    fn xiangqi4_takes_the_last_general() {
        for (mode, pieces) in [
            (Mode::Ffa, "rKj1 rRp10 bKs10"),
            (Mode::Teams, "rKj1 yKj19 rRp10 bKs10"),
        ] {
            let game = Xiangqi4::from_position(X4Options { mode }, pieces, &[], Army::Red).unwrap();
            let game = AnyGame::Xiangqi4(Box::new(game));
            for level in [Level::L3, Level::L5] {
                let choice = choose_with(&game, level, 1, limits(20)).unwrap();
                assert_eq!(choice.action, "p10-s10", "{mode:?} level {level}");
                assert_eq!(choice.reason, Reason::Wins);
            }
        }
    }
}

mod games {
    use super::*;

    /// Bot against bot at level 2 (small budgets), every game: the game ends, or at the
    /// ply cap still has a legal action for its mover.
    #[test]
    fn bot_games_complete() {
        for (name, options, cap) in [
            ("sidja", vec!["size=5"], 400),
            ("sidja", vec!["variant=seega"], 400),
            ("yote", vec![], 400),
            ("banglagor", vec![], 200),
            ("xiangqi", vec![], 200),
            ("xiangqi4", vec!["mode=teams"], 80),
        ] {
            let mut game = AnyGame::new(name, &options).unwrap();
            let mut plies = 0;
            while game.to_move().is_some() && plies < cap {
                let choice = choose_with(&game, Level::L2, plies as u64, limits(3)).unwrap();
                game.play(&choice.action).unwrap();
                plies += 1;
            }
            assert!(
                game.outcome().is_some() || !game.legal().is_empty(),
                "{name}: stopped at ply {plies} without an outcome or an action"
            );
            let replayed = AnyGame::replay_log(
                game.game_options(),
                game.log().iter().map(|(s, e)| (*s, e.text())),
            )
            .unwrap();
            assert_eq!(
                replayed.history(),
                game.history(),
                "{name}: the log replays"
            );
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_choice() {
        let mut rng = SmallRng::seed_from_u64(3);
        for name in ["sidja", "yote", "banglagor", "xiangqi", "xiangqi4"] {
            let mut game = AnyGame::new(name, &[] as &[&str]).unwrap();
            random_playout(&mut game, 30, &mut rng);
            for level in [Level::L1, Level::L3] {
                let a = choose_with(&game, level, 11, limits(5)).unwrap();
                let b = choose_with(&game, level, 11, limits(5)).unwrap();
                assert_eq!(a, b, "{name} level {level}");
            }
        }
    }
}

mod analysis {
    use super::*;
    use boardpost::ai::analyse;
    use boardpost::games::GameOptions;

    #[test]
    fn a_planted_blunder_is_found() {
        // 3. e2-e6 takes a pawn with the cannon, and the horse on g7 takes the cannon.
        let moves = ["h2-e2", "h9-g7", "e2-e6", "g7-e6", "h0-g2", "b9-c7"];
        let log: Vec<(Seat, &str)> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| (Seat::all(2)[i % 2], *m))
            .collect();
        let options = GameOptions::parse("xiangqi".parse().unwrap(), &[] as &[&str]).unwrap();
        let review = analyse(options, log, Level::L2, Level::L2, limits(50), 1).unwrap();
        assert_eq!(review.plies.len(), moves.len());
        let first = review.mistakes.first().expect("a mistake");
        assert_eq!(
            (first.ply, first.seat),
            (3, Seat::FIRST),
            "{:?}",
            review.mistakes
        );
        assert_ne!(first.better, "e2-e6");
        assert!(first.loss >= 200, "{first:?}");
        // Seat 1's evaluation falls at the blunder and stays down.
        let series = review.series(Seat::FIRST);
        assert!(series[2] < series[1] - 150, "{series:?}");
        assert_eq!(review.series(Seat::SECOND)[2], -series[2]);
    }

    /// A player who plays what the hint's level chooses is never told that a ply was a
    /// mistake: the quick scan's biggest losses are searched again at that level, which
    /// finds each such ply its own best. Seat 1 plays level 3's choices, seat 2 level
    /// 1's; the scan at level 2 alone calls some of seat 1's plies mistakes, so the
    /// second look is what clears them.
    #[test]
    fn plies_the_hint_level_chose_are_never_called_mistakes() {
        let mut scan_blamed_seat_1 = 0;
        for (name, options) in [("sidja", &["size=5"][..]), ("yote", &[]), ("xiangqi", &[])] {
            let mut game = AnyGame::new(name, options).unwrap();
            while let Some(seat) = game.to_move() {
                if game.history().len() >= 60 {
                    break;
                }
                let level = if seat == Seat::FIRST {
                    Level::L3
                } else {
                    Level::L1
                };
                let choice = choose_with(&game, level, 3, limits(10)).unwrap();
                game.play(&choice.action).unwrap();
            }
            let log = game.log();
            let log = || log.iter().map(|(seat, entry)| (*seat, entry.text()));
            let options = game.game_options();
            let scanned = analyse(options, log(), Level::L2, Level::L2, limits(10), 3).unwrap();
            scan_blamed_seat_1 += scanned
                .mistakes
                .iter()
                .filter(|m| m.seat == Seat::FIRST)
                .count();
            let review = analyse(options, log(), Level::L2, Level::L3, limits(10), 3).unwrap();
            assert_eq!(review.plies, scanned.plies, "{name}: the scan is the same");
            for m in &review.mistakes {
                assert_eq!(m.seat, Seat::SECOND, "{name}: {m:?}");
                assert!(m.loss >= boardpost::ai::MISTAKE, "{name}: {m:?}");
            }
        }
        assert!(
            scan_blamed_seat_1 > 0,
            "the scan alone blamed no hint-level ply"
        );
    }
}

mod graph {
    use boardpost::render::eval_graph::{
        eval_graph_png, EvalGraph, GraphText, Series, MISTAKE, PLOT, PLOT_BACKGROUND, SERIES,
        ZERO_LINE,
    };

    #[test]
    fn the_graph_draws_its_zero_line_series_and_mistakes() {
        let values: Vec<i32> = (0..40).map(|i| if i < 20 { 600 } else { -600 }).collect();
        let graph = EvalGraph {
            series: vec![Series {
                name: "seat 1",
                values: &values,
                colour: boardpost::render::eval_graph::SERIES[0],
            }],
            mistakes: vec![(21, 0)],
            turning_point: Some(21),
            clamp: 1000,
            text: GraphText {
                title: "Evaluation",
                x_axis: "ply",
                y_axis: "eval",
            },
        };
        let png = eval_graph_png(&graph);
        let img = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!((img.width(), img.height()), (960, 480));
        let zero = graph.zero_row();
        // Far from the lines: the zero line's colour on its row, the plot's background
        // above it.
        let x = graph.x_of(10).round() as u32;
        assert_eq!(*img.get_pixel(x, zero), ZERO_LINE);
        assert_eq!(*img.get_pixel(x, zero - 40), PLOT_BACKGROUND);
        // The series at +600 on ply 10.
        let y = graph.y_of(600).round() as u32;
        assert_eq!(*img.get_pixel(x, y), SERIES[0]);
        // The mistake's disc at ply 21, -600.
        let (mx, my) = (
            graph.x_of(21).round() as u32,
            graph.y_of(-600).round() as u32,
        );
        assert_eq!(*img.get_pixel(mx, my), MISTAKE);
        // The turning point's band tints the background near the top of the plot.
        let band = *img.get_pixel(graph.x_of(20).round() as u32 + 2, PLOT.1 + 3);
        assert_ne!(band, PLOT_BACKGROUND);
    }
}
