//! Yoté actions and their notation: `@c3` drops a piece from the reserve, `c3-c4` steps,
//! `c3xc5xe5/b2` jumps (one or more times) and then removes the bonus piece.

use super::IllegalAction;
use crate::Square;
use std::fmt;

/// The most jumps a capture can hold: each jump takes one of the opponent's 12 pieces.
pub const MAX_JUMPS: usize = 12;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A reserve piece onto an empty square.
    Drop(Square),
    /// One square up, down, left or right, to an empty square.
    Step { from: Square, to: Square },
    /// One or more jumps over enemy pieces, then the bonus removal.
    Capture(Capture),
}

/// A chain of jumps: where the piece starts, each square it lands on, and the opponent's
/// piece removed afterwards as the bonus (none when the opponent has no piece left on
/// the board). Unused landing slots stay at `a1`, so equal captures compare equal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Capture {
    from: Square,
    len: u8,
    landings: [Square; MAX_JUMPS],
    bonus: Option<Square>,
}

impl Capture {
    /// A capture from `from` over `landings` (1 to [`MAX_JUMPS`] of them).
    pub fn new(from: Square, landings: &[Square], bonus: Option<Square>) -> Option<Capture> {
        if landings.is_empty() || landings.len() > MAX_JUMPS {
            return None;
        }
        let mut slots = [Square::new(0, 0); MAX_JUMPS];
        slots[..landings.len()].copy_from_slice(landings);
        Some(Capture {
            from,
            len: landings.len() as u8,
            landings: slots,
            bonus,
        })
    }

    pub fn from(&self) -> Square {
        self.from
    }

    /// The squares the piece lands on, in order.
    pub fn landings(&self) -> &[Square] {
        &self.landings[..self.len as usize]
    }

    /// Where the piece ends.
    pub fn to(&self) -> Square {
        self.landings[self.len as usize - 1]
    }

    /// The start and every landing: the path the piece takes.
    pub fn path(&self) -> impl Iterator<Item = Square> + '_ {
        std::iter::once(self.from).chain(self.landings().iter().copied())
    }

    /// The squares jumped over, in order: the square between each two of the path.
    /// Meaningful for a well-formed chain (each jump two squares in a straight line).
    pub fn jumped(&self) -> impl Iterator<Item = Square> + '_ {
        self.path()
            .zip(self.landings().iter().copied())
            .map(|(a, b)| Square::new(mid(a.file, b.file), mid(a.rank, b.rank)))
    }

    pub fn bonus(&self) -> Option<Square> {
        self.bonus
    }

    /// The same chain with another bonus choice.
    pub fn with_bonus(mut self, bonus: Option<Square>) -> Capture {
        self.bonus = bonus;
        self
    }

    /// The chain with one more landing, keeping no bonus.
    pub(super) fn then(mut self, landing: Square) -> Capture {
        self.landings[self.len as usize] = landing;
        self.len += 1;
        self.bonus = None;
        self
    }

    /// The chain written without its bonus part: `c3xc5xe5`.
    pub fn chain_text(&self) -> String {
        let mut text = self.from.to_string();
        for sq in self.landings() {
            text.push('x');
            text += &sq.to_string();
        }
        text
    }
}

fn mid(a: u8, b: u8) -> u8 {
    ((a as u16 + b as u16) / 2) as u8
}

/// What a text said, before it is checked against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    Action(Action),
    /// `pass` was typed: passes are automatic.
    Pass,
}

impl Action {
    /// Syntax only: `@c3` or `c3`, `c3-c4` or `c3c4`, `c3xc5`, `c3xc5xe5`, each capture
    /// optionally with `/b2`, in any case. Whether the squares are on the board and the
    /// action is legal is [`super::Yote::check`]'s question.
    pub fn parse(text: &str) -> Result<Parsed, IllegalAction> {
        let text = text.trim();
        let syntax = || IllegalAction::Syntax(text.to_string());
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Parsed::Pass);
        }
        let (head, bonus) = match text.split_once('/') {
            None => (text, None),
            Some((head, tail)) => (head, Some(Square::parse_prefix(tail).ok_or_else(syntax)?)),
        };
        let bonus = match bonus {
            None => None,
            Some((sq, "")) => Some(sq),
            Some(_) => return Err(syntax()),
        };
        if let Some(rest) = head.strip_prefix('@') {
            return match Square::parse_prefix(rest) {
                Some((sq, "")) if bonus.is_none() => Ok(Parsed::Action(Action::Drop(sq))),
                Some((_, "")) => Err(IllegalAction::BonusWithoutCapture(text.to_string())),
                _ => Err(syntax()),
            };
        }
        let (from, rest) = Square::parse_prefix(head).ok_or_else(syntax)?;
        let action = if rest.is_empty() {
            Action::Drop(from)
        } else if let Some(chain) = parse_chain(rest) {
            let landings = chain.ok_or_else(syntax)?;
            if landings.len() > MAX_JUMPS {
                return Err(IllegalAction::TooManyJumps(landings.len()));
            }
            let capture = Capture::new(from, &landings, bonus).expect("1 to MAX_JUMPS landings");
            return Ok(Parsed::Action(Action::Capture(capture)));
        } else {
            let after = rest.strip_prefix('-').unwrap_or(rest);
            match Square::parse_prefix(after) {
                Some((to, "")) => Action::Step { from, to },
                _ => return Err(syntax()),
            }
        };
        if bonus.is_some() {
            return Err(IllegalAction::BonusWithoutCapture(text.to_string()));
        }
        Ok(Parsed::Action(action))
    }
}

/// Reads `xc5xe5…` after a capture's first square: `None` when `rest` does not start a
/// chain of jumps at all (`c3x4` is a step to the square `x4`, off any board of ours);
/// `Some(None)` for a broken chain (`c3xc5x`, `c3xc5-e5`).
fn parse_chain(rest: &str) -> Option<Option<Vec<Square>>> {
    let mut landings = Vec::new();
    let mut rest = rest;
    while let Some(after) = rest.strip_prefix(['x', 'X']) {
        match Square::parse_prefix(after) {
            Some((sq, more)) => {
                landings.push(sq);
                rest = more;
            }
            None if landings.is_empty() => return None,
            None => return Some(None),
        }
    }
    if landings.is_empty() {
        return None;
    }
    Some(rest.is_empty().then_some(landings))
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.chain_text())?;
        match self.bonus {
            Some(b) => write!(f, "/{b}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Drop(sq) => write!(f, "@{sq}"),
            Action::Step { from, to } => write!(f, "{from}-{to}"),
            Action::Capture(c) => write!(f, "{c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    fn parse(text: &str) -> Option<Action> {
        match Action::parse(text) {
            Ok(Parsed::Action(a)) => Some(a),
            _ => None,
        }
    }

    #[test]
    fn notation_is_lenient_in_case_hyphen_and_at() {
        let drop = Action::Drop(sq("c3"));
        assert_eq!(parse("@c3"), Some(drop));
        assert_eq!(parse("C3"), Some(drop));
        assert_eq!(parse(" @C3 "), Some(drop));
        let step = Action::Step {
            from: sq("c3"),
            to: sq("c4"),
        };
        assert_eq!(parse("c3-c4"), Some(step));
        assert_eq!(parse("C3C4"), Some(step));
        let jump = Capture::new(sq("c3"), &[sq("c5"), sq("e5")], Some(sq("b2"))).unwrap();
        assert_eq!(parse("c3xc5xe5/b2"), Some(Action::Capture(jump)));
        assert_eq!(parse("C3XC5Xe5/B2"), Some(Action::Capture(jump)));
        assert_eq!(
            parse("c3xc5"),
            Some(Action::Capture(
                Capture::new(sq("c3"), &[sq("c5")], None).unwrap()
            ))
        );
        assert_eq!(Action::parse("PASS"), Ok(Parsed::Pass));
    }

    #[test]
    fn malformed_texts_are_refused() {
        for bad in [
            "",
            "@",
            "@c3-c4",
            "c3-",
            "c3--c4",
            "c3x",
            "c3xc5x",
            "c3xc5-e5",
            "c3-c4-c5",
            "c3/",
            "c3xc5/",
            "c3xc5/b",
            "c3xc5/b2/c1",
            "c3 c4",
            "3c",
            "c3xc5/b2x",
        ] {
            assert!(parse(bad).is_none(), "{bad:?}");
        }
        for bonus_without_capture in ["c3/b2", "@c3/b2", "c3-c4/b2"] {
            assert!(matches!(
                Action::parse(bonus_without_capture),
                Err(IllegalAction::BonusWithoutCapture(_))
            ));
        }
        let long = format!("a1{}", "xa3".repeat(MAX_JUMPS + 1));
        assert_eq!(
            Action::parse(&long),
            Err(IllegalAction::TooManyJumps(MAX_JUMPS + 1))
        );
    }

    #[test]
    fn notation_prints_canonically() {
        assert_eq!(Action::Drop(sq("c3")).to_string(), "@c3");
        assert_eq!(
            Action::Step {
                from: sq("c3"),
                to: sq("c4")
            }
            .to_string(),
            "c3-c4"
        );
        let c = Capture::new(sq("c3"), &[sq("c5"), sq("e5")], Some(sq("b2"))).unwrap();
        assert_eq!(Action::Capture(c).to_string(), "c3xc5xe5/b2");
        assert_eq!(Action::Capture(c.with_bonus(None)).to_string(), "c3xc5xe5");
        let jumped: Vec<String> = c.jumped().map(|s| s.to_string()).collect();
        assert_eq!(jumped, ["c4", "d5"]);
    }
}
