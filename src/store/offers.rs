//! Offers that need every player's consent (a draw, a takeback): who agreed so far, at
//! which version of the game. Each agreement is one guarded write: the offer's row is
//! locked while the caller is added, so simultaneous answers each count once and an
//! offer that was declined stays declined. The change that carries an agreement out
//! checks it again inside its own write ([`super::GameUpdate::settles`]).

use super::{json_text, query, user_ids_json, DbRow, OfferKind, Result, Store, StoreError};
use crate::ids::{GameId, UserId};

/// What making an offer came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Offered {
    /// The offer stands, with its maker the only one agreeing.
    Made,
    /// An offer of the same kind already stood at this version (made at the same moment
    /// by another player): nothing was written.
    Stands,
}

/// Who agrees to an offer once the caller's consent is recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreement {
    /// Everyone who agrees so far, the offer's maker first.
    pub agreed: Vec<UserId>,
    /// Whether the caller was added (false: they had agreed already).
    pub added: bool,
}

/// The agreement a change of a game carries out: written only if the offer still stands
/// at the version the change was computed from with each of `agreeing` in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settles {
    pub kind: OfferKind,
    /// Those who must all have agreed.
    pub agreeing: Vec<UserId>,
}

/// Who agreed to an offer, from its row.
pub(super) fn agreed_from(row: &DbRow, game: GameId, kind: OfferKind) -> Result<Vec<UserId>> {
    let what = || format!("game #{game}'s {kind} offer");
    let agreed = json_text(row, &what, "agreed")?;
    match serde_json::from_str::<Vec<u64>>(&agreed) {
        Ok(ids) => Ok(ids.into_iter().map(UserId).collect()),
        Err(e) => Err(StoreError::DamagedGame {
            game,
            why: format!("who agreed to its {kind} offer cannot be read: {e}"),
        }),
    }
}

impl Store {
    /// A pending offer: the version it was made at and who agreed so far.
    pub async fn offer(&self, game: GameId, kind: OfferKind) -> Result<Option<(i64, Vec<UserId>)>> {
        let row = query("SELECT version, agreed FROM offers WHERE game_id = $1 AND kind = $2")
            .bind(game.0)
            .bind(kind.as_str())
            .fetch_optional(self.on())
            .await?;
        let Some(r) = row else {
            return Ok(None);
        };
        let what = || format!("game #{game}'s {kind} offer");
        let version = super::column(&r, &what, "version")?;
        Ok(Some((version, agreed_from(&r, game, kind)?)))
    }

    /// Makes an offer at `version` with `by` agreeing, replacing one left from an earlier
    /// version; [`Offered::Stands`] if one stands at this version already, and
    /// [`StoreError::Conflict`] if the game is no longer at `version` or is over.
    pub async fn make_offer(
        &self,
        game: GameId,
        kind: OfferKind,
        version: i64,
        by: UserId,
        now: i64,
    ) -> Result<Offered> {
        let done = query(
            "INSERT INTO offers (game_id, kind, version, agreed, created_at)
             SELECT $1, $2, $3, $4, $5 WHERE EXISTS
               (SELECT 1 FROM games WHERE game_id = $1 AND version = $3 AND status = 'active')
             ON CONFLICT (game_id, kind) DO UPDATE SET version = excluded.version,
               agreed = excluded.agreed, created_at = excluded.created_at
             WHERE offers.version <> excluded.version",
        )
        .bind(game.0)
        .bind(kind.as_str())
        .bind(version)
        .bind(user_ids_json(&[by]))
        .bind(now)
        .execute(self.on())
        .await?;
        if done == 1 {
            return Ok(Offered::Made);
        }
        match self.offer(game, kind).await? {
            Some((at, _)) if at == version => Ok(Offered::Stands),
            _ => Err(StoreError::Conflict),
        }
    }

    /// Adds `user` to those who agree to the offer of `kind` standing at `version`, in one
    /// transaction that holds the offer's row; `None` if no such offer stands (never
    /// made, declined, withdrawn, or the game moved on).
    pub async fn agree_to_offer(
        &self,
        game: GameId,
        kind: OfferKind,
        version: i64,
        user: UserId,
    ) -> Result<Option<Agreement>> {
        let mut tx = self.begin().await?;
        // SQLite's transaction holds the write lock from its start; PostgreSQL locks the
        // row, so a second answer waits here and then reads what the first wrote.
        let row = query(self.for_update(
            "SELECT agreed FROM offers WHERE game_id = $1 AND kind = $2 AND version = $3
               AND EXISTS (SELECT 1 FROM games
                           WHERE game_id = $1 AND version = $3 AND status = 'active')",
        ))
        .bind(game.0)
        .bind(kind.as_str())
        .bind(version)
        .fetch_optional(tx.on())
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let mut agreed = agreed_from(&row, game, kind)?;
        if agreed.contains(&user) {
            return Ok(Some(Agreement {
                agreed,
                added: false,
            }));
        }
        agreed.push(user);
        query("UPDATE offers SET agreed = $3 WHERE game_id = $1 AND kind = $2")
            .bind(game.0)
            .bind(kind.as_str())
            .bind(user_ids_json(&agreed))
            .execute(tx.on())
            .await?;
        tx.commit().await?;
        Ok(Some(Agreement {
            agreed,
            added: true,
        }))
    }

    /// Declines or withdraws the offer of `kind` standing at `version`: false if none
    /// stood (already declined, carried out, or the game moved on).
    pub async fn delete_offer(&self, game: GameId, kind: OfferKind, version: i64) -> Result<bool> {
        Ok(
            query("DELETE FROM offers WHERE game_id = $1 AND kind = $2 AND version = $3")
                .bind(game.0)
                .bind(kind.as_str())
                .bind(version)
                .execute(self.on())
                .await?
                > 0,
        )
    }
}
