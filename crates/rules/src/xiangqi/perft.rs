//! Perft: the number of move sequences of a given length from a position, counting legal
//! moves only (the repetition and 60-move rules do not cut it short), as published
//! counts define it. Leaves are counted in bulk: at depth 1 the legal moves are counted,
//! not played.

use super::action::Move;
use super::board::Board;
use super::movegen::MoveList;

/// Counts the leaves `depth` plies below `board`.
pub fn perft(board: &Board, depth: u32) -> u64 {
    let mut board = *board;
    count(&mut board, depth)
}

fn count(board: &mut Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    board.legal_moves_into(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves.iter() {
        let captured = board.make(mv);
        nodes += count(board, depth - 1);
        board.unmake(mv, captured);
    }
    nodes
}

/// Each legal move with the leaves `depth - 1` plies below it (`depth` ≥ 1), in move
/// order: for finding where two move generators disagree.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    let mut board = *board;
    let moves = board.legal_moves();
    let mut out: Vec<(Move, u64)> = moves
        .iter()
        .map(|mv| {
            let captured = board.make(mv);
            let nodes = count(&mut board, depth.saturating_sub(1));
            board.unmake(mv, captured);
            (mv, nodes)
        })
        .collect();
    out.sort();
    out
}
