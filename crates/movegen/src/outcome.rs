//! `Outcome`: whether the rules have ended the game, and how.

use crate::board::Board;
use crate::history::KeyHistory;
use crate::types::Color;
use core::fmt;

/// Why a game ended in a draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side has the material to mate
    /// ([`Board::is_insufficient_material`]).
    InsufficientMaterial,
    /// A hundred plies without a capture or a pawn move.
    FiftyMoves,
    /// The position has occurred for the third time.
    Repetition,
}

/// How the rules have ended a game: one side has won by checkmate, or it is
/// a draw for one of the reasons of [`DrawReason`].
///
/// ```
/// use matewise_movegen::{Color, DrawReason, Outcome};
/// assert_eq!(Outcome::Decisive { winner: Color::Black }.winner(), Some(Color::Black));
/// assert_eq!(Outcome::Draw(DrawReason::Stalemate).winner(), None);
/// assert_eq!(Outcome::Decisive { winner: Color::White }.to_string(), "1-0");
/// assert_eq!(Outcome::Draw(DrawReason::Repetition).to_string(), "1/2-1/2");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Checkmate: `winner` gave it.
    Decisive {
        /// The side that won.
        winner: Color,
    },
    /// A draw by the rules.
    Draw(DrawReason),
}

impl Outcome {
    /// The side that won, or `None` for a draw.
    #[inline]
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// The result as PGN writes it: `1-0`, `0-1` or `1/2-1/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        })
    }
}

impl Board {
    /// How the rules end the game here, or `None` if it goes on. `history`
    /// holds the keys of the game's earlier positions (as pushed before
    /// each move), for threefold repetition.
    ///
    /// Checkmate comes first, so a mate on the hundredth quiet ply still
    /// wins; among the draws stalemate, insufficient material, the
    /// fifty-move rule and repetition are tried in that order. Draws a
    /// player has to claim are taken as claimed: a third occurrence or a
    /// hundred plies end the game.
    ///
    /// ```
    /// use matewise_movegen::{Board, DrawReason, KeyHistory, Outcome};
    /// let mut board = Board::default();
    /// let mut history = KeyHistory::default();
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     assert_eq!(board.outcome(&history), None);
    ///     history.push(board.hash());
    ///     board.play(board.parse_uci_move(text)?)?;
    /// }
    /// assert_eq!(board.outcome(&history), Some(Outcome::Draw(DrawReason::Repetition)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self, history: &KeyHistory) -> Option<Outcome> {
        if self.count_legal_moves_up_to(0) == 0 {
            return Some(if self.in_check() {
                Outcome::Decisive {
                    winner: !self.side_to_move(),
                }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        let reason = if self.is_insufficient_material() {
            DrawReason::InsufficientMaterial
        } else if self.halfmove_clock() >= 100 {
            DrawReason::FiftyMoves
        } else if history.repetitions(self) >= 2 {
            DrawReason::Repetition
        } else {
            return None;
        };
        Some(Outcome::Draw(reason))
    }
}
