//! Vacations: a player pauses the clocks of all their games on a server for some days.
//! The time limits of the games where they are to move move on by the pause; a turn that
//! comes to them while they are away gets its full time from their return. Each server
//! has an allowance of days per 365 days.

use super::words::span;
use super::{refuse, Caller, Reply, Result, Table};
use crate::clock::DAY;
use crate::i18n::Msg;
use crate::ids::{GameId, GuildId, UserId};
use crate::msg;
use crate::store::NoticeRow;

/// A server's vacation days per 365 days when it chose none.
pub const DEFAULT_VACATION_DAYS: i64 = 21;
/// The most a server may allow.
pub const MAX_VACATION_DAYS: i64 = 365;
const YEAR: i64 = 365 * DAY;

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
    /// A server's vacation days per 365 days.
    pub(super) async fn vacation_allowance(&self, guild: GuildId) -> Result<i64> {
        Ok(self
            .store
            .vacation_allowance(guild)
            .await?
            .unwrap_or(DEFAULT_VACATION_DAYS))
    }

    /// When `user` is back, if they are away now.
    pub(super) async fn away_until(&self, guild: GuildId, user: UserId) -> Result<Option<i64>> {
        Ok(self
            .store
            .vacation_at(guild, user, self.now())
            .await?
            .map(|v| v.until()))
    }

    /// The caller's games going on, and those of them where they are to move.
    async fn games_to_pause(&self, caller: &Caller) -> Result<(Vec<GameId>, Vec<GameId>)> {
        let mut all = Vec::new();
        let mut to_move = Vec::new();
        // A damaged game is left out (and logged): its clock stands still anyway, since
        // the deadline round skips it.
        for loaded in self.active_games(caller).await?.games {
            if !loaded.users_in().contains(&caller.user) {
                continue;
            }
            all.push(loaded.id());
            if loaded.to_move_user() == Some(caller.user) {
                to_move.push(loaded.id());
            }
        }
        Ok((all, to_move))
    }

    /// `/vacation start|end`.
    pub async fn vacation(&self, caller: &Caller, action: VacationAction) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let now = self.now();
        let current = self
            .store
            .vacation_at(caller.guild, caller.user, now)
            .await?;
        let (games, paused) = self.games_to_pause(caller).await?;
        let list = |ids: &[GameId]| {
            ids.iter()
                .map(|g| format!("#{g}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
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
                if let Some(v) = current {
                    return refuse(msg!("vacation-already", left = span(v.until() - now)));
                }
                let allowance = self.vacation_allowance(caller.guild).await?;
                let used: i64 = self
                    .store
                    .vacations_since(caller.guild, caller.user, now - YEAR)
                    .await?
                    .iter()
                    .map(|v| v.used(now))
                    .sum();
                let left = (allowance * DAY - used).max(0) / DAY;
                if days < 1 || days > left {
                    return refuse(msg!(
                        "vacation-allowance",
                        days = days,
                        allowance = allowance,
                        left = left
                    ));
                }
                let back = now + days * DAY;
                self.store
                    .start_vacation(caller.guild, caller.user, now, back, &paused)
                    .await?;
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
                        games = list(&games),
                        count = games.len()
                    )
                    .tr(langs.public),
                ))
            }
            VacationAction::End => {
                let Some(v) = current else {
                    return refuse(msg!("vacation-none"));
                };
                if !self.store.end_vacation(&v, now, &paused).await? {
                    return refuse(msg!("vacation-none"));
                }
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
                        games = list(&games),
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
        let now = self.now();
        for game in games {
            let Some(row) = self.store.game(caller.guild, *game).await? else {
                continue;
            };
            let text = says(*game).tr(lang);
            let notice = NoticeRow {
                id: 0,
                game: *game,
                guild: caller.guild,
                channel: row.thread.unwrap_or(row.channel),
                parent: row.channel,
                dm: Vec::new(),
                in_channel: true,
                text,
                pings: Vec::new(),
                image: None,
            };
            // Queued for whichever process delivers notices next.
            self.store
                .queue_notice(&notice, now, (self.worker(), now))
                .await?;
        }
        Ok(())
    }
}
