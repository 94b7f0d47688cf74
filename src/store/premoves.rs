//! Conditional moves: lines of a player's future actions in a game of two, each anchored
//! to the game's version it continues from. A change of the game rewrites the lines it
//! keeps (with the game's new version) and leaves every other line stale; stale lines
//! are never read as live and are deleted by the next change of the game.

use super::{column, db_id, json_text, query, texts_json, DbRow, Result, Store, StoreError, Tx};
use crate::ids::{GameId, UserId};

/// A stored line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PremoveRow {
    pub id: i64,
    pub game: GameId,
    pub user: UserId,
    /// The game's version the line continues from.
    pub version: i64,
    /// Canonical action texts, the opponent's first.
    pub actions: Vec<String>,
    pub created_at: i64,
}

/// A line a change of its game keeps: its actions from the new position on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptLine {
    pub id: i64,
    pub actions: Vec<String>,
}

fn premove_from(row: &DbRow) -> Result<PremoveRow> {
    let id: i64 = column(row, &|| "a conditional move".to_string(), "premove_id")?;
    let game = GameId(column(
        row,
        &|| format!("conditional move #{id}"),
        "game_id",
    )?);
    let what = || format!("game #{game}'s conditional move #{id}");
    let text = json_text(row, &what, "actions")?;
    let actions: Vec<String> =
        serde_json::from_str(&text).map_err(|e| StoreError::DamagedGame {
            game,
            why: format!("its conditional move #{id} cannot be read: {e}"),
        })?;
    Ok(PremoveRow {
        id,
        game,
        user: UserId(column::<i64>(row, &what, "user_id")? as u64),
        version: column(row, &what, "version")?,
        actions,
        created_at: column(row, &what, "created_at")?,
    })
}

impl Store {
    /// The lines of a game that continue from its `version`, oldest first.
    pub async fn premoves(&self, game: GameId, version: i64) -> Result<Vec<PremoveRow>> {
        let rows = query(
            "SELECT * FROM premoves WHERE game_id = $1 AND version = $2
             ORDER BY created_at, premove_id",
        )
        .bind(game.0)
        .bind(version)
        .fetch_all(self.on())
        .await?;
        rows.iter().map(premove_from).collect()
    }

    /// Stores a line if the game is still at `version` and going on; false if it moved on.
    pub async fn add_premove(
        &self,
        game: GameId,
        user: UserId,
        version: i64,
        actions: &[String],
        now: i64,
    ) -> Result<bool> {
        let done = query(
            "INSERT INTO premoves (game_id, user_id, version, actions, created_at)
             SELECT $1, $2, $3, $4, $5 WHERE EXISTS
               (SELECT 1 FROM games WHERE game_id = $1 AND version = $3 AND status = 'active')",
        )
        .bind(game.0)
        .bind(db_id(user.0))
        .bind(version)
        .bind(texts_json(actions))
        .bind(now)
        .execute(self.on())
        .await?;
        Ok(done == 1)
    }

    /// Deletes lines of a user in a game (`ids`; all of theirs when `None`); how many.
    pub async fn cancel_premoves(
        &self,
        game: GameId,
        user: UserId,
        ids: Option<&[i64]>,
    ) -> Result<u64> {
        let Some(ids) = ids else {
            return Ok(
                query("DELETE FROM premoves WHERE game_id = $1 AND user_id = $2")
                    .bind(game.0)
                    .bind(db_id(user.0))
                    .execute(self.on())
                    .await?,
            );
        };
        let mut gone = 0;
        for id in ids {
            gone += query(
                "DELETE FROM premoves WHERE game_id = $1 AND user_id = $2 AND premove_id = $3",
            )
            .bind(game.0)
            .bind(db_id(user.0))
            .bind(*id)
            .execute(self.on())
            .await?;
        }
        Ok(gone)
    }

    /// Within a change of a game that brought it to `version`: the lines it keeps
    /// continue from there; every other line of the game goes.
    pub(super) async fn rewrite_premoves(
        tx: &mut Tx,
        game: GameId,
        version: i64,
        kept: &[KeptLine],
    ) -> Result<()> {
        for line in kept {
            query("UPDATE premoves SET version = $3, actions = $4 WHERE game_id = $1 AND premove_id = $2")
                .bind(game.0)
                .bind(line.id)
                .bind(version)
                .bind(texts_json(&line.actions))
                .execute(tx.on())
                .await?;
        }
        query("DELETE FROM premoves WHERE game_id = $1 AND version <> $2")
            .bind(game.0)
            .bind(version)
            .execute(tx.on())
            .await?;
        Ok(())
    }
}
