//! Words the use cases share: spans of time, days per move, the notes of a turn, and
//! what is said after a change (who moves next, the result).

use super::load::Loaded;
use super::{Caller, Table};
use crate::clock::DAY;
use crate::i18n::{Lang, Msg};
use crate::ids::UserId;
use crate::msg;

/// A span of time as players write it: "2d 3h", "5h 12m", "7m".
pub fn span(seconds: i64) -> Msg {
    let s = seconds.max(0);
    let (d, h, m) = (s / DAY, s % DAY / 3600, s % 3600 / 60);
    match (d, h) {
        (0, 0) => msg!("span-minutes", minutes = m.max(1)),
        (0, _) => msg!("span-hours", hours = h, minutes = m),
        _ => msg!("span-days", days = d, hours = h),
    }
}

/// Numbers as lists name games, challenges and tournaments: "#1, #4, #7".
pub(super) fn numbered<T: std::fmt::Display>(ids: impl IntoIterator<Item = T>) -> String {
    let numbers: Vec<String> = ids.into_iter().map(|id| format!("#{id}")).collect();
    numbers.join(", ")
}

/// "1 day", "3 days".
pub fn days(n: i64) -> Msg {
    msg!("days", days = n)
}

/// A value kept in hundredths, with one decimal as the reader writes numbers ("5.4",
/// "5,4"); a plus sign when `plus` and it is above zero, a minus sign below.
pub fn one_decimal(hundredths: i64, plus: bool) -> Msg {
    let tenths = (hundredths as f64 / 10.0).round() as i64;
    let sign = match tenths {
        t if t < 0 => "−",
        t if t > 0 && plus => "+",
        _ => "",
    };
    let tenths = tenths.unsigned_abs();
    msg!(
        "one-decimal",
        sign = sign,
        whole = tenths / 10,
        tenth = tenths % 10
    )
}

/// The notes of a turn, each a sentence after the turn's own.
pub(super) fn notes_text(notes: &[Msg], lang: Lang) -> String {
    notes.iter().map(|n| format!(" {}.", n.tr(lang))).collect()
}

impl Table {
    /// What a player leaving says, after `lead` ("@a resigns game #3"): whether they
    /// are out while the others play on, what followed, and the result or who moves
    /// next.
    pub(super) fn leaving_text(
        &self,
        after: &Loaded,
        lead: Msg,
        notes: &[Msg],
        lang: Lang,
    ) -> String {
        let mut text = if after.is_over() {
            msg!("leave-game-ends", lead = lead).tr(lang)
        } else {
            msg!("leave-game-goes-on", lead = lead).tr(lang)
        };
        text += &notes_text(notes, lang);
        match after.to_move_user() {
            _ if after.is_over() => {
                text += " ";
                text += &msg!("game-over", result = after.result_msg()).tr(lang);
            }
            Some(_) if after.bot_to_move() => {}
            Some(next) => {
                text += "\n";
                text += &self.your_move(after, next).tr(lang);
            }
            None => {}
        }
        text
    }

    /// "@bob, your move (2d 23h left)."
    pub(super) fn your_move(&self, loaded: &Loaded, user: UserId) -> Msg {
        let left = loaded.row.deadline.map_or(0, |d| d - self.now());
        msg!("your-move", user = user.mention(), left = span(left))
    }

    /// What to say after a change: the result, or who moves next and by when.
    pub(super) fn after_change(
        &self,
        loaded: &Loaded,
        caller: &Caller,
    ) -> (Option<Msg>, Vec<UserId>) {
        if loaded.is_over() {
            return (
                Some(msg!("game-over", result = loaded.result_msg())),
                Vec::new(),
            );
        }
        match loaded.to_move_user() {
            // Sudan's extra move is a right: say how to decline it.
            Some(user)
                if user == caller.user && loaded.game.legal().iter().any(|a| a == "pass") =>
            {
                (Some(msg!("turn-goes-on-or-pass")), Vec::new())
            }
            Some(user) if user == caller.user => (Some(msg!("turn-goes-on")), Vec::new()),
            // The bot's answer follows in a message of its own.
            Some(_) if loaded.bot_to_move() => (None, Vec::new()),
            Some(user) => (Some(self.your_move(loaded, user)), vec![user]),
            None => (None, Vec::new()),
        }
    }
}
