//! `/tournament start`, and what starting a round means: pairing numbers by rating, the
//! pairings (a round-robin's every round from the FIDE Berger tables, a Swiss's next
//! round by the Dutch system), and a game for each pairing, each announced in the
//! tournament's channel with its own thread, all written in one guarded transaction.

use super::super::new_game::GameSetup;
use super::super::{refuse, Caller, Langs, Reply, Result, Table, TableError, DEFAULT_LEVEL};
use super::standings::{engine_view, user_numbered};
use super::TournamentRecord;
use crate::games::GameKind;
use crate::i18n::Lang;
use crate::ids::{GameId, TournamentId, UserId};
use crate::msg;
use crate::store::{
    NewPairing, NoticeRow, StoreError, TournamentFormat, TournamentStart, TournamentState,
};
use boardpost_pairing::berger::{self, Cycles};
use boardpost_pairing::{pair_next_round, NoLegalPairing};
use std::collections::HashMap;
use std::str::FromStr;

/// A round's games by board, as pairing numbers (white first), and the player with the bye.
pub(super) struct RoundPlan {
    pub round: u16,
    pub games: Vec<(u16, u16)>,
    pub bye: Option<u16>,
}

/// Every round of a round-robin of `players`: single, or double with the last two rounds
/// of the first cycle swapped, as the Handbook recommends.
fn round_robin(players: usize, format: TournamentFormat) -> Result<Vec<RoundPlan>> {
    let cycles = match format {
        TournamentFormat::DoubleRoundRobin => Cycles::DoubleLastTwoSwapped,
        _ => Cycles::Single,
    };
    let schedule = berger::schedule(players, cycles)
        .map_err(|e| TableError::Refused(msg!("tournament-cannot-pair", why = e.to_string())))?;
    Ok(schedule
        .into_iter()
        .enumerate()
        .map(|(i, round)| RoundPlan {
            round: i as u16 + 1,
            games: round.games.iter().map(|g| (g.white, g.black)).collect(),
            bye: round.bye,
        })
        .collect())
}

/// A Swiss's next round by the Dutch system, over the rounds played so far.
pub(super) async fn next_swiss_round(
    table: &Table,
    record: &TournamentRecord,
) -> Result<std::result::Result<RoundPlan, NoLegalPairing>> {
    let names = table.entrant_names(record).await?;
    let view = engine_view(record, &names, record.row.rounds_paired);
    let round = record.row.rounds_paired + 1;
    // The Dutch engine may search for a while on a large event: off the async threads.
    let pairing = tokio::task::spawn_blocking(move || pair_next_round(&view))
        .await
        .map_err(|e| TableError::Refused(msg!("tournament-cannot-pair", why = e.to_string())))?;
    Ok(pairing.map(|p| RoundPlan {
        round,
        games: p.games,
        bye: p.bye,
    }))
}

impl Table {
    pub(super) async fn start_tournament(
        &self,
        caller: &Caller,
        id: Option<TournamentId>,
        langs: Langs,
    ) -> Result<Reply> {
        let record = self
            .find_tournament(caller, id, |t| t.row.state == TournamentState::Open)
            .await?;
        let number = record.row.id.to_string();
        if !Self::organises(caller, &record) {
            return refuse(msg!("tournament-organiser-only", tournament = number));
        }
        if record.row.state != TournamentState::Open {
            return refuse(msg!("tournament-not-open", tournament = number));
        }
        self.start_record(record, langs.public).await
    }

    /// Starts a tournament as read: numbers, pairings, games and their announcements in
    /// one transaction guarded by the version read. Another change since (an entry, a
    /// start by someone else) refuses it.
    pub(super) async fn start_record(&self, record: TournamentRecord, lang: Lang) -> Result<Reply> {
        let number = record.row.id.to_string();
        let players = record.entrants.len();
        let swiss = record.row.format == TournamentFormat::Swiss;
        let rounds = record.row.rounds.unwrap_or(0);
        if players < 2 || (swiss && usize::from(rounds) >= players) {
            return refuse(msg!(
                "tournament-too-few",
                tournament = number,
                players = players,
                needed = if swiss { usize::from(rounds) + 1 } else { 2 }
            ));
        }
        // Pairing numbers: the server's rating for this game, best first, then the order
        // of entry (FIDE orders by rating; ours are the server's own).
        let users: Vec<UserId> = record.entrants.iter().map(|e| e.user).collect();
        let ratings: HashMap<UserId, f64> = self
            .store
            .ratings_of(record.row.guild, &record.row.kind, &users)
            .await?
            .into_iter()
            .collect();
        let mut ordered: Vec<_> = record.entrants.iter().collect();
        ordered.sort_by(|a, b| {
            let rating = |u: &UserId| ratings.get(u).copied().unwrap_or(crate::rating::START);
            rating(&b.user)
                .total_cmp(&rating(&a.user))
                .then(a.entry.cmp(&b.entry))
        });
        let numbers: Vec<(UserId, u16)> = ordered
            .iter()
            .enumerate()
            .map(|(i, e)| (e.user, i as u16 + 1))
            .collect();
        let mut numbered = record.clone();
        for entrant in &mut numbered.entrants {
            entrant.number = numbers
                .iter()
                .find(|(u, _)| *u == entrant.user)
                .map(|n| n.1);
        }
        let plans = if swiss {
            match next_swiss_round(self, &numbered).await? {
                Ok(plan) => vec![plan],
                Err(e) => return refuse(msg!("tournament-cannot-pair", why = e.to_string())),
            }
        } else {
            round_robin(players, record.row.format)?
        };
        let mut pairings = Vec::new();
        for plan in &plans {
            pairings.extend(self.round_pairings(&numbered, plan).await?);
        }
        let games = pairings.iter().filter(|p| p.game.is_some()).count();
        let rounds_paired = plans.len() as u16;
        let announce = self.game_announcer(&numbered, lang).await?;
        let start = TournamentStart {
            id: record.row.id,
            expected_version: record.row.version,
            now: self.now(),
            numbers,
            pairings,
            rounds_paired,
        };
        let created = match self.store.start_tournament(&start, &announce).await {
            Err(StoreError::Conflict) => {
                return refuse(msg!("tournament-changed", tournament = number))
            }
            other => other?,
        };
        let (first, last) = (created.first().copied(), created.last().copied());
        Ok(Reply::public(
            msg!(
                "tournament-started",
                tournament = number.as_str(),
                players = players,
                games = games,
                first = first.map_or(0, |g| g.0),
                last = last.map_or(0, |g| g.0),
                swiss = if swiss { "yes" } else { "no" }
            )
            .tr(lang),
        ))
    }

    /// A round's pairings, each with its new game (white in the first seat, the time for
    /// the first move starting at white's return if they are away), the bye last.
    pub(super) async fn round_pairings(
        &self,
        record: &TournamentRecord,
        plan: &RoundPlan,
    ) -> Result<Vec<NewPairing>> {
        let row = &record.row;
        let mut pairings = Vec::with_capacity(plan.games.len() + 1);
        for (board, (white, black)) in plan.games.iter().enumerate() {
            let seat = |number: u16| -> Result<(UserId, Option<u8>)> {
                let user =
                    user_numbered(record, number).ok_or_else(|| TableError::CorruptTournament {
                        tournament: row.id,
                        why: format!("pairing number {number} has no player"),
                    })?;
                let level = (Some(user) == self.bot_user()).then(|| DEFAULT_LEVEL.number());
                Ok((user, level))
            };
            let seats = vec![seat(*white)?, seat(*black)?];
            let first_turn_at = self
                .away_until(row.guild, seats[0].0)
                .await?
                .unwrap_or_else(|| self.now());
            let game = self
                .new_game(GameSetup {
                    guild: row.guild,
                    channel: row.channel,
                    kind: &row.kind,
                    options: &row.options,
                    days_per_move: row.days_per_move,
                    seats,
                    first_turn_at,
                })
                .map_err(|why| TableError::CorruptTournament {
                    tournament: row.id,
                    why,
                })?;
            pairings.push(NewPairing {
                round: plan.round,
                board: board as u16 + 1,
                white: *white,
                black: Some(*black),
                game: Some(game),
            });
        }
        if let Some(bye) = plan.bye {
            pairings.push(NewPairing {
                round: plan.round,
                board: plan.games.len() as u16 + 1,
                white: bye,
                black: None,
                game: None,
            });
        }
        Ok(pairings)
    }

    /// What announces each new game of a tournament in its channel, given the game's id:
    /// its players, who moves first, and the thread to open for it. Made before the
    /// transaction that writes the games, which calls it as each game gets its id.
    pub(super) async fn game_announcer(
        &self,
        record: &TournamentRecord,
        lang: Lang,
    ) -> Result<impl Fn(GameId, &NewPairing) -> Option<NoticeRow> + Sync> {
        let names = self.entrant_names(record).await?;
        let title = super::title_of(record, lang)?;
        // The kind as players read it in the thread's name.
        let kind = GameKind::from_str(&record.row.kind)
            .map(|k| msg!("title-plain", game = k.name()).tr(lang))
            .unwrap_or_else(|_| record.row.kind.clone());
        let users: HashMap<u16, UserId> = record
            .entrants
            .iter()
            .filter_map(|e| Some((e.number?, e.user)))
            .collect();
        let row = record.row.clone();
        let bot = self.bot_user();
        let days = crate::table::words::days(row.days_per_move).tr(lang);
        Ok(move |game: GameId, pairing: &NewPairing| {
            let white = *users.get(&pairing.white)?;
            let black = *users.get(&pairing.black?)?;
            let name = |user: UserId| {
                names
                    .iter()
                    .find(|(u, _)| *u == user)
                    .map_or_else(|| user.to_string(), |(_, n)| n.clone())
            };
            let mut text = msg!(
                "tournament-game-begins",
                tournament = row.id.to_string(),
                round = pairing.round,
                game = game.to_string(),
                title = title.as_str(),
                white = white.mention(),
                black = black.mention(),
                days = days.as_str()
            )
            .tr(lang);
            if Some(white) != bot {
                text += "\n";
                text += &msg!("your-move-now", user = white.mention()).tr(lang);
            }
            let players = format!("{}{}{}", name(white), msg!("versus").tr(lang), name(black));
            Some(NoticeRow {
                id: 0,
                game: Some(game),
                guild: row.guild,
                channel: row.channel,
                parent: row.channel,
                dm: Vec::new(),
                in_channel: true,
                text,
                pings: [white, black]
                    .into_iter()
                    .filter(|u| Some(*u) != bot)
                    .collect(),
                image: None,
                thread: Some(
                    msg!(
                        "thread-name",
                        kind = kind.as_str(),
                        game = game.to_string(),
                        players = players
                    )
                    .tr(lang),
                ),
                buttons: Vec::new(),
            })
        })
    }
}
