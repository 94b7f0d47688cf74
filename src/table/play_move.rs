//! `/move`: the player to move plays one or more actions, checked by the engine and
//! written with any conditional line that answers them, in one guarded write.

use super::words::notes_text;
use super::write::{logged, Change};
use super::{refuse, Caller, Reply, Result, Table};
use crate::games::{split_actions, Game};
use crate::i18n::{token, Localize, Msg};
use crate::ids::GameId;
use crate::msg;
use crate::store::NewAction;

/// The refusal of the `i`th action typed (from 0) in a turn or a line: `error` says why.
pub(super) fn action_refused<T>(i: usize, action: &str, error: Msg) -> Result<T> {
    refuse(msg!(
        "error-in-action",
        index = i + 1,
        text = token(action),
        error = error
    ))
}

impl Table {
    /// `/move`: applies a move text atomically for the player to move.
    pub async fn play_move(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        text: &str,
    ) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let seat = self.player_in(&loaded, caller)?;
        if loaded.game.to_move() != Some(seat) {
            return refuse(match loaded.to_move_user() {
                Some(user) => msg!(
                    "not-your-move",
                    user = user.mention(),
                    game = loaded.id().to_string()
                ),
                None => msg!("not-your-move-someone", game = loaded.id().to_string()),
            });
        }
        let actions = split_actions(text);
        if actions.is_empty() {
            return refuse(msg!(
                "type-a-move",
                example = loaded.game.legal().first().map_or("c1", |s| s.as_str())
            ));
        }
        let mut next = loaded.game.clone();
        let before = next.history().len();
        let mut played = Vec::with_capacity(actions.len());
        for (i, action) in actions.iter().enumerate() {
            if next.to_move() != Some(seat) {
                return action_refused(i, action, msg!("turn-ends-before"));
            }
            match next.play(action) {
                Ok(canonical) => played.push(canonical),
                Err(e) => return action_refused(i, action, e.msg()),
            }
        }
        let notes: Vec<Msg> = next.notes_since(before).iter().map(Localize::msg).collect();
        // A conditional line of the opponent's may answer at once, in the same write.
        let lines = self
            .premove_answer(&loaded, seat, &mut next, &played)
            .await?;
        let answered = lines.answer.as_ref().map(|a| {
            let notes = next.notes_since(before + played.len());
            (
                a.said(),
                notes.iter().map(Localize::msg).collect::<Vec<Msg>>(),
            )
        });
        let new_turn = lines.answer.is_some()
            || next.to_move() != Some(seat)
            || next.history_by_seat()[before..]
                .iter()
                .any(|(s, _)| *s != seat);
        let mut append: Vec<NewAction> = logged(seat, caller.user, &played).collect();
        append.extend(
            lines
                .answer
                .iter()
                .flat_map(|a| logged(a.seat, a.user, &a.actions)),
        );
        // The players' names for the image are read while the move is written: a move
        // cannot change them, and the reply waits for one round trip fewer. Both run to
        // their end (`join`, not `try_join`): a failed read must not cut the write off
        // half way, and the write's error, if any, is the one reported.
        let change = Change {
            game: next,
            append,
            truncate_to: None,
            new_turn,
            keep: lines.kept,
        };
        let (loaded, names) =
            tokio::join!(self.commit(&loaded, change), self.names(&loaded.row.seats));
        let (loaded, names) = (loaded?, names?);
        let (after, pings) = match loaded.to_move_user() {
            // Answered by a line: the caller moves again, with a fresh time limit.
            Some(user) if answered.is_some() => (Some(self.your_move(&loaded, user)), vec![user]),
            _ => self.after_change(&loaded, caller),
        };
        let lang = langs.public;
        let mut text = msg!(
            "plays",
            user = caller.user.mention(),
            actions = played.join(" "),
            game = loaded.id().to_string()
        )
        .tr(lang);
        text += &notes_text(&notes, lang);
        if let Some((said, notes)) = &answered {
            text += " ";
            text += &said.tr(lang);
            text += &notes_text(notes, lang);
        }
        if let Some(after) = after {
            text += "\n";
            text += &after.tr(lang);
        }
        let viewer = loaded
            .game
            .to_move()
            .filter(|_| !loaded.is_over())
            .or(Some(seat));
        self.queue_replay(&loaded, viewer, lang).await;
        Ok(Reply {
            text,
            image: Some(self.image_named(&loaded, names, viewer, lang).await?),
            pings,
            game: Some(loaded.id()),
            ..Reply::default()
        })
    }
}
