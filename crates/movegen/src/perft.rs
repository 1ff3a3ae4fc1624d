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
        _ => {
            let mut moves = MoveList::new();
            board.generate_moves(&mut moves);
            let mut nodes = 0;
            for &mv in &moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
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
