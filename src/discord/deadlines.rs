//! The deadline loop: asks the table what time has made due (reminders, losses on time)
//! and posts it, by direct message where the player asked for it (falling back to the
//! game's thread when their direct messages are closed), retrying with backoff when
//! Discord fails.

use super::outgoing;
use crate::table::{Notice, Table};
use serenity::all::{ChannelId, CreateMessage, EditThread, Http, Message, Nonce, UserId};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tracing::{info, warn};

/// How many times a message is tried before it is given up.
const ATTEMPTS: u32 = 5;

/// Whether an error is worth trying again: Discord's own trouble or the network's, not a
/// refusal (a closed direct message, a missing permission).
fn transient(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            // 429: rate limited (serenity's limiter waits itself; without it, back off).
            r.status_code.is_server_error() || r.status_code.as_u16() == 429
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

/// The nonce of a notice's posts: the same for every try of one notice, across restarts
/// and processes (Discord, told to enforce it, posts it once however many tries reach it).
fn nonce(notice: &Notice) -> Nonce {
    Nonce::String(format!("notice-{}", notice.id))
}

/// Discord's codes for a channel or thread the bot cannot post in: unknown channel,
/// missing access, missing permissions, a locked thread.
const UNREACHABLE: [isize; 4] = [10003, 50001, 50013, 160005];
/// Discord's code for a post in an archived thread.
const ARCHIVED: isize = 50083;

fn code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.error.code)
        }
        _ => None,
    }
}

/// Posts `message` in the game's thread (or channel): an archived thread is reopened
/// first (the bot made it); a thread that cannot be reached is given up for the game's
/// channel, and forgotten, so later notices go there at once.
async fn post_in_game(
    http: &Http,
    table: &Table,
    notice: &Notice,
    retry_base: Duration,
    message: impl Fn() -> CreateMessage,
) -> serenity::Result<Message> {
    let thread = ChannelId::new(notice.channel.0);
    let message = &message;
    let post =
        |channel: ChannelId| with_retry(retry_base, move || channel.send_message(http, message()));
    match post(thread).await {
        Ok(posted) => Ok(posted),
        Err(e) if code(&e) == Some(ARCHIVED) => {
            let reopen = EditThread::new().archived(false);
            match thread.edit_thread(http, reopen).await {
                Ok(_) => post(thread).await,
                Err(e)
                    if notice.channel != notice.parent
                        && code(&e).is_some_and(|c| UNREACHABLE.contains(&c)) =>
                {
                    lost(table, notice).await;
                    post(ChannelId::new(notice.parent.0)).await
                }
                Err(e) => Err(e),
            }
        }
        Err(e)
            if notice.channel != notice.parent
                && code(&e).is_some_and(|c| UNREACHABLE.contains(&c)) =>
        {
            info!(error = %e, game = ?notice.game, "the game's thread is out of reach; posting in its channel");
            lost(table, notice).await;
            post(ChannelId::new(notice.parent.0)).await
        }
        Err(e) => Err(e),
    }
}

async fn lost(table: &Table, notice: &Notice) {
    // A server's own post (no game) has no thread of its own to forget.
    let Some(game) = notice.game else {
        return;
    };
    if let Err(e) = table.thread_lost(game, notice.channel).await {
        warn!(error = %e, %game, "could not forget the game's thread");
    }
}

/// Posts one notice where it belongs; says whether Discord accepted it everywhere it had
/// to go (a closed direct message counts as delivered when the thread got it instead).
pub async fn deliver(http: &Http, table: &Table, notice: &Notice, retry_base: Duration) -> bool {
    let dm = |user: UserId, text: Option<&String>| {
        let mut reply = notice.reply.clone();
        if let Some(text) = text {
            reply.text = text.clone();
        }
        with_retry(retry_base, move || {
            let message = outgoing::channel_message(&reply, table.bot_user())
                .nonce(nonce(notice))
                .enforce_nonce(true);
            send_dm(http, user, message)
        })
    };
    let mut in_channel = notice.in_channel;
    let mut reached = Vec::new();
    for (user, text) in &notice.dm {
        match dm(UserId::new(user.0), Some(text)).await {
            Ok(()) => reached.push(*user),
            Err(e) => {
                info!(error = %e, user = user.0, game = ?notice.game, "no direct message; posting in the game's thread");
                in_channel = true;
            }
        }
    }
    if !in_channel {
        return true;
    }
    let sent = post_in_game(http, table, notice, retry_base, || {
        outgoing::channel_message(&notice.reply, table.bot_user())
            .nonce(nonce(notice))
            .enforce_nonce(true)
    })
    .await;
    match sent {
        Ok(posted) => {
            // A game a tournament started gets its thread from its announcement.
            if let Some(thread) = &notice.reply.thread {
                super::handler::open_thread(
                    http,
                    table,
                    notice.guild,
                    thread,
                    posted.channel_id,
                    posted.id,
                )
                .await;
            }
            true
        }
        // Nowhere in the game's channel may the bot post: the players it pings are told
        // by direct message instead, so a reminder or a loss on time still reaches them.
        Err(e) if code(&e).is_some_and(|c| UNREACHABLE.contains(&c)) => {
            warn!(error = %e, game = ?notice.game, "the game's channel is out of reach; messaging its players directly");
            let mut any = !reached.is_empty();
            for user in notice.reply.pings.iter().filter(|u| !reached.contains(u)) {
                let theirs = notice.dm.iter().find(|(u, _)| u == user).map(|(_, t)| t);
                any |= dm(UserId::new(user.0), theirs).await.is_ok();
            }
            any
        }
        Err(e) => {
            warn!(error = %e, game = ?notice.game, notice = notice.id, "a notice could not be posted; it will be tried again");
            false
        }
    }
}

/// Every `every`, posts what is due. Runs until the task is stopped: each round runs as
/// a task of its own, so that even a panic in one (a bug) is logged and the next round
/// comes all the same.
pub async fn run(http: Arc<Http>, table: Table, every: Duration, retry_base: Duration) {
    loop {
        let round = tokio::spawn(round(http.clone(), table.clone(), retry_base));
        if let Err(e) = round.await {
            tracing::error!(error = %e, "a deadline round failed; the next one comes as usual");
        }
        tokio::time::sleep(every).await;
    }
}

/// One round: what became due now, a batch at a time (claimed, decided, drawn, queued in
/// the outbox, delivered, forgotten, then the next batch), so that a round holds one
/// batch's notices and images however many games are due at once; then whatever waits in
/// the outbox (earlier failures, replays of finished games), a claim at a time until none
/// is left. Each batch is delivered at once, as fast as serenity's rate limiter lets its
/// posts through.
async fn round(http: Arc<Http>, table: Table, retry_base: Duration) {
    let now = table.now();
    // Tournament steps a stopped process left; what they queue is delivered below.
    if let Err(e) = table.tournament_tick().await {
        warn!(error = %e, "the tournaments could not be looked at; trying again next round");
    }
    // Today's puzzles of the day, delivered below with what else waits in the outbox.
    if let Err(e) = table.daily_tick().await {
        warn!(error = %e, "the puzzles of the day could not be posted; trying again next round");
    }
    // A finished game searched for puzzles, on its own task: it takes seconds, and
    // holds up no notice.
    let miner = table.clone();
    tokio::spawn(async move {
        if let Err(e) = miner.mining_tick().await {
            warn!(error = %e, "finished games could not be searched for puzzles");
        }
    });
    loop {
        let mut batch = match table.tick_batch(now).await {
            Ok(batch) => batch,
            Err(e) => {
                warn!(error = %e, "the deadline check failed; trying again next round");
                break;
            }
        };
        let games: Vec<_> = batch
            .notices
            .iter()
            .filter_map(|n| Some((n.guild, n.game?)))
            .collect();
        deliver_all(
            &http,
            &table,
            std::mem::take(&mut batch.notices),
            retry_base,
        )
        .await;
        // A player who ran out of time in a game of four may leave the bot to move: its
        // turns (a whole game, if nobody else is left) on their own task, so that they
        // hold up no later batch or round.
        for (guild, game) in games {
            let (http, table) = (http.clone(), table.clone());
            tokio::spawn(async move {
                super::bot::play_turns(&http, &table, guild, game, retry_base).await;
            });
        }
        batch.replays_queued().await;
        if !batch.more {
            break;
        }
    }
    // What was due by now, the replays just queued included; a notice met here is sent,
    // put off or held under a lease, so the loop ends.
    let due_by = table.now();
    loop {
        let waiting = match table.undelivered_by(due_by).await {
            Ok(waiting) => waiting,
            Err(e) => {
                warn!(error = %e, "the outbox could not be read; trying again next round");
                break;
            }
        };
        deliver_all(&http, &table, waiting.notices, retry_base).await;
        if !waiting.more {
            break;
        }
    }
}

/// Delivers the notices of a batch side by side, recording each delivery (or its
/// failure, for a later try), and returns when all are done.
async fn deliver_all(http: &Arc<Http>, table: &Table, notices: Vec<Notice>, retry_base: Duration) {
    let mut deliveries = tokio::task::JoinSet::new();
    for notice in notices {
        let (http, table) = (http.clone(), table.clone());
        deliveries.spawn(async move {
            let outcome = if deliver(&http, &table, &notice, retry_base).await {
                table.notice_sent(notice.id).await
            } else {
                table.notice_failed(notice.id).await
            };
            if let Err(e) = outcome {
                warn!(error = %e, notice = notice.id, "could not record a notice's delivery");
            }
        });
    }
    while let Some(done) = deliveries.join_next().await {
        if let Err(e) = done {
            tracing::error!(error = %e, "a notice's delivery failed");
        }
    }
}
