//! What every game's notation shares: splitting a `/move` text into action texts.

/// Splits a `/move` text into its actions at spaces and commas. The word `free` takes
/// the square after it, so `free d4` stays one action.
pub fn split_actions(text: &str) -> Vec<String> {
    let mut actions: Vec<String> = Vec::new();
    let mut pending_free = false;
    for word in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        if pending_free {
            let last = actions.last_mut().expect("a pending `free` was pushed");
            last.push(' ');
            last.push_str(word);
            pending_free = false;
        } else {
            pending_free = word.eq_ignore_ascii_case("free");
            actions.push(word.to_string());
        }
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_text_splits_at_spaces_and_commas() {
        assert_eq!(split_actions(" c1, d2  e3,,f4 "), ["c1", "d2", "e3", "f4"]);
        assert_eq!(split_actions("free d4, a1-a2"), ["free d4", "a1-a2"]);
        assert_eq!(split_actions("FREE"), ["FREE"]);
        assert!(split_actions(" , ").is_empty());
    }
}

/// An action that reads back from its canonical text, for records kept as text.
pub trait Canonical: Copy + std::fmt::Display {
    /// The game's name, for the error about a text that is not one of its actions.
    const GAME: &'static str;

    /// The action whose canonical text this is (`None` for any other text).
    fn from_canonical(text: &str) -> Option<Self>;
}

/// An action kept as its canonical text (in stored states), which reads back to the same
/// action: one type for every game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String", bound = "A: Canonical")]
pub struct ActionText<A>(pub A);

impl<A: Canonical> From<ActionText<A>> for String {
    fn from(a: ActionText<A>) -> String {
        a.0.to_string()
    }
}

impl<A: Canonical> TryFrom<String> for ActionText<A> {
    type Error = String;

    fn try_from(text: String) -> Result<ActionText<A>, String> {
        A::from_canonical(&text)
            .filter(|a| a.to_string() == text)
            .map(ActionText)
            .ok_or_else(|| format!("“{text}” is not a canonical {} action", A::GAME))
    }
}
