//! Why a piece cannot go to a point: how it moves, or what is in its way, in a player's
//! words. Called only once move generation has said no.

use super::board::{Board, Piece};
use super::geometry::{self, Region, BIG_JUMPS};
use super::movegen::{pawn_steps, Rules};
use crate::games::xiangqi::pattern::{Offset, HORSE};
use crate::games::xiangqi::Kind;
use crate::games::Square;

/// The point `o` from `from` in words: its name, or why there is no such point.
fn point_words(from: Square, o: Offset) -> (Option<Square>, String) {
    let (file, rank) = (
        from.file as i16 + o.df as i16,
        from.rank as i16 + o.dr as i16,
    );
    if !(0..19).contains(&file) || !(0..19).contains(&rank) {
        return (None, "off the board".to_string());
    }
    let sq = Square::new(file as u8, rank as u8);
    if geometry::exists(sq) {
        (Some(sq), sq.to_string())
    } else {
        (None, format!("{sq}, a missing corner point"))
    }
}

/// The unit step from `from` towards `to` and the distance, when both are on one line.
fn line(from: Square, to: Square) -> Option<(Offset, u8)> {
    let (df, dr) = (
        to.file as i16 - from.file as i16,
        to.rank as i16 - from.rank as i16,
    );
    match (df, dr) {
        (0, 0) => None,
        (0, d) => Some((Offset::new(0, d.signum() as i8), d.unsigned_abs() as u8)),
        (d, 0) => Some((Offset::new(d.signum() as i8, 0), d.unsigned_abs() as u8)),
        _ => None,
    }
}

/// The points strictly between `from` and `to` on a line, `None` where a point is
/// missing (a corner of the cross).
fn between(from: Square, step: Offset, distance: u8) -> Vec<Option<Square>> {
    (1..distance as i8)
        .map(|k| point_words(from, step.times(k)).0)
        .collect()
}

/// Why the piece `piece` on `from` cannot move to `to` (a point of the cross that is
/// empty or holds an opponent's piece).
pub fn why_not(board: &Board, rules: Rules, from: Square, piece: Piece, to: Square) -> String {
    let (df, dr) = (
        to.file as i16 - from.file as i16,
        to.rank as i16 - from.rank as i16,
    );
    let army = piece.army;
    match piece.kind {
        Kind::General if df.abs() + dr.abs() != 1 => {
            "the general steps one point up, down, left or right".to_string()
        }
        Kind::General => "the general stays in its palace".to_string(),
        Kind::Advisor if df.abs() != 1 || dr.abs() != 1 => {
            "an advisor steps one point diagonally".to_string()
        }
        Kind::Advisor => "advisors stay in their palace".to_string(),
        Kind::Elephant if df.abs() != 2 || dr.abs() != 2 => {
            "an elephant moves two points diagonally".to_string()
        }
        Kind::Elephant if !geometry::in_arm(army, to) => {
            "elephants never leave their own arm".to_string()
        }
        Kind::Elephant => {
            let eye = Square::new(
                (from.file as i16 + df / 2) as u8,
                (from.rank as i16 + dr / 2) as u8,
            );
            format!("its eye point {eye} is taken")
        }
        Kind::Horse => horse(board, from, df, dr),
        Kind::Rook => match line(from, to) {
            None => "a rook moves along a straight line".to_string(),
            Some((step, distance)) => blocked(board, between(from, step, distance)),
        },
        Kind::Cannon => cannon(board, rules, from, to),
        Kind::Pawn => pawn(board, rules, from, piece, to),
    }
}

fn horse(board: &Board, from: Square, df: i16, dr: i16) -> String {
    let offset = (df as i8, dr as i8);
    if let Some(leap) = HORSE.iter().find(|l| (l.to.df, l.to.dr) == offset) {
        return match point_words(from, leap.block) {
            (Some(leg), _) if board.get(leg).is_some() => {
                format!("its leg point {leg} is taken")
            }
            (_, words) => format!("its leg point is {words}, so it cannot go that way"),
        };
    }
    if let Some(jump) = BIG_JUMPS.iter().find(|j| (j.to.df, j.to.dr) == offset) {
        if !geometry::in_middle(from) {
            return "only a horse standing in the middle part makes the big jump".to_string();
        }
        for o in jump.path {
            match point_words(from, o) {
                (Some(p), _) if board.get(p).is_some() => {
                    return format!("the big jump passes {p}, which is taken")
                }
                (Some(_), _) => {}
                (None, words) => return format!("the big jump would pass {words}"),
            }
        }
    }
    "a horse moves one point straight, then one diagonally outwards (from the middle part it \
     may also make the big jump: 4 points one way and 2 the other)"
        .to_string()
}

/// Why a line between two points is not open: a missing point or a piece in the way.
fn blocked(board: &Board, points: Vec<Option<Square>>) -> String {
    for p in points {
        match p {
            None => return "the line ends at a missing corner of the cross".to_string(),
            Some(p) if board.get(p).is_some() => return format!("{p} is in the way"),
            Some(_) => {}
        }
    }
    "the way is not open".to_string()
}

fn cannon(board: &Board, rules: Rules, from: Square, to: Square) -> String {
    let Some((step, distance)) = line(from, to) else {
        return "a cannon moves along a straight line".to_string();
    };
    let points = between(from, step, distance);
    if points.iter().any(Option::is_none) {
        return "the line ends at a missing corner of the cross".to_string();
    }
    let screens: Vec<Square> = points
        .iter()
        .flatten()
        .copied()
        .filter(|p| board.get(*p).is_some())
        .collect();
    if board.get(to).is_none() {
        return format!(
            "a cannon moves without capturing only through empty points: {} is in the way",
            screens.first().map_or_else(String::new, |s| s.to_string())
        );
    }
    match screens.len() {
        0 => "a cannon captures by jumping over exactly one piece, and there is none between"
            .to_string(),
        1 => format!(
            "in teams a cannon captures at most {} points away, and {to} is {distance} away",
            rules.mode.cannon_reach()
        ),
        n => format!(
            "a cannon captures by jumping over exactly one piece, and there are {n} between"
        ),
    }
}

fn pawn(board: &Board, rules: Rules, from: Square, piece: Piece, to: Square) -> String {
    let steps = pawn_steps(from, piece, rules);
    let how = match geometry::region(from) {
        Some(Region::Middle) => {
            "in the middle part a pawn moves one or two points in a straight line, forward, \
             backward or sideways"
                .to_string()
        }
        Some(Region::Arm(own)) if own == piece.army && !piece.left_arm => {
            "a pawn that has not yet left its own arm moves one point forward only".to_string()
        }
        Some(Region::Arm(own)) if own == piece.army => {
            "back in its own arm a pawn moves one or two points forward or sideways, never \
             backward"
                .to_string()
        }
        Some(Region::Arm(other)) if rules.in_game.contains(other) => format!(
            "in {other}'s arm a pawn moves one or two points forward (towards {other}'s back \
             line) or sideways; backward only once {other} is out"
        ),
        Some(Region::Arm(other)) => format!(
            "in {other}'s arm a pawn moves one or two points forward, sideways or backward \
             ({other} is out)"
        ),
        None => "the pawn is off the board".to_string(),
    };
    if let Some((step, 2)) = line(from, to) {
        if steps.two && steps.allows(step) {
            let mid = between(from, step, 2)[0];
            if let Some(mid) = mid.filter(|m| board.get(*m).is_some()) {
                return format!("the point between, {mid}, is taken");
            }
        }
    }
    how
}
