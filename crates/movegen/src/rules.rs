//! The rules that end a game or classify a move, asked of one position:
//! checkmate, stalemate, insufficient material, captures and promotions.

use crate::board::Board;
use crate::moves::Move;
use crate::types::PieceKind;

impl Board {
    /// True if the side to move is checkmated: in check with no legal move.
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// // Fool's mate: 1. f3 e5 2. g4 Qh4#.
    /// let board: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse()?;
    /// assert!(board.is_checkmate());
    /// assert!(!Board::default().is_checkmate());
    /// # Ok::<(), matewise_movegen::FenError>(())
    /// ```
    #[inline]
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.count_legal_moves_up_to(0) == 0
    }

    /// True if the side to move is stalemated: not in check, no legal move.
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// // Black's king on h8 has nowhere to go, and nothing else to move.
    /// let board: Board = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse()?;
    /// assert!(board.is_stalemate());
    /// assert!(!board.is_checkmate());
    /// # Ok::<(), matewise_movegen::FenError>(())
    /// ```
    #[inline]
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && self.count_legal_moves_up_to(0) == 0
    }

    /// True if neither side can ever mate: bare kings, or kings and a
    /// single knight or bishop between them. Anything more (two minor
    /// pieces, even bishops on squares of one colour) counts as enough.
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// let lone_knight: Board = "8/8/4k3/8/8/3NK3/8/8 w - - 0 1".parse()?;
    /// assert!(lone_knight.is_insufficient_material());
    /// let two_knights: Board = "8/8/4k3/8/8/3NKN2/8/8 w - - 0 1".parse()?;
    /// assert!(!two_knights.is_insufficient_material());
    /// # Ok::<(), matewise_movegen::FenError>(())
    /// ```
    #[inline]
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.pieces(PieceKind::Pawn)
            | self.pieces(PieceKind::Rook)
            | self.pieces(PieceKind::Queen);
        heavy.is_empty()
            && (self.pieces(PieceKind::Knight) | self.pieces(PieceKind::Bishop)).len() <= 1
    }

    /// True if `mv`, a move of this board, changes material: a promotion,
    /// an en-passant capture, or a move (other than castling, which lands
    /// on its own rook) to an occupied square.
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// let board: Board = "4k3/1P6/8/8/8/8/3r4/R3K2R w KQ - 0 1".parse()?;
    /// assert!(board.is_capture_or_promotion(board.parse_uci_move("b7b8n")?));
    /// assert!(!board.is_capture_or_promotion(board.parse_uci_move("e1g1")?));
    /// assert!(board.is_capture_or_promotion(board.parse_uci_move("e1d2")?));
    /// assert!(!board.is_capture_or_promotion(board.parse_uci_move("a1a7")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_capture_or_promotion(&self, mv: Move) -> bool {
        mv.promotion().is_some()
            || mv.is_en_passant()
            || (!mv.is_castle() && self.occupied().has(mv.to()))
    }
}
