//! Agreements that need every player: a draw offer or a takeback request stands at the
//! game's version it was made at, gathers consents in guarded writes, and is carried out
//! by the change it settles.

use super::load::Loaded;
use super::{refuse, Caller, Reply, Result, Table};
use crate::ids::UserId;
use crate::msg;
use crate::store::{OfferKind, Offered, Settles};

impl Table {
    /// Who has agreed to the offer of `kind` standing at the game's version, if any.
    pub(super) async fn standing_offer(
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

    /// Makes the caller's offer of `kind` at the game's version, unless one stands.
    pub(super) async fn make_offer(
        &self,
        loaded: &Loaded,
        kind: OfferKind,
        caller: &Caller,
    ) -> Result<Offered> {
        let (id, version) = (loaded.id(), loaded.row.version);
        let now = self.now();
        Ok(self
            .store
            .make_offer(id, kind, version, caller.user, now)
            .await?)
    }

    /// The other players still in, who answer the caller's offer.
    pub(super) fn others(loaded: &Loaded, caller: &Caller) -> Vec<UserId> {
        loaded
            .users_in()
            .into_iter()
            .filter(|u| *u != caller.user)
            .collect()
    }

    /// Who must agree to an offer of `kind`: every player still in, but for a takeback
    /// not the bot, which allows every one (it plays to give people a game, not to hold
    /// them to a slip). The game's seats say which user is the bot's.
    pub(super) fn must_agree(loaded: &Loaded, kind: OfferKind) -> Vec<UserId> {
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
    pub(super) async fn consent(
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
        Ok(Consent::Waiting(Box::new(Reply::public(waiting))))
    }
}

/// Where an agreement stands once the caller's consent is recorded.
pub(super) enum Consent {
    /// Others are still awaited: the reply says so (boxed: a reply is much larger than the
    /// other variant).
    Waiting(Box<Reply>),
    /// Everyone who must agree has (`agreed`, the offer's maker first): the change may be
    /// made, guarded by `settles`.
    Complete {
        settles: Settles,
        agreed: Vec<UserId>,
    },
}
