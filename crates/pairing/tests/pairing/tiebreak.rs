//! Tie-breaks on crosstables computed by hand, and the withdrawal rule.

use boardpost_pairing::tiebreak::{Format, TieBreak, TieBreaks};
use boardpost_pairing::withdrawal::{self, Decision, Outcome, TableGame};
use boardpost_pairing::{Colour, GameResult, Player, RoundEntry, Tournament};

fn played(opponent: u16, colour: Colour, result: GameResult) -> RoundEntry {
    RoundEntry::Played {
        opponent,
        colour,
        result,
        brief: false,
    }
}

fn tournament(cards: Vec<Vec<RoundEntry>>) -> Tournament {
    Tournament {
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
    }
}

use Colour::{Black as B, White as W};
use GameResult::{Draw, Loss, Win};

/// A 4-player round-robin:
/// R1 1-4 1-0, 2-3 1-0; R2 4-3 0-1, 1-2 0-1; R3 2-4 0-1, 3-1 0-1.
/// Scores 2, 2, 1, 1. SB: 1 → 1 + 1 = 2; 2 → 1 + 2 = 3; 3 → 1; 4 → 2.
/// Direct encounter: 2 beat 1, 3 beat 4.
fn round_robin() -> Tournament {
    tournament(vec![
        vec![played(4, W, Win), played(2, B, Loss), played(3, B, Win)],
        vec![played(3, W, Win), played(1, W, Win), played(4, W, Loss)],
        vec![played(2, B, Loss), played(4, B, Win), played(1, W, Loss)],
        vec![played(1, B, Loss), played(3, W, Loss), played(2, B, Win)],
    ])
}

#[test]
fn round_robin_sonneborn_berger_and_direct_encounter() {
    let t = round_robin();
    let tb = TieBreaks::new(&t, Format::RoundRobin, 3);
    let sb: Vec<i64> = (1..=4).map(|p| tb.sonneborn_berger(p)).collect();
    assert_eq!(sb, vec![200, 300, 100, 200]);
    let wins: Vec<i64> = (1..=4).map(|p| tb.wins(p)).collect();
    assert_eq!(wins, vec![2, 2, 1, 1]);
    assert_eq!(tb.direct_encounter(&[1, 2]), Some(vec![0, 10]));
    assert_eq!(tb.direct_encounter(&[3, 4]), Some(vec![10, 0]));
    let order: Vec<u16> = tb
        .standings(&[TieBreak::DirectEncounter, TieBreak::SonnebornBerger])
        .iter()
        .map(|s| s.player)
        .collect();
    assert_eq!(order, vec![2, 1, 3, 4]);
    let order: Vec<u16> = tb
        .standings(&[TieBreak::SonnebornBerger, TieBreak::DirectEncounter])
        .iter()
        .map(|s| s.player)
        .collect();
    assert_eq!(order, vec![2, 1, 4, 3]);
}

#[test]
fn direct_encounter_needs_every_game_among_the_tied() {
    // After round 1 players 1 and 3 are tied on 1 point but have not met.
    let t = round_robin();
    let tb = TieBreaks::new(&t, Format::RoundRobin, 1);
    assert_eq!(tb.direct_encounter(&[1, 2]), None);
}

/// A 5-player, 3-round Swiss with every kind of unplayed round:
/// R1 1-4 1-0, 2-5 ½, 3 pairing-allocated bye;
/// R2 3-1 ½, 2-4 won by 2 by forfeit, 5 half-point bye;
/// R3 1-2 1-0, 5-3 0-1, 4 zero-point bye (a requested bye in the last round).
/// Scores 2.5, 1.5, 2.5, 0, 1. Adjusted (C.07 16.3): 4's last-round bye counts as a draw,
/// so 0.5 as an opponent; 5's half-point bye was followed by a game, so it stays 1.
fn swiss() -> Tournament {
    let forfeit = |opponent, won| RoundEntry::Forfeit {
        opponent,
        colour: None,
        won,
    };
    tournament(vec![
        vec![played(4, W, Win), played(3, B, Draw), played(2, W, Win)],
        vec![played(5, W, Draw), forfeit(4, true), played(1, B, Loss)],
        vec![
            RoundEntry::PairingBye,
            played(1, W, Draw),
            played(5, B, Win),
        ],
        vec![played(1, B, Loss), forfeit(2, false), RoundEntry::ZeroBye],
        vec![played(2, B, Draw), RoundEntry::HalfBye, played(3, W, Loss)],
    ])
}

#[test]
fn swiss_buchholz_with_unplayed_rounds() {
    let t = swiss();
    let tb = TieBreaks::new(&t, Format::Swiss, 3);
    let scores: Vec<u32> = (1..=5).map(|p| tb.score(p)).collect();
    assert_eq!(scores, vec![25, 15, 25, 0, 10]);
    // 1: 0.5 + 2.5 + 1.5; 2: 1 + dummy min(1.5, 0.5) + 2.5; 3: dummy min(2.5, 1.5) + 2.5 + 1;
    // 4: 2.5 + 0 + 0; 5: 1.5 + dummy min(1, 1.5) + 2.5.
    let buchholz: Vec<i64> = (1..=5).map(|p| tb.buchholz(p)).collect();
    assert_eq!(buchholz, vec![45, 40, 50, 25, 50]);
    // Cut-1: the lowest, or the lowest voluntarily unplayed round's (4: 0; 5: its bye's 1).
    let cut: Vec<i64> = (1..=5).map(|p| tb.buchholz_cut1(p)).collect();
    assert_eq!(cut, vec![40, 35, 40, 25, 40]);
    // SB: 1: 0.5 + 2.5/2 + 1.5; 2: 1/2 + 0.5 + 0; 3: 1.5 + 2.5/2 + 1; 4: 0; 5: 1.5/2 + 1/2.
    let sb: Vec<i64> = (1..=5).map(|p| tb.sonneborn_berger(p)).collect();
    assert_eq!(sb, vec![325, 100, 375, 0, 125]);
    let wins: Vec<i64> = (1..=5).map(|p| tb.wins(p)).collect();
    assert_eq!(wins, vec![2, 1, 2, 0, 0]);
    let order: Vec<u16> = tb
        .standings(&[TieBreak::BuchholzCut1, TieBreak::Buchholz])
        .iter()
        .map(|s| s.player)
        .collect();
    assert_eq!(order, vec![3, 1, 2, 5, 4]);
}

fn game(white: u16, black: u16, outcome: Outcome) -> TableGame {
    TableGame {
        white,
        black,
        outcome,
    }
}

#[test]
fn withdrawal_after_half_the_games_keeps_results_and_forfeits_the_rest() {
    // Player 1 of five has four games: two finished, two not.
    let table = vec![
        game(1, 2, Outcome::WhiteWon),
        game(3, 1, Outcome::Draw),
        game(1, 4, Outcome::Unfinished),
        game(5, 1, Outcome::Unfinished),
        game(2, 3, Outcome::Unfinished),
    ];
    let (after, decision) = withdrawal::apply(&table, 1);
    assert_eq!(decision, Decision::ResultsStand { forfeited: 2 });
    assert_eq!(
        after,
        vec![
            game(1, 2, Outcome::WhiteWon),
            game(3, 1, Outcome::Draw),
            game(1, 4, Outcome::BlackWonByForfeit),
            game(5, 1, Outcome::WhiteWonByForfeit),
            game(2, 3, Outcome::Unfinished),
        ]
    );
}

#[test]
fn withdrawal_before_half_the_games_strikes_everything() {
    let table = vec![
        game(1, 2, Outcome::WhiteWon),
        game(3, 1, Outcome::Unfinished),
        game(1, 4, Outcome::Unfinished),
        game(5, 1, Outcome::Unfinished),
        game(2, 3, Outcome::BlackWon),
    ];
    let (after, decision) = withdrawal::apply(&table, 1);
    assert_eq!(decision, Decision::ResultsStruckOut { struck: 4 });
    assert!(after[..4].iter().all(|g| g.outcome == Outcome::StruckOut));
    assert_eq!(after[4], game(2, 3, Outcome::BlackWon));
}
