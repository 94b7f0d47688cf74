//! Where a column can walk: paths of exactly its height in orthogonal steps through
//! empty squares (its own square counting as empty once left; revisits allowed).
//!
//! Squares are bits of a `u128` (bit `i` for the square with index `i`), so the squares
//! a column can end on are found by growing its square step by step through the empty
//! ones: at most three shifts and masks, whatever the position.

use super::board::{neighbours_of, square_at, Board, CELLS, FILES};
use crate::Square;

/// Every square of the board.
const ALL: u128 = (1 << CELLS) - 1;
/// Squares of file `a` and of file `h`.
const FILE_A: u128 = file_mask(0);
const FILE_H: u128 = file_mask(FILES - 1);

const fn file_mask(file: u8) -> u128 {
    let mut mask = 0;
    let mut i = file as usize;
    while i < CELLS {
        mask |= 1 << i;
        i += FILES as usize;
    }
    mask
}

/// The squares one orthogonal step from any square of `mask`.
#[inline]
fn step(mask: u128) -> u128 {
    ((mask << FILES) | (mask >> FILES) | ((mask & !FILE_H) << 1) | ((mask & !FILE_A) >> 1)) & ALL
}

/// The squares a column of `height` standing on square index `from` can end on, given
/// the board's empty squares as a mask.
#[inline]
pub fn destinations(empty: u128, from: usize, height: u8) -> u128 {
    let passable = empty | 1 << from;
    let mut reach: u128 = 1 << from;
    for _ in 0..height {
        reach = step(reach) & passable;
    }
    reach
}

/// The squares of a mask, by index, lowest first.
pub fn squares_of(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// The path a column takes from `from` to `to` in exactly `height` steps, start and end
/// included, or `None` if there is none. Of all the paths, the one through the most
/// different squares (a U-turn rather than a step back and forth), and among those the
/// first trying steps up, right, down, left in that order: always the same path for the
/// same position, so a replayed game draws the same picture.
pub fn path(board: &Board, from: Square, to: Square, height: u8) -> Option<Vec<Square>> {
    let (from, to) = (super::board::index(from), super::board::index(to));
    let mut best: Option<(usize, Vec<usize>)> = None;
    let mut current = vec![from];
    walk(board, from, to, height, &mut current, &mut best);
    best.map(|(_, p)| p.into_iter().map(square_at).collect())
}

fn walk(
    board: &Board,
    from: usize,
    to: usize,
    left: u8,
    current: &mut Vec<usize>,
    best: &mut Option<(usize, Vec<usize>)>,
) {
    let here = *current.last().expect("a path has a start");
    if left == 0 {
        if here == to {
            let mut distinct = current.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if best.as_ref().is_none_or(|(n, _)| distinct.len() > *n) {
                *best = Some((distinct.len(), current.clone()));
            }
        }
        return;
    }
    for next in neighbours_of(here) {
        if next == from || board.is_empty_at(next) {
            current.push(next);
            walk(board, from, to, left - 1, current, best);
            current.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::banglagor::board::{index, Column};
    use crate::Seat;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    fn names(mask: u128) -> Vec<String> {
        squares_of(mask).map(|i| square_at(i).to_string()).collect()
    }

    #[test]
    fn a_lone_column_reaches_squares_of_the_right_parity_within_its_height() {
        let mut board = Board::empty();
        board.set(sq("d4"), Some(Column::new(Seat::FIRST, 1)));
        let empty = board.empty_mask();
        let from = index(sq("d4"));
        assert_eq!(
            names(destinations(empty, from, 1)),
            ["d3", "c4", "e4", "d5"]
        );
        // Height 2: back home, or two away.
        assert_eq!(destinations(empty, from, 2).count_ones(), 9);
        assert!(destinations(empty, from, 2) & 1 << from != 0);
        // Height 3: one or three away.
        assert_eq!(destinations(empty, from, 3).count_ones(), 16);
    }

    #[test]
    fn steps_do_not_wrap_around_the_edges() {
        let board = Board::empty();
        let empty = board.empty_mask();
        assert_eq!(names(destinations(empty, index(sq("h1")), 1)), ["g1", "h2"]);
        assert_eq!(
            names(destinations(empty, index(sq("a12")), 1)),
            ["a11", "b12"]
        );
    }

    #[test]
    fn the_path_prefers_a_turn_to_a_step_back() {
        let mut board = Board::empty();
        board.set(sq("d2"), Some(Column::new(Seat::FIRST, 3)));
        let p: Vec<String> = path(&board, sq("d2"), sq("d3"), 3)
            .unwrap()
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(p, ["d2", "e2", "e3", "d3"]);
        assert_eq!(path(&board, sq("d2"), sq("d6"), 3), None);
    }
}
