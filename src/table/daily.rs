//! The puzzle of the day: a server that asks for it (`/settings puzzle_of_the_day:True`
//! in a channel) gets one puzzle a day there. Members open it privately with the post's
//! button and answer it as any puzzle; the next day's post gives the solution and how
//! many solved it. Each day's post is decided and queued in one write, so that several
//! processes post it once.

use super::puzzle::{line_text, points, side_to_move};
use super::{refuse, Button, ButtonId, ButtonStyle, Caller, Reply, Result, Table};
use crate::clock::DAY;
use crate::games::GameKind;
use crate::i18n::Lang;
use crate::ids::{ChannelId, GuildId};
use crate::msg;
use crate::store::{DailyRow, NoticeRow, PuzzleRow};

/// How many servers one round looks at: a round's work stays bounded however many
/// servers post a puzzle of the day.
const GUILDS_PER_ROUND: i64 = 50;
/// The rating a puzzle of the day is chosen near: one for most members.
const DAILY_RATING: f64 = 1500.0;

/// The day of `now` (seconds since 1970): days since 1970, UTC.
pub fn day_of(now: i64) -> i64 {
    now.div_euclid(DAY)
}

impl Table {
    /// Posts today's puzzle in up to [`GUILDS_PER_ROUND`] servers that ask for one and
    /// have none yet. A server whose post cannot be made is logged and the others go
    /// on. Returns how many posts this process queued.
    pub async fn daily_tick(&self) -> Result<usize> {
        let now = self.now();
        let day = day_of(now);
        let due = self
            .store
            .guilds_without_daily(day, GUILDS_PER_ROUND)
            .await?;
        let mut posted = 0;
        for (guild, channel) in due {
            match self.post_daily(guild, channel, day, now).await {
                Ok(true) => posted += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(%guild, "the puzzle of the day was not posted: {e}"),
            }
        }
        Ok(posted)
    }

    /// Chooses a server's puzzle of `day` (the games in turn, day by day, and a puzzle
    /// the server has not had, rated near [`DAILY_RATING`]) and queues its post with
    /// yesterday's solution. False if there is none left, or another process posted
    /// first.
    async fn post_daily(
        &self,
        guild: GuildId,
        channel: ChannelId,
        day: i64,
        now: i64,
    ) -> Result<bool> {
        let games = GameKind::ALL.len() as i64;
        let mut chosen = None;
        for i in 0..games {
            let kind = GameKind::ALL[(day + i).rem_euclid(games) as usize];
            if let Some(id) = self
                .store
                .fresh_daily_puzzle(guild, kind, DAILY_RATING)
                .await?
            {
                chosen = Some(id);
                break;
            }
        }
        let Some(id) = chosen else {
            tracing::warn!(%guild, "no puzzle left for the puzzle of the day");
            return Ok(false);
        };
        let Some(row) = self.store.puzzle(id).await? else {
            return Ok(false);
        };
        let lang = self.guild_lang(guild).await?;
        let mut text = msg!(
            "puzzle-daily-post",
            game = msg!("game-name", game = row.puzzle.kind.name()),
            side = side_to_move(row.puzzle.kind, row.puzzle.solver()),
            rating = points(row.rating.rating)
        )
        .tr(lang);
        if let Some(yesterday) = self.yesterday(guild, day, lang).await? {
            text = yesterday + "\n\n" + &text;
        }
        let image = self.puzzle_image(&row, &[], lang).await?;
        let button = Button::new(
            ButtonId::PuzzleDaily(day),
            msg!("puzzle-daily-button").tr(lang),
            ButtonStyle::Primary,
        );
        let post = NoticeRow {
            id: 0,
            game: None,
            guild,
            channel,
            parent: channel,
            dm: Vec::new(),
            in_channel: true,
            text,
            pings: Vec::new(),
            image: Some((format!("puzzle-of-the-day-{day}.png"), image.bytes)),
            thread: None,
            buttons: vec![(button.id, button.label)],
        };
        let daily = DailyRow {
            guild,
            day,
            puzzle: id,
            channel,
        };
        Ok(self.store.post_daily(daily, &post, now).await?)
    }

    /// The words on the day before `day`'s puzzle: its solution and how many solved it.
    async fn yesterday(&self, guild: GuildId, day: i64, lang: Lang) -> Result<Option<String>> {
        let Some(before) = self.store.daily(guild, day - 1).await? else {
            return Ok(None);
        };
        let Some(row) = self.store.puzzle(before.puzzle).await? else {
            return Ok(None);
        };
        let tally = self.store.daily_tally(guild, day - 1).await?;
        Ok(Some(
            msg!(
                "puzzle-daily-yesterday",
                line = line_text(&row.puzzle.line),
                solved = tally.solved,
                answered = tally.answered
            )
            .tr(lang),
        ))
    }

    /// The caller's server's puzzle of `day` (today's if none), for the caller alone:
    /// today's becomes their puzzle in progress, counted for the server when they answer
    /// it; an earlier day's shows its solution.
    pub(super) async fn open_daily(
        &self,
        caller: &Caller,
        day: Option<i64>,
        lang: Lang,
    ) -> Result<Reply> {
        let today = day_of(self.now());
        let day = day.unwrap_or(today);
        let Some(daily) = self.store.daily(caller.guild, day).await? else {
            return refuse(msg!("puzzle-daily-none"));
        };
        let Some(row): Option<PuzzleRow> = self.store.puzzle(daily.puzzle).await? else {
            return refuse(msg!("puzzle-daily-none"));
        };
        if day != today {
            let lead = msg!("puzzle-daily-ended", line = line_text(&row.puzzle.line)).tr(lang);
            return self
                .finished_reply(&row, &row.puzzle.line, lead, lang, false)
                .await;
        }
        self.store
            .start_puzzle(caller.user, row.id, Some((caller.guild, day)), self.now())
            .await?;
        self.puzzle_reply(&row, &[], msg!("puzzle-daily-opened"), lang, true)
            .await
    }
}
