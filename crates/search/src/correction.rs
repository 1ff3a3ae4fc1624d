//! Static-evaluation correction history: how far the search's results have
//! strayed from the static evaluation, averaged per pawn structure and side
//! to move. Structures the evaluation misjudges (a blockade it overrates, a
//! passer it underrates) keep misjudging it node after node, so the static
//! evaluation the pruning rules see is corrected by that average.

use crate::move_history::apply_gravity;
use crate::score::TB_BOUND;
use movegen::Board;

const ENTRIES: usize = 1 << 14;
/// Entries are kept in 1/GRAIN centipawns, for a smooth running average.
const GRAIN: i32 = 256;
/// No correction beyond 64 cp either way.
const LIMIT: i32 = 64 * GRAIN;
/// An update's weight out of 256 grows with the depth that produced it.
const MAX_WEIGHT: i32 = 16;

/// Per-thread corrections, indexed by side to move and pawn key.
#[derive(Clone)]
pub struct CorrectionHistory {
    table: Box<[[i16; ENTRIES]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![[0; ENTRIES]; 2]
                .into_boxed_slice()
                .try_into()
                .expect("two rows"),
        }
    }
}

/// Without pawns there is no structure to key by: every pawnless ending
/// would share one entry, and its average would shift the evaluations that
/// Pair-o-Max's divisor and the known draws have already scaled or zeroed.
#[inline]
fn pawnless(board: &Board) -> bool {
    board.pieces(movegen::PieceKind::Pawn).is_empty()
}

impl CorrectionHistory {
    /// Forgets every correction, in place.
    pub fn clear(&mut self) {
        for row in self.table.iter_mut() {
            row.fill(0);
        }
    }

    #[inline]
    fn entry(&mut self, board: &Board) -> &mut i16 {
        let slot = board.pawn_key() as usize & (ENTRIES - 1);
        &mut self.table[board.side_to_move() as usize][slot]
    }

    /// `raw` (the side to move's static evaluation) corrected, kept clear
    /// of the mate range.
    #[inline]
    pub fn corrected(&mut self, board: &Board, raw: i32) -> i32 {
        if pawnless(board) {
            return raw;
        }
        let correction = i32::from(*self.entry(board)) / GRAIN;
        (raw + correction).clamp(-TB_BOUND + 1, TB_BOUND - 1)
    }

    /// Moves the entry of `board` by `error` (search result minus corrected
    /// static evaluation), the more the deeper the search, with gravity:
    /// the nearer the limit, the smaller the step.
    #[inline]
    pub fn update(&mut self, board: &Board, depth: i32, error: i32) {
        if pawnless(board) {
            return;
        }
        let weight = (depth + 1).min(MAX_WEIGHT);
        let bonus = (error * GRAIN * weight / 64).clamp(-LIMIT / 4, LIMIT / 4);
        apply_gravity(self.entry(board), bonus, LIMIT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_error_and_stay_bounded() {
        let board = Board::default();
        let mut history = CorrectionHistory::default();
        assert_eq!(history.corrected(&board, 30), 30);
        for _ in 0..200 {
            history.update(&board, 10, 50);
        }
        let corrected = history.corrected(&board, 30);
        assert!(corrected > 30 && corrected <= 30 + 64, "{corrected}");
        // The other side to move and other pawn structures are untouched.
        let black =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!(history.corrected(&black, 30), 30);
        for _ in 0..400 {
            history.update(&board, 10, -1000);
        }
        assert!((-64..=-60).contains(&history.corrected(&board, 0)));
    }

    #[test]
    fn pawnless_endings_are_left_as_evaluated() {
        // K+N vs K+N: Pair-o-Max's rules have scaled the score already.
        let board = Board::from_fen("8/1n6/8/5k2/8/2N5/8/7K w - - 0 1").unwrap();
        let mut history = CorrectionHistory::default();
        for _ in 0..200 {
            history.update(&board, 10, 50);
        }
        assert_eq!(history.corrected(&board, 7), 7);
    }
}
