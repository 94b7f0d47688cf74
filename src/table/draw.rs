//! `/draw offer|accept|decline`: a draw needs every player's consent; any change of the
//! game makes a standing offer lapse. Against the bot, it answers at once by its own
//! judgement.

use super::bot::seed;
use super::load::Loaded;
use super::offer::Consent;
use super::{refuse, Button, ButtonId, ButtonStyle, Caller, Reply, Result, Table};
use crate::ai;
use crate::games::{Ending, Game, Seat};
use crate::i18n::Lang;
use crate::ids::{GameId, UserId};
use crate::msg;
use crate::store::{OfferKind, Offered, Settles};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
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

impl Table {
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
        // The bot answers an offer at once, by its own judgement (`draw_with_bot`).
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

    async fn offer_draw(&self, loaded: &Loaded, caller: &Caller, lang: Lang) -> Result<Reply> {
        let id = loaded.id();
        let others = Table::others(loaded, caller);
        let offered = self.make_offer(loaded, OfferKind::Draw, caller).await?;
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
            Consent::Waiting(reply) => Ok(*reply),
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
        let loaded = self.commit_agreed(loaded, change, settles).await?;
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

    /// A draw offered (or accepted) in a game against the bot: it plays every game of
    /// four out, and a game of two until [`BOT_DRAWS_FROM`]; from there it agrees
    /// unless it judges itself more than [`BOT_DRAW_MARGIN`] ahead. There is never an
    /// offer of the bot's own to accept or decline.
    async fn draw_with_bot(
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
                score = super::words::one_decimal(i64::from(ahead.min(ai::MATE_BOUND)), true)
            ));
        }
        // The bot's agreement is its judgement now: there is no stored offer to guard.
        self.finish_draw(loaded, caller, None, lang).await
    }
}
