//! Static-evaluation correction history: how far the search's results have
//! strayed from the static evaluation, averaged per pawn structure and side
//! to move, and per placement of each colour's pieces. Structures the
//! evaluation misjudges (a blockade it overrates, a passer it underrates, a
//! king whose attackers stand ready) keep misjudging it node after node, so
//! the static evaluation the pruning rules see is corrected by those
//! averages.

use crate::move_history::apply_gravity;
use crate::params::CORRECTION_NON_PAWN_WEIGHT;
use crate::score::TB_BOUND;
use movegen::{Board, Color};

const ENTRIES: usize = 1 << 14;
/// Entries are kept in 1/GRAIN centipawns, for a smooth running average.
const GRAIN: i32 = 256;
/// No correction beyond 64 cp either way.
const LIMIT: i32 = 64 * GRAIN;
/// An update's weight out of 256 grows with the depth that produced it.
const MAX_WEIGHT: i32 = 16;

/// Per-thread corrections, indexed by side to move and pawn key, and by
/// side to move, colour and that colour's non-pawn key.
#[derive(Clone)]
pub struct CorrectionHistory {
    pawn: Box<[[i16; ENTRIES]; 2]>,
    non_pawn: Box<[[[i16; ENTRIES]; 2]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            pawn: vec![[0; ENTRIES]; 2]
                .into_boxed_slice()
                .try_into()
                .expect("two rows"),
            non_pawn: vec![[[0; ENTRIES]; 2]; 2]
                .into_boxed_slice()
                .try_into()
                .expect("two rows"),
        }
    }
}

#[inline]
fn slot(key: u64) -> usize {
    key as usize & (ENTRIES - 1)
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
        for row in self.pawn.iter_mut() {
            row.fill(0);
        }
        for row in self.non_pawn.iter_mut().flatten() {
            row.fill(0);
        }
    }

    /// `raw` (the side to move's static evaluation) corrected, kept clear
    /// of the mate range.
    #[inline]
    pub fn corrected(&mut self, board: &Board, raw: i32) -> i32 {
        if pawnless(board) {
            return raw;
        }
        let us = board.side_to_move() as usize;
        let pawn = i32::from(self.pawn[us][slot(board.pawn_key())]);
        let non_pawn: i32 = Color::ALL
            .iter()
            .map(|&c| i32::from(self.non_pawn[us][c as usize][slot(board.non_pawn_key(c))]))
            .sum();
        // The pawn entry at full weight, each colour's pieces at
        // CORRECTION_NON_PAWN_WEIGHT / 64 of it.
        let correction = (pawn * 64 + non_pawn * CORRECTION_NON_PAWN_WEIGHT.get()) / (64 * GRAIN);
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
        let us = board.side_to_move() as usize;
        apply_gravity(&mut self.pawn[us][slot(board.pawn_key())], bonus, LIMIT);
        for c in Color::ALL {
            let entry = &mut self.non_pawn[us][c as usize][slot(board.non_pawn_key(c))];
            apply_gravity(entry, bonus, LIMIT);
        }
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
        // At most 64 cp from the pawns and 64 x weight / 64 from each
        // colour's pieces.
        let weight = CORRECTION_NON_PAWN_WEIGHT.get();
        let corrected = history.corrected(&board, 30);
        assert!(
            corrected > 30 && corrected <= 30 + 64 + 2 * weight,
            "{corrected}"
        );
        // The other side to move and other pawn structures are untouched.
        let black =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!(history.corrected(&black, 30), 30);
        for _ in 0..400 {
            history.update(&board, 10, -1000);
        }
        let full = -64 - 2 * weight;
        assert!((full..=full + 8).contains(&history.corrected(&board, 0)));
        // White's knight elsewhere, the same pawns and black pieces: the
        // pawn and black corrections apply, white's pieces have none yet.
        let knight_out =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1").unwrap();
        let without_white = -64 - weight;
        assert!((without_white..=without_white + 6).contains(&history.corrected(&knight_out, 0)));
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
