//! Perft: counting the leaves of the legal move tree, the standard check of a
//! move generator. Leaves are bulk-counted from destination sets.

use crate::board::Board;
use crate::moves::{Move, MoveList};

/// The number of legal move sequences of `depth` plies from `board`.
///
/// ```
/// use matewise_movegen::{perft, Board};
/// assert_eq!(perft(&Board::default(), 3), 8_902);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(board.count_legal_moves()),
        _ => children(board).map(|child| perft(&child, depth - 1)).sum(),
    }
}

/// The positions one legal move on from `board`.
fn children(board: &Board) -> impl Iterator<Item = Board> + '_ {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    moves.into_iter().map(|mv| {
        let mut child = board.clone();
        child.play_unchecked(mv);
        child
    })
}

/// Perft split by root move, in generation order (`go perft` and `--divide` print this).
///
/// ```
/// use matewise_movegen::{perft_divide, Board};
/// let split = perft_divide(&Board::default(), 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, n)| n == 20));
/// ```
pub fn perft_divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// [`perft_divide`] that gives up when `stop` turns true, which it asks
/// at every node more than 3 plies from the leaves (a subtree below that is
/// a few milliseconds at most). `None` if it stopped.
///
/// ```
/// use matewise_movegen::{perft_divide_until, Board};
/// let board = Board::default();
/// let split = perft_divide_until(&board, 4, &|| false).unwrap();
/// assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 197_281);
/// assert_eq!(perft_divide_until(&board, 5, &|| true), None);
/// ```
pub fn perft_divide_until(
    board: &Board,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(Move, u64)>> {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    let mut split = Vec::with_capacity(moves.len());
    for &mv in &moves {
        let mut child = board.clone();
        child.play_unchecked(mv);
        split.push((mv, perft_until(&child, depth.saturating_sub(1), stop)?));
    }
    Some(split)
}

fn perft_until(board: &Board, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    if depth <= 3 {
        return Some(perft(board, depth));
    }
    if stop() {
        return None;
    }
    children(board)
        .map(|child| perft_until(&child, depth - 1, stop))
        .sum()
}
