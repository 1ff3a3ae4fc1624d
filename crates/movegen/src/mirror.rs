//! `Board::mirrored`: the same position with the colours exchanged.

use crate::board::Board;
use crate::castling::{CastleSide, CastlingRights};
use crate::types::{Color, Square};

impl Board {
    /// The colour-flipped position: ranks mirrored (a1 <-> a8), White's
    /// pieces Black's and Black's White's, the other side to move, castling
    /// rights and the en-passant square flipped with them. The move
    /// counters stay. Anything the rules say of a position holds of its
    /// mirror with the colours exchanged, which makes it a test of
    /// colour-blind code; mirroring twice gives the position back.
    ///
    /// ```
    /// use matewise_movegen::{perft, Board};
    /// let board: Board = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3".parse()?;
    /// let mirror = board.mirrored();
    /// assert_eq!(mirror.to_fen(), "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3");
    /// assert_eq!(mirror.mirrored(), board);
    /// assert_eq!(perft(&mirror, 3), perft(&board, 3));
    /// # Ok::<(), matewise_movegen::FenError>(())
    /// ```
    pub fn mirrored(&self) -> Board {
        let mut mirror = Board::empty();
        for (kind, set) in mirror.by_kind.iter_mut().zip(self.by_kind) {
            *kind = set.flip_ranks();
        }
        mirror.by_color = [self.by_color[1].flip_ranks(), self.by_color[0].flip_ranks()];
        for (index, kind) in self.mailbox.iter().enumerate() {
            mirror.mailbox[index ^ 56] = *kind;
        }
        mirror.side_to_move = !self.side_to_move;
        let mut castling = CastlingRights::NONE;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                castling = castling.with(!color, side, self.castling.rook(color, side));
            }
        }
        mirror.castling = castling;
        mirror.en_passant = self.en_passant.map(Square::flip_rank);
        mirror.halfmove_clock = self.halfmove_clock;
        mirror.fullmove_number = self.fullmove_number;
        mirror.chess960 = self.chess960;
        mirror.set_keys_from_scratch();
        mirror.update_check_info();
        mirror
    }
}
