//! The Dutch engine against pairings recorded from the endorsed program, bbpPairings, so
//! that the comparison runs where the program is absent (CI).
//!
//! `data/dutch-recorded.txt` holds, per tournament, the seed and parameters of a random
//! tournament (`support`), then per round the program's pairing in board order, or `none`
//! where it found no legal pairing. `recorded_pairings_match` remakes each tournament from
//! its seed, round by round: the seeded byes and absences, the recorded pairing, the seeded
//! results, and checks that the engine pairs every round as recorded.
//!
//! To record the file again (after a change of the generator or of the rules):
//! `BOARDPOST_BBP=/path/to/bbpPairings cargo test -p boardpost-pairing --test pairing
//! -- --ignored record_dutch_pairings`.

use std::fmt::Write as _;

use boardpost_pairing::{pair_next_round, trf, NoLegalPairing, Pairing};

use crate::bbp::{bbp_pair, program};
use crate::support::{pairing_line, parse_pairing_line, Params, RandomTournament, SeededRng};

const FILE: &str = "data/dutch-recorded.txt";
const TOURNAMENTS: usize = 320;
const MAX_PLAYERS: u32 = 80;

struct Recorded {
    seed: u64,
    params: Params,
    /// Per round from round 1: the pairing, or None where there was no legal one.
    rounds: Vec<Option<Pairing>>,
}

fn parse(text: &str) -> Vec<Recorded> {
    let mut tournaments: Vec<Recorded> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        let bad = || panic!("{FILE} line {}: cannot read {line:?}", number + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[0] == "tournament" {
            let seed = words.get(1).and_then(|seed| seed.parse().ok());
            let params = Params::parse(&words[2..]);
            let (Some(seed), Some(params)) = (seed, params) else {
                bad()
            };
            tournaments.push(Recorded {
                seed,
                params,
                rounds: Vec::new(),
            });
            continue;
        }
        let Some((round, pairing)) = line.split_once(':') else {
            bad()
        };
        let Some(tournament) = tournaments.last_mut() else {
            bad()
        };
        if round.parse() != Ok(tournament.rounds.len() + 1) {
            bad();
        }
        let pairing = match pairing.trim() {
            "none" => None,
            games => Some(parse_pairing_line(games).unwrap_or_else(|| bad())),
        };
        tournament.rounds.push(pairing);
    }
    tournaments
}

#[test]
fn recorded_pairings_match() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/dutch-recorded.txt"
    ))
    .expect("the recorded pairings");
    let recorded = parse(&text);
    assert!(recorded.len() >= 300, "only {} tournaments", recorded.len());
    let mut rounds_compared = 0;
    let mut differences = Vec::new();
    for Recorded {
        seed,
        params,
        rounds,
    } in &recorded
    {
        let mut tournament = RandomTournament::new(*seed, *params);
        for (round, expected) in rounds.iter().enumerate() {
            tournament.set_absences();
            let ours = pair_next_round(&tournament.tournament);
            rounds_compared += 1;
            let same = match (expected, &ours) {
                (Some(expected), Ok(ours)) => expected == ours,
                (None, Err(NoLegalPairing::Impossible)) => true,
                _ => false,
            };
            if !same {
                differences.push(format!(
                    "seed {seed} round {}: recorded {expected:?}, ours {ours:?}",
                    round + 1
                ));
                break;
            }
            let Some(pairing) = expected else { break };
            tournament.play(pairing);
        }
    }
    eprintln!(
        "recorded: {} tournaments, {rounds_compared} rounds compared, {} differ",
        recorded.len(),
        differences.len()
    );
    for difference in differences.iter().take(20) {
        eprintln!("{difference}");
    }
    assert!(differences.is_empty());
}

/// Records `data/dutch-recorded.txt` from bbpPairings (see the module's comment).
#[test]
#[ignore = "needs bbpPairings (BOARDPOST_BBP) and rewrites the recorded file"]
fn record_dutch_pairings() {
    let Some(program) = program() else {
        panic!("set BOARDPOST_BBP to the bbpPairings binary to record");
    };
    let mut out = String::from(
        "# Pairings by bbpPairings (FIDE Dutch, 2026 rules) of random tournaments.\n\
         # Made by `record_dutch_pairings` in tests/pairing/recorded.rs, which explains it.\n\
         # tournament SEED PARAMETERS (rates per mille), then per round: white-black by\n\
         # board, bye:N for the pairing-allocated bye, or none (no legal pairing).\n",
    );
    let mut master = SeededRng::new(44_2026);
    let (mut rounds, mut byes, mut impossible) = (0, 0, 0);
    for number in 0..TOURNAMENTS {
        let seed = master.next_u64() >> 20;
        let params = Params::random(&mut master, MAX_PLAYERS);
        writeln!(out, "tournament {seed} {params}").unwrap();
        let mut tournament = RandomTournament::new(seed, params);
        while !tournament.is_over() {
            tournament.set_absences();
            let name = format!("record-{number}-r{}", tournament.round() + 1);
            let text = trf::write(&tournament.tournament);
            let round = tournament.round() + 1;
            rounds += 1;
            let Some(pairing) = bbp_pair(&program, &text, &name) else {
                impossible += 1;
                writeln!(out, "{round}: none").unwrap();
                break;
            };
            byes += usize::from(pairing.bye.is_some());
            writeln!(out, "{round}: {}", pairing_line(&pairing)).unwrap();
            tournament.play(&pairing);
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    std::fs::write(&path, &out).unwrap();
    eprintln!(
        "recorded {TOURNAMENTS} tournaments, {rounds} rounds ({byes} with a bye, \
         {impossible} without a legal pairing), {} bytes to {}",
        out.len(),
        path.display()
    );
}
