//! The bot's own turns on Discord: after a person's move (or a game's start) in a game
//! the bot plays, its answers are posted in the game's thread, one message per turn.

use super::{deadlines, outgoing};
use crate::ids::{GameId, GuildId};
use crate::table::Table;
use serenity::all::{ChannelId, Http};
use std::time::Duration;
use tracing::warn;

/// Plays the bot's turns in a game and posts each, until a person is to move or the
/// game ends. Nothing here blocks the gateway: it runs on the interaction's own task,
/// after the interaction is answered, and the thinking runs on blocking threads.
pub async fn play_turns(http: &Http, table: &Table, guild: GuildId, game: GameId, retry: Duration) {
    let channel = match table.game_channel(guild, game).await {
        Ok(Some(channel)) => ChannelId::new(channel.0),
        Ok(None) => return,
        Err(e) => {
            warn!(error = %e, %game, "the bot's game could not be read");
            return;
        }
    };
    // A bound on the turns, so that a bug cannot spin for ever.
    for _ in 0..16 {
        let reply = match table.bot_turn(guild, game).await {
            Ok(Some(reply)) => reply,
            Ok(None) => return,
            Err(e) => {
                warn!(error = %e, %game, "the bot could not play its turn");
                return;
            }
        };
        let sent = deadlines::with_retry(retry, || {
            channel.send_message(http, outgoing::channel_message(&reply, table.bot_user()))
        })
        .await;
        if let Err(e) = sent {
            // The turn is played and stored; `/board` shows it.
            warn!(error = %e, %game, "the bot's turn could not be posted");
        }
    }
}

/// Plays the turns the bot owes in every game (it was thinking when the process
/// stopped): called once the bot is connected.
pub async fn resume(http: &Http, table: &Table, retry: Duration) {
    match table.games_awaiting_bot().await {
        Ok(games) => {
            for (guild, game) in games {
                play_turns(http, table, guild, game, retry).await;
            }
        }
        Err(e) => warn!(error = %e, "the games awaiting the bot could not be listed"),
    }
}
