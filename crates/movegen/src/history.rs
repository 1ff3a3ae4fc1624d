//! `KeyHistory`: the Zobrist keys of the positions that led to the current
//! one, which is all that repetition detection needs.

use crate::board::Board;

/// The keys of earlier positions, oldest first (game moves and search path
/// alike). Push before a move, pop after taking it back.
///
/// ```
/// use matewise_movegen::{Board, KeyHistory};
/// let mut board = Board::default();
/// let mut history = KeyHistory::with_capacity(16);
/// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///     history.push(board.hash());
///     let mv = board.parse_uci_move(text).unwrap();
///     board.play(mv).unwrap();
/// }
/// assert_eq!(history.repetitions(&board), 1); // the start position again
/// ```
#[derive(Clone, Debug, Default)]
pub struct KeyHistory {
    keys: Vec<u64>,
}

impl KeyHistory {
    /// An empty history with room for `capacity` keys, so that pushing up
    /// to that many never allocates.
    pub fn with_capacity(capacity: usize) -> KeyHistory {
        KeyHistory {
            keys: Vec::with_capacity(capacity),
        }
    }

    /// Records the key of a position about to be left.
    #[inline]
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
    }

    /// Forgets the most recent key (when a move is taken back).
    #[inline]
    pub fn pop(&mut self) {
        self.keys.pop();
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.keys.clear();
    }

    /// How many keys are recorded.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True if nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// How many earlier positions equal `board`. Only positions since the
    /// last capture or pawn move can, and only with the same side to move,
    /// so the scan looks back `halfmove_clock` plies in steps of two.
    #[inline]
    pub fn repetitions(&self, board: &Board) -> usize {
        let window = usize::from(board.halfmove_clock()).min(self.keys.len());
        let key = board.hash();
        self.keys[self.keys.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == key)
            .count()
    }
}
