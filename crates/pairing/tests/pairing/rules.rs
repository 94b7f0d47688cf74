//! The absolute criteria of the Dutch system (C.04.3 C1–C3) and the completeness of each
//! round, checked on every round the engine pairs in a few hundred seeded random
//! tournaments, from the players' cards alone and without any other program.
//!
//! The tournaments are played once (the first test to need them waits for the others);
//! each test then asserts its own rule over all of them.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use boardpost_pairing::{pair_next_round, Colour, Pairing, RoundEntry, Tournament};

use crate::support::{Params, RandomTournament, SeededRng};

const TOURNAMENTS: usize = 300;
const MAX_PLAYERS: u32 = 80;

/// What the rounds broke, rule by rule, and how much was checked.
#[derive(Default)]
struct Findings {
    rounds: usize,
    byes: usize,
    last_rounds: usize,
    /// C3's exception used: topscorers with the same absolute preference met.
    topscorer_clashes: usize,
    rematches: Vec<String>,
    second_byes: Vec<String>,
    byes_to_ineligible: Vec<String>,
    colour_clashes: Vec<String>,
    not_paired_once: Vec<String>,
    absent_paired: Vec<String>,
}

/// A player's colour preference when it is absolute (C.04.3 1.6.2.1): the colour
/// difference beyond ±1, else two games in a row with the same colour. Forfeited games
/// were not played and have no colour.
fn absolute_preference(rounds: &[RoundEntry]) -> Option<Colour> {
    let colours: Vec<Colour> = rounds
        .iter()
        .filter_map(|entry| match entry {
            RoundEntry::Played { colour, .. } => Some(*colour),
            _ => None,
        })
        .collect();
    let whites = colours.iter().filter(|&&c| c == Colour::White).count() as i64;
    let difference = 2 * whites - colours.len() as i64;
    if difference > 1 {
        return Some(Colour::Black);
    }
    if difference < -1 {
        return Some(Colour::White);
    }
    match colours.as_slice() {
        [.., a, b] if a == b => Some(a.opposite()),
        _ => None,
    }
}

/// Score in half points, from the card's first `rounds` entries.
fn half_points(rounds: &[RoundEntry]) -> u32 {
    rounds
        .iter()
        .map(|entry| match entry {
            RoundEntry::Played { result, .. } => match result {
                boardpost_pairing::GameResult::Win => 2,
                boardpost_pairing::GameResult::Draw => 1,
                boardpost_pairing::GameResult::Loss => 0,
            },
            RoundEntry::Forfeit { won, .. } => 2 * u32::from(*won),
            RoundEntry::PairingBye | RoundEntry::FullBye => 2,
            RoundEntry::HalfBye => 1,
            RoundEntry::ZeroBye | RoundEntry::Absent => 0,
        })
        .sum()
}

/// Checks the pairing of round `round` (0-based) of `tournament`, as it stood before the
/// pairing (cards hold the earlier rounds and this round's byes and absences).
fn check_round(
    label: &str,
    tournament: &Tournament,
    round: usize,
    total_rounds: usize,
    pairing: &Pairing,
    findings: &mut Findings,
) {
    let card = |id: u16| &tournament.players[usize::from(id) - 1].rounds;
    let earlier = |id: u16| &card(id)[..round.min(card(id).len())];
    findings.rounds += 1;
    let last_round = round + 1 == total_rounds;
    findings.last_rounds += usize::from(last_round);

    let mut times_paired: BTreeMap<u16, usize> = BTreeMap::new();
    for &(white, black) in &pairing.games {
        *times_paired.entry(white).or_default() += 1;
        *times_paired.entry(black).or_default() += 1;
        let met_before = earlier(white).iter().any(
            |entry| matches!(entry, RoundEntry::Played { opponent, .. } if *opponent == black),
        );
        if met_before {
            findings
                .rematches
                .push(format!("{label}: {white} and {black} meet again"));
        }
        let (pw, pb) = (
            absolute_preference(earlier(white)),
            absolute_preference(earlier(black)),
        );
        if pw.is_some() && pw == pb {
            // C.04.3 1.8: topscorers have over half the maximum score when the last round
            // is paired; C3 lets them meet anyway.
            let topscorer = |id: u16| half_points(earlier(id)) > round as u32;
            if last_round && (topscorer(white) || topscorer(black)) {
                findings.topscorer_clashes += 1;
            } else {
                findings.colour_clashes.push(format!(
                    "{label}: {white} and {black} both must have {pw:?}"
                ));
            }
        }
    }
    if let Some(bye) = pairing.bye {
        findings.byes += 1;
        *times_paired.entry(bye).or_default() += 1;
        let before = earlier(bye);
        if before.contains(&RoundEntry::PairingBye) {
            findings.second_byes.push(format!(
                "{label}: {bye} gets a second pairing-allocated bye"
            ));
        }
        let forfeit_win = before
            .iter()
            .any(|entry| matches!(entry, RoundEntry::Forfeit { won: true, .. }));
        if forfeit_win {
            findings
                .byes_to_ineligible
                .push(format!("{label}: {bye} gets the bye after a forfeit win"));
        }
    }
    for player in &tournament.players {
        let absent = player.rounds.len() > round;
        let times = times_paired.get(&player.id).copied().unwrap_or(0);
        if absent && times > 0 {
            findings.absent_paired.push(format!(
                "{label}: {} is paired though {:?}",
                player.id, player.rounds[round]
            ));
        }
        if !absent && times != 1 {
            findings
                .not_paired_once
                .push(format!("{label}: {} is paired {times} times", player.id));
        }
    }
    for id in times_paired.keys() {
        if usize::from(*id) > tournament.players.len() || *id == 0 {
            findings
                .not_paired_once
                .push(format!("{label}: pairing number {id} does not exist"));
        }
    }
}

fn findings() -> &'static Findings {
    static FINDINGS: OnceLock<Findings> = OnceLock::new();
    FINDINGS.get_or_init(|| {
        let mut findings = Findings::default();
        let mut master = SeededRng::new(44_0003);
        for _ in 0..TOURNAMENTS {
            let seed = master.next_u64() >> 20;
            let params = Params::random(&mut master, MAX_PLAYERS);
            let mut tournament = RandomTournament::new(seed, params);
            while !tournament.is_over() {
                tournament.set_absences();
                let round = tournament.round();
                let Ok(pairing) = pair_next_round(&tournament.tournament) else {
                    break;
                };
                let label = format!("seed {seed} round {}", round + 1);
                check_round(
                    &label,
                    &tournament.tournament,
                    round,
                    params.rounds as usize,
                    &pairing,
                    &mut findings,
                );
                tournament.play(&pairing);
            }
        }
        eprintln!(
            "rules: {TOURNAMENTS} tournaments, {} rounds ({} with a bye, {} last rounds, \
             {} topscorer clashes allowed by C3)",
            findings.rounds, findings.byes, findings.last_rounds, findings.topscorer_clashes
        );
        findings
    })
}

fn assert_none(rule: &str, broken: &[String]) {
    let findings = findings();
    assert!(
        findings.rounds >= 2000,
        "only {} rounds paired",
        findings.rounds
    );
    assert!(
        broken.is_empty(),
        "{rule} broken {} times, first: {:#?}",
        broken.len(),
        &broken[..broken.len().min(10)]
    );
}

#[test]
fn c1_no_two_players_meet_twice() {
    assert_none("C1", &findings().rematches);
}

#[test]
fn c2_nobody_gets_a_second_pairing_allocated_bye() {
    assert_none("C2", &findings().second_byes);
}

#[test]
fn c2_the_bye_never_goes_to_a_player_who_won_by_forfeit() {
    assert_none("C2", &findings().byes_to_ineligible);
}

#[test]
fn c3_same_absolute_colour_preferences_meet_only_as_last_round_topscorers() {
    assert_none("C3", &findings().colour_clashes);
}

#[test]
fn every_present_player_is_paired_exactly_once() {
    assert_none("completeness", &findings().not_paired_once);
}

#[test]
fn absent_and_withdrawn_players_are_never_paired() {
    assert_none("absence", &findings().absent_paired);
}

/// The checks themselves, on a round paired wrongly in every way they look for.
#[test]
fn the_checks_catch_a_broken_pairing() {
    use boardpost_pairing::GameResult::{Loss, Win};
    use boardpost_pairing::Player;
    use Colour::{Black, White};
    let played = |opponent, colour, result| RoundEntry::Played {
        opponent,
        colour,
        result,
        brief: false,
    };
    let forfeit = |opponent, won| RoundEntry::Forfeit {
        opponent,
        colour: None,
        won,
    };
    let cards = vec![
        vec![played(6, White, Win), played(4, White, Win)],
        vec![played(4, White, Loss), played(3, White, Loss)],
        vec![
            played(2, Black, Win),
            played(1, Black, Loss),
            RoundEntry::ZeroBye,
        ],
        vec![played(1, Black, Loss), played(2, White, Win)],
        vec![RoundEntry::PairingBye, forfeit(6, true)],
        vec![played(1, Black, Loss), forfeit(5, false)],
    ];
    let tournament = Tournament {
        players: cards
            .into_iter()
            .enumerate()
            .map(|(index, rounds)| Player {
                id: index as u16 + 1,
                rounds,
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    };
    // 1 and 2 both must have black, 6 and 1 met, 3 is absent, 5 had the bye and a forfeit
    // win, 1 plays twice.
    let pairing = Pairing {
        games: vec![(1, 2), (3, 4), (6, 1)],
        bye: Some(5),
    };
    let mut findings = Findings::default();
    check_round("round 3 of 5", &tournament, 2, 5, &pairing, &mut findings);
    assert_eq!(findings.colour_clashes.len(), 1);
    assert_eq!(findings.rematches.len(), 1);
    assert_eq!(findings.absent_paired.len(), 1);
    assert_eq!(findings.second_byes.len(), 1);
    assert_eq!(findings.byes_to_ineligible.len(), 1);
    assert_eq!(findings.not_paired_once.len(), 1);
    // In the last round 1 is a topscorer (2 of 2), so C3 lets 1 and 2 meet.
    let mut last = Findings::default();
    check_round("round 3 of 3", &tournament, 2, 3, &pairing, &mut last);
    assert!(last.colour_clashes.is_empty());
    assert_eq!(last.topscorer_clashes, 1);
}
