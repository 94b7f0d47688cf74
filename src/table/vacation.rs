//! Vacations: a player pauses the clocks of all their games on a server for some days.
//! The time limits of the games where they are to move move on by the pause; a turn that
//! comes to them while they are away gets its full time from their return. Each server
//! has an allowance of days per 365 days.

use super::deadlines::game_notice;
use super::load::Loaded;
use super::words::{numbered, span};
use super::{refuse, Caller, Reply, Result, Table, TableError};
use crate::clock::DAY;
use crate::i18n::Msg;
use crate::ids::{GameId, GuildId, UserId};
use crate::msg;
use crate::store::{GameSeen, VacationEnd, VacationStart, GAMES_PAGE};

/// A server's vacation days per 365 days when it chose none.
pub const DEFAULT_VACATION_DAYS: i64 = 21;
/// The most a server may allow.
pub const MAX_VACATION_DAYS: i64 = 365;
const YEAR: i64 = 365 * DAY;
/// How many times a vacation's start or end reads the player's games again when one of
/// them changed in between (a move handed them the turn) before it gives up.
const READS: usize = 4;

/// What `/vacation` asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VacationAction {
    Start {
        days: i64,
    },
    End,
    /// The server's allowance of days per 365 days (members who manage the server).
    Allowance {
        days: i64,
    },
}

impl Table {
    /// When `user` is back, if they are away now.
    pub(super) async fn away_until(&self, guild: GuildId, user: UserId) -> Result<Option<i64>> {
        Ok(self
            .store
            .vacation_at(guild, user, self.now())
            .await?
            .map(|v| v.until()))
    }

    /// The caller's games going on, each as seen now (its version, and whether they
    /// are to move in it): all of them, a listing's page at a time.
    async fn games_to_pause(&self, caller: &Caller) -> Result<Vec<GameSeen>> {
        let mut all = Vec::new();
        let mut before = None;
        loop {
            // A damaged game is left out (and logged): its clock stands still anyway,
            // since the deadline round skips it.
            let listing = self
                .list_games(caller.guild, caller.user, true, before)
                .await?;
            let read = listing.games.len() + listing.damaged.len();
            before = (listing.games.iter().map(Loaded::id))
                .chain(listing.damaged.iter().map(|(game, _)| *game))
                .min();
            for loaded in listing.games {
                if !loaded.users_in().contains(&caller.user) {
                    continue;
                }
                all.push(GameSeen {
                    game: loaded.id(),
                    version: loaded.row.version,
                    to_move: loaded.to_move_user() == Some(caller.user),
                });
            }
            if (read as i64) < GAMES_PAGE {
                return Ok(all);
            }
        }
    }

    /// Starts the caller's vacation of `days` from `now`, deciding in one write whether
    /// they may and which time limits move: the games, or the refusal.
    async fn start_vacation(&self, caller: &Caller, now: i64, days: i64) -> Result<Vec<GameId>> {
        let allowance = self.store.vacation_allowance(caller.guild).await?;
        let allowance = allowance.unwrap_or(DEFAULT_VACATION_DAYS);
        // `used`: the seconds of vacation taken in the year before.
        let too_many = |used: i64| {
            refuse(msg!(
                "vacation-allowance",
                days = days,
                allowance = allowance,
                left = allowance.saturating_mul(DAY).saturating_sub(used).max(0) / DAY
            ))
        };
        // No allowance is above the most a server may allow.
        if !(1..=MAX_VACATION_DAYS).contains(&days) {
            let used = self
                .store
                .vacations_since(caller.guild, caller.user, now - YEAR)
                .await?
                .iter()
                .fold(0i64, |sum, v| sum.saturating_add(v.used(now)));
            return too_many(used);
        }
        for _ in 0..READS {
            let games = self.games_to_pause(caller).await?;
            let start = self
                .store
                .start_vacation(
                    caller.guild,
                    caller.user,
                    now,
                    now + days * DAY,
                    allowance.saturating_mul(DAY),
                    now - YEAR,
                    &games,
                )
                .await?;
            match start {
                VacationStart::Started(_) => return Ok(games.iter().map(|g| g.game).collect()),
                VacationStart::Away(v) => {
                    return refuse(msg!("vacation-already", left = span(v.until() - now)))
                }
                VacationStart::OverAllowance { used } => return too_many(used),
                VacationStart::Changed => continue,
            }
        }
        Err(TableError::Changed)
    }

    /// Ends the caller's vacation early at `now`, moving back in the same write the time
    /// limits of the games where they are to move: the games.
    async fn end_vacation(&self, caller: &Caller, now: i64) -> Result<Vec<GameId>> {
        for _ in 0..READS {
            let Some(v) = self
                .store
                .vacation_at(caller.guild, caller.user, now)
                .await?
            else {
                return refuse(msg!("vacation-none"));
            };
            let games = self.games_to_pause(caller).await?;
            match self.store.end_vacation(&v, now, &games).await? {
                VacationEnd::Ended => return Ok(games.iter().map(|g| g.game).collect()),
                VacationEnd::Over => return refuse(msg!("vacation-none")),
                VacationEnd::Changed => continue,
            }
        }
        Err(TableError::Changed)
    }

    /// `/vacation start|end`.
    pub async fn vacation(&self, caller: &Caller, action: VacationAction) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let now = self.now();
        match action {
            VacationAction::Allowance { days } => {
                if !caller.manages_server {
                    return refuse(msg!("vacation-allowance-needs-manage-server"));
                }
                if !(0..=MAX_VACATION_DAYS).contains(&days) {
                    return refuse(msg!("vacation-allowance-range", most = MAX_VACATION_DAYS));
                }
                self.store
                    .set_vacation_allowance(caller.guild, days)
                    .await?;
                Ok(Reply::private(
                    msg!("vacation-allowance-set", days = days).tr(langs.private),
                ))
            }
            VacationAction::Start { days } => {
                let games = self.start_vacation(caller, now, days).await?;
                let away = |game: GameId| {
                    msg!(
                        "vacation-notice-starts",
                        user = caller.user.mention(),
                        game = game.to_string(),
                        left = span(days * DAY)
                    )
                };
                self.tell_games(caller, &games, away).await?;
                Ok(Reply::public(
                    msg!(
                        "vacation-starts",
                        user = caller.user.mention(),
                        left = span(days * DAY),
                        games = numbered(&games),
                        count = games.len()
                    )
                    .tr(langs.public),
                ))
            }
            VacationAction::End => {
                let games = self.end_vacation(caller, now).await?;
                let back = |game: GameId| {
                    msg!(
                        "vacation-notice-ends",
                        user = caller.user.mention(),
                        game = game.to_string()
                    )
                };
                self.tell_games(caller, &games, back).await?;
                Ok(Reply::public(
                    msg!(
                        "vacation-ends",
                        user = caller.user.mention(),
                        games = numbered(&games),
                        count = games.len()
                    )
                    .tr(langs.public),
                ))
            }
        }
    }

    /// Tells each game's thread that the caller is away or back, through the outbox: the deadline loop posts it, in the server's language.
    async fn tell_games(
        &self,
        caller: &Caller,
        games: &[GameId],
        says: impl Fn(GameId) -> Msg,
    ) -> Result<()> {
        let lang = self.guild_lang(caller.guild).await?;
        for game in games {
            let Some(row) = self.store.game(caller.guild, *game).await? else {
                continue;
            };
            self.queue_notice(&game_notice(&row, says(*game).tr(lang)))
                .await?;
        }
        Ok(())
    }
}
