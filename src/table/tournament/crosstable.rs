//! The crosstable image of a tournament: what is stored made into the renderer's view
//! ([`crate::render::crosstable`]), a round-robin whole, a Swiss a page at a time.

use super::super::{Result, Table};
use super::standings::{counted_rounds, decided, standings_of};
use crate::i18n::Lang;
use crate::render::crosstable::{
    self, Cells, Crosstable, GameMark, Left, Outcome, Progress, RoundCell, Row, TieBreakColumn,
};
use crate::store::{
    BoardResult, PairingRow, Side, TournamentFormat, TournamentRecord, TournamentState, Withdrawal,
};
use boardpost_pairing::tiebreak::{Standing, TieBreak};

/// Rows of a Swiss's standings on one page of its crosstable.
pub(super) const PAGE_ROWS: usize = crosstable::MAX_ROWS;

/// How many pages a tournament's crosstable has: one for a round-robin.
pub(super) fn pages(record: &TournamentRecord) -> u16 {
    match record.row.format {
        TournamentFormat::Swiss => record.entrants.len().div_ceil(PAGE_ROWS).max(1) as u16,
        _ => 1,
    }
}

fn column(tie_break: TieBreak) -> TieBreakColumn {
    match tie_break {
        TieBreak::SonnebornBerger => TieBreakColumn::SonnebornBerger,
        TieBreak::DirectEncounter => TieBreakColumn::DirectEncounter,
        TieBreak::Wins => TieBreakColumn::Wins,
        TieBreak::Buchholz => TieBreakColumn::Buchholz,
        TieBreak::BuchholzCut1 => TieBreakColumn::BuchholzCut1,
    }
}

/// What a pairing came to for the player numbered `player`: `None` while it goes on
/// (or for a result struck out before it was known).
fn outcome_for(p: &PairingRow, player: u16) -> Option<Outcome> {
    let side = if p.white == player {
        Side::White
    } else {
        Side::Black
    };
    let won = |winner: Side| {
        if winner == side {
            Outcome::Win
        } else {
            Outcome::Loss
        }
    };
    match (p.forfeit, p.result) {
        (Some(winner), _) => Some(won(winner)),
        (None, Some(BoardResult::Won(winner))) => Some(won(winner)),
        (None, Some(BoardResult::Draw)) => Some(Outcome::Draw),
        (None, None) => None,
    }
}

/// How the player numbered `player` left the tournament, if they did: their own
/// withdrawal strikes out all their games, or none.
fn left(record: &TournamentRecord, player: u16) -> Option<Left> {
    let entrant = record.entrants.iter().find(|e| e.number == Some(player))?;
    let why = entrant.withdrawn?.why;
    Some(match (super::standings::all_struck(record, player), why) {
        (true, _) => Left::Struck,
        (false, Withdrawal::OutOfTime) => Left::OutOfTime,
        (false, _) => Left::Withdrew,
    })
}

/// The crosstable of a started tournament as the renderer draws it: page `page` (from
/// one) of a Swiss's standings, a round-robin whole. `names` are the entrants' display
/// names; `game` is the game's title.
pub(super) fn view(
    record: &TournamentRecord,
    standings: &[Standing],
    names: &[(crate::ids::UserId, String)],
    game: String,
    page: u16,
    lang: Lang,
) -> Crosstable {
    let swiss = record.row.format == TournamentFormat::Swiss;
    let rounds = counted_rounds(record);
    let name_of = |player: u16| {
        let user = super::standings::user_numbered(record, player);
        names
            .iter()
            .find(|(u, _)| Some(*u) == user)
            .map_or_else(|| format!("#{player}"), |(_, n)| n.clone())
    };
    let place_of = |player: u16| {
        standings
            .iter()
            .position(|s| s.player == player)
            .map_or(0, |i| i as u16 + 1)
    };
    let counted: Vec<&PairingRow> = record
        .pairings
        .iter()
        .filter(|p| p.round <= rounds)
        .collect();
    // The leaders: equal to the first on score and every tie-break, once anything counts.
    let anything = counted.iter().any(|p| p.black.is_some() && decided(p));
    let best = standings.first().map(|s| (s.score, &s.tie_breaks));
    let pages = pages(record);
    let page = page.clamp(1, pages);
    let shown: &[Standing] = if swiss {
        let from = (usize::from(page) - 1) * PAGE_ROWS;
        &standings[from.min(standings.len())..(from + PAGE_ROWS).min(standings.len())]
    } else {
        &standings[..standings.len().min(crosstable::MAX_ROWS)]
    };
    let rows = shown
        .iter()
        .map(|s| {
            let player = s.player;
            let theirs = |p: &&&PairingRow| p.white == player || p.black == Some(player);
            let cells = if swiss {
                Cells::Swiss(
                    (1..=rounds)
                        .map(|round| {
                            let Some(p) = counted.iter().filter(theirs).find(|p| p.round == round)
                            else {
                                return RoundCell::Absent;
                            };
                            match p.black {
                                None => RoundCell::Bye {
                                    tenths: record.row.bye_points,
                                },
                                Some(black) => {
                                    let opponent = if p.white == player { black } else { p.white };
                                    RoundCell::Game {
                                        outcome: outcome_for(p, player),
                                        opponent: place_of(opponent),
                                        white: p.white == player,
                                        forfeit: p.forfeit.is_some(),
                                        struck: p.struck,
                                    }
                                }
                            }
                        })
                        .collect(),
                )
            } else {
                Cells::RoundRobin(
                    shown
                        .iter()
                        .map(|other| {
                            counted
                                .iter()
                                .filter(theirs)
                                .filter(|p| {
                                    p.black.is_some()
                                        && (p.white == other.player
                                            || p.black == Some(other.player))
                                        && other.player != player
                                })
                                .map(|p| GameMark {
                                    outcome: outcome_for(p, player),
                                    forfeit: p.forfeit.is_some(),
                                    struck: p.struck,
                                })
                                .collect()
                        })
                        .collect(),
                )
            };
            Row {
                place: place_of(player),
                name: name_of(player),
                score: s.score,
                tie_breaks: s.tie_breaks.clone(),
                cells,
                leader: anything && best == Some((s.score, &s.tie_breaks)),
                left: left(record, player),
            }
        })
        .collect();
    let games = record.pairings.iter().filter(|p| p.black.is_some());
    let progress = if swiss {
        Progress::Swiss {
            round: rounds,
            rounds: record.row.rounds.unwrap_or(rounds),
            page,
            pages,
        }
    } else {
        Progress::RoundRobin {
            double: record.row.format == TournamentFormat::DoubleRoundRobin,
            games_over: games.clone().filter(|p| decided(p)).count() as u32,
            games: games.count() as u32,
        }
    };
    Crosstable {
        lang,
        tournament: record.row.id.0,
        game,
        progress,
        finished: record.row.state == TournamentState::Finished,
        tie_breaks: super::standings::tie_breaks(record.row.format)
            .iter()
            .map(|b| column(*b))
            .collect(),
        rows,
    }
}

impl Table {
    /// The crosstable of a started tournament as a PNG attachment (file name, bytes):
    /// page `page` of a Swiss's (see [`pages`]).
    pub(super) async fn crosstable_png(
        &self,
        record: &TournamentRecord,
        page: u16,
        lang: Lang,
    ) -> Result<(String, Vec<u8>)> {
        let names = self.entrant_names(record).await?;
        let standings = standings_of(record, &names);
        let game = super::title_of(record, lang)?;
        let table = view(record, &standings, &names, game, page, lang);
        let name = match pages(record) {
            1 => format!("tournament-{}-crosstable.png", record.row.id),
            _ => format!(
                "tournament-{}-crosstable-page{}.png",
                record.row.id,
                page.clamp(1, pages(record))
            ),
        };
        Ok((name, crosstable::render_png(&table)))
    }
}
