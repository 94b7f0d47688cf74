//! Sample crosstables for the renderer's tests, its bench and the gallery: a round-robin
//! of any size with results drawn from a seed, and a page of a Swiss of any size.

use boardpost::i18n::Lang;
use boardpost::render::crosstable::{
    Cells, Crosstable, GameMark, Left, Outcome, Progress, RoundCell, Row, TieBreakColumn,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn outcome(rng: &mut SmallRng) -> Outcome {
    match rng.gen_range(0..3) {
        0 => Outcome::Win,
        1 => Outcome::Draw,
        _ => Outcome::Loss,
    }
}

fn flip(o: Outcome) -> Outcome {
    match o {
        Outcome::Win => Outcome::Loss,
        Outcome::Draw => Outcome::Draw,
        Outcome::Loss => Outcome::Win,
    }
}

fn tenths(o: Outcome) -> u32 {
    match o {
        Outcome::Win => 10,
        Outcome::Draw => 5,
        Outcome::Loss => 0,
    }
}

/// A round-robin of `names.len()` players (single or double) with random results, a few
/// games still going on; the player at `struck`, if any, withdrew with their results
/// struck out. Rows are sorted by score, Sonneborn–Berger and wins (direct encounters
/// left at 0), the leaders (equal on all three) marked.
pub fn round_robin(names: &[&str], double: bool, struck: Option<usize>, lang: Lang) -> Crosstable {
    let n = names.len();
    let mut rng = SmallRng::seed_from_u64(n as u64 * 7 + u64::from(double));
    let games = if double { 2 } else { 1 };
    // marks[a][b]: a's games against b.
    let mut marks = vec![vec![Vec::new(); n]; n];
    let pairs = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b)));
    for (a, b) in pairs {
        for _ in 0..games {
            let going_on = rng.gen_range(0..8) == 0;
            let o = outcome(&mut rng);
            let is_struck = struck == Some(a) || struck == Some(b);
            let mark = |o: Outcome| GameMark {
                outcome: (!going_on || is_struck).then_some(o),
                forfeit: false,
                struck: is_struck,
            };
            marks[a][b].push(mark(o));
            marks[b][a].push(mark(flip(o)));
        }
    }
    let score = |a: usize| -> u32 {
        marks[a]
            .iter()
            .flatten()
            .filter(|m| !m.struck)
            .filter_map(|m| m.outcome)
            .map(tenths)
            .sum()
    };
    let counted = |a: usize| {
        marks[a]
            .iter()
            .enumerate()
            .flat_map(|(b, m)| m.iter().map(move |m| (b, m)))
            .filter(|(_, m)| !m.struck)
            .filter_map(|(b, m)| m.outcome.map(|o| (b, o)))
            .collect::<Vec<_>>()
    };
    let sb = |a: usize| -> i64 {
        counted(a)
            .into_iter()
            .map(|(b, o)| i64::from(tenths(o)) * i64::from(score(b)))
            .sum()
    };
    let wins = |a: usize| {
        counted(a)
            .iter()
            .filter(|(_, o)| *o == Outcome::Win)
            .count() as i64
    };
    let key = |a: usize| (score(a), sb(a), wins(a));
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|a| (std::cmp::Reverse(key(*a)), *a));
    let total: u32 = (0..n).map(score).sum();
    let over = marks
        .iter()
        .enumerate()
        .flat_map(|(a, row)| row.iter().enumerate().filter(move |(b, _)| *b > a))
        .flat_map(|(_, m)| m)
        .filter(|m| m.outcome.is_some())
        .count() as u32;
    let top = order.first().map(|a| key(*a));
    let rows = order
        .iter()
        .enumerate()
        .map(|(place, &a)| Row {
            place: place as u16 + 1,
            name: names[a].to_string(),
            score: score(a),
            tie_breaks: vec![sb(a), 0, wins(a)],
            cells: Cells::RoundRobin(order.iter().map(|&b| marks[a][b].clone()).collect()),
            leader: Some(key(a)) == top && total > 0,
            left: (struck == Some(a)).then_some(Left::Struck),
        })
        .collect();
    Crosstable {
        lang,
        tournament: 7,
        game: "Sidja · sidja · 7x7".into(),
        progress: Progress::RoundRobin {
            double,
            games_over: over,
            games: (n * (n - 1) / 2 * games) as u32,
        },
        finished: false,
        tie_breaks: vec![
            TieBreakColumn::SonnebornBerger,
            TieBreakColumn::DirectEncounter,
            TieBreakColumn::Wins,
        ],
        rows,
    }
}

/// Page `page` (from 1, 20 rows a page) of a Swiss of `players` after `rounds` rounds
/// with random results (opponents drawn at random too), sorted by points; the last
/// player withdrew after round 2 (absent since), and one player had the bye in round 1.
pub fn swiss_page(players: u16, rounds: u16, page: u16, lang: Lang) -> Crosstable {
    let mut rng = SmallRng::seed_from_u64(u64::from(players) * 31 + u64::from(rounds));
    let pages = players.div_ceil(20).max(1);
    let page = page.clamp(1, pages);
    // Every player's rounds, then their points: the rows are sorted by them.
    let mut all: Vec<(u16, Vec<RoundCell>, u32)> = (1..=players)
        .map(|number| {
            let cells: Vec<RoundCell> = (1..=rounds)
                .map(|round| {
                    if number == players && round > 2 {
                        return RoundCell::Absent;
                    }
                    if number == players - 1 && round == 1 {
                        return RoundCell::Bye { tenths: 10 };
                    }
                    let opponent = rng.gen_range(1..=players);
                    RoundCell::Game {
                        outcome: Some(outcome(&mut rng)),
                        opponent: if opponent == number {
                            players - number + 1
                        } else {
                            opponent
                        },
                        white: (number + round) % 2 == 0,
                        forfeit: number == 3 && round == rounds,
                        struck: false,
                    }
                })
                .collect();
            let score = cells
                .iter()
                .map(|c| match c {
                    RoundCell::Game {
                        outcome: Some(o), ..
                    } => tenths(*o),
                    RoundCell::Bye { tenths } => *tenths,
                    _ => 0,
                })
                .sum();
            (number, cells, score)
        })
        .collect();
    all.sort_by_key(|(number, _, score)| (std::cmp::Reverse(*score), *number));
    let rows = all
        .into_iter()
        .enumerate()
        .skip(usize::from(page - 1) * 20)
        .take(20)
        .map(|(i, (number, cells, score))| Row {
            place: i as u16 + 1,
            name: match lang {
                Lang::Ru => format!("Игрок {number}"),
                _ => format!("player {number}"),
            },
            score,
            tie_breaks: vec![
                i64::from(score) * 3 * 8 / 10,
                i64::from(score) * 3,
                i64::from(score) * 25,
                0,
            ],
            cells: Cells::Swiss(cells),
            leader: i == 0,
            left: (number == players).then_some(Left::Withdrew),
        })
        .collect();
    Crosstable {
        lang,
        tournament: 12,
        game: match lang {
            Lang::Ru => "Сянци".into(),
            _ => "Xiangqi".into(),
        },
        progress: Progress::Swiss {
            round: rounds,
            rounds: rounds + 2,
            page,
            pages,
        },
        finished: false,
        tie_breaks: vec![
            TieBreakColumn::BuchholzCut1,
            TieBreakColumn::Buchholz,
            TieBreakColumn::SonnebornBerger,
            TieBreakColumn::DirectEncounter,
        ],
        rows,
    }
}
