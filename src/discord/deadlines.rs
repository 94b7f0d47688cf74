//! The deadline loop: asks the table what time has made due (reminders, losses on time)
//! and posts it, by direct message where the player asked for it (falling back to the
//! game's thread when their direct messages are closed), retrying with backoff when
//! Discord fails.

use super::outgoing;
use crate::table::{Notice, Table};
use serenity::all::{ChannelId, CreateMessage, Http, Nonce, UserId};
use std::future::Future;
use std::time::Duration;
use tracing::{info, warn};

/// How many times a message is tried before it is given up.
const ATTEMPTS: u32 = 5;

/// Whether an error is worth trying again: Discord's own trouble or the network's, not a
/// refusal (a closed direct message, a missing permission).
fn transient(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.is_server_error()
        }
        serenity::Error::Http(_) => true,
        _ => false,
    }
}

/// Tries `send` until it works, a refusal comes back, or the attempts run out; waits
/// `base`, 2·`base`, 4·`base`… between tries.
pub async fn with_retry<T, F, Fut>(base: Duration, mut send: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut wait = base;
    let mut attempt = 1;
    loop {
        match send().await {
            Ok(value) => return Ok(value),
            Err(e) if attempt < ATTEMPTS && transient(&e) => {
                warn!(error = %e, attempt, "Discord failed; trying again in {:?}", wait);
                tokio::time::sleep(wait).await;
                wait *= 2;
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

async fn send_dm(http: &Http, user: UserId, message: CreateMessage) -> serenity::Result<()> {
    let channel = user.create_dm_channel(http).await?;
    channel.id.send_message(http, message).await?;
    Ok(())
}

/// A nonce for a notice: the same for every try of one notice (Discord, told to enforce
/// it, posts it once however many tries reach it), at most 25 characters.
fn nonce(notice: &Notice) -> Nonce {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    notice.game.0.hash(&mut hasher);
    notice.reply.text.hash(&mut hasher);
    Nonce::String(format!("{:016x}", hasher.finish()))
}

/// Posts one notice where it belongs.
pub async fn deliver(http: &Http, notice: &Notice, retry_base: Duration) {
    let mut in_channel = notice.in_channel;
    for user in &notice.dm {
        let user = UserId::new(user.0);
        let sent = with_retry(retry_base, || {
            send_dm(http, user, outgoing::channel_message(&notice.reply))
        })
        .await;
        if let Err(e) = sent {
            info!(error = %e, %user, game = %notice.game, "no direct message; posting in the game's thread");
            in_channel = true;
        }
    }
    if in_channel {
        let channel = ChannelId::new(notice.channel.0);
        let sent = with_retry(retry_base, || {
            let message = outgoing::channel_message(&notice.reply)
                .nonce(nonce(notice))
                .enforce_nonce(true);
            channel.send_message(http, message)
        })
        .await;
        if let Err(e) = sent {
            warn!(error = %e, game = %notice.game, "a notice could not be posted");
        }
    }
}

/// Every `every`, posts what is due. Runs until the task is stopped.
pub async fn run(http: std::sync::Arc<Http>, table: Table, every: Duration, retry_base: Duration) {
    loop {
        match table.tick().await {
            Ok(notices) => {
                for notice in &notices {
                    deliver(&http, notice, retry_base).await;
                }
            }
            Err(e) => warn!(error = %e, "the deadline check failed; trying again next round"),
        }
        tokio::time::sleep(every).await;
    }
}
