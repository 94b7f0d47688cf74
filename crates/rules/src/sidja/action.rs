//! Sidja actions and their notation: `c1` places a stone, `b3-c3` moves one, and (in
//! sudan, after a capture) `pass` declines the extra move.

use crate::Square;
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    Place(Square),
    Move {
        from: Square,
        to: Square,
    },
    /// Typed to end a sudan turn instead of making the extra move a capture earned.
    /// (Automatic passes are not actions: they are recorded as steps without one.)
    Pass,
}

impl Action {
    /// Syntax only: `c1`, `b3-c3` or `b3c3`, `pass`, in any case. Whether the squares
    /// are on the board and the action is legal is [`super::Sidja::check`]'s question.
    pub fn parse(text: &str) -> Option<Action> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Some(Action::Pass);
        }
        let (from, rest) = Square::parse_prefix(text)?;
        if rest.is_empty() {
            return Some(Action::Place(from));
        }
        let rest = rest.strip_prefix('-').unwrap_or(rest);
        let to = Square::parse(rest).filter(|_| !rest.starts_with(char::is_whitespace))?;
        Some(Action::Move { from, to })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(sq) => write!(f, "{sq}"),
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    #[test]
    fn notation_is_lenient_in_case_and_hyphen() {
        let mv = Action::Move {
            from: sq("b3"),
            to: sq("c3"),
        };
        assert_eq!(Action::parse("b3-c3"), Some(mv));
        assert_eq!(Action::parse("B3C3"), Some(mv));
        assert_eq!(Action::parse(" b3-C3 "), Some(mv));
        assert_eq!(Action::parse("C1"), Some(Action::Place(sq("c1"))));
        assert_eq!(Action::parse("Pass"), Some(Action::Pass));
        for bad in [
            "", "-", "b3-", "b3--c3", "b3-c3-d3", "b3 c3", "3b", "b3x", "@c1",
        ] {
            assert_eq!(Action::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn notation_prints_canonically() {
        assert_eq!(
            Action::Move {
                from: sq("b3"),
                to: sq("c3")
            }
            .to_string(),
            "b3-c3"
        );
        assert_eq!(Action::Place(sq("e5")).to_string(), "e5");
        assert_eq!(Action::Pass.to_string(), "pass");
    }
}
