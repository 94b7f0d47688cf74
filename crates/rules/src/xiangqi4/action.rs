//! Actions and their notation: a move `j4-j5` (also `j4j5`, any case), a drop `R@g17`
//! (the piece's letter, `@`, the point). Parsing here checks syntax only; whether the
//! action is legal is the game's question ([`super::Xiangqi4::check`]).

use super::error::SyntaxError;
use crate::xiangqi::Kind;
use crate::Square;
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A piece on the board moves (capturing whatever opponent stands on `to`).
    Move { from: Square, to: Square },
    /// A reserve piece is put on an empty point.
    Drop { kind: Kind, to: Square },
}

impl Action {
    /// The point the action ends on.
    pub fn to(self) -> Square {
        match self {
            Action::Move { to, .. } | Action::Drop { to, .. } => to,
        }
    }

    /// Reads an action text: `j4-j5`, `j4j5`, `R@g17`, in any case, blanks around it
    /// ignored. Syntax only.
    pub fn parse(text: &str) -> Result<Action, SyntaxError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SyntaxError::Empty);
        }
        if text.eq_ignore_ascii_case("pass") {
            return Err(SyntaxError::Pass);
        }
        let not_an_action = || SyntaxError::NotAnAction(text.to_string());
        if let Some((letter, point)) = text.split_once('@') {
            let to = Square::parse(point).ok_or_else(not_an_action)?;
            let mut letters = letter.trim().chars();
            return match (letters.next(), letters.next()) {
                (None, _) => Err(SyntaxError::DropWithoutKind(to)),
                (Some(c), None) => Kind::from_letter(c)
                    .map(|kind| Action::Drop { kind, to })
                    .ok_or_else(not_an_action),
                _ => Err(not_an_action()),
            };
        }
        let (from, rest) = Square::parse_prefix(text).ok_or_else(not_an_action)?;
        let rest = rest.strip_prefix('-').unwrap_or(rest);
        match Square::parse_prefix(rest) {
            Some((to, "")) => Ok(Action::Move { from, to }),
            _ => Err(not_an_action()),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Drop { kind, to } => write!(f, "{}@{to}", kind.letter()),
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
        let step = Action::Move {
            from: sq("j4"),
            to: sq("j5"),
        };
        for text in ["j4-j5", "j4j5", "J4-J5", " J4j5 "] {
            assert_eq!(Action::parse(text), Ok(step), "{text}");
        }
        let drop = Action::Drop {
            kind: Kind::Rook,
            to: sq("g17"),
        };
        for text in ["R@g17", "r@G17", " R@g17"] {
            assert_eq!(Action::parse(text), Ok(drop), "{text}");
        }
        assert_eq!(
            Action::parse("N@b10"),
            Ok(Action::Drop {
                kind: Kind::Horse,
                to: sq("b10")
            })
        );
    }

    #[test]
    fn notation_prints_canonically() {
        assert_eq!(
            Action::Move {
                from: sq("j10"),
                to: sq("n12")
            }
            .to_string(),
            "j10-n12"
        );
        assert_eq!(
            Action::Drop {
                kind: Kind::Cannon,
                to: sq("m17")
            }
            .to_string(),
            "C@m17"
        );
    }

    #[test]
    fn malformed_texts_are_refused() {
        for bad in [
            "j4-", "j4--j5", "j4-j5-j6", "4j-5j", "j", "j0-j1", "j04-j5", "RR@g17", "R@", "R@g",
            "x@g17", "j4 j5", "@@g17", "j4-j5x",
        ] {
            assert!(Action::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(Action::parse(" "), Err(SyntaxError::Empty));
        assert_eq!(Action::parse("PASS"), Err(SyntaxError::Pass));
        assert_eq!(
            Action::parse("@g17"),
            Err(SyntaxError::DropWithoutKind(sq("g17")))
        );
    }
}
