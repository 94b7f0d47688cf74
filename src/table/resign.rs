//! `/resign`: a player leaves a game by the service's rules, through the one write path.

use super::{Caller, Reply, Result, Table};
use crate::games::{Ending, Game};
use crate::ids::GameId;
use crate::msg;

impl Table {
    /// `/resign`: in a two-player game the caller loses and the other wins; in a game of
    /// four the caller's army leaves the board and the others play on.
    pub async fn resign(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let seat = self.player_in(&loaded, caller)?;
        let (after, notes) = self
            .apply_ending(&loaded, seat, caller.user, Ending::Resign)
            .await?;
        let lead = msg!(
            "resigns",
            user = caller.user.mention(),
            game = after.id().to_string()
        );
        let text = self.leaving_text(&after, lead, &notes, langs.public);
        let pings = if after.is_over() {
            Table::others(&after, caller)
        } else {
            after.to_move_user().into_iter().collect()
        };
        let viewer = after.game.to_move().or(Some(seat));
        self.queue_replay(&after, viewer, langs.public).await;
        Ok(Reply {
            text,
            image: Some(self.image(&after, viewer, langs.public).await?),
            pings,
            game: Some(after.id()),
            ..Reply::default()
        })
    }
}
