//! Playing a game: moves, resignation, draw offers and takebacks.

use super::load::{replay_log, Loaded};
use super::words::span;
use super::{refuse, Button, ButtonId, ButtonStyle, Caller, Reply, Result, Table};
use crate::clock::DAY;
use crate::games::{split_actions, AnyGame, Ending, Game, LogEntry, Seat};
use crate::i18n::{token, Arg, Lang, Localize, Msg};
use crate::ids::{GameId, UserId};
use crate::msg;
use crate::store::{
    encode_outcome, encode_state, ActionRow, GameStatus, GameUpdate, KeptLine, NewAction,
    OfferKind, Offered, Ranking, Settles,
};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TakebackAction {
    Request,
    Accept,
}

/// A change of a game to write: the new position and what goes with it. How the game
/// stands (over or not, who won) is the engine's to say.
pub(super) struct Change {
    pub game: AnyGame,
    pub append: Vec<NewAction>,
    pub truncate_to: Option<i64>,
    /// Whether another turn begins (a fresh time limit).
    pub new_turn: bool,
    /// The conditional lines that go on from the new position (all others go).
    pub keep: Vec<KeptLine>,
}

impl Table {
    /// The one write path of a game: a change in one guarded transaction (rating the
    /// game if it ends), returning the game as it now stands. Whether the player the
    /// change hands the turn to is away on vacation is decided inside the write.
    pub(super) async fn commit(&self, loaded: &Loaded, change: Change) -> Result<Loaded> {
        let (after, update) = self.prepare(loaded, change, None);
        Ok(self.write(after, update).await?.0)
    }

    /// [`Table::commit`] of a change that carries out an agreement (a draw, a takeback):
    /// written only if the offer still stands with everyone in `settles` agreeing.
    async fn commit_agreed(
        &self,
        loaded: &Loaded,
        change: Change,
        settles: Settles,
    ) -> Result<Loaded> {
        let (after, mut update) = self.prepare(loaded, change, None);
        update.settles = Some(settles);
        Ok(self.write(after, update).await?.0)
    }

    /// When the player a change hands the turn to is back from vacation, if they are
    /// away: their time starts then. Read before the write, for what is said with it;
    /// the write decides again.
    pub(super) async fn next_back(&self, loaded: &Loaded, change: &Change) -> Result<Option<i64>> {
        if !change.new_turn || change.game.outcome().is_some() {
            return Ok(None);
        }
        let Some(seat) = change.game.to_move() else {
            return Ok(None);
        };
        match loaded.row.seats.get(seat.index()) {
            Some(user) => self.away_until(loaded.row.guild, *user).await,
            None => Ok(None),
        }
    }

    /// The game after a change, and the write that makes it so (not yet done): a caller
    /// may add to the write what the change makes known (a notice) before [`Table::write`].
    /// `back`: when the player to move next returns from vacation, if they are away as
    /// read before (their turn starts then); the write checks it where it is decided.
    pub(super) fn prepare(
        &self,
        loaded: &Loaded,
        change: Change,
        back: Option<i64>,
    ) -> (Loaded, GameUpdate) {
        let now = self.now();
        let outcome = change.game.outcome().cloned();
        let new_turn = change.new_turn && outcome.is_none();
        let to_move = change
            .game
            .to_move()
            .filter(|_| new_turn)
            .and_then(|seat| loaded.row.seats.get(seat.index()).copied());
        let mut row = loaded.row.clone();
        if outcome.is_some() {
            row.status = GameStatus::Finished;
            row.deadline = None;
            row.finished_at = Some(now);
        } else if change.new_turn {
            let start = back.map_or(now, |b| b.max(now));
            row.turn_started = start;
            // Days per move are bounded where the game is read; the start (a return from
            // vacation) is a stored value too, so the deadline saturates, never wraps.
            row.deadline = Some(start.saturating_add(row.days_per_move.saturating_mul(DAY)));
        }
        row.result = outcome.as_ref().map(encode_outcome);
        row.state = encode_state(&change.game);
        // The read's word on conditional lines was about the version before.
        row.lines_stored = None;
        let after = Loaded {
            row,
            game: change.game,
        };
        // Games against the bot are unrated: its strength is chosen, not earned, and
        // must not move people's ratings.
        let ranking = outcome
            .as_ref()
            .filter(|_| !loaded.has_bot())
            .map(|o| Ranking {
                guild: after.row.guild,
                kind: after.row.kind.clone(),
                places: after.places(),
                draw: o.is_draw(),
            });
        let update = GameUpdate {
            game: after.row.id,
            expected_version: loaded.row.version,
            now,
            state: after.row.state.clone(),
            status: after.row.status,
            new_turn,
            turn_started: after.row.turn_started,
            deadline: after.row.deadline,
            to_move,
            result: after.row.result.clone(),
            settles: None,
            append: change.append,
            truncate_to: change.truncate_to,
            ranking,
            notice: None,
            premoves: change.keep,
        };
        (after, update)
    }

    /// Does the write [`Table::prepare`] made; the game as it now stands, and the id of
    /// the notice written with it, if any.
    pub(super) async fn write(
        &self,
        after: Loaded,
        update: GameUpdate,
    ) -> Result<(Loaded, Option<i64>)> {
        let written = self.store.update_game_with_notice(&update).await?;
        let mut after = after;
        after.row.version = written.version;
        after.row.turn_started = written.turn_started;
        after.row.deadline = written.deadline;
        self.verified(after.row.id, written.version, &after.game);
        Ok((after, written.notice))
    }

    /// Ends the game by the service's rules, or takes the player at `seat` out of a
    /// game of more than two, through the one write path. Returns the game after it
    /// and the notes of what followed (eliminations).
    pub(super) async fn apply_ending(
        &self,
        loaded: &Loaded,
        seat: Seat,
        user: UserId,
        ending: Ending,
    ) -> Result<(Loaded, Vec<Msg>)> {
        let (change, notes) = self.ending(loaded, seat, user, ending)?;
        Ok((self.commit(loaded, change).await?, notes))
    }

    /// The change that ends the game (or takes the player at `seat` out), and the notes
    /// of what followed; refused if the engine refuses it.
    pub(super) fn ending(
        &self,
        loaded: &Loaded,
        seat: Seat,
        user: UserId,
        ending: Ending,
    ) -> Result<(Change, Vec<Msg>)> {
        let mut next = loaded.game.clone();
        let notes = match next.end(seat, ending) {
            Ok(notes) => notes.iter().map(Localize::msg).collect(),
            Err(e) => return refuse(e.msg()),
        };
        let new_turn = next.to_move() != loaded.game.to_move();
        let change = Change {
            game: next,
            append: vec![NewAction {
                seat: seat.number(),
                user,
                text: ending.as_str().to_string(),
            }],
            truncate_to: None,
            new_turn,
            keep: Vec::new(),
        };
        Ok((change, notes))
    }

    /// What a player leaving says, after `lead` ("@a resigns game #3"): whether they
    /// are out while the others play on, what followed, and the result or who moves
    /// next.
    pub(super) fn leaving_text(
        &self,
        after: &Loaded,
        lead: Msg,
        notes: &[Msg],
        lang: Lang,
    ) -> String {
        let mut text = if after.is_over() {
            msg!("leave-game-ends", lead = lead).tr(lang)
        } else {
            msg!("leave-game-goes-on", lead = lead).tr(lang)
        };
        text += &notes_text(notes, lang);
        match after.to_move_user() {
            _ if after.is_over() => {
                text += " ";
                text += &msg!("game-over", result = after.result_msg()).tr(lang);
            }
            Some(_) if after.bot_to_move() => {}
            Some(next) => {
                text += "\n";
                text += &self.your_move(after, next).tr(lang);
            }
            None => {}
        }
        text
    }

    /// "@bob, your move (2d 23h left)."
    pub(super) fn your_move(&self, loaded: &Loaded, user: UserId) -> Msg {
        let left = loaded.row.deadline.map_or(0, |d| d - self.now());
        msg!("your-move", user = user.mention(), left = span(left))
    }

    /// Who must agree to an offer of `kind`: every player still in, but for a takeback
    /// not the bot, which allows every one (it plays to give people a game, not to hold
    /// them to a slip). The game's seats say which user is the bot's.
    fn must_agree(loaded: &Loaded, kind: OfferKind) -> Vec<UserId> {
        let bot = loaded.bot_player().filter(|_| kind == OfferKind::Takeback);
        loaded
            .users_in()
            .into_iter()
            .filter(|u| Some(*u) != bot)
            .collect()
    }

    /// Records the caller's consent to the offer of `kind` standing at the game's
    /// version, in one guarded write. While others are still awaited, the reply saying
    /// so (`waiting`); once all who must agree have, what carrying it out must find.
    async fn consent(
        &self,
        loaded: &Loaded,
        kind: OfferKind,
        caller: &Caller,
        waiting: String,
    ) -> Result<Consent> {
        let game = loaded.id().to_string();
        let Some(agreement) = self
            .store
            .agree_to_offer(loaded.id(), kind, loaded.row.version, caller.user)
            .await?
        else {
            return refuse(match kind {
                OfferKind::Draw => msg!("no-draw-offer", game = game),
                OfferKind::Takeback => msg!("no-takeback-request", game = game),
            });
        };
        let agreeing = Table::must_agree(loaded, kind);
        if agreeing.iter().all(|u| agreement.agreed.contains(u)) {
            // Also when the caller had agreed already: the change that carries it out
            // may not have been made (a process stopped in between), and it is guarded.
            return Ok(Consent::Complete {
                settles: Settles { kind, agreeing },
                agreed: agreement.agreed,
            });
        }
        if !agreement.added {
            return refuse(match kind {
                OfferKind::Draw => msg!("agreed-already"),
                OfferKind::Takeback => msg!("takeback-own-request"),
            });
        }
        Ok(Consent::Waiting(Reply::public(waiting)))
    }

    /// Refuses unless the game goes on and the caller plays in it; returns their seat.
    pub(super) fn player_in(&self, loaded: &Loaded, caller: &Caller) -> Result<Seat> {
        let game = loaded.id().to_string();
        if loaded.is_over() {
            return refuse(msg!(
                "game-is-over",
                game = game,
                result = loaded.result_msg()
            ));
        }
        match loaded.seat_of(caller.user) {
            Some(_) if !loaded.users_in().contains(&caller.user) => {
                refuse(msg!("you-are-out", game = game))
            }
            Some(seat) => Ok(seat),
            None => refuse(msg!("you-are-not-playing", game = game)),
        }
    }

    /// What to say after a change: the result, or who moves next and by when.
    fn after_change(&self, loaded: &Loaded, caller: &Caller) -> (Option<Msg>, Vec<UserId>) {
        if loaded.is_over() {
            return (
                Some(msg!("game-over", result = loaded.result_msg())),
                Vec::new(),
            );
        }
        match loaded.to_move_user() {
            // Sudan's extra move is a right: say how to decline it.
            Some(user)
                if user == caller.user && loaded.game.legal().iter().any(|a| a == "pass") =>
            {
                (Some(msg!("turn-goes-on-or-pass")), Vec::new())
            }
            Some(user) if user == caller.user => (Some(msg!("turn-goes-on")), Vec::new()),
            // The bot's answer follows in a message of its own.
            Some(_) if loaded.bot_to_move() => (None, Vec::new()),
            Some(user) => (Some(self.your_move(loaded, user)), vec![user]),
            None => (None, Vec::new()),
        }
    }

    /// `/move`: applies a move text atomically for the player to move.
    pub async fn play_move(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        text: &str,
    ) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let seat = self.player_in(&loaded, caller)?;
        if loaded.game.to_move() != Some(seat) {
            return refuse(match loaded.to_move_user() {
                Some(user) => msg!(
                    "not-your-move",
                    user = user.mention(),
                    game = loaded.id().to_string()
                ),
                None => msg!("not-your-move-someone", game = loaded.id().to_string()),
            });
        }
        let actions = split_actions(text);
        if actions.is_empty() {
            return refuse(msg!(
                "type-a-move",
                example = loaded.game.legal().first().map_or("c1", |s| s.as_str())
            ));
        }
        let mut next = loaded.game.clone();
        let before = next.history().len();
        let mut played = Vec::with_capacity(actions.len());
        for (i, action) in actions.iter().enumerate() {
            if next.to_move() != Some(seat) {
                return refuse(msg!(
                    "error-in-action",
                    index = i + 1,
                    text = token(action),
                    error = msg!("turn-ends-before")
                ));
            }
            match next.play(action) {
                Ok(canonical) => played.push(canonical),
                Err(e) => {
                    return refuse(msg!(
                        "error-in-action",
                        index = i + 1,
                        text = token(action),
                        error = e.msg()
                    ))
                }
            }
        }
        let notes: Vec<Msg> = next.notes_since(before).iter().map(Localize::msg).collect();
        // A conditional line of the opponent's may answer at once, in the same write.
        let lines = self
            .premove_answer(&loaded, seat, &mut next, &played)
            .await?;
        let answered = lines
            .answer
            .as_ref()
            .map(|a| {
                let notes = next.notes_since(before + played.len());
                (a.said(), notes.iter().map(Localize::msg).collect::<Vec<Msg>>())
            });
        let new_turn = lines.answer.is_some()
            || next.to_move() != Some(seat)
            || next.history_by_seat()[before..]
                .iter()
                .any(|(s, _)| *s != seat);
        let mut append: Vec<NewAction> = played
            .iter()
            .map(|text| NewAction {
                seat: seat.number(),
                user: caller.user,
                text: text.clone(),
            })
            .collect();
        append.extend(lines.answer.iter().flat_map(|a| a.log()));
        // The players' names for the image are read while the move is written: a move
        // cannot change them, and the reply waits for one round trip fewer. Both run to
        // their end (`join`, not `try_join`): a failed read must not cut the write off
        // half way, and the write's error, if any, is the one reported.
        let change = Change {
            game: next,
            append,
            truncate_to: None,
            new_turn,
            keep: lines.kept,
        };
        let (loaded, names) =
            tokio::join!(self.commit(&loaded, change), self.names(&loaded.row.seats));
        let (loaded, names) = (loaded?, names?);
        let (after, pings) = match loaded.to_move_user() {
            // Answered by a line: the caller moves again, with a fresh time limit.
            Some(user) if answered.is_some() => (Some(self.your_move(&loaded, user)), vec![user]),
            _ => self.after_change(&loaded, caller),
        };
        let lang = langs.public;
        let mut text = msg!(
            "plays",
            user = caller.user.mention(),
            actions = played.join(" "),
            game = loaded.id().to_string()
        )
        .tr(lang);
        text += &notes_text(&notes, lang);
        if let Some((said, notes)) = &answered {
            text += " ";
            text += &said.tr(lang);
            text += &notes_text(notes, lang);
        }
        if let Some(after) = after {
            text += "\n";
            text += &after.tr(lang);
        }
        let viewer = loaded
            .game
            .to_move()
            .filter(|_| !loaded.is_over())
            .or(Some(seat));
        self.queue_replay(&loaded, viewer, lang).await;
        Ok(Reply {
            text,
            image: Some(self.image_named(&loaded, names, viewer, lang).await?),
            pings,
            game: Some(loaded.id()),
            ..Reply::default()
        })
    }

    /// `/resign`: in a two-player game the caller loses and the other wins; in a game of
    /// four the caller's army leaves the board and the others play on.
    pub async fn resign(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let seat = self.player_in(&loaded, caller)?;
        let (after, notes) = self
            .apply_ending(&loaded, seat, caller.user, Ending::Resign)
            .await?;
        let lead = msg!(
            "resigns",
            user = caller.user.mention(),
            game = after.id().to_string()
        );
        let text = self.leaving_text(&after, lead, &notes, langs.public);
        let pings = if after.is_over() {
            after
                .row
                .seats
                .iter()
                .copied()
                .filter(|u| *u != caller.user)
                .collect()
        } else {
            after.to_move_user().into_iter().collect()
        };
        let viewer = after.game.to_move().or(Some(seat));
        self.queue_replay(&after, viewer, langs.public).await;
        Ok(Reply {
            text,
            image: Some(self.image(&after, viewer, langs.public).await?),
            pings,
            game: Some(after.id()),
            ..Reply::default()
        })
    }

    /// `/draw offer|accept|decline`: a draw needs every player's consent; any change of
    /// the game makes a standing offer lapse.
    pub async fn draw(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        what: DrawAction,
    ) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        self.player_in(&loaded, caller)?;
        let id = loaded.id();
        let lang = langs.public;
        // The bot answers an offer at once, by its own judgement (see `bot.rs`).
        if loaded.has_bot() {
            return self.draw_with_bot(&loaded, caller, what, lang).await;
        }
        let standing = self.standing_offer(&loaded, OfferKind::Draw).await?;
        match (what, standing) {
            (DrawAction::Offer, Some(agreed)) if agreed.contains(&caller.user) => {
                refuse(msg!("draw-offered-already"))
            }
            (DrawAction::Offer, None) => self.offer_draw(&loaded, caller, lang).await,
            (DrawAction::Accept | DrawAction::Offer, Some(_)) => {
                self.agree_draw(&loaded, caller, lang).await
            }
            (DrawAction::Accept | DrawAction::Decline, None) => {
                refuse(msg!("no-draw-offer", game = id.to_string()))
            }
            (DrawAction::Decline, Some(agreed)) => {
                self.decline_draw(&loaded, caller, agreed, lang).await
            }
        }
    }

    /// Who has agreed to the offer of `kind` standing at the game's version, if any.
    async fn standing_offer(
        &self,
        loaded: &Loaded,
        kind: OfferKind,
    ) -> Result<Option<Vec<UserId>>> {
        Ok(self
            .store
            .offer(loaded.id(), kind)
            .await?
            .filter(|(version, _)| *version == loaded.row.version)
            .map(|(_, agreed)| agreed))
    }

    /// The other players still in, who answer the caller's offer.
    fn others(loaded: &Loaded, caller: &Caller) -> Vec<UserId> {
        loaded
            .users_in()
            .into_iter()
            .filter(|u| *u != caller.user)
            .collect()
    }

    async fn offer_draw(&self, loaded: &Loaded, caller: &Caller, lang: Lang) -> Result<Reply> {
        let id = loaded.id();
        let others = Table::others(loaded, caller);
        let offered = self
            .store
            .make_offer(
                id,
                OfferKind::Draw,
                loaded.row.version,
                caller.user,
                self.now(),
            )
            .await?;
        // Another player offered at the same moment: offering too is agreeing.
        if offered == Offered::Stands {
            return self.agree_draw(loaded, caller, lang).await;
        }
        let game = id.to_string();
        Ok(Reply {
            text: msg!("draw-offers", user = caller.user.mention(), game = game).tr(lang),
            pings: others,
            buttons: vec![
                Button::new(
                    ButtonId::DrawAccept(id),
                    msg!("button-accept-draw").tr(lang),
                    ButtonStyle::Success,
                ),
                Button::new(
                    ButtonId::DrawDecline(id),
                    msg!("button-decline").tr(lang),
                    ButtonStyle::Danger,
                ),
            ],
            ..Reply::default()
        })
    }

    /// The caller agrees to the draw offer standing; the last one to agree ends the game.
    async fn agree_draw(&self, loaded: &Loaded, caller: &Caller, lang: Lang) -> Result<Reply> {
        let waiting = msg!(
            "draw-agrees-waiting",
            user = caller.user.mention(),
            game = loaded.id().to_string()
        );
        match self
            .consent(loaded, OfferKind::Draw, caller, waiting.tr(lang))
            .await?
        {
            Consent::Waiting(reply) => Ok(reply),
            Consent::Complete { settles, .. } => {
                self.finish_draw(loaded, caller, Some(settles), lang).await
            }
        }
    }

    /// Ends the game in a draw everyone agreed to, through the one write path: guarded
    /// by the stored offer (`settles`), where there is one.
    pub(super) async fn finish_draw(
        &self,
        loaded: &Loaded,
        caller: &Caller,
        settles: Option<Settles>,
        lang: Lang,
    ) -> Result<Reply> {
        let id = loaded.id();
        let game = id.to_string();
        let others = Table::others(loaded, caller);
        let seat = self.player_in(loaded, caller)?;
        let (change, _) = self.ending(loaded, seat, caller.user, Ending::AgreedDraw)?;
        let loaded = match settles {
            Some(settles) => self.commit_agreed(loaded, change, settles).await?,
            None => self.commit(loaded, change).await?,
        };
        self.queue_replay(&loaded, Some(seat), lang).await;
        Ok(Reply {
            text: msg!(
                "draw-agreed",
                game = game.as_str(),
                over = msg!("game-over", result = loaded.result_msg())
            )
            .tr(lang),
            pings: others,
            settles: Some(msg!("draw-offer-accepted", game = game).tr(lang)),
            ..Reply::default()
        })
    }

    async fn decline_draw(
        &self,
        loaded: &Loaded,
        caller: &Caller,
        agreed: Vec<UserId>,
        lang: Lang,
    ) -> Result<Reply> {
        let id = loaded.id();
        let game = id.to_string();
        let user = caller.user.mention();
        // Only the offer that stands is declined: an accept that carried it out first,
        // or a decline before, leaves none.
        if !self
            .store
            .delete_offer(id, OfferKind::Draw, loaded.row.version)
            .await?
        {
            return refuse(msg!("no-draw-offer", game = game));
        }
        if agreed.contains(&caller.user) {
            return Ok(Reply {
                settles: Some(msg!("draw-offer-withdrawn", game = game.as_str()).tr(lang)),
                ..Reply::public(msg!("draw-withdraws", user = user, game = game).tr(lang))
            });
        }
        Ok(Reply {
            text: msg!("draw-declines", user = user, game = game.as_str()).tr(lang),
            pings: agreed,
            settles: Some(msg!("draw-offer-declined", game = game).tr(lang)),
            ..Reply::default()
        })
    }

    /// `/takeback request|accept`: undoes the requester's last turn (and anything played
    /// after it) once every other player agrees.
    pub async fn takeback(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        what: TakebackAction,
    ) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let seat = self.player_in(&loaded, caller)?;
        let standing = self.standing_offer(&loaded, OfferKind::Takeback).await?;
        let log = self.store.record(loaded.id()).await?.log;
        let lang = langs.public;
        match what {
            TakebackAction::Request => {
                self.request_takeback(&loaded, caller, seat, standing, &log, lang)
                    .await
            }
            TakebackAction::Accept => {
                self.accept_takeback(&loaded, caller, standing, &log, lang)
                    .await
            }
        }
    }

    async fn request_takeback(
        &self,
        loaded: &Loaded,
        caller: &Caller,
        seat: Seat,
        standing: Option<Vec<UserId>>,
        log: &[ActionRow],
        lang: Lang,
    ) -> Result<Reply> {
        let id = loaded.id();
        if !log.iter().any(|a| a.seat == seat.number()) {
            return refuse(msg!("takeback-nothing-yet"));
        }
        if standing.is_some() {
            return refuse(msg!("takeback-stands"));
        }
        let offered = self
            .store
            .make_offer(
                id,
                OfferKind::Takeback,
                loaded.row.version,
                caller.user,
                self.now(),
            )
            .await?;
        if offered == Offered::Stands {
            return refuse(msg!("takeback-stands"));
        }
        let others: Vec<UserId> = Table::must_agree(loaded, OfferKind::Takeback)
            .into_iter()
            .filter(|u| *u != caller.user)
            .collect();
        // The bot answers for its seats at once: it allows every takeback.
        let bot = loaded
            .bot_player()
            .filter(|b| loaded.users_in().contains(b));
        if others.is_empty() {
            let answer = match bot {
                Some(bot) => Caller::new(caller.guild, caller.channel, bot, "boardpost"),
                None => caller.clone(),
            };
            let settles = Settles {
                kind: OfferKind::Takeback,
                agreeing: vec![caller.user],
            };
            return self
                .finish_takeback(loaded, &answer, caller.user, log, settles, lang)
                .await;
        }
        let mut text = msg!(
            "takeback-asks",
            user = caller.user.mention(),
            game = id.to_string()
        )
        .tr(lang);
        if let Some(bot) = bot {
            text += " ";
            text += &msg!("takeback-bot-allows", bot = bot.mention()).tr(lang);
        }
        Ok(Reply {
            text,
            pings: others,
            buttons: vec![Button::new(
                ButtonId::TakebackAccept(id),
                msg!("button-allow-takeback").tr(lang),
                ButtonStyle::Primary,
            )],
            ..Reply::default()
        })
    }

    async fn accept_takeback(
        &self,
        loaded: &Loaded,
        caller: &Caller,
        standing: Option<Vec<UserId>>,
        log: &[ActionRow],
        lang: Lang,
    ) -> Result<Reply> {
        let number = loaded.id().to_string();
        if standing.is_none() {
            return refuse(msg!("no-takeback-request", game = number));
        }
        let waiting = msg!(
            "takeback-allows-waiting",
            user = caller.user.mention(),
            game = number.as_str()
        );
        match self
            .consent(loaded, OfferKind::Takeback, caller, waiting.tr(lang))
            .await?
        {
            Consent::Waiting(reply) => Ok(reply),
            Consent::Complete { settles, agreed } => {
                // The request's maker is the first to agree.
                let Some(&requester) = agreed.first() else {
                    return refuse(msg!("no-takeback-request", game = number));
                };
                self.finish_takeback(loaded, caller, requester, log, settles, lang)
                    .await
            }
        }
    }

    /// Undoes the requester's last turn and all after it, as everyone agreed
    /// (`settles`); `caller` gave the last agreement.
    async fn finish_takeback(
        &self,
        loaded: &Loaded,
        caller: &Caller,
        requester: UserId,
        log: &[ActionRow],
        settles: Settles,
        lang: Lang,
    ) -> Result<Reply> {
        let id = loaded.id();
        let number = id.to_string();
        let requester_seat = loaded.seat_of(requester).map_or(0, |s| s.number());
        let Some(last) = log.iter().rposition(|a| a.seat == requester_seat) else {
            return refuse(msg!("takeback-nothing-of-theirs"));
        };
        let mut keep = last;
        while keep > 0 && log[keep - 1].seat == requester_seat {
            keep -= 1;
        }
        if log[keep..]
            .iter()
            .any(|a| matches!(LogEntry::read(&a.text), LogEntry::Ending(_)))
        {
            return refuse(msg!("takeback-across-withdrawal"));
        }
        let undone: Vec<&str> = log[keep..].iter().map(|a| a.text.as_str()).collect();
        let game = replay_log(id, loaded.game.game_options(), &log[..keep])?;
        let change = Change {
            game,
            append: Vec::new(),
            truncate_to: Some(keep as i64),
            new_turn: true,
            keep: Vec::new(),
        };
        let loaded = self.commit_agreed(loaded, change, settles).await?;
        let (after, pings) = self.after_change(&loaded, caller);
        Ok(Reply {
            text: msg!(
                "takeback-done",
                game = number.as_str(),
                undone = undone.join(" "),
                after = after.map_or(Arg::Text(String::new()), Arg::from)
            )
            .tr(lang),
            image: Some(self.image(&loaded, loaded.game.to_move(), lang).await?),
            pings: if pings.is_empty() {
                loaded.to_move_user().into_iter().collect()
            } else {
                pings
            },
            settles: Some(msg!("takeback-allowed", game = number).tr(lang)),
            game: Some(id),
            ..Reply::default()
        })
    }
}

/// Where an agreement stands once the caller's consent is recorded.
enum Consent {
    /// Others are still awaited: the reply says so.
    Waiting(Reply),
    /// Everyone who must agree has (`agreed`, the offer's maker first): the change may be
    /// made, guarded by `settles`.
    Complete {
        settles: Settles,
        agreed: Vec<UserId>,
    },
}

/// The notes of a turn, each a sentence after the turn's own.
pub(super) fn notes_text(notes: &[Msg], lang: Lang) -> String {
    notes.iter().map(|n| format!(" {}.", n.tr(lang))).collect()
}
