//! Banglagor actions and their notation: `3@d2` places a column, `d2-d4` moves one
//! (`d2-d4xe4` when it attacks e4), `d12@b5` relocates one (`d12@b5xc5`), and `free d4`
//! frees a bound one.

use crate::Square;
use std::fmt;

/// A complete action, as the engine lists, stores and shows it. A move or relocation
/// that ends next to enemy columns always names the one it attacks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    Place {
        height: u8,
        at: Square,
    },
    Move {
        from: Square,
        to: Square,
        target: Option<Square>,
    },
    Relocate {
        from: Square,
        to: Square,
        target: Option<Square>,
    },
    Free(Square),
}

impl Action {
    /// The attacked square, if any.
    pub fn target(self) -> Option<Square> {
        match self {
            Action::Move { target, .. } | Action::Relocate { target, .. } => target,
            Action::Place { .. } | Action::Free(_) => None,
        }
    }

    /// Reads a canonical (or lenient but complete) text without a position: the form a
    /// record is stored in. An explicit path or a typed `pass` is not an action.
    pub fn from_text(text: &str) -> Option<Action> {
        match Parsed::parse(text)? {
            Parsed::Place { height, at } => Some(Action::Place { height, at }),
            Parsed::Move { path, target } if path.len() == 2 => Some(Action::Move {
                from: path[0],
                to: path[1],
                target,
            }),
            Parsed::Relocate { from, to, target } => Some(Action::Relocate { from, to, target }),
            Parsed::Free(sq) => Some(Action::Free(sq)),
            Parsed::Move { .. } | Parsed::Pass => None,
        }
    }
}

/// What a text said, before it is checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    Place {
        height: u8,
        at: Square,
    },
    /// The start, any squares stepped on that were written out, and the end: `d2-d4`
    /// has two squares, `d2-d3-d4` three.
    Move {
        path: Vec<Square>,
        target: Option<Square>,
    },
    Relocate {
        from: Square,
        to: Square,
        target: Option<Square>,
    },
    Free(Square),
    /// `pass` was typed: passes are automatic.
    Pass,
}

/// Reads one square that must be all of `text`, with nothing around it.
fn exact_square(text: &str) -> Option<Square> {
    let (sq, rest) = Square::parse_prefix(text)?;
    rest.is_empty().then_some(sq)
}

/// Reads an optional attack at the end of a move: nothing, or `x` and a square.
fn attack(rest: &str) -> Option<Option<Square>> {
    if rest.is_empty() {
        return Some(None);
    }
    let target = rest.strip_prefix(['x', 'X'])?;
    exact_square(target).map(Some)
}

impl Parsed {
    /// Syntax only, in any case: `3@d2`; `d2-d4`, `d2d4`, `d2-d3-d4`, each with an
    /// optional `xe4`; `d12@b5`, `d12@b5xc5`; `free d4`. Whether the squares are on the
    /// board and the action is legal is [`super::Banglagor::resolve`]'s question.
    pub fn parse(text: &str) -> Option<Parsed> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Some(Parsed::Pass);
        }
        if let Some(word) = text.get(..4).filter(|w| w.eq_ignore_ascii_case("free")) {
            let rest = text[word.len()..].trim_start();
            return exact_square(rest).map(Parsed::Free);
        }
        if let Some(digit) = text.chars().next().filter(char::is_ascii_digit) {
            let at = exact_square(text[1..].strip_prefix('@')?)?;
            return Some(Parsed::Place {
                height: digit as u8 - b'0',
                at,
            });
        }
        let (from, mut rest) = Square::parse_prefix(text)?;
        if let Some(after) = rest.strip_prefix('@') {
            let (to, rest) = Square::parse_prefix(after)?;
            let target = attack(rest)?;
            return Some(Parsed::Relocate { from, to, target });
        }
        let mut path = vec![from];
        loop {
            let dashed = rest.strip_prefix('-');
            if dashed.is_none() && (rest.is_empty() || rest.starts_with(['x', 'X'])) {
                break;
            }
            let (sq, after) = Square::parse_prefix(dashed.unwrap_or(rest))?;
            path.push(sq);
            rest = after;
        }
        if path.len() < 2 {
            return None;
        }
        let target = attack(rest)?;
        Some(Parsed::Move { path, target })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let attack = |f: &mut fmt::Formatter<'_>, target: &Option<Square>| match target {
            Some(t) => write!(f, "x{t}"),
            None => Ok(()),
        };
        match self {
            Action::Place { height, at } => write!(f, "{height}@{at}"),
            Action::Move { from, to, target } => {
                write!(f, "{from}-{to}")?;
                attack(f, target)
            }
            Action::Relocate { from, to, target } => {
                write!(f, "{from}@{to}")?;
                attack(f, target)
            }
            Action::Free(sq) => write!(f, "free {sq}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    fn mv(path: &[&str], target: Option<&str>) -> Option<Parsed> {
        Some(Parsed::Move {
            path: path.iter().map(|s| sq(s)).collect(),
            target: target.map(sq),
        })
    }

    #[test]
    fn notation_is_lenient_in_case_and_hyphen() {
        assert_eq!(
            Parsed::parse("3@D2"),
            Some(Parsed::Place {
                height: 3,
                at: sq("d2")
            })
        );
        assert_eq!(Parsed::parse("D2-D4XE4"), mv(&["d2", "d4"], Some("e4")));
        assert_eq!(Parsed::parse("d2d4"), mv(&["d2", "d4"], None));
        assert_eq!(Parsed::parse("d2-d3-d4"), mv(&["d2", "d3", "d4"], None));
        assert_eq!(
            Parsed::parse("d2d3d4xe4"),
            mv(&["d2", "d3", "d4"], Some("e4"))
        );
        assert_eq!(Parsed::parse("d12d11"), mv(&["d12", "d11"], None));
        assert_eq!(
            Parsed::parse("D12@b5Xc5"),
            Some(Parsed::Relocate {
                from: sq("d12"),
                to: sq("b5"),
                target: Some(sq("c5"))
            })
        );
        assert_eq!(Parsed::parse("FREE D4"), Some(Parsed::Free(sq("d4"))));
        assert_eq!(Parsed::parse("freed4"), Some(Parsed::Free(sq("d4"))));
        assert_eq!(Parsed::parse(" Pass "), Some(Parsed::Pass));
        for bad in [
            "",
            "-",
            "d2",
            "d2-",
            "d2--d4",
            "d2-d4x",
            "d2-d4-xe4",
            "d2 d4",
            "d2-d4x e4",
            "3d2",
            "3@",
            "@d2",
            "free",
            "free d4 d5",
            "d2@",
            "d2@b5x",
            "xe4",
            "d2xe4",
            "33@d2",
            "3@d2x",
            "d2-d4xe4xe5",
        ] {
            assert_eq!(Parsed::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn notation_prints_canonically_and_reads_back() {
        let actions = [
            Action::Place {
                height: 3,
                at: sq("d2"),
            },
            Action::Move {
                from: sq("d2"),
                to: sq("d4"),
                target: None,
            },
            Action::Move {
                from: sq("d2"),
                to: sq("d2"),
                target: Some(sq("e2")),
            },
            Action::Relocate {
                from: sq("d12"),
                to: sq("b5"),
                target: Some(sq("c5")),
            },
            Action::Free(sq("d4")),
        ];
        let texts: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
        assert_eq!(texts, ["3@d2", "d2-d4", "d2-d2xe2", "d12@b5xc5", "free d4"]);
        for (a, t) in actions.iter().zip(&texts) {
            assert_eq!(Action::from_text(t), Some(*a));
        }
        assert_eq!(Action::from_text("d2-d3-d4"), None);
    }
}
