//! The bot as a player: its seats in a game (each with a level) and its turns, played
//! through the same write path as a person's. The thinking runs on blocking threads, as
//! many at once as there are cores, so that it never holds up the gateway, the database
//! or other games. Its answer to a draw offer is in `draw.rs`, hints in `hint.rs`, the
//! review of a finished game in `analysis.rs`.

use super::load::Loaded;
use super::words::notes_text;
use super::write::{logged, Change};
use super::{Reply, Result, Table, TableError};
use crate::ai::{self, Level};
use crate::games::{AnyGame, Game, Seat};
use crate::i18n::{Lang, Localize, Msg};
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::msg;

/// The level a game against the bot is played at when none is asked for.
pub const DEFAULT_LEVEL: Level = Level::L3;

impl Loaded {
    /// Whether the bot plays in this game.
    pub fn has_bot(&self) -> bool {
        !self.row.bots.is_empty()
    }

    /// Whether the seat to move is the bot's (and the game goes on).
    pub fn bot_to_move(&self) -> bool {
        !self.is_over()
            && self
                .game
                .to_move()
                .is_some_and(|seat| self.bot_at(seat).is_some())
    }

    /// Whether the game goes on with nobody in it but the bot: the last person left a
    /// game of four (resigned, timed out or was eliminated) and the bot's seats play on.
    pub fn only_bot_left(&self) -> bool {
        !self.is_over()
            && self
                .game
                .seats_in()
                .iter()
                .all(|&seat| self.bot_at(seat).is_some())
    }

    /// The user who plays the bot's seats (the bot's own), if it plays in this game.
    pub fn bot_player(&self) -> Option<UserId> {
        self.row.bots.iter().find_map(|(seat, _)| {
            let index = usize::from(*seat).checked_sub(1)?;
            self.row.seats.get(index).copied()
        })
    }

    /// The bot's level at `seat`, if the bot plays there.
    pub fn bot_at(&self, seat: Seat) -> Option<Level> {
        self.row
            .bots
            .iter()
            .find(|(s, _)| *s == seat.number())
            .and_then(|(_, level)| Level::from_number(*level))
    }
}

/// How many turns the bot plays at most when it plays a game out alone
/// ([`Table::bot_turn`]): far more than the game's draw rules allow without a capture,
/// and a capture takes a piece for good.
pub const PLAY_OUT_AT_MOST: usize = 20_000;

/// One turn the bot played: the game after it, its actions and what followed them.
struct BotTurn {
    /// The bot's user, who played it.
    bot: UserId,
    after: Loaded,
    played: Vec<String>,
    notes: Vec<Msg>,
    /// Nobody but the bot was left in the game before this turn.
    only_bot_before: bool,
}

/// The seed of the bot's choice at a position: the same game and ply give the same
/// action (a replay of the game is a replay of the bot's play too).
pub(super) fn seed(game: GameId, ply: usize) -> u64 {
    (game.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ply as u64
}

impl Table {
    /// The bot's own user, which plays its seats.
    pub fn bot_user(&self) -> Option<UserId> {
        self.bot.get().copied()
    }

    /// Says which user the bot is (the front end learns it when it connects).
    pub fn set_bot_user(&self, user: UserId) {
        let _ = self.bot.set(user);
    }

    /// Thinks about a position on a blocking thread, at most one thought per core.
    pub(super) async fn think(
        &self,
        game: AnyGame,
        level: Level,
        seed: u64,
    ) -> Result<Option<ai::Choice>> {
        self.on_thinker(move || ai::choose(&game, level, seed))
            .await
    }

    /// Runs a search (the bot's, an analysis, a look for puzzles) on a blocking thread,
    /// as one of the bot's thinkers: at most one per core at a time.
    pub(super) async fn on_thinker<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        let _permit = self
            .thinkers
            .acquire()
            .await
            .map_err(|e| TableError::Bot(e.to_string()))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| TableError::Bot(e.to_string()))
    }

    /// Plays the bot's turns in a game for as long as one of its seats is to move (a
    /// game of four with three bot seats takes three), each with its public reply.
    pub async fn bot_turns(&self, guild: GuildId, id: GameId) -> Result<Vec<Reply>> {
        let mut replies = Vec::new();
        // A bound on the turns, so that a bug cannot spin for ever.
        for _ in 0..16 {
            match self.bot_turn(guild, id).await? {
                Some(reply) => replies.push(reply),
                None => break,
            }
        }
        Ok(replies)
    }

    /// Plays one turn of the bot in a game, if one of its seats is to move, and returns
    /// its public reply (what the bot played, what followed, who is to move).
    ///
    /// Once nobody but the bot is left in the game (a game of four whose last person
    /// is out), the bot plays it to its end in this one call, and the reply is the last
    /// turn's with a line saying so: nobody is waiting for those turns, a thread of
    /// hundreds of them would bury the game, and a game left half played would stay
    /// open for ever (the bot is never reminded). The game's own draw rules (50 full
    /// rounds without a capture, a position a third time) end it; `PLAY_OUT_AT_MOST`
    /// only bounds a bug.
    pub async fn bot_turn(&self, guild: GuildId, id: GameId) -> Result<Option<Reply>> {
        let Some(first) = self.one_bot_turn(guild, id).await? else {
            return Ok(None);
        };
        let lang = self.guild_lang(guild).await?;
        if !first.only_bot_before {
            return Ok(Some(self.turn_reply(&first, lang).await?));
        }
        // Only the last turn is shown, so only its reply is made (and its board drawn).
        let (mut last, mut turns) = (first, 1);
        while !last.after.is_over() && turns < PLAY_OUT_AT_MOST {
            match self.one_bot_turn(guild, id).await? {
                Some(turn) => (last, turns) = (turn, turns + 1),
                None => break,
            }
        }
        if !last.after.is_over() {
            // Another task played the game's end meanwhile, and posts it; or the bound
            // struck, which only a bug can make it do.
            if turns >= PLAY_OUT_AT_MOST {
                tracing::error!(game = %id, turns, "the bot's seats did not end the game");
            }
            return Ok(None);
        }
        let lead = msg!("bot-played-out", game = id.to_string(), turns = turns).tr(lang);
        let mut reply = self.turn_reply(&last, lang).await?;
        reply.text = format!("{lead}\n{}", reply.text);
        Ok(Some(reply))
    }

    /// Plays one turn of the bot, through the one write path. A person's change that
    /// gets in first wins: the bot then looks again at where the game stands.
    async fn one_bot_turn(&self, guild: GuildId, id: GameId) -> Result<Option<BotTurn>> {
        let Some(bot) = self.bot_user() else {
            return Ok(None);
        };
        for _ in 0..8 {
            let Some(row) = self.store.game(guild, id).await? else {
                return Ok(None);
            };
            let loaded = self.load(row).await?;
            let Some(seat) = loaded.game.to_move().filter(|_| loaded.bot_to_move()) else {
                return Ok(None);
            };
            let Some(level) = loaded.bot_at(seat) else {
                return Ok(None);
            };
            let before = loaded.game.history().len();
            let mut next = loaded.game.clone();
            let mut played = Vec::new();
            // A turn may take several actions (a Sidja capture that goes on, Yoté's
            // bonus removal): the bot plays until its turn ends.
            while next.to_move() == Some(seat) && next.outcome().is_none() && played.len() < 32 {
                let ply = next.history().len();
                let Some(choice) = self.think(next.clone(), level, seed(id, ply)).await? else {
                    break;
                };
                match next.play(&choice.action) {
                    Ok(canonical) => played.push(canonical),
                    Err(e) => {
                        return Err(TableError::Bot(format!(
                            "it chose {}, which the game refuses: {}",
                            choice.action,
                            e.tr(Lang::En)
                        )))
                    }
                }
            }
            if played.is_empty() {
                return Ok(None);
            }
            let notes = next.notes_since(before).iter().map(Localize::msg).collect();
            let append = logged(seat, bot, &played).collect();
            let change = Change {
                game: next,
                append,
                truncate_to: None,
                new_turn: true,
                keep: Vec::new(),
            };
            let after = match self.commit(&loaded, change).await {
                Ok(after) => after,
                Err(TableError::Changed) => continue,
                Err(e) => return Err(e),
            };
            return Ok(Some(BotTurn {
                bot,
                only_bot_before: loaded.only_bot_left(),
                after,
                played,
                notes,
            }));
        }
        Ok(None)
    }

    /// Games in which the bot owes a turn (it was thinking when the process stopped),
    /// with their servers: a front end plays them when it starts.
    pub async fn games_awaiting_bot(&self) -> Result<Vec<(GuildId, GameId)>> {
        if self.bot_user().is_none() {
            return Ok(Vec::new());
        }
        let mut owed = Vec::new();
        for row in self.store.active_games_with_bots().await? {
            let (guild, id) = (row.guild, row.id);
            match self.load(row).await {
                Ok(loaded) if loaded.bot_to_move() => owed.push((guild, id)),
                Ok(_) => {}
                Err(e) => tracing::error!(game = %id, "a game with the bot cannot be read: {e}"),
            }
        }
        Ok(owed)
    }

    /// Where a game's messages go: its thread, else its channel.
    pub async fn game_channel(&self, guild: GuildId, id: GameId) -> Result<Option<ChannelId>> {
        Ok(self
            .store
            .game(guild, id)
            .await?
            .map(|row| row.thread.unwrap_or(row.channel)))
    }

    /// What the channel sees after a turn the bot played.
    async fn turn_reply(&self, turn: &BotTurn, lang: Lang) -> Result<Reply> {
        let after = &turn.after;
        let mut text = msg!(
            "plays",
            user = turn.bot.mention(),
            actions = turn.played.join(" "),
            game = after.id().to_string()
        )
        .tr(lang);
        text += &notes_text(&turn.notes, lang);
        let mut pings = Vec::new();
        if after.is_over() {
            text += "\n";
            text += &msg!("game-over", result = after.result_msg()).tr(lang);
        } else if let Some(user) = after.to_move_user().filter(|_| !after.bot_to_move()) {
            text += "\n";
            text += &self.your_move(after, user).tr(lang);
            pings.push(user);
        }
        // Seen from the person to move, else from the first person in the game.
        let person = after
            .row
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, _)| Seat::from_number(i as u8 + 1))
            .find(|s| after.bot_at(*s).is_none());
        let viewer = after
            .game
            .to_move()
            .filter(|s| !after.is_over() && after.bot_at(*s).is_none())
            .or(person);
        self.queue_replay(after, viewer, lang).await;
        Ok(Reply {
            text,
            image: Some(self.image(after, viewer, lang).await?),
            pings,
            game: Some(after.id()),
            ..Reply::default()
        })
    }
}
