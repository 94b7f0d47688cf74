//! The outbox: notices (reminders, losses on time) kept until Discord accepted them.

use super::{column, db_id, Result, Store, StoreError};
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use sqlx::sqlite::SqliteRow;
use sqlx::Row;

/// A notice as stored: where it goes and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoticeRow {
    /// Unique, and the nonce of its posts.
    pub id: i64,
    pub game: GameId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub parent: ChannelId,
    /// Who gets it by direct message, each with the text in their language.
    pub dm: Vec<(UserId, String)>,
    pub in_channel: bool,
    pub text: String,
    pub pings: Vec<UserId>,
    /// A board image: its file name and PNG bytes.
    pub image: Option<(String, Vec<u8>)>,
}

/// A stored notice that cannot be read back (written by hand, or damaged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("notice {id} of the outbox cannot be read: {reason}")]
pub struct DamagedNotice {
    pub id: i64,
    pub reason: String,
}

/// The longest wait between two tries of a notice, in seconds.
const MAX_WAIT: i64 = 3_600;

fn ids_json(ids: &[UserId]) -> String {
    serde_json::to_string(&ids.iter().map(|u| u.0).collect::<Vec<u64>>())
        .expect("numbers serialize")
}

fn ids_from(text: &str, what: &str) -> std::result::Result<Vec<UserId>, String> {
    serde_json::from_str::<Vec<u64>>(text)
        .map(|ids| ids.into_iter().map(UserId).collect())
        .map_err(|e| format!("{what} is not a list of user ids ({e})"))
}

fn notice_from(row: &SqliteRow) -> std::result::Result<NoticeRow, DamagedNotice> {
    // The row id is SQLite's own integer: it always reads.
    let id: i64 = row.try_get("notice_id").unwrap_or_default();
    let damaged = |reason: String| DamagedNotice { id, reason };
    let what = || format!("notice {id}");
    let get = |e: StoreError| damaged(e.to_string());
    let image = match (
        column::<Option<String>>(row, &what, "image_name").map_err(get)?,
        column::<Option<Vec<u8>>>(row, &what, "image").map_err(get)?,
    ) {
        (Some(name), Some(bytes)) => Some((name, bytes)),
        (None, None) => None,
        _ => {
            return Err(damaged(
                "an image without its name, or a name without its image".into(),
            ))
        }
    };
    let text: String = column(row, &what, "text").map_err(get)?;
    let dm_users =
        ids_from(&column::<String>(row, &what, "dm").map_err(get)?, "dm").map_err(damaged)?;
    let dm_texts = match column::<Option<String>>(row, &what, "dm_texts").map_err(get)? {
        None => vec![text.clone(); dm_users.len()],
        Some(json) => serde_json::from_str::<Vec<String>>(&json)
            .ok()
            .filter(|texts| texts.len() == dm_users.len())
            .ok_or_else(|| damaged("dm_texts is not one text per direct message".into()))?,
    };
    Ok(NoticeRow {
        id,
        game: GameId(column(row, &what, "game_id").map_err(get)?),
        guild: GuildId(column::<i64>(row, &what, "guild_id").map_err(get)? as u64),
        channel: ChannelId(column::<i64>(row, &what, "channel_id").map_err(get)? as u64),
        parent: ChannelId(column::<i64>(row, &what, "parent_id").map_err(get)? as u64),
        dm: dm_users.into_iter().zip(dm_texts).collect(),
        in_channel: column(row, &what, "in_channel").map_err(get)?,
        text,
        pings: ids_from(
            &column::<String>(row, &what, "pings").map_err(get)?,
            "pings",
        )
        .map_err(damaged)?,
        image,
    })
}

impl Store {
    /// Keeps a notice until it is sent; it is first tried now, by the caller, and again
    /// from `retry_at` if no one has marked it sent by then. Returns its id.
    pub async fn queue_notice(&self, notice: &NoticeRow, now: i64, retry_at: i64) -> Result<i64> {
        let (image_name, image) = match &notice.image {
            Some((name, bytes)) => (Some(name.as_str()), Some(bytes.as_slice())),
            None => (None, None),
        };
        let done = sqlx::query(
            "INSERT INTO outbox (game_id, guild_id, channel_id, parent_id, dm, dm_texts,
                in_channel, text, pings, image_name, image, created_at, next_try_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(notice.game.0)
        .bind(db_id(notice.guild.0))
        .bind(db_id(notice.channel.0))
        .bind(db_id(notice.parent.0))
        .bind(ids_json(
            &notice.dm.iter().map(|(u, _)| *u).collect::<Vec<UserId>>(),
        ))
        .bind(
            serde_json::to_string(&notice.dm.iter().map(|(_, t)| t).collect::<Vec<_>>())
                .expect("texts serialize"),
        )
        .bind(notice.in_channel)
        .bind(&notice.text)
        .bind(ids_json(&notice.pings))
        .bind(image_name)
        .bind(image)
        .bind(now)
        .bind(retry_at)
        .execute(&self.pool)
        .await?;
        Ok(done.last_insert_rowid())
    }

    /// Notices not yet sent whose next try is due, oldest first; each read back into a
    /// typed row, or the reason it cannot be.
    pub async fn due_notices(
        &self,
        now: i64,
    ) -> Result<Vec<std::result::Result<NoticeRow, DamagedNotice>>> {
        let rows = sqlx::query(
            "SELECT * FROM outbox WHERE sent_at IS NULL AND next_try_at <= ? ORDER BY notice_id",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(notice_from).collect())
    }

    /// Discord accepted the notice: it is never tried again.
    pub async fn notice_sent(&self, id: i64, now: i64) -> Result<()> {
        sqlx::query("UPDATE outbox SET sent_at = ? WHERE notice_id = ?")
            .bind(now)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A try failed: the next one waits twice as long as the last (1 min, 2, 4, … 1 h).
    pub async fn notice_failed(&self, id: i64, now: i64) -> Result<()> {
        sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1,
                next_try_at = ? + MIN(?, 60 * (1 << MIN(attempts, 6)))
             WHERE notice_id = ?",
        )
        .bind(now)
        .bind(MAX_WAIT)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Notices not yet sent, with their attempts so far (for tests and diagnostics).
    pub async fn unsent_notices(&self) -> Result<Vec<(i64, i64)>> {
        let rows = sqlx::query(
            "SELECT notice_id, attempts FROM outbox WHERE sent_at IS NULL ORDER BY notice_id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get("notice_id"), r.get("attempts")))
            .collect())
    }
}
