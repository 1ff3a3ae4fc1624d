//! Mate threats: the mate the side not to move would give if it could move.

use crate::context::Ctx;
use crate::{Mate, find_mate_in};
use movegen::Board;

/// The mate the side *not* to move threatens: a move that would mate at
/// once if that side were to move, found by [`crate::find_mate`] on the
/// position after a null move (the side to move passing). The null move is
/// played only to verify a mate found: the patterns look at `board` itself,
/// with the checks and pins the null move would give the new side to move.
///
/// Returns `None` when the side to move is in check: it cannot pass, and
/// whatever it threatens is beside the point until the check is met.
///
/// ```
/// use movegen::Board;
/// use matewise_mate_detection::{Pattern, mate_threat_pattern};
///
/// // Black to move; White threatens Qg7 mate, supported by the f6 pawn.
/// let board = Board::from_fen("6k1/5p1p/5P1Q/8/8/8/8/6K1 b - - 0 1")?;
/// let threat = mate_threat_pattern(&board).unwrap();
/// assert_eq!(threat.pattern, Pattern::CloseQueen);
/// # Ok::<(), movegen::FenError>(())
/// ```
pub fn mate_threat_pattern(board: &Board) -> Option<Mate> {
    if board.in_check() {
        return None;
    }
    find_mate_in(&Ctx::after_null_move(board)?)
}
