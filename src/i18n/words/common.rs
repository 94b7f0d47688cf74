//! Words shared by every game: outcomes and their reasons, choosing a game and its
//! options, lists, and the errors, notes and previews of `AnyGame`.

use crate::games::{
    each_action_error, each_value, ActionError, AnyGame, AnyNote, AnyPreview, Game, GameKind,
    LogError, MoveError, NotAnEnding, OptionSpec, Outcome, Reason, SetupError,
};
use crate::i18n::{token, Arg, Localize, Msg};
use crate::msg;

/// `a, b or c` in the reader's language, as a message's variable.
pub fn join_or(items: &[String]) -> Arg {
    join(items, "list-or")
}

/// `a, b and c` in the reader's language, as a message's variable.
pub fn join_and(items: &[String]) -> Arg {
    join(items, "list-and")
}

fn join(items: &[String], id: &'static str) -> Arg {
    match items.split_last() {
        None => Arg::Text(String::new()),
        Some((last, [])) => Arg::Text(last.clone()),
        Some((last, rest)) => msg!(id, head = rest.join(", "), last = last.as_str()).into(),
    }
}

impl Localize for Reason {
    fn msg(&self) -> Msg {
        Msg::new(match self {
            Reason::OneStoneLeft => "reason-one-stone-left",
            Reason::NoPiecesLeft => "reason-no-pieces-left",
            Reason::TwoAgainstOne => "reason-two-against-one",
            Reason::NoCaptureOrDrop => "reason-no-capture-or-drop",
            Reason::HalfHeight => "reason-half-height",
            Reason::NoInvasion => "reason-no-invasion",
            Reason::Checkmate => "reason-checkmate",
            Reason::NoLegalMove => "reason-no-legal-move",
            Reason::PerpetualCheck => "reason-perpetual-check",
            Reason::Repetition => "reason-repetition",
            Reason::SixtyMoves => "reason-sixty-moves",
            Reason::Stall => "reason-stall",
            Reason::BothBlocked => "reason-both-blocked",
            Reason::CannotMove => "reason-cannot-move",
            Reason::LastStanding => "reason-last-standing",
            Reason::TeamWon => "reason-team-won",
            Reason::FiftyRounds => "reason-fifty-rounds",
            Reason::Resigned => "reason-resigned",
            Reason::Timeout => "reason-timeout",
            Reason::Agreed => "reason-agreed",
        })
    }
}

/// A game's name as the reader types it: its code in English, its name in Russian.
fn game_word(kind: GameKind) -> Msg {
    msg!("title-plain", game = kind.name())
}

/// An outcome by seat numbers ("seat 2 wins (checkmate)"), where no names are known.
pub fn outcome_msg(outcome: &Outcome) -> Msg {
    let seats: Vec<String> = outcome.winners.iter().map(|s| s.to_string()).collect();
    match seats.as_slice() {
        [] => msg!("outcome-draw", reason = outcome.reason.msg()),
        [one] => msg!(
            "outcome-seat-wins",
            seat = one.as_str(),
            reason = outcome.reason.msg()
        ),
        _ => msg!(
            "outcome-seats-win",
            seats = join_and(&seats),
            reason = outcome.reason.msg()
        ),
    }
}

impl Localize for Outcome {
    fn msg(&self) -> Msg {
        outcome_msg(self)
    }
}

impl Localize for NotAnEnding {
    fn msg(&self) -> Msg {
        msg!("error-not-an-ending", text = token(&self.0))
    }
}

impl Localize for SetupError {
    fn msg(&self) -> Msg {
        match self {
            SetupError::UnknownGame(name) => msg!(
                "error-unknown-game",
                name = token(name),
                games = Arg::List(GameKind::ALL.iter().map(|k| game_word(*k).into()).collect())
            ),
            SetupError::NoOptions { game, key } => {
                msg!(
                    "error-no-options",
                    game = game_word(*game),
                    key = token(key)
                )
            }
            SetupError::UnknownOption { game, key } => msg!(
                "error-unknown-option",
                game = game_word(*game),
                key = token(key),
                known = known_options(*game)
            ),
            SetupError::BadValue {
                key,
                value,
                allowed,
            } => msg!(
                "error-bad-option-value",
                key = *key,
                value = token(value),
                allowed = allowed
            ),
            SetupError::OnlyFor {
                key,
                value,
                needs_key,
                needs_value,
            } => msg!(
                "error-option-only-for",
                key = *key,
                value = token(value),
                needs_key = *needs_key,
                needs_value = *needs_value
            ),
            SetupError::Duplicate { key } => msg!("error-option-twice", key = *key),
            SetupError::NotKeyValue(text) => msg!("error-option-not-key-value", text = token(text)),
        }
    }
}

/// A game's options as errors and help list them: `variant=sudan|sidja|seega, size=5|7|9,
/// drop=1|2, and for seega opening=plain|cross, …`.
pub fn known_options(kind: GameKind) -> Msg {
    let specs = kind.option_specs();
    let plain: Vec<String> = specs
        .iter()
        .filter(|s| s.only_with.is_none())
        .map(OptionSpec::usage)
        .collect();
    let mut groups: Vec<&str> = specs
        .iter()
        .filter_map(|s| s.only_with.map(|(_, value)| value))
        .collect();
    groups.dedup();
    let mut parts: Vec<Arg> = vec![Arg::Text(plain.join(", "))];
    for group in groups {
        let usages: Vec<String> = specs
            .iter()
            .filter(|s| s.only_with.map(|(_, v)| v) == Some(group))
            .map(OptionSpec::usage)
            .collect();
        parts.push(
            msg!(
                "options-and-for",
                value = group,
                options = usages.join(", ")
            )
            .into(),
        );
    }
    msg!("options-known", options = Arg::Concat(parts))
}

impl Localize for ActionError {
    fn msg(&self) -> Msg {
        each_action_error!(self, e => e.msg(), WrongGame(kind) => msg!("error-wrong-game", game = game_word(*kind)))
    }
}

impl Localize for AnyNote {
    fn msg(&self) -> Msg {
        each_value!(AnyNote, self, note => note.msg())
    }
}

impl Localize for AnyPreview {
    fn msg(&self) -> Msg {
        each_value!(AnyPreview, self, preview => preview.msg())
    }
}

impl Localize for MoveError {
    fn msg(&self) -> Msg {
        msg!(
            "error-in-action",
            index = self.index,
            text = token(&self.text),
            error = self.error.msg()
        )
    }
}

impl Localize for LogError {
    fn msg(&self) -> Msg {
        msg!(
            "error-in-log-entry",
            index = self.index,
            text = token(&self.text),
            error = self.error.msg()
        )
    }
}

/// What an option does, in one line (as `/play` describes it).
pub fn option_about(kind: GameKind, spec: &OptionSpec) -> Msg {
    Msg::new(format!("option-{}-{}", kind.name(), spec.name))
}

/// What menus call one value of an option.
pub fn option_label(kind: GameKind, spec: &OptionSpec, value: &str) -> Msg {
    Msg::new(format!("option-{}-{}-{}", kind.name(), spec.name, value))
}

/// A game's short title with its options, for headers and lists: `sidja (sudan, 5×5,
/// drop 2)`, `xiangqi4 (ffa)`, `yote`.
pub fn game_title(game: &AnyGame) -> Msg {
    let kind = game.kind();
    let values = game.game_options().values();
    let specs = kind.option_specs();
    let parts: Vec<String> = values
        .iter()
        .filter(|(key, value)| {
            // Options that apply only with another option's value are named only when
            // they differ from their default.
            specs
                .iter()
                .find(|s| s.name == *key)
                .is_some_and(|s| s.only_with.is_none() || s.default != *value)
        })
        .map(|(key, value)| format!("title-{}-{}-{}", kind.name(), key, value))
        .collect();
    if parts.is_empty() {
        return msg!("title-plain", game = kind.name());
    }
    let parts: Vec<Arg> = parts.into_iter().map(|id| Msg::new(id).into()).collect();
    msg!(
        "title-with-options",
        game = kind.name(),
        options = Arg::List(parts)
    )
}
