//! What a button does, as its id: printed once when the button is made and read back
//! once when it is pressed (`challenge:accept:7`, `draw:accept:12`, `learn:next:sidja:4`).
//! Buttons posted by earlier versions keep these texts, so they keep working.

use crate::games::GameKind;
use crate::ids::{ChallengeId, GameId};
use std::fmt;
use std::str::FromStr;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ButtonId {
    ChallengeAccept(ChallengeId),
    ChallengeDecline(ChallengeId),
    ChallengeCancel(ChallengeId),
    DrawAccept(GameId),
    DrawDecline(GameId),
    TakebackAccept(GameId),
    /// A lesson's "Show me", "Next step" and "Start again", with the version of the
    /// player's progress in that game the message showed: a press on an older message
    /// changes nothing.
    LearnShow(GameKind, i64),
    LearnNext(GameKind, i64),
    LearnRestart(GameKind, i64),
    /// The solution of a puzzle (by its id), if it is still the presser's.
    PuzzleShow(i64),
    /// The presser's next puzzle (after the one of this id).
    PuzzleNext(i64),
    /// The presser's missed wins in a finished game, made their private puzzles.
    PuzzleMistakes(GameId),
    /// A server's puzzle of the day (by its day, days since 1970), opened for the
    /// presser alone.
    PuzzleDaily(i64),
}

impl ButtonId {
    /// The words before the number, and the number.
    fn parts(self) -> (String, i64) {
        let (what, n) = match self {
            ButtonId::ChallengeAccept(id) => ("challenge:accept", id.0),
            ButtonId::ChallengeDecline(id) => ("challenge:decline", id.0),
            ButtonId::ChallengeCancel(id) => ("challenge:cancel", id.0),
            ButtonId::DrawAccept(id) => ("draw:accept", id.0),
            ButtonId::DrawDecline(id) => ("draw:decline", id.0),
            ButtonId::TakebackAccept(id) => ("takeback:accept", id.0),
            ButtonId::PuzzleShow(id) => ("puzzle:show", id),
            ButtonId::PuzzleNext(id) => ("puzzle:next", id),
            ButtonId::PuzzleMistakes(id) => ("puzzle:mistakes", id.0),
            ButtonId::PuzzleDaily(day) => ("puzzle:daily", day),
            ButtonId::LearnShow(kind, version) => return (format!("learn:show:{kind}"), version),
            ButtonId::LearnNext(kind, version) => return (format!("learn:next:{kind}"), version),
            ButtonId::LearnRestart(kind, version) => {
                return (format!("learn:restart:{kind}"), version)
            }
        };
        (what.to_string(), n)
    }
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, id) = self.parts();
        write!(f, "{what}:{id}")
    }
}

/// A button id this version does not know (from an older one, or made up).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this button is from an older version of boardpost: use the slash commands instead")]
pub struct UnknownButton(pub String);

impl FromStr for ButtonId {
    type Err = UnknownButton;

    fn from_str(text: &str) -> Result<ButtonId, UnknownButton> {
        let unknown = || UnknownButton(text.to_string());
        let (what, number) = text.rsplit_once(':').ok_or_else(unknown)?;
        let n: i64 = number.parse().map_err(|_| unknown())?;
        Ok(match what {
            "challenge:accept" => ButtonId::ChallengeAccept(ChallengeId(n)),
            "challenge:decline" => ButtonId::ChallengeDecline(ChallengeId(n)),
            "challenge:cancel" => ButtonId::ChallengeCancel(ChallengeId(n)),
            "draw:accept" => ButtonId::DrawAccept(GameId(n)),
            "draw:decline" => ButtonId::DrawDecline(GameId(n)),
            "takeback:accept" => ButtonId::TakebackAccept(GameId(n)),
            "puzzle:show" => ButtonId::PuzzleShow(n),
            "puzzle:next" => ButtonId::PuzzleNext(n),
            "puzzle:mistakes" => ButtonId::PuzzleMistakes(GameId(n)),
            "puzzle:daily" => ButtonId::PuzzleDaily(n),
            other => {
                let (action, game) = other
                    .strip_prefix("learn:")
                    .and_then(|rest| rest.split_once(':'))
                    .ok_or_else(unknown)?;
                // The game's name exactly as printed, so that a text reads back as itself.
                let kind = GameKind::ALL
                    .iter()
                    .copied()
                    .find(|k| k.name() == game)
                    .ok_or_else(unknown)?;
                match action {
                    "show" => ButtonId::LearnShow(kind, n),
                    "next" => ButtonId::LearnNext(kind, n),
                    "restart" => ButtonId::LearnRestart(kind, n),
                    _ => return Err(unknown()),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn any_button() -> impl Strategy<Value = ButtonId> {
        let game = proptest::sample::select(GameKind::ALL);
        (0..13u8, any::<i64>(), game).prop_map(|(kind, n, game)| match kind {
            0 => ButtonId::ChallengeAccept(ChallengeId(n)),
            1 => ButtonId::ChallengeDecline(ChallengeId(n)),
            2 => ButtonId::ChallengeCancel(ChallengeId(n)),
            3 => ButtonId::DrawAccept(GameId(n)),
            4 => ButtonId::DrawDecline(GameId(n)),
            5 => ButtonId::LearnShow(game, n),
            6 => ButtonId::LearnNext(game, n),
            7 => ButtonId::LearnRestart(game, n),
            8 => ButtonId::PuzzleShow(n),
            9 => ButtonId::PuzzleNext(n),
            10 => ButtonId::PuzzleMistakes(GameId(n)),
            11 => ButtonId::PuzzleDaily(n),
            _ => ButtonId::TakebackAccept(GameId(n)),
        })
    }

    #[test]
    fn ids_are_the_texts_buttons_were_posted_with() {
        assert_eq!(
            ButtonId::ChallengeAccept(ChallengeId(7)).to_string(),
            "challenge:accept:7"
        );
        assert_eq!(
            ButtonId::DrawDecline(GameId(12)).to_string(),
            "draw:decline:12"
        );
        assert_eq!(
            ButtonId::LearnNext(GameKind::Xiangqi4, 3).to_string(),
            "learn:next:xiangqi4:3"
        );
        assert!("learn:next:chess:3".parse::<ButtonId>().is_err());
        assert!("learn:jump:sidja:3".parse::<ButtonId>().is_err());
        assert!("draw:offer:12".parse::<ButtonId>().is_err());
        assert!("draw:accept".parse::<ButtonId>().is_err());
    }

    proptest! {
        #[test]
        fn every_button_reads_back(button in any_button()) {
            prop_assert_eq!(button.to_string().parse::<ButtonId>(), Ok(button));
        }

        #[test]
        fn any_text_is_a_button_or_the_older_version_message(text in any::<String>()) {
            match text.parse::<ButtonId>() {
                Ok(button) => prop_assert_eq!(button.to_string(), text),
                Err(e) => prop_assert!(e.to_string().contains("older version")),
            }
        }
    }
}
