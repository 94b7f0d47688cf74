//! The Discord front end: serenity glue over the table. Commands and buttons become
//! table requests ([`request`]), replies become messages ([`outgoing`]); a loop posts
//! reminders and losses on time ([`deadlines`]). No rules live here.

pub mod bot;
pub mod commands;
pub mod deadlines;
pub mod handler;
pub mod outgoing;
pub mod permissions;
pub mod request;

use crate::config::Config;
use crate::table::Table;
use serenity::all::{
    ClientBuilder, Context, EventHandler, GatewayIntents, HttpBuilder, Interaction, Ready,
};
use serenity::async_trait;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use thiserror::Error;
use tokio::task::JoinHandle;
use tracing::{error, info};

/// How the bot runs, beyond the settings: tests point it at a fake Discord and make the
/// deadline loop quick.
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// Send every HTTP request to this address instead of discord.com.
    pub proxy: Option<String>,
    /// How often the deadline loop looks for due reminders.
    pub tick_every: Duration,
    /// The first wait before retrying a failed message.
    pub retry_base: Duration,
    /// How long an answer may take before the interaction is deferred (Discord waits
    /// 3 s for the first response).
    pub defer_after: Duration,
    /// Sets up serenity's HTTP client further (tests give it a client that reaches a
    /// fake Discord as discord.com, so serenity's rate limiter stays on).
    pub http_setup: Option<HttpSetup>,
}

/// A change to serenity's HTTP builder, applied before the client is built.
#[derive(Clone)]
pub struct HttpSetup(pub Arc<dyn Fn(HttpBuilder) -> HttpBuilder + Send + Sync>);

impl std::fmt::Debug for HttpSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HttpSetup(..)")
    }
}

impl Default for BotOptions {
    fn default() -> BotOptions {
        BotOptions {
            proxy: None,
            tick_every: Duration::from_secs(60),
            retry_base: Duration::from_secs(1),
            defer_after: handler::DEFER_AFTER,
            http_setup: None,
        }
    }
}

#[derive(Debug, Error)]
pub enum BotError {
    #[error("DISCORD_TOKEN is not set")]
    NoToken,
    #[error("Discord: {0}")]
    Discord(#[from] serenity::Error),
}

struct Handler {
    table: Table,
    dev_guild: Option<u64>,
    options: BotOptions,
    deadlines: Arc<Mutex<Option<JoinHandle<()>>>>,
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        info!(user = %ready.user.name, guilds = ready.guilds.len(), shard = ?ready.shard, "connected to Discord");
        // Commands belong to the application, not to a shard: registered once, by the
        // process that runs shard 0 (with several processes, the others leave them be).
        if ready.shard.is_none_or(|shard| shard.id.0 == 0) {
            match commands::register(&ctx.http, &self.table, self.dev_guild).await {
                Ok(count) => {
                    info!(commands = count, guild = ?self.dev_guild, "slash commands registered")
                }
                Err(e) => error!(error = %e, "slash commands could not be registered"),
            }
        }
        self.table
            .set_bot_user(crate::ids::UserId(ready.user.id.get()));
        // `ready` comes again after a reconnect: one deadline loop is enough.
        let mut slot = self.deadlines.lock().expect("the lock is never poisoned");
        if slot.is_none() {
            // The turns the bot owes from before a restart.
            let (http, table, retry) = (
                ctx.http.clone(),
                self.table.clone(),
                self.options.retry_base,
            );
            tokio::spawn(async move { bot::resume(&http, &table, retry).await });
            let (http, table, o) = (ctx.http.clone(), self.table.clone(), self.options.clone());
            *slot = Some(tokio::spawn(deadlines::run(
                http,
                table,
                o.tick_every,
                o.retry_base,
            )));
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let table = self.table.clone();
        let (defer_after, retry) = (self.options.defer_after, self.options.retry_base);
        // Each interaction on its own task, so a slow one holds up no other; the bot's
        // answer to a move follows on the same task, after the move is answered.
        tokio::spawn(async move {
            if let Some((guild, game)) =
                handler::respond(&ctx, &table, interaction, defer_after).await
            {
                bot::play_turns(&ctx.http, &table, guild, game, retry).await;
            }
        });
    }
}

/// Connects to Discord and serves until `shutdown` resolves (Ctrl-C, SIGTERM, a test's
/// end). Needs no privileged intents: interactions arrive regardless.
pub async fn run(
    config: &Config,
    table: Table,
    options: BotOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), BotError> {
    let token = config.discord_token.as_deref().ok_or(BotError::NoToken)?;
    let mut http = HttpBuilder::new(token);
    if let Some(proxy) = &options.proxy {
        // serenity's rate limiter builds its requests without the proxy (they would go to
        // discord.com), so behind a proxy it is off and the proxy does the limiting.
        http = http.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    if let Some(setup) = &options.http_setup {
        http = (setup.0)(http);
    }
    let deadlines = Arc::new(Mutex::new(None));
    let handler = Handler {
        table,
        dev_guild: config.dev_guild_id,
        options,
        deadlines: deadlines.clone(),
    };
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::GUILDS)
        .event_handler(handler)
        .await?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        shutdown.await;
        info!("shutting down");
        shards.shutdown_all().await;
    });
    // Discord's recommended shard count, or the range this process was given. serenity
    // 0.12's `start_shard_range` takes the range's end as the last shard (inclusive,
    // whatever `Range` suggests: it boots `end - start + 1` shards), so `first..last` runs
    // shards first to last; tests/service/cluster.rs checks which shards identify.
    let result = match config.shards {
        Some(r) => {
            info!(
                first = r.first,
                last = r.last,
                total = r.total,
                "running a range of shards"
            );
            client.start_shard_range(r.first..r.last, r.total).await
        }
        None => client.start_autosharded().await,
    };
    if let Some(task) = deadlines.lock().expect("the lock is never poisoned").take() {
        task.abort();
    }
    result?;
    Ok(())
}
