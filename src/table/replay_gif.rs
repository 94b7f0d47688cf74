//! Animated replays of games (issue 18): `/export format:gif`, and the replay posted in a
//! game's thread when it ends (unless the server turned that off in `/settings`), queued
//! as a notice once drawn so that it never holds back the message that ends the game.

use super::deadlines::game_notice;
use super::load::Loaded;
use super::{Attachment, Result, Table, TableError};
use crate::games::Seat;
use crate::i18n::Lang;
use crate::msg;
use crate::render::{self, RenderOptions};
use crate::store::NoticeRow;

/// What `/export` writes: the record as text (`boardpost replay` reads it back), or the
/// game as an animated GIF.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ExportFormat {
    #[default]
    Text,
    Gif,
}

impl ExportFormat {
    /// Reads a format's name (`text`, `gif`).
    pub fn parse(name: &str) -> Option<ExportFormat> {
        match name.trim().to_lowercase().as_str() {
            "text" | "txt" => Some(ExportFormat::Text),
            "gif" => Some(ExportFormat::Gif),
            _ => None,
        }
    }
}

impl Table {
    /// The whole game as an animated GIF, seen from `viewer`'s side, its words in `lang`:
    /// drawn in the render pool like the still images (one of its places for the whole
    /// animation), never while a write is open.
    pub(super) async fn animation(
        &self,
        loaded: &Loaded,
        viewer: Option<Seat>,
        lang: Lang,
    ) -> Result<Attachment> {
        let names = self.names(&loaded.row.seats).await?;
        let opts = RenderOptions::new(names).viewed_by(viewer).in_lang(lang);
        let game = loaded.game.clone();
        let _permit = self
            .renders
            .acquire()
            .await
            .map_err(|e| TableError::Render(e.to_string()))?;
        // With a second drawing slot free, frames are drawn ahead on a second thread;
        // else on this one alone, so that moves' images are never held up by a replay.
        let second = self.renders.try_acquire().ok();
        let threads = match second {
            Some(_) => render::gif::Threads::Two,
            None => render::gif::Threads::One,
        };
        let bytes =
            tokio::task::spawn_blocking(move || render::gif::game_gif_on(&game, &opts, threads))
                .await
                .map_err(|e| TableError::Render(e.to_string()))?;
        drop(second);
        Ok(Attachment {
            name: format!("{}-{}.gif", loaded.row.kind, loaded.row.id),
            bytes,
        })
    }

    /// Queues the replay of a game that has just ended (unless its server turned
    /// replays off) as a notice to its thread, drawn in the background: the message that
    /// ends the game goes out at once, and the animation follows when drawn (the next
    /// delivery of notices posts it). The game has ended whatever happens here: a replay
    /// that cannot be made is logged and left out. Returns the background task (`None`
    /// when there is nothing to post), which tests may await.
    pub(super) async fn queue_replay(
        &self,
        loaded: &Loaded,
        viewer: Option<Seat>,
        lang: Lang,
    ) -> Option<tokio::task::JoinHandle<()>> {
        if !loaded.is_over() {
            return None;
        }
        match self.store.guild(loaded.row.guild).await {
            Ok(guild) if !guild.replay_gif => return None,
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(game = %loaded.row.id, error = %e, "no replay: the server's settings");
                return None;
            }
        }
        let (table, loaded) = (self.clone(), loaded.clone());
        Some(tokio::spawn(async move {
            if let Err(e) = table.post_replay(&loaded, viewer, lang).await {
                tracing::warn!(game = %loaded.row.id, error = %e, "no replay");
            }
        }))
    }

    async fn post_replay(&self, loaded: &Loaded, viewer: Option<Seat>, lang: Lang) -> Result<()> {
        let gif = self.animation(loaded, viewer, lang).await?;
        let text = msg!("replay-posted", game = loaded.id().to_string()).tr(lang);
        self.queue_notice(&NoticeRow {
            image: Some((gif.name, gif.bytes)),
            ..game_notice(&loaded.row, text)
        })
        .await
    }
}
