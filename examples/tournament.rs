//! Plays the engines of `boardpost::ai` against each other or against uniform random
//! play, and prints a table. Not part of CI: run it in release.
//!
//! ```text
//! cargo run --release --example tournament -- --game yote --a L1 --b random --games 100
//! cargo run --release --example tournament -- --game all --a L2 --b L1 --games 100
//! cargo run --release --example tournament -- --game xiangqi4 --ffa --games 20
//! cargo run --release --example tournament -- --uci          # xiangqi, for examples/ffish_match.py
//! ```
//!
//! Colours alternate from game to game; a draw counts half. Each game starts with a few
//! uniformly random actions (`--opening`, default 2 per seat) so that deterministic
//! levels do not replay the same game. Games come in pairs: games 2k and 2k+1 play the
//! same random opening with the colours swapped, so that an opening that favours one
//! seat favours each player once (the usual way engines are compared). `--nodes P`
//! scales every level's node budget to P percent (default 100). `--threads N` plays N
//! games at once (default 1); the results do not depend on it. `--draws`: in games of
//! two bots, from the ply where the bot takes draws against people, a bot that does not
//! judge itself ahead offers one, and the other agrees by the rule it follows against a
//! person (`boardpost::table::bot_agrees_to_draw`); without it, bots never draw by
//! agreement (the tables in `docs/strength.md` before 2026-11-26 08:30 UTC).
//!
//! `--uci` reads lines from standard input: `position FEN [moves m1 m2 …]` sets a
//! xiangqi position, `go [level]` prints `bestmove h2-e2` for it (level 5 by default),
//! `quit` ends.

use boardpost::ai::{choose_with, choose_within, scaled_for, Budget, Level, Limits};
use boardpost::games::{AnyGame, Ending, Game, GameKind, Seat};
use boardpost::i18n::{Lang, Localize};
use boardpost::table::bot_agrees_to_draw;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::io::BufRead;
use std::str::FromStr;
use std::time::{Duration, Instant};

#[derive(Copy, Clone, Debug, PartialEq)]
enum Player {
    Random,
    Bot(Level),
    /// A budget that is no level's, for trying levels out: `n40000:z20:d64:b0` (nodes,
    /// noise, depth, blunder percent; missing parts as level 3's), scaled per game like
    /// the levels' budgets.
    Custom(Budget),
}

impl Player {
    fn parse(text: &str) -> Result<Player, String> {
        Ok(if text.eq_ignore_ascii_case("random") {
            Player::Random
        } else if text.starts_with(['n', 'z', 'd', 'b']) {
            let mut budget = Level::L3.budget();
            for part in text.split(':') {
                let (key, number) = part.split_at(1);
                let n: u64 = number
                    .parse()
                    .map_err(|_| format!("{part}: a number after n, z, d or b"))?;
                match key {
                    "n" => budget.nodes = n,
                    "z" => budget.noise = n as i32,
                    "d" => budget.depth = n as u8,
                    "b" => budget.blunder_percent = n as u8,
                    _ => return Err(format!("a budget's parts are n, z, d and b, not {part}")),
                }
            }
            Player::Custom(budget)
        } else {
            Player::Bot(Level::from_str(text).map_err(|e| e.to_string())?)
        })
    }

    fn name(self) -> String {
        match self {
            Player::Random => "random".to_string(),
            Player::Bot(l) => format!("L{l}"),
            Player::Custom(b) => format!(
                "n{}:z{}:d{}:b{}",
                b.nodes, b.noise, b.depth, b.blunder_percent
            ),
        }
    }
}

struct Args {
    games: Vec<(String, Vec<String>)>,
    a: Player,
    b: Player,
    count: usize,
    seed: u64,
    /// The first game played: a match stopped part way goes on from there, each game as
    /// it would have been in the whole match.
    from: usize,
    node_percent: u32,
    opening: usize,
    max_plies: usize,
    threads: usize,
    /// Print each game's actions.
    show_log: bool,
    ffa: bool,
    uci: bool,
    verbose: bool,
    /// Bots offer and take draws as the bot does against people.
    draws: bool,
    /// Analyse each game at this level afterwards and print how long it took.
    analyse: Option<Level>,
    /// Write the last analysed game's evaluation graph here (PNG).
    graph: Option<String>,
}

const USAGE: &str = "\
tournament: plays the bot's levels against each other or random play, and prints a table

  --game NAME       a game (sidja, yote, banglagor, xiangqi, xiangqi4) or all; repeatable
  --option K=V      a game option, e.g. size=7; repeatable
  --a PLAYER        L1..L5, random, or a budget like n40000:z20:d64:b0 (default L1)
  --b PLAYER        the same (default random)
  --games N         how many games (default 20); colours alternate, openings paired
  --seed N          the seed of the openings and the bots (default 1)
  --from N          start at game N, to go on with a match stopped part way: each game
                    is the one the whole match plays as game N (default 0)
  --nodes P         every level's node budget scaled to P percent (default 100)
  --opening N       random actions per seat before the bots play (default 2)
  --max-plies N     a game still going at this ply counts half (default 600)
  --threads N       games played at once (default 1); results do not depend on it
  --draws           bots offer and accept draws as they do against people
  --ffa             four-player xiangqi: one --a bot (L5 if --a is L1) against three L1
                    bots, the strong seat going round the table
  --verbose         a line per game as it ends
  --log             the actions of each game
  --analyse LEVEL   analyse each game at LEVEL (mistakes, turning point)
  --graph FILE      with --analyse: the evaluation graph as a PNG
  --uci             answer `position` and `go` lines on standard input (xiangqi)

Example: tournament --game yote --a L3 --b L2 --games 100 --threads 2
";

fn parse_args() -> Args {
    let mut args = Args {
        games: Vec::new(),
        a: Player::Bot(Level::L1),
        b: Player::Random,
        count: 20,
        seed: 1,
        from: 0,
        node_percent: 100,
        opening: 2,
        max_plies: 600,
        threads: 1,
        show_log: false,
        ffa: false,
        uci: false,
        verbose: false,
        draws: false,
        analyse: None,
        graph: None,
    };
    let mut options: Vec<String> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    let value = |i: &mut usize| {
        *i += 1;
        raw.get(*i).cloned().unwrap_or_else(|| {
            eprint!("{} needs a value\n\n{USAGE}", raw[*i - 1]);
            std::process::exit(2)
        })
    };
    let player = |i: &mut usize| {
        Player::parse(&value(i)).unwrap_or_else(|e| {
            eprint!("{}: {e}\n\n{USAGE}", raw[*i - 1]);
            std::process::exit(2)
        })
    };
    while i < raw.len() {
        match raw[i].as_str() {
            "--game" => names.push(value(&mut i)),
            "--option" => options.push(value(&mut i)),
            "--a" => args.a = player(&mut i),
            "--b" => args.b = player(&mut i),
            "--games" => args.count = whole(&raw, &mut i),
            "--seed" => args.seed = whole(&raw, &mut i),
            "--from" => args.from = whole(&raw, &mut i),
            "--nodes" => args.node_percent = whole(&raw, &mut i),
            "--opening" => args.opening = whole(&raw, &mut i),
            "--max-plies" => args.max_plies = whole(&raw, &mut i),
            "--threads" => args.threads = whole(&raw, &mut i),
            "--log" => args.show_log = true,
            "--ffa" => args.ffa = true,
            "--uci" => args.uci = true,
            "--verbose" => args.verbose = true,
            "--draws" => args.draws = true,
            "--analyse" => {
                args.analyse = match player(&mut i) {
                    Player::Bot(level) => Some(level),
                    _ => {
                        eprint!("--analyse takes a level, L1 to L5\n\n{USAGE}");
                        std::process::exit(2)
                    }
                }
            }
            "--graph" => args.graph = Some(value(&mut i)),
            "--help" | "-h" => {
                print!("{USAGE}");
                std::process::exit(0);
            }
            other => {
                eprint!("unknown argument {other}\n\n{USAGE}");
                std::process::exit(2);
            }
        }
        i += 1;
    }
    if names.is_empty() || names.iter().any(|n| n == "all") {
        names = GameKind::names().into_iter().map(String::from).collect();
    }
    args.games = names.into_iter().map(|n| (n, options.clone())).collect();
    args
}

fn limits(node_percent: u32) -> Limits {
    Limits {
        max_time: Some(Duration::from_secs(2)),
        node_percent,
    }
}

/// One action for `player`.
/// The player's action, with its search's score for the side to move (none for random
/// play).
fn act(
    game: &AnyGame,
    player: Player,
    rng: &mut SmallRng,
    seed: u64,
    node_percent: u32,
) -> (String, Option<i32>) {
    let choice = match player {
        Player::Random => {
            let action = game.legal().choose(rng).cloned();
            return (
                action.expect("a game that goes on has a legal action"),
                None,
            );
        }
        Player::Bot(level) => choose_with(game, level, seed, limits(node_percent)),
        Player::Custom(budget) => {
            let budget = scaled_for(game.kind(), budget, limits(node_percent));
            let bits = if budget.nodes > 100_000 { 18 } else { 16 };
            choose_within(game, budget, bits, seed, limits(node_percent))
        }
    };
    let choice = choice.expect("a game that goes on has a choice");
    (choice.action, Some(choice.score))
}

/// Plays one game; returns the seats' players' outcome score for seat 1 (1, ½, 0) or
/// `None` at the ply cap, and the time each player spent.
fn play_game(
    name: &str,
    options: &[String],
    players: &[Player],
    seed: u64,
    args: &Args,
    spent: &mut [Duration],
    moves: &mut [usize],
) -> (AnyGame, usize) {
    let mut game = AnyGame::new(name, options).expect("a known game");
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut plies = 0;
    let seats = game.seat_count();
    let mut opening_left = args.opening * seats;
    // Each seat's last judgement of the game, by its own search (`--draws`).
    let mut scores: [Option<i32>; 2] = [None; 2];
    while let Some(seat) = game.to_move() {
        if plies >= args.max_plies {
            break;
        }
        let player = players[seat.index()];
        let started = Instant::now();
        let (action, score) = if opening_left > 0 {
            opening_left -= 1;
            act(&game, Player::Random, &mut rng, seed, args.node_percent)
        } else {
            act(
                &game,
                player,
                &mut rng,
                seed.wrapping_add(plies as u64),
                args.node_percent,
            )
        };
        spent[seat.index()] += started.elapsed();
        moves[seat.index()] += 1;
        // A bot that does not judge itself ahead offers a draw; the other takes it by
        // its own last judgement, as the bot answers a person's offer.
        if args.draws && seats == 2 {
            scores[seat.index()] = score;
            let other = scores[1 - seat.index()];
            if let (Some(mine), Some(theirs)) = (score, other) {
                if mine <= 0 && bot_agrees_to_draw(plies, theirs) {
                    game.end(seat, Ending::AgreedDraw)
                        .unwrap_or_else(|e| panic!("{name}: a draw by agreement: {e:?}"));
                    break;
                }
            }
        }
        game.play(&action).unwrap_or_else(|e| {
            let why = e.tr(Lang::En);
            panic!("{name}: the engine chose an illegal {action}: {why}")
        });
        plies += 1;
    }
    (game, plies)
}

/// How one game of two players ended for player A.
#[derive(Copy, Clone, Debug, PartialEq)]
enum ForA {
    Win,
    Draw,
    Loss,
    Unfinished,
}

/// One finished game of a two-player match: its result for A, and each player's time
/// and number of actions (A first).
struct Played {
    result: ForA,
    time: [Duration; 2],
    moves: [usize; 2],
}

/// Plays game `g` of the match (A has seat 1 in even games); the opening's seed is the
/// pair's, `g / 2`.
fn match_game(name: &str, options: &[String], g: usize, args: &Args) -> Played {
    let a_first = g.is_multiple_of(2);
    let players = if a_first {
        [args.a, args.b]
    } else {
        [args.b, args.a]
    };
    let mut spent = [Duration::ZERO; 2];
    let mut made = [0usize; 2];
    let (game, plies) = play_game(
        name,
        options,
        &players,
        args.seed.wrapping_mul(1000).wrapping_add((g / 2) as u64),
        args,
        &mut spent,
        &mut made,
    );
    let a_seat = if a_first { Seat::FIRST } else { Seat::SECOND };
    let (a, b) = (a_seat.index(), 1 - a_seat.index());
    let (result, why) = match game.outcome() {
        None => (ForA::Unfinished, "unfinished".to_string()),
        Some(o) if o.is_draw() => (ForA::Draw, format!("draw ({})", o.reason)),
        Some(o) if o.winners.contains(&a_seat) => (ForA::Win, format!("A wins ({})", o.reason)),
        Some(o) => (ForA::Loss, format!("B wins ({})", o.reason)),
    };
    if args.verbose {
        eprintln!("{name} game {g}: A is seat {a_seat}, {plies} plies, {why}");
    }
    if args.show_log {
        eprintln!("{}", game.typed_history().join(" "));
    }
    if let Some(level) = args.analyse {
        analyse_game(&game, level, args);
    }
    Played {
        result,
        time: [spent[a], spent[b]],
        moves: [made[a], made[b]],
    }
}

/// Plays games `0..count` on `threads` threads, each taking the next game not yet
/// started; returns them in order.
fn play_all(name: &str, options: &[String], args: &Args) -> Vec<Played> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(args.from);
    let done: Mutex<Vec<(usize, Played)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= args.count {
                    break;
                }
                let played = match_game(name, options, g, args);
                done.lock().expect("no thread panicked").push((g, played));
            });
        }
    });
    let mut done = done.into_inner().expect("no thread panicked");
    done.sort_by_key(|(g, _)| *g);
    done.into_iter().map(|(_, p)| p).collect()
}

fn two_player(args: &Args) {
    println!(
        "| game | options | A | B | games | A wins | draws | B wins | unfinished | A score | A ms/move | B ms/move |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (name, options) in &args.games {
        if GameKind::from_str(name).map(|k| k.seat_count()) != Ok(2) {
            continue;
        }
        let games = play_all(name, options, args);
        let count = |r: ForA| games.iter().filter(|p| p.result == r).count();
        let (wins, draws, losses, unfinished) = (
            count(ForA::Win),
            count(ForA::Draw),
            count(ForA::Loss),
            count(ForA::Unfinished),
        );
        let time = |i: usize| games.iter().map(|p| p.time[i]).sum::<Duration>();
        let moves = |i: usize| games.iter().map(|p| p.moves[i]).sum::<usize>();
        let played = games.len();
        let score = (wins as f64 + 0.5 * (draws + unfinished) as f64) / played.max(1) as f64;
        let per = |t: Duration, n: usize| t.as_secs_f64() * 1000.0 / n.max(1) as f64;
        println!(
            "| {name} | {} | {} | {} | {played} | {wins} | {draws} | {losses} | {unfinished} | {:.1} % | {:.1} | {:.1} |",
            if options.is_empty() { "-".to_string() } else { options.join(" ") },
            args.a.name(),
            args.b.name(),
            score * 100.0,
            per(time(0), moves(0)),
            per(time(1), moves(1)),
        );
    }
}

/// Four-player xiangqi: one level-5 bot against three level-1 bots, the strong seat
/// going round the table.
fn four_player(args: &Args) {
    let (mut wins, mut draws, mut other_wins, mut unfinished) = (0, 0, 0, 0);
    let mut time = Duration::ZERO;
    let mut moves = 0;
    let options: Vec<String> = args
        .games
        .iter()
        .find(|(n, _)| n == "xiangqi4")
        .map(|(_, o)| o.clone())
        .unwrap_or_default();
    for g in args.from..args.count {
        let strong = g % 4;
        let mut players = [Player::Bot(Level::L1); 4];
        players[strong] = args.a;
        if args.a == Player::Bot(Level::L1) {
            players[strong] = Player::Bot(Level::L5);
        }
        let mut spent = [Duration::ZERO; 4];
        let mut made = [0usize; 4];
        let (game, plies) = play_game(
            "xiangqi4",
            &options,
            &players,
            args.seed.wrapping_mul(1000).wrapping_add(g as u64),
            args,
            &mut spent,
            &mut made,
        );
        time += spent[strong];
        moves += made[strong];
        let seat = Seat::from_number(strong as u8 + 1).expect("seat 1 to 4");
        let result = match game.outcome() {
            None => {
                unfinished += 1;
                "unfinished".to_string()
            }
            Some(o) if o.is_draw() => {
                draws += 1;
                format!("draw ({})", o.reason)
            }
            Some(o) if o.winners.contains(&seat) => {
                wins += 1;
                format!("strong seat wins ({})", o.reason)
            }
            Some(o) => {
                other_wins += 1;
                format!("another seat wins ({o})")
            }
        };
        if args.verbose {
            eprintln!("xiangqi4 game {g}: strong seat {seat}, {plies} plies, {result}");
        }
    }
    let played = wins + draws + other_wins + unfinished;
    println!("| game | strong | others | games | strong wins | draws | others win | unfinished | strong ms/move |");
    println!("|---|---|---|---|---|---|---|---|---|");
    println!(
        "| xiangqi4 {} | {} | L1 ×3 | {played} | {wins} | {draws} | {other_wins} | {unfinished} | {:.1} |",
        options.join(" "),
        players_name(args.a),
        time.as_secs_f64() * 1000.0 / moves.max(1) as f64
    );
}

fn players_name(p: Player) -> String {
    if p == Player::Bot(Level::L1) {
        "L5".to_string()
    } else {
        p.name()
    }
}

/// Analyses a finished game, prints the time it took and its mistakes, and draws its
/// graph if asked.
fn analyse_game(game: &AnyGame, level: Level, args: &Args) {
    let log = game.log();
    let started = Instant::now();
    let review = boardpost::ai::analyse(
        game.game_options(),
        log.iter().map(|(s, e)| (*s, e.text())),
        level,
        boardpost::table::HINT_LEVEL.max(level),
        limits(args.node_percent),
        args.seed,
    )
    .expect("a played game replays");
    let took = started.elapsed();
    eprintln!(
        "analysis at level {level}: {} plies in {:.1} s; turning point {:?}; mistakes {:?}",
        review.plies.len(),
        took.as_secs_f64(),
        review.turning_point,
        review
            .mistakes
            .iter()
            .map(|m| format!(
                "ply {} seat {} {} (better {}, -{})",
                m.ply, m.seat, m.action, m.better, m.loss
            ))
            .collect::<Vec<_>>()
    );
    if let Some(path) = &args.graph {
        use boardpost::render::eval_graph::{eval_graph_png, EvalGraph, GraphText, Series};
        let seats = game.seat_count();
        let series: Vec<Vec<i32>> = (0..seats)
            .map(|i| review.series(Seat::all(seats)[i]))
            .collect();
        let names = ["seat 1", "seat 2", "seat 3", "seat 4"];
        let shown = if seats == 2 { 1 } else { seats };
        let graph = EvalGraph {
            series: (0..shown)
                .map(|i| Series {
                    name: names[i],
                    values: &series[i],
                    colour: boardpost::render::eval_graph::SERIES[i],
                })
                .collect(),
            mistakes: review
                .mistakes
                .iter()
                .map(|m| (m.ply, if seats == 2 { 0 } else { m.seat.index() }))
                .collect(),
            turning_point: review.turning_point,
            clamp: 1000,
            text: GraphText {
                title: &game.title(),
                x_axis: "ply",
                y_axis: "evaluation",
            },
        };
        std::fs::write(path, eval_graph_png(&graph)).expect("the graph is written");
    }
}

/// The line protocol for examples/ffish_match.py (xiangqi only).
fn uci(args: &Args) {
    let stdin = std::io::stdin();
    let mut game = AnyGame::new("xiangqi", &[] as &[&str]).expect("xiangqi");
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("position") => {
                let moves_at = words.iter().position(|w| *w == "moves");
                let fen = words[1..moves_at.unwrap_or(words.len())].join(" ");
                game = if fen == "startpos" || fen.is_empty() {
                    AnyGame::new("xiangqi", &[] as &[&str]).expect("xiangqi")
                } else {
                    match AnyGame::xiangqi_from_fen(&fen) {
                        Ok(g) => g,
                        Err(e) => {
                            println!("error {}", e.tr(Lang::En));
                            continue;
                        }
                    }
                };
                if let Some(at) = moves_at {
                    for mv in &words[at + 1..] {
                        if let Err(e) = game.play(mv) {
                            println!("error {mv}: {}", e.tr(Lang::En));
                            break;
                        }
                    }
                }
            }
            Some("go") => {
                let level = words
                    .get(1)
                    .and_then(|w| Level::from_str(w).ok())
                    .unwrap_or(Level::L5);
                match choose_with(&game, level, args.seed, limits(args.node_percent)) {
                    Some(c) => println!(
                        "bestmove {} score {} depth {} nodes {}",
                        c.action, c.score, c.depth, c.nodes
                    ),
                    None => println!("bestmove none"),
                }
            }
            Some("quit") => break,
            _ => println!("error unknown command"),
        }
    }
}

/// The value of the flag at `raw[*i]` (moving `i` on to it) as a whole number of the
/// type wanted: the program stops with the usage if there is none, or it is not one, or
/// it is too large for the type (refused, not wrapped).
fn whole<T: std::str::FromStr>(raw: &[String], i: &mut usize) -> T {
    let flag = &raw[*i];
    *i += 1;
    let Some(text) = raw.get(*i) else {
        eprint!("{flag} needs a value\n\n{USAGE}");
        std::process::exit(2)
    };
    text.parse().unwrap_or_else(|_| {
        eprint!("{flag} takes a whole number that fits, not {text:?}\n\n{USAGE}");
        std::process::exit(2)
    })
}

fn main() {
    let args = parse_args();
    if args.uci {
        uci(&args);
    } else if args.ffa {
        four_player(&args);
    } else {
        two_player(&args);
    }
}
