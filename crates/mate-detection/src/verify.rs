//! The exact check every pattern ends with, and the brute-force reference
//! the patterns are measured against.

use movegen::{Board, Move, MoveList};

/// True if `mv` is legal on `board` and checkmates: after it the opponent is
/// in check and has no legal move.
///
/// Every move the patterns return has passed this test, which is what makes
/// the crate free of false positives whatever a pattern overlooks. It costs
/// one legality test, one copy-make and one legal-move count, and runs only
/// on a move a pattern has already judged to be mate.
///
/// ```
/// use movegen::Board;
/// use matewise_mate_detection::is_mating_move;
///
/// let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
/// assert!(is_mating_move(&board, board.parse_uci_move("a1a8")?));
/// assert!(!is_mating_move(&board, board.parse_uci_move("a1a7")?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_mating_move(board: &Board, mv: Move) -> bool {
    if !board.is_legal(mv) {
        return false;
    }
    let mut next = board.clone();
    next.play_unchecked(mv);
    next.is_checkmate()
}

/// Every mate in one, found the slow way: each legal move that gives check
/// is played and the opponent's legal moves counted. The reference
/// [`crate::mate_at_a_glance`] is tested and timed against.
///
/// ```
/// use movegen::{Board, MoveList};
/// use matewise_mate_detection::mating_moves;
///
/// let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1")?;
/// let mut mates = MoveList::new();
/// mating_moves(&board, &mut mates);
/// assert_eq!(mates.len(), 2); // Ra8 and Rb8
/// # Ok::<(), movegen::FenError>(())
/// ```
pub fn mating_moves(board: &Board, mates: &mut MoveList) {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    for &mv in &moves {
        if board.gives_check(mv) {
            let mut next = board.clone();
            next.play_unchecked(mv);
            if next.count_legal_moves() == 0 {
                mates.push(mv);
            }
        }
    }
}

/// The first mate in one found by trying every legal move (see
/// [`mating_moves`]), or `None`.
///
/// ```
/// use movegen::Board;
/// use matewise_mate_detection::mate_in_one;
///
/// let board = Board::default();
/// assert_eq!(mate_in_one(&board), None);
/// ```
pub fn mate_in_one(board: &Board) -> Option<Move> {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    moves.into_iter().find(|&mv| {
        board.gives_check(mv) && {
            let mut next = board.clone();
            next.play_unchecked(mv);
            next.count_legal_moves() == 0
        }
    })
}
