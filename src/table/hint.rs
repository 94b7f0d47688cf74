//! `/hint`: the action the bot would play for the caller, with why, in games against it.

use super::bot::seed;
use super::{refuse, Caller, Reply, Result, Table};
use crate::ai::Level;
use crate::games::Game;
use crate::i18n::Localize;
use crate::ids::GameId;
use crate::msg;

/// The level of `/hint`, and of the analysis's second look at its biggest losses: a
/// hint followed is then never called a mistake by a shallower search.
pub const HINT_LEVEL: Level = Level::L4;

impl Table {
    /// `/hint`: the action the bot would play for the caller now, with why. Only in
    /// games against the bot, and only for the player to move.
    pub async fn hint(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let seat = self.player_in(&loaded, caller)?;
        if !loaded.has_bot() {
            return refuse(msg!(
                "hint-only-against-bot",
                game = loaded.id().to_string()
            ));
        }
        if loaded.game.to_move() != Some(seat) {
            return refuse(msg!("hint-not-your-move", game = loaded.id().to_string()));
        }
        let ply = loaded.game.history().len();
        let Some(choice) = self
            .think(loaded.game.clone(), HINT_LEVEL, seed(loaded.id(), ply))
            .await?
        else {
            return refuse(msg!("hint-none"));
        };
        let alt = loaded
            .game
            .alt_text_of(&choice.action)
            .map(|a| format!(" ({a})"))
            .unwrap_or_default();
        Ok(Reply::private(
            msg!(
                "hint",
                game = loaded.id().to_string(),
                action = format!("{}{alt}", choice.action),
                why = choice.reason.msg()
            )
            .tr(langs.private),
        ))
    }
}
