//! `/tournament withdraw`: a player leaves a running tournament, or the organiser removes
//! one. In a round-robin the rule of round-robin events applies (the pairing crate's
//! `withdrawal`): with at least half of their games finished, their results stand and
//! the rest are lost by forfeit; otherwise all their results are struck out. In a Swiss
//! the game of the round going on is lost by forfeit, and they are not paired again.

use super::super::{refuse, Caller, Langs, Reply, Result, Table};
use super::standings::number_of;
use super::{running, TournamentRecord};
use crate::ids::{TournamentId, UserId};
use crate::msg;
use crate::store::{
    BoardResult, Side, StoreError, TournamentFormat, TournamentWithdrawal, Withdrawal,
};
use boardpost_pairing::withdrawal::{self, Decision, Outcome, TableGame};

/// What the rule makes of a withdrawal: forfeits (round, board, winner), results struck
/// out (round, board), and the decision to tell.
struct Ruling {
    forfeits: Vec<(u16, u16, Side)>,
    struck: Vec<(u16, u16)>,
    decision: Option<Decision>,
}

fn ruling(record: &TournamentRecord, number: u16) -> Ruling {
    let games: Vec<_> = record
        .pairings
        .iter()
        .filter(|p| p.black.is_some())
        .collect();
    if record.row.format == TournamentFormat::Swiss {
        // Only the round going on has games without a result.
        let forfeits = games
            .iter()
            .filter(|p| !super::standings::decided(p))
            .filter(|p| p.white == number || p.black == Some(number))
            .map(|p| {
                let winner = if p.white == number {
                    Side::Black
                } else {
                    Side::White
                };
                (p.round, p.board, winner)
            })
            .collect();
        return Ruling {
            forfeits,
            struck: Vec::new(),
            decision: None,
        };
    }
    let table: Vec<TableGame> = games
        .iter()
        .map(|p| TableGame {
            white: p.white,
            black: p.black.unwrap_or(0),
            outcome: match (p.struck, p.forfeit, p.result) {
                (true, _, _) => Outcome::StruckOut,
                (_, Some(Side::White), _) => Outcome::WhiteWonByForfeit,
                (_, Some(Side::Black), _) => Outcome::BlackWonByForfeit,
                (_, _, Some(BoardResult::Won(Side::White))) => Outcome::WhiteWon,
                (_, _, Some(BoardResult::Won(Side::Black))) => Outcome::BlackWon,
                (_, _, Some(BoardResult::Draw)) => Outcome::Draw,
                (_, _, None) => Outcome::Unfinished,
            },
        })
        .collect();
    let (after, decision) = withdrawal::apply(&table, number);
    let mut ruling = Ruling {
        forfeits: Vec::new(),
        struck: Vec::new(),
        decision: Some(decision),
    };
    for (p, (before, now)) in games.iter().zip(table.iter().zip(&after)) {
        if before.outcome == now.outcome {
            continue;
        }
        match now.outcome {
            Outcome::StruckOut => ruling.struck.push((p.round, p.board)),
            Outcome::WhiteWonByForfeit => ruling.forfeits.push((p.round, p.board, Side::White)),
            Outcome::BlackWonByForfeit => ruling.forfeits.push((p.round, p.board, Side::Black)),
            _ => {}
        }
    }
    ruling
}

impl Table {
    pub(super) async fn withdraw_from_tournament(
        &self,
        caller: &Caller,
        id: Option<TournamentId>,
        player: Option<UserId>,
        langs: Langs,
    ) -> Result<Reply> {
        let user = player.unwrap_or(caller.user);
        let mut record = self
            .find_tournament(caller, id, |t| {
                running(t)
                    && t.entrants
                        .iter()
                        .any(|e| e.user == user && e.withdrawn.is_none())
            })
            .await?;
        let number = record.row.id.to_string();
        let why = if user == caller.user {
            Withdrawal::Own
        } else if Self::organises(caller, &record) {
            Withdrawal::Organiser
        } else {
            return refuse(msg!("tournament-organiser-only", tournament = number));
        };
        let decision = loop {
            if !running(&record) {
                return refuse(msg!("tournament-withdraw-not-running", tournament = number));
            }
            let Some(pairing_number) = number_of(&record, user) else {
                return refuse(msg!(
                    "tournament-player-not-in",
                    user = user.mention(),
                    tournament = number
                ));
            };
            if record
                .entrants
                .iter()
                .any(|e| e.user == user && e.withdrawn.is_some())
            {
                return refuse(msg!(
                    "tournament-withdrawn-already",
                    user = user.mention(),
                    tournament = number
                ));
            }
            let ruling = ruling(&record, pairing_number);
            let withdrawal = TournamentWithdrawal {
                id: record.row.id,
                expected_version: record.row.version,
                now: self.now(),
                user,
                why,
                forfeits: ruling.forfeits,
                struck: ruling.struck,
            };
            match self.store.withdraw_entrant(&withdrawal).await {
                Ok(()) => break ruling.decision,
                // Another change got in first (a game ended): decide again on what is
                // stored now.
                Err(StoreError::Conflict) => {
                    record = self
                        .store
                        .tournament(caller.guild, record.row.id)
                        .await?
                        .ok_or(crate::table::TableError::Changed)?;
                }
                Err(e) => return Err(e.into()),
            }
        };
        // The games the rule decided end now; then the tournament moves on.
        if let Some(after) = self.store.tournament(caller.guild, record.row.id).await? {
            self.end_decided_games(&after).await?;
        }
        self.step_tournament(record.row.id).await?;
        let rule = match decision {
            Some(Decision::ResultsStand { forfeited }) => {
                msg!("tournament-results-stand", forfeited = forfeited)
            }
            Some(Decision::ResultsStruckOut { struck }) => {
                msg!("tournament-results-struck", struck = struck)
            }
            None => msg!("tournament-not-paired-again"),
        };
        Ok(Reply::public(
            msg!(
                "tournament-withdraws",
                user = user.mention(),
                tournament = number,
                rule = rule
            )
            .tr(langs.public),
        ))
    }
}
