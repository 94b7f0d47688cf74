//! ICCS coordinates: `h2-e2` (canonical), also `h2e2` and any case. Files `a`–`i` from
//! red's left, ranks `0`–`9` from red's side, whichever side moves.

use super::action::Move;
use super::error::SyntaxError;
use super::point::Point;

/// Reads `h2e2` or `h2-e2` (any case). `Ok(None)` when the text is not shaped like two
/// points (it may be WXF); an error when it is, but names a point off the board.
pub fn parse(text: &str) -> Result<Option<Move>, SyntaxError> {
    let chars: Vec<char> = text.chars().collect();
    let (from, to) = match chars.as_slice() {
        [f1, r1, f2, r2] => ((*f1, *r1), (*f2, *r2)),
        [f1, r1, '-', f2, r2] => ((*f1, *r1), (*f2, *r2)),
        _ => return Ok(None),
    };
    let shaped = |(f, r): (char, char)| f.is_ascii_alphabetic() && r.is_ascii_digit();
    if !shaped(from) || !shaped(to) {
        return Ok(None);
    }
    let point = |(f, r): (char, char)| {
        Point::from_chars(f, r).ok_or_else(|| SyntaxError::OffBoard(format!("{f}{r}")))
    };
    let (from, to) = (point(from)?, point(to)?);
    if from == to {
        return Err(SyntaxError::SamePoint(from));
    }
    Ok(Some(Move::new(from, to)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        parse(text).unwrap().unwrap()
    }

    #[test]
    fn iccs_forms() {
        assert_eq!(mv("h2-e2").to_string(), "h2-e2");
        assert_eq!(mv("h2e2"), mv("h2-e2"));
        assert_eq!(mv("H2-E2"), mv("h2-e2"));
        assert_eq!(parse("C2.5"), Ok(None));
        assert_eq!(parse("H2-3"), Ok(None));
        assert!(matches!(parse("j2-e2"), Err(SyntaxError::OffBoard(_))));
        assert!(matches!(parse("e2e2"), Err(SyntaxError::SamePoint(_))));
    }
}
