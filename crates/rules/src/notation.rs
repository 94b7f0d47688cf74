//! What every game's notation shares: splitting a `/move` text into action texts, and
//! quoting what someone typed.

/// How many characters of an input token a message quotes.
pub const TOKEN_CHARS: usize = 40;

/// An input token (an action, an option, a name) as messages quote it: its first
/// [`TOKEN_CHARS`] characters, cut with "…" where it is longer, so that what someone typed
/// or a file held never makes a message long.
pub fn token(text: &str) -> String {
    match text.char_indices().nth(TOKEN_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

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

    #[test]
    fn a_token_is_quoted_up_to_its_first_characters() {
        assert_eq!(token("a1 b1"), "a1 b1");
        let exact = "é".repeat(TOKEN_CHARS);
        assert_eq!(token(&exact), exact);
        let long = "é".repeat(10 * 1024 * 1024);
        assert_eq!(token(&long), format!("{}…", "é".repeat(TOKEN_CHARS)));
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
