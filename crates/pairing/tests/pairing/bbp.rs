//! The Dutch engine against an endorsed program, bbpPairings (its 2026-rules version), on
//! many random tournaments. The program is never committed: point `BOARDPOST_BBP` at its
//! binary to run these tests; without it they say so and pass.
//!
//! - `generated_tournaments`: bbpPairings' own random tournament generator (`-g`) makes
//!   whole tournaments; every round of each is paired again here from the rounds before it
//!   and must equal the generator's.
//! - `random_tournaments`: tournaments made here (5–60 players, random results, half- and
//!   zero-point byes, absentees, withdrawals, forfeits), each round paired by both programs
//!   from the same TRF file, board for board.
//! - `large_tournaments`: the same for a few tournaments of 200–500 players (release
//!   builds only).
//! - `checker_accepts_our_tournaments`: whole tournaments paired here, given to the
//!   program's checker (`-c`).
//!
//! `BOARDPOST_BBP_COUNT` sets how many tournaments each test makes (default 100).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use boardpost_pairing::output::{format_pairing, parse_pairing};
use boardpost_pairing::{
    pair_next_round, trf, Colour, GameResult, Pairing, RoundEntry, Tournament,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

pub(crate) fn program() -> Option<PathBuf> {
    match std::env::var_os("BOARDPOST_BBP") {
        Some(path) => Some(PathBuf::from(path)),
        None => {
            eprintln!("BOARDPOST_BBP is not set: skipping the comparison with bbpPairings");
            None
        }
    }
}

fn count() -> u64 {
    std::env::var("BOARDPOST_BBP_COUNT")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(100)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardpost-bbp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Runs the program on `trf_text`: its pairing, or None when it finds none (exit 1).
pub(crate) fn bbp_pair(program: &Path, trf_text: &str, name: &str) -> Option<Pairing> {
    let input = scratch(&format!("{name}.trf"));
    let output = scratch(&format!("{name}.out"));
    std::fs::write(&input, trf_text).unwrap();
    let status = Command::new(program)
        .arg("--dutch")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .status()
        .unwrap();
    match status.code() {
        Some(0) => Some(parse_pairing(&std::fs::read_to_string(&output).unwrap()).unwrap()),
        Some(1) => None,
        other => panic!("bbpPairings failed ({other:?}) on {}", input.display()),
    }
}

/// The pairing recorded for round `round` (0-based) of a tournament.
fn recorded(tournament: &Tournament, round: usize) -> Pairing {
    let mut pairing = Pairing::default();
    for player in &tournament.players {
        match player.rounds.get(round) {
            Some(RoundEntry::PairingBye) => pairing.bye = Some(player.id),
            Some(RoundEntry::Played {
                opponent,
                colour: Colour::White,
                ..
            })
            | Some(RoundEntry::Forfeit {
                opponent,
                colour: Some(Colour::White),
                ..
            }) => pairing.games.push((player.id, *opponent)),
            _ => {}
        }
    }
    pairing
}

fn as_set(pairing: &Pairing) -> (BTreeSet<(u16, u16)>, Option<u16>) {
    (pairing.games.iter().copied().collect(), pairing.bye)
}

/// The tournament as it stood before round `round` (0-based) was paired: earlier rounds,
/// and the byes and absences already set for that round.
fn before_round(tournament: &Tournament, round: usize, total: u16) -> Tournament {
    let mut out = tournament.clone();
    out.total_rounds = Some(total);
    // The colour drawn for round 1, as the full file shows it.
    out.initial_colour = Some(tournament.initial_colour());
    for player in &mut out.players {
        let next = player.rounds.get(round).copied();
        player.rounds.truncate(round);
        if let Some(entry) = next {
            if matches!(
                entry,
                RoundEntry::HalfBye | RoundEntry::FullBye | RoundEntry::ZeroBye
            ) {
                player.rounds.push(entry);
            }
        }
    }
    out
}

#[test]
fn generated_tournaments() {
    let Some(program) = program() else { return };
    let mut rng = SmallRng::seed_from_u64(44);
    let mut rounds_compared = 0;
    let mut differences = Vec::new();
    let tournaments = count();
    for seed in 1..=tournaments {
        let players = rng.gen_range(5..=60);
        let rounds = rng.gen_range(3..=11).min(players - 1);
        let config = scratch("generator.cfg");
        std::fs::write(
            &config,
            format!(
                "PlayersNumber={players}\nRoundsNumber={rounds}\nDrawPercentage={}\n\
                 ForfeitRate={}\nRetiredRate={}\nHalfPointByeRate={}\n",
                rng.gen_range(0..60),
                rng.gen_range(5..40),
                rng.gen_range(10..80),
                rng.gen_range(5..40),
            ),
        )
        .unwrap();
        let file = scratch(&format!("generated-{seed}.trf"));
        let status = Command::new(&program)
            .args(["--dutch", "-g"])
            .arg(&config)
            .arg("-o")
            .arg(&file)
            .args(["-s", &seed.to_string()])
            .status()
            .unwrap();
        if !status.success() {
            // The generator itself found no legal pairing for some round.
            continue;
        }
        let tournament = trf::read(&std::fs::read(&file).unwrap()).unwrap();
        let played = tournament.played_rounds();
        for round in 0..played {
            let before = before_round(&tournament, round, played as u16);
            let expected = recorded(&tournament, round);
            let ours = pair_next_round(&before);
            rounds_compared += 1;
            match ours {
                Ok(ours) if as_set(&ours) == as_set(&expected) => {}
                other => {
                    let path = scratch(&format!("diff-generated-{seed}-r{}.trf", round + 1));
                    std::fs::write(&path, trf::write(&before)).unwrap();
                    differences.push(format!(
                        "seed {seed} round {}: bbpPairings {:?}, ours {:?} ({})",
                        round + 1,
                        expected,
                        other,
                        path.display()
                    ));
                }
            }
        }
    }
    eprintln!(
        "generated: {tournaments} tournaments, {rounds_compared} rounds compared, {} differ",
        differences.len()
    );
    for difference in differences.iter().take(20) {
        eprintln!("{difference}");
    }
    assert!(differences.is_empty());
}

fn play_round(tournament: &mut Tournament, pairing: &Pairing, rng: &mut SmallRng) {
    let round = tournament.played_rounds();
    let draw_rate = 0.3;
    for &(white, black) in &pairing.games {
        let forfeit = rng.gen_bool(0.04);
        let (white_entry, black_entry) = if forfeit {
            let white_won = rng.gen_bool(0.5);
            (
                RoundEntry::Forfeit {
                    opponent: black,
                    colour: Some(Colour::White),
                    won: white_won,
                },
                RoundEntry::Forfeit {
                    opponent: white,
                    colour: Some(Colour::Black),
                    won: !white_won,
                },
            )
        } else {
            let roll: f64 = rng.gen();
            let (w, b) = if roll < draw_rate {
                (GameResult::Draw, GameResult::Draw)
            } else if roll < draw_rate + (1.0 - draw_rate) * 0.55 {
                (GameResult::Win, GameResult::Loss)
            } else {
                (GameResult::Loss, GameResult::Win)
            };
            (
                RoundEntry::Played {
                    opponent: black,
                    colour: Colour::White,
                    result: w,
                    brief: false,
                },
                RoundEntry::Played {
                    opponent: white,
                    colour: Colour::Black,
                    result: b,
                    brief: false,
                },
            )
        };
        let w = usize::from(white) - 1;
        let b = usize::from(black) - 1;
        set_entry(tournament, w, round, white_entry);
        set_entry(tournament, b, round, black_entry);
    }
    if let Some(bye) = pairing.bye {
        set_entry(
            tournament,
            usize::from(bye) - 1,
            round,
            RoundEntry::PairingBye,
        );
    }
    // Everyone not paired already has their entry (a bye or an absence).
    for player in &mut tournament.players {
        while player.rounds.len() <= round {
            player.rounds.push(RoundEntry::ZeroBye);
        }
    }
}

fn set_entry(tournament: &mut Tournament, player: usize, round: usize, entry: RoundEntry) {
    let rounds = &mut tournament.players[player].rounds;
    while rounds.len() < round {
        rounds.push(RoundEntry::ZeroBye);
    }
    rounds.truncate(round);
    rounds.push(entry);
}

fn random_tournament(
    rng: &mut SmallRng,
    sizes: std::ops::RangeInclusive<usize>,
) -> (Tournament, usize) {
    let players = rng.gen_range(sizes);
    let rounds = rng.gen_range(3..=11usize).min(players - 1);
    let mut ratings: Vec<u16> = (0..players).map(|_| rng.gen_range(1000..2800)).collect();
    ratings.sort_by(|a, b| b.cmp(a));
    let tournament = Tournament {
        name: "Random".to_string(),
        total_rounds: Some(rounds as u16),
        initial_colour: Some(if rng.gen_bool(0.5) {
            Colour::White
        } else {
            Colour::Black
        }),
        players: ratings
            .into_iter()
            .enumerate()
            .map(|(index, rating)| boardpost_pairing::Player {
                id: index as u16 + 1,
                name: format!("Player {}", index + 1),
                rating,
                ..Default::default()
            })
            .collect(),
        ..Tournament::default()
    };
    (tournament, rounds)
}

/// Byes asked for and absences for the round about to be paired; withdrawn players stay
/// out for good.
fn set_absences(tournament: &mut Tournament, withdrawn: &mut BTreeSet<usize>, rng: &mut SmallRng) {
    let round = tournament.played_rounds();
    let count = tournament.players.len();
    for player in 0..count {
        if withdrawn.contains(&player) {
            set_entry(tournament, player, round, RoundEntry::ZeroBye);
            continue;
        }
        let roll: f64 = rng.gen();
        if roll < 0.01 {
            withdrawn.insert(player);
            set_entry(tournament, player, round, RoundEntry::ZeroBye);
        } else if roll < 0.04 {
            set_entry(tournament, player, round, RoundEntry::HalfBye);
        } else if roll < 0.06 {
            set_entry(tournament, player, round, RoundEntry::ZeroBye);
        }
    }
}

/// Pairs `tournaments` random tournaments of `sizes` players round by round with both
/// programs from the same TRF file, board for board; `name` labels the report and files.
fn compare_random(
    program: &Path,
    name: &str,
    seed: u64,
    tournaments: u64,
    sizes: std::ops::RangeInclusive<usize>,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut rounds_compared = 0;
    let mut differences = Vec::new();
    for number in 1..=tournaments {
        let (mut tournament, rounds) = random_tournament(&mut rng, sizes.clone());
        let mut withdrawn = BTreeSet::new();
        for round in 0..rounds {
            set_absences(&mut tournament, &mut withdrawn, &mut rng);
            let text = trf::write(&tournament);
            let theirs = bbp_pair(program, &text, &format!("{name}-{number}-r{}", round + 1));
            let ours = pair_next_round(&tournament);
            rounds_compared += 1;
            let same = match (&theirs, &ours) {
                (Some(theirs), Ok(ours)) => format_pairing(theirs) == format_pairing(ours),
                (None, Err(_)) => true,
                _ => false,
            };
            if !same {
                let path = scratch(&format!("diff-{name}-{number}-r{}.trf", round + 1));
                std::fs::write(&path, &text).unwrap();
                differences.push(format!(
                    "tournament {number} round {}: bbpPairings {theirs:?}, ours {ours:?} ({})",
                    round + 1,
                    path.display()
                ));
            }
            let Some(pairing) = theirs else { break };
            play_round(&mut tournament, &pairing, &mut rng);
        }
    }
    eprintln!(
        "{name}: {tournaments} tournaments, {rounds_compared} rounds compared, {} differ",
        differences.len()
    );
    for difference in differences.iter().take(20) {
        eprintln!("{difference}");
    }
    assert!(differences.is_empty());
}

#[test]
fn random_tournaments() {
    let Some(program) = program() else { return };
    compare_random(&program, "random", 4401, count(), 5..=60);
}

/// Large events, where the engine pairs bracket by bracket in a small graph and checks
/// completion separately: a few tournaments of 200 to 500 players. Release builds only (a
/// debug build takes minutes a round).
#[test]
fn large_tournaments() {
    let Some(program) = program() else { return };
    if cfg!(debug_assertions) {
        eprintln!("large_tournaments runs in release builds only (cargo test --release)");
        return;
    }
    compare_random(&program, "large", 4403, 4, 200..=500);
}

#[test]
fn checker_accepts_our_tournaments() {
    let Some(program) = program() else { return };
    let mut rng = SmallRng::seed_from_u64(4402);
    let tournaments = count().min(50);
    let mut rounds_checked = 0;
    for number in 1..=tournaments {
        let (mut tournament, rounds) = random_tournament(&mut rng, 5..=60);
        let mut withdrawn = BTreeSet::new();
        for _ in 0..rounds {
            set_absences(&mut tournament, &mut withdrawn, &mut rng);
            let Ok(pairing) = pair_next_round(&tournament) else {
                break;
            };
            play_round(&mut tournament, &pairing, &mut rng);
            rounds_checked += 1;
        }
        let path = scratch(&format!("checked-{number}.trf"));
        std::fs::write(&path, trf::write(&tournament)).unwrap();
        let output = Command::new(&program)
            .arg("--dutch")
            .arg(&path)
            .arg("-c")
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success() && !report.contains("Checker pairings"),
            "the checker disagrees on {}:\n{report}",
            path.display()
        );
    }
    eprintln!("checker: {tournaments} tournaments, {rounds_checked} rounds, all accepted");
}
