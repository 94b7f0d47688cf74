//! `/takeback request|accept`: undoes the requester's last turn (and anything played
//! after it) once every other player agrees; the bot allows every one.

use super::load::{replay_log, Loaded};
use super::offer::Consent;
use super::write::Change;
use super::{refuse, Button, ButtonId, ButtonStyle, Caller, Reply, Result, Table};
use crate::games::{Game, LogEntry, Seat};
use crate::i18n::{Arg, Lang};
use crate::ids::{GameId, UserId};
use crate::msg;
use crate::store::{ActionRow, OfferKind, Offered, Settles};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TakebackAction {
    Request,
    Accept,
}

impl Table {
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
        let offered = self.make_offer(loaded, OfferKind::Takeback, caller).await?;
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
            Consent::Waiting(reply) => Ok(*reply),
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
        let loaded = self.commit_agreed(loaded, change, Some(settles)).await?;
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
