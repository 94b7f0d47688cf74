//! Animated replays of games (issue 18): `/export format:gif`, and the replay posted in a
//! game's thread when it ends (unless the server turned that off in `/settings`).

use super::load::Loaded;
use super::{Attachment, Result, Table, TableError};
use crate::games::Seat;
use crate::i18n::Lang;
use crate::render::{self, RenderOptions};

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
        let bytes = tokio::task::spawn_blocking(move || render::gif::game_gif(&game, &opts))
            .await
            .map_err(|e| TableError::Render(e.to_string()))?;
        Ok(Attachment {
            name: format!("{}-{}.gif", loaded.row.kind, loaded.row.id),
            bytes,
        })
    }

    /// The replay to post with the message that ends a game: `None` while it goes on, or
    /// if its server turned replays off. The game has ended whatever happens here: a
    /// replay that cannot be made is logged and left out rather than failing the reply.
    pub(super) async fn final_replay(
        &self,
        loaded: &Loaded,
        viewer: Option<Seat>,
        lang: Lang,
    ) -> Option<Attachment> {
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
        match self.animation(loaded, viewer, lang).await {
            Ok(gif) => Some(gif),
            Err(e) => {
                tracing::warn!(game = %loaded.row.id, error = %e, "no replay");
                None
            }
        }
    }
}
