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
