//! The bot as a player: its seats in a game (each with a level), its turns played
//! through the same write path as a person's, hints in games against it, and the
//! analysis of a finished game. The thinking runs on blocking threads, as many at once
//! as there are cores, so that it never holds up the gateway, the database or other
//! games.

use super::load::Loaded;
use super::play::{notes_text, Change};
use super::words::one_decimal;
use super::{refuse, Attachment, Caller, DrawAction, Reply, Result, Table, TableError};
use crate::ai::{self, Level};
use crate::games::{split_actions, AnyGame, Game, LogError, Seat};
use crate::i18n::words::game_title;
use crate::i18n::{Lang, Localize, Msg};
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::msg;
use crate::render::{eval_graph, RenderOptions};
use crate::store::NewAction;

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

/// The bot agrees to a draw only in a game's last stretch: from this ply on, where its
/// search no longer prefers playing on to a draw ([`ai::search::CONTEMPT_GONE`]), so
/// that a game neither side can win (Banglagor's columns moved round and round) need
/// not go on for ever.
pub const BOT_DRAWS_FROM: usize = ai::search::CONTEMPT_GONE;

/// How far ahead the bot may judge itself and still agree to a draw: about a piece
/// (scores are centipawn-like, 100 for a pawn, a stone or a column's unit of height).
pub const BOT_DRAW_MARGIN: i32 = 100;

/// Whether the bot agrees to a draw offered at `ply` of a game of two, judging itself
/// `ahead` by its own search (the score for its side): the rule of `/draw` against the
/// bot, which the tournament's bots also follow (`examples/tournament.rs --draws`).
pub fn bot_agrees_to_draw(ply: usize, ahead: i32) -> bool {
    ply >= BOT_DRAWS_FROM && ahead <= BOT_DRAW_MARGIN
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
fn seed(game: GameId, ply: usize) -> u64 {
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
    async fn think(&self, game: AnyGame, level: Level, seed: u64) -> Result<Option<ai::Choice>> {
        let _permit = self
            .thinkers
            .acquire()
            .await
            .map_err(|e| TableError::Bot(e.to_string()))?;
        tokio::task::spawn_blocking(move || ai::choose(&game, level, seed))
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

    /// The reply that shows a turn the bot played.
    async fn turn_reply(&self, turn: &BotTurn, lang: Lang) -> Result<Reply> {
        self.bot_reply(&turn.after, turn.bot, &turn.played, &turn.notes, lang)
            .await
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
                            "it chose {}, which the game refuses: {e}",
                            choice.action
                        )))
                    }
                }
            }
            if played.is_empty() {
                return Ok(None);
            }
            let notes = next.notes_since(before);
            let append = played
                .iter()
                .map(|text| NewAction {
                    seat: seat.number(),
                    user: bot,
                    text: text.clone(),
                })
                .collect();
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

    /// What the channel sees after the bot's turn.
    async fn bot_reply(
        &self,
        after: &Loaded,
        bot: UserId,
        played: &[String],
        notes: &[Msg],
        lang: Lang,
    ) -> Result<Reply> {
        let mut text = msg!(
            "plays",
            user = bot.mention(),
            actions = played.join(" "),
            game = after.id().to_string()
        )
        .tr(lang);
        text += &notes_text(notes, lang);
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

    /// A draw offered (or accepted) in a game against the bot: it plays every game of
    /// four out, and a game of two until [`BOT_DRAWS_FROM`]; from there it agrees
    /// unless it judges itself more than [`BOT_DRAW_MARGIN`] ahead. There is never an
    /// offer of the bot's own to accept or decline.
    pub(super) async fn draw_with_bot(
        &self,
        loaded: &Loaded,
        caller: &Caller,
        what: DrawAction,
        lang: Lang,
    ) -> Result<Reply> {
        let id = loaded.id();
        let game = id.to_string();
        let bot = Seat::all(2)
            .into_iter()
            .find_map(|seat| Some((seat, loaded.bot_at(seat)?)));
        let Some((bot_seat, level)) = bot else {
            return refuse(msg!("bot-plays-on", game = game));
        };
        if loaded.game.seat_count() != 2 {
            return refuse(msg!("bot-plays-on", game = game));
        }
        if what == DrawAction::Decline {
            return refuse(msg!("no-draw-offer", game = game));
        }
        let ply = loaded.game.history().len();
        if ply < BOT_DRAWS_FROM {
            return refuse(msg!(
                "bot-draw-too-early",
                game = game,
                from = BOT_DRAWS_FROM,
                ply = ply
            ));
        }
        let Some(choice) = self
            .think(loaded.game.clone(), level, seed(id, ply))
            .await?
        else {
            return refuse(msg!("no-draw-offer", game = game));
        };
        // The search scores for the side to move.
        let ahead = if loaded.game.to_move() == Some(bot_seat) {
            choice.score
        } else {
            -choice.score
        };
        if !bot_agrees_to_draw(ply, ahead) {
            return refuse(msg!(
                "bot-draw-ahead",
                game = game,
                score = one_decimal(i64::from(ahead.min(ai::MATE_BOUND)), true)
            ));
        }
        // The bot's agreement is its judgement now: there is no stored offer to guard.
        self.finish_draw(loaded, caller, None, lang).await
    }

    /// `/hint`: the action the bot would play for the caller now, with why. Only in
    /// games against the bot, and only for the player to move.
    pub async fn hint(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let seat = self.player_in(&loaded, caller)?;
        if !loaded.has_bot() {
            return refuse(msg!(
                "hint-only-against-bot",
                game = loaded.id().to_string()
            ));
        }
        if loaded.game.to_move() != Some(seat) {
            return refuse(msg!("hint-not-your-move", game = loaded.id().to_string()));
        }
        let ply = loaded.game.history().len();
        let Some(choice) = self
            .think(loaded.game.clone(), HINT_LEVEL, seed(loaded.id(), ply))
            .await?
        else {
            return refuse(msg!("hint-none"));
        };
        let alt = loaded
            .game
            .alt_text_of(&choice.action)
            .map(|a| format!(" ({a})"))
            .unwrap_or_default();
        Ok(Reply::private(
            msg!(
                "hint",
                game = loaded.id().to_string(),
                action = format!("{}{alt}", choice.action),
                why = choice.reason.msg()
            )
            .tr(langs.private),
        ))
    }

    /// `/analyse`: a finished game reviewed by the engine: its biggest mistakes with the
    /// better action, the evaluation after every ply as a graph, and the board where the
    /// game turned.
    pub async fn analyse(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let lang = langs.private;
        let loaded = self.find_game(caller, game).await?;
        if !loaded.is_over() {
            return refuse(msg!("analyse-not-over", game = loaded.id().to_string()));
        }
        let id = loaded.id();
        let options = loaded.game.game_options();
        let played = loaded.game.clone();
        let names = self.names(&loaded.row.seats).await?;
        let mentions: Vec<String> = loaded.row.seats.iter().map(|u| u.mention()).collect();
        let _permit = self
            .thinkers
            .acquire()
            .await
            .map_err(|e| TableError::Bot(e.to_string()))?;
        let report = tokio::task::spawn_blocking(move || {
            let analysis = analyse_game(&played, seed(id, 0))?;
            Ok::<_, LogError>(AnalysisReport::new(
                &analysis,
                options,
                &names,
                &mentions,
                &id.to_string(),
                lang,
            ))
        })
        .await
        .map_err(|e| TableError::Bot(e.to_string()))?
        .map_err(|e| TableError::Corrupt {
            game: id,
            why: e.to_string(),
        })?;
        let board = self.picture(report.position, report.board_options).await?;
        Ok(Reply {
            image: Some(Attachment {
                name: format!("{}-{id}-ply{}.png", loaded.row.kind, report.turn),
                bytes: board,
            }),
            file: Some(Attachment {
                name: format!("{}-{id}-analysis.png", loaded.row.kind),
                bytes: report.graph,
            }),
            ..Reply::private(report.text)
        })
    }
}

/// How hard the analysis looks at each position: enough to see tactics, quick enough
/// for a game of a few hundred turns.
pub const ANALYSIS_LEVEL: Level = Level::L2;
/// The level of `/hint`, and of the analysis's second look at its biggest losses: a
/// hint followed is then never called a mistake by a shallower search.
pub const HINT_LEVEL: Level = Level::L4;

/// A game reviewed as `/analyse` and `boardpost analyse` review it: every position at
/// [`ANALYSIS_LEVEL`], the biggest losses again at [`HINT_LEVEL`], within the usual
/// limits.
pub fn analyse_game(game: &AnyGame, seed: u64) -> std::result::Result<ai::Analysis, LogError> {
    let log = game.log();
    ai::analyse(
        game.game_options(),
        log.iter().map(|(seat, entry)| (*seat, entry.text())),
        ANALYSIS_LEVEL,
        HINT_LEVEL,
        ai::Limits::default(),
        seed,
    )
}

/// An analysis in words and pictures, for `/analyse` and `boardpost analyse`.
pub struct AnalysisReport {
    /// The header, the mistakes with the better actions, the turning point.
    pub text: String,
    /// The evaluation graph, as PNG.
    pub graph: Vec<u8>,
    /// The position at the turning point (the end if none), how to draw it, and its
    /// ply.
    pub position: AnyGame,
    pub board_options: RenderOptions,
    pub turn: usize,
}

impl AnalysisReport {
    /// Says an analysis in `lang`: players by `mentions` in the text and by `names` on
    /// the pictures, the game called `game`.
    pub fn new(
        analysis: &ai::Analysis,
        options: crate::games::GameOptions,
        names: &[String],
        mentions: &[String],
        game: &str,
        lang: Lang,
    ) -> AnalysisReport {
        let start = options.start();
        let mut text = msg!(
            "analyse-header",
            game = game,
            title = game_title(&start),
            plies = analysis.plies.len()
        )
        .tr(lang);
        if analysis.mistakes.is_empty() {
            text += "\n";
            text += &msg!("analyse-no-mistakes").tr(lang);
        }
        // Four armies: each named with its player, since the bot may hold three.
        let four = start.kind() == crate::games::GameKind::Xiangqi4;
        let with_army = |name: &str, seat: Seat| {
            if four {
                msg!(
                    "analyse-graph-army",
                    name = name,
                    army = crate::i18n::words::seat_army(seat)
                )
                .tr(lang)
            } else {
                name.to_string()
            }
        };
        for m in &analysis.mistakes {
            text += "\n";
            let player = mentions.get(m.seat.index()).map_or("", String::as_str);
            text += &msg!(
                "analyse-mistake",
                ply = m.ply,
                player = with_army(player, m.seat),
                action = m.action.as_str(),
                better = m.better.as_str(),
                loss = one_decimal(i64::from(m.loss), false)
            )
            .tr(lang);
        }
        // The board where the game turned.
        let turn = analysis.turning_point.unwrap_or(analysis.plies.len());
        let mut position = start;
        for ply in analysis.plies.iter().take(turn) {
            for part in split_actions(&ply.action) {
                if position.play(&part).is_err() {
                    break;
                }
            }
        }
        text += "\n";
        text += &match analysis.turning_point {
            Some(point) => msg!("analyse-turning-point", ply = point),
            None => msg!("analyse-no-turning-point"),
        }
        .tr(lang);
        // Two players: seat 1's view says it all (seat 2's is its mirror); four: each.
        let shown = if names.len() == 2 { 1 } else { names.len() };
        let series: Vec<Vec<i32>> = (0..shown)
            .filter_map(|i| Seat::from_number(i as u8 + 1))
            .map(|seat| analysis.series(seat))
            .collect();
        let (title, x_axis, y_axis) = (
            msg!("analyse-graph-title", game = game).tr(lang),
            msg!("analyse-graph-ply").tr(lang),
            msg!("analyse-graph-eval").tr(lang),
        );
        // Four armies: each drawn in its colour.
        let labels: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, name)| match Seat::from_number(i as u8 + 1) {
                Some(seat) => with_army(name, seat),
                None => name.clone(),
            })
            .collect();
        let palette = if four {
            eval_graph::ARMY_SERIES
        } else {
            eval_graph::SERIES
        };
        let graph = eval_graph::eval_graph_png(&eval_graph::EvalGraph {
            series: series
                .iter()
                .zip(&labels)
                .zip(palette)
                .map(|((values, name), colour)| eval_graph::Series {
                    name,
                    values,
                    colour,
                })
                .collect(),
            mistakes: analysis
                .mistakes
                .iter()
                .map(|m| (m.ply, if shown == 1 { 0 } else { m.seat.index() }))
                .collect(),
            turning_point: analysis.turning_point,
            clamp: ai::analysis::CLAMP,
            text: eval_graph::GraphText {
                title: &title,
                x_axis: &x_axis,
                y_axis: &y_axis,
            },
        });
        AnalysisReport {
            text,
            graph,
            position,
            board_options: RenderOptions::new(names.to_vec()).in_lang(lang),
            turn,
        }
    }
}
