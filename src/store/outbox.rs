//! The outbox: notices (reminders, losses on time) kept until Discord accepted them.

use super::leases::Claim;
use super::{
    column, db_id, first, json_column, json_text, query, user_ids_json, Arg, DbRow, Result, Store,
    StoreError, Tx,
};
use crate::ids::{ChannelId, GameId, GuildId, UserId};

/// A notice as stored: where it goes and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoticeRow {
    /// Unique, and the nonce of its posts.
    pub id: i64,
    /// The game it is about; none for a server's own post (the puzzle of the day).
    pub game: Option<GameId>,
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
    /// The name of a thread to open for the game from the post in the channel (a game a
    /// tournament started, which no interaction answers).
    pub thread: Option<String>,
    /// Buttons under the post in the channel: each one's id and label.
    pub buttons: Vec<(String, String)>,
}

/// A stored notice that cannot be read back (written by hand, or damaged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("notice {id} of the outbox cannot be read: {reason}")]
pub struct DamagedNotice {
    pub id: i64,
    pub reason: String,
}

/// Whether `name` is a file name such as the program gives its images and files
/// (`sidja-12-ply4.png`): 1 to 255 letters, digits, `-`, `_` and `.`, not starting with
/// a dot. Such a name stays inside the folder it is saved in (no separator, no `..`,
/// nothing absolute) and is accepted by every file system and by Discord.
pub fn is_plain_file_name(name: &str) -> bool {
    (1..=255).contains(&name.len())
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
}

/// The wait before the next try of a notice, by tries so far: 1 min, 2, 4, … 1 h.
const BACKOFF: &str = "CASE attempts WHEN 0 THEN 60 WHEN 1 THEN 120 WHEN 2 THEN 240
    WHEN 3 THEN 480 WHEN 4 THEN 960 WHEN 5 THEN 1920 ELSE 3600 END";

fn ids_from(text: &str, what: &str) -> std::result::Result<Vec<UserId>, String> {
    serde_json::from_str::<Vec<u64>>(text)
        .map(|ids| ids.into_iter().map(UserId).collect())
        .map_err(|e| format!("{what} is not a list of user ids ({e})"))
}

pub(super) fn notice_from(row: &DbRow) -> std::result::Result<NoticeRow, DamagedNotice> {
    // The row id is the database's own integer: it always reads.
    let id: i64 = column(row, &|| "a notice".to_string(), "notice_id").unwrap_or_default();
    let damaged = |reason: String| DamagedNotice { id, reason };
    let what = || format!("notice {id}");
    let get = |e: StoreError| damaged(e.to_string());
    let image = match (
        column::<Option<String>>(row, &what, "image_name").map_err(get)?,
        column::<Option<Vec<u8>>>(row, &what, "image").map_err(get)?,
    ) {
        (Some(name), Some(_)) if !is_plain_file_name(&name) => {
            let shown: String = name.chars().take(40).collect();
            return Err(damaged(format!(
                "its image's name “{shown}” is not a plain file name"
            )));
        }
        (Some(name), Some(bytes)) => Some((name, bytes)),
        (None, None) => None,
        _ => {
            return Err(damaged(
                "an image without its name, or a name without its image".into(),
            ))
        }
    };
    let text: String = column(row, &what, "text").map_err(get)?;
    let dm_users = ids_from(&json_text(row, &what, "dm").map_err(get)?, "dm").map_err(damaged)?;
    let dm_texts = match json_column(row, &what, "dm_texts").map_err(get)? {
        None => vec![text.clone(); dm_users.len()],
        Some(json) => serde_json::from_str::<Vec<String>>(&json)
            .ok()
            .filter(|texts| texts.len() == dm_users.len())
            .ok_or_else(|| damaged("dm_texts is not one text per direct message".into()))?,
    };
    Ok(NoticeRow {
        id,
        game: column::<Option<i64>>(row, &what, "game_id")
            .map_err(get)?
            .map(GameId),
        guild: GuildId(column::<i64>(row, &what, "guild_id").map_err(get)? as u64),
        channel: ChannelId(column::<i64>(row, &what, "channel_id").map_err(get)? as u64),
        parent: ChannelId(column::<i64>(row, &what, "parent_id").map_err(get)? as u64),
        dm: dm_users.into_iter().zip(dm_texts).collect(),
        in_channel: column(row, &what, "in_channel").map_err(get)?,
        text,
        pings: ids_from(&json_text(row, &what, "pings").map_err(get)?, "pings").map_err(damaged)?,
        image,
        thread: column(row, &what, "thread_name").map_err(get)?,
        buttons: match json_column(row, &what, "buttons").map_err(get)? {
            None => Vec::new(),
            Some(json) => serde_json::from_str::<Vec<(String, String)>>(&json)
                .map_err(|e| damaged(format!("buttons is not a list of [id, label] ({e})")))?,
        },
    })
}

impl Store {
    /// Writes a notice into the outbox inside `tx`, due now; held by `lease` (the process
    /// that will deliver it, and until when) if given. Returns its id.
    pub(super) async fn insert_notice(
        tx: &mut Tx,
        notice: &NoticeRow,
        now: i64,
        lease: Option<(&str, i64)>,
    ) -> Result<i64> {
        let (image_name, image) = match &notice.image {
            Some((name, bytes)) => (Some(name.as_str()), Some(bytes.as_slice())),
            None => (None, None),
        };
        let buttons = (!notice.buttons.is_empty())
            .then(|| serde_json::to_string(&notice.buttons).expect("texts serialize"));
        let row = query(
            "INSERT INTO outbox (game_id, guild_id, channel_id, parent_id, dm, in_channel, text,
                pings, image_name, image, created_at, next_try_at, lease_owner, lease_until,
                dm_texts, thread_name, buttons)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $15, $16)
             RETURNING notice_id",
        )
        .bind(notice.game.map(|g| g.0))
        .bind(db_id(notice.guild.0))
        .bind(db_id(notice.channel.0))
        .bind(db_id(notice.parent.0))
        .bind(user_ids_json(
            &notice.dm.iter().map(|(u, _)| *u).collect::<Vec<UserId>>(),
        ))
        .bind(notice.in_channel)
        .bind(&notice.text)
        .bind(user_ids_json(&notice.pings))
        .bind(image_name)
        .bind(image)
        .bind(now)
        .bind(lease.map(|l| l.0))
        .bind(lease.map(|l| l.1))
        .bind(Arg::json(
            &serde_json::to_string(&notice.dm.iter().map(|(_, t)| t).collect::<Vec<_>>())
                .expect("texts serialize"),
        ))
        .bind(notice.thread.as_deref())
        .bind(Arg::json_opt(buttons.as_deref()))
        .fetch_one(tx.on())
        .await?;
        first(&row)
    }

    /// Keeps a notice until it is sent; `lease` says which process delivers it first
    /// (now), and until when no other may try. Returns its id.
    pub async fn queue_notice(
        &self,
        notice: &NoticeRow,
        now: i64,
        lease: (&str, i64),
    ) -> Result<i64> {
        let mut tx = self.begin().await?;
        let id = Store::insert_notice(&mut tx, notice, now, Some(lease)).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Takes up to `limit` notices not yet sent whose next try is due and that no other
    /// process holds (or whose holder's lease ran out), oldest first, for `owner` until
    /// `until`; each read back into a typed row, or the reason it cannot be. On
    /// PostgreSQL, rows another process is taking at this very moment are skipped
    /// (`FOR NO KEY UPDATE SKIP LOCKED`, as for games: [`Store::claim_due_games`]) rather
    /// than waited for; on SQLite the one statement runs alone.
    pub async fn claim_notices(
        &self,
        now: i64,
        owner: &str,
        until: i64,
        limit: i64,
    ) -> Result<Vec<std::result::Result<NoticeRow, DamagedNotice>>> {
        let claim = Claim {
            table: "outbox",
            key: "notice_id",
            due: "sent_at IS NULL AND next_try_at <= $1",
            order: "notice_id",
            returning: "*",
        };
        let rows = self.claim(claim, now, owner, until, limit).await?;
        let mut notices: Vec<_> = rows.iter().map(notice_from).collect();
        notices.sort_by_key(|n| match n {
            Ok(n) => n.id,
            Err(d) => d.id,
        });
        Ok(notices)
    }

    /// Discord accepted the notice: it is never tried again.
    pub async fn notice_sent(&self, id: i64, now: i64) -> Result<()> {
        self.write(
            "UPDATE outbox SET sent_at = $2, lease_owner = NULL, lease_until = NULL
             WHERE notice_id = $1",
            id,
            now,
        )
        .await
    }

    /// A try failed: the next one waits twice as long as the last (1 min, 2, 4, … 1 h),
    /// and any process may make it.
    pub async fn notice_failed(&self, id: i64, now: i64) -> Result<()> {
        query(format!(
            "UPDATE outbox SET attempts = attempts + 1, next_try_at = $1 + {BACKOFF},
               lease_owner = NULL, lease_until = NULL
             WHERE notice_id = $2 AND sent_at IS NULL"
        ))
        .bind(now)
        .bind(id)
        .execute(self.on())
        .await?;
        Ok(())
    }

    /// Notices not yet sent that cannot be read back, for `boardpost db check`. Read a
    /// page at a time, since each row may hold a board image.
    pub async fn damaged_notices(&self) -> Result<Vec<DamagedNotice>> {
        self.damaged_rows(
            "SELECT * FROM outbox WHERE sent_at IS NULL AND notice_id > $1
             ORDER BY notice_id LIMIT $2",
            "notice_id",
            50,
            |row| notice_from(row).err(),
        )
        .await
    }

    /// Notices not yet sent, with their attempts so far (for tests and diagnostics).
    pub async fn unsent_notices(&self) -> Result<Vec<(i64, i64)>> {
        let rows = query(
            "SELECT notice_id, attempts FROM outbox WHERE sent_at IS NULL ORDER BY notice_id",
        )
        .fetch_all(self.on())
        .await?;
        let what = || "an unsent notice".to_string();
        rows.iter()
            .map(|r| {
                Ok((
                    column(r, &what, "notice_id")?,
                    column(r, &what, "attempts")?,
                ))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::is_plain_file_name;

    #[test]
    fn only_plain_file_names_pass() {
        for name in [
            "sidja-12-ply4.png",
            "game-3-history.txt",
            "xiangqi4-7.gif",
            "a",
        ] {
            assert!(is_plain_file_name(name), "{name}");
        }
        let long = "a".repeat(256);
        for name in [
            "",
            ".",
            "..",
            "../x.png",
            "/tmp/x.png",
            "a/b.png",
            "a\\b.png",
            "C:x.png",
            ".hidden",
            "a b.png",
            "ё.png",
            "x\0.png",
            &long,
        ] {
            assert!(!is_plain_file_name(name), "{name:?}");
        }
    }
}
