//! What autocomplete offers: the caller's legal actions that start with what was typed,
//! and the caller's games.

use super::{Caller, Result, Table};
use crate::games::{split_actions, AnyGame, Game};
use crate::i18n::words::game_title;
use crate::i18n::{Lang, Localize};
use crate::ids::GameId;
use crate::msg;

/// Discord shows at most 25 choices.
pub const MAX_CHOICES: usize = 25;

/// One menu entry: what is shown and what is filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub value: String,
}

/// Lower case without hyphens or drop signs, so `B3C` finds `b3-c3` and `c3` finds the
/// Yoté drop `@c3`.
pub(super) fn loose(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '-' | '@'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// What was typed in a move's field: the actions before the last (a turn may hold
/// several), and the start of the last one, to be completed.
pub(super) fn split_typed(typed: &str) -> (Vec<String>, String) {
    let mut words = split_actions(typed);
    let partial = if typed.ends_with([' ', ',']) {
        String::new()
    } else {
        words.pop().unwrap_or_default()
    };
    (words, partial)
}

/// The legal actions of `position` that start with `partial`, each after the actions
/// `done` before it in the turn, with what it does.
pub(super) fn completions(
    position: &AnyGame,
    done: &[String],
    partial: &str,
    lang: Lang,
) -> Vec<Choice> {
    let wanted = loose(partial);
    let legal = position.legal().into_iter();
    legal
        .filter(|action| loose(action).starts_with(&wanted))
        .take(MAX_CHOICES)
        .map(|action| {
            let what = position
                .preview_text(&action)
                .map(|m| m.tr(lang))
                .unwrap_or_default();
            let value = done.iter().cloned().chain([action]).collect::<Vec<_>>();
            let value = value.join(" ");
            let label = match what.is_empty() {
                true => value.clone(),
                false => format!("{value} — {what}"),
            };
            Choice { label, value }
        })
        .collect()
}

/// Lower case, with WXF's `=` read as `.`, so `c2=` finds `C2.5`. The signs `+`, `-`
/// and `.` carry meaning in WXF and are kept.
fn loose_wxf(text: &str) -> String {
    text.chars()
        .map(|c| if c == '=' { '.' } else { c })
        .flat_map(char::to_lowercase)
        .collect()
}

impl Table {
    /// The caller's legal actions that continue what they typed. Earlier actions in the
    /// text are kept (a turn may hold several), and the last one is completed.
    pub async fn suggest_moves(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        typed: &str,
    ) -> Result<Vec<Choice>> {
        let Ok(loaded) = self.find_game(caller, game).await else {
            return Ok(Vec::new());
        };
        let lang = self.langs(caller).await?.private;
        let Some(seat) = loaded.seat_of(caller.user) else {
            return Ok(Vec::new());
        };
        let (words, partial) = split_typed(typed);
        let mut position = loaded.game.clone();
        let mut done = Vec::new();
        for word in &words {
            if loaded.is_over() || position.to_move() != Some(seat) {
                return Ok(Vec::new());
            }
            match position.play(word) {
                Ok(canonical) => done.push(canonical),
                Err(_) => return Ok(Vec::new()),
            }
        }
        if loaded.is_over() || position.to_move() != Some(seat) {
            return Ok(Vec::new());
        }
        let wanted = loose(&partial);
        let wanted_wxf = loose_wxf(&partial);
        let mut choices = Vec::new();
        for action in position.legal() {
            // Xiangqi moves are found by their ICCS or by their WXF (`C2.5`).
            let alt = position.alt_text_of(&action);
            let by_alt = alt
                .as_deref()
                .is_some_and(|a| loose_wxf(a).starts_with(&wanted_wxf));
            if !loose(&action).starts_with(&wanted) && !by_alt {
                continue;
            }
            let mut what = position
                .preview_text(&action)
                .map(|m| m.tr(lang))
                .unwrap_or_default();
            if let Some(alt) = alt {
                what = format!("{alt} · {what}");
            }
            let mut value = done.join(" ");
            if !value.is_empty() {
                value.push(' ');
            }
            value += &action;
            choices.push(Choice {
                label: format!("{value} — {what}"),
                value,
            });
            if choices.len() == MAX_CHOICES {
                break;
            }
        }
        Ok(choices)
    }

    /// The caller's games going on here, theirs to move first.
    pub async fn suggest_games(&self, caller: &Caller, typed: &str) -> Result<Vec<Choice>> {
        let lang = self.langs(caller).await?.private;
        let mut choices = Vec::new();
        for loaded in self.active_games(caller).await?.games {
            let id = loaded.id().to_string();
            if !id.starts_with(typed.trim().trim_start_matches('#')) {
                continue;
            }
            let names = self.names(&loaded.row.seats).await?;
            let turn = if loaded.to_move_user() == Some(caller.user) {
                msg!("suggest-your-move")
            } else {
                msg!("suggest-waiting")
            };
            let versus = msg!("versus").tr(lang);
            choices.push((
                loaded.to_move_user() != Some(caller.user),
                Choice {
                    label: msg!(
                        "suggest-game",
                        game = id.as_str(),
                        title = game_title(&loaded.game),
                        players = names.join(&versus),
                        turn = turn
                    )
                    .tr(lang),
                    value: id,
                },
            ));
        }
        choices.sort_by_key(|c| c.0);
        Ok(choices.into_iter().map(|c| c.1).take(MAX_CHOICES).collect())
    }
}
