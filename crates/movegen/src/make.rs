//! Making moves: copy-make on `Board`, with every key updated incrementally.

use crate::attacks::ZOBRIST_EP_FILE;
use crate::board::Board;
use crate::castling::CastleSide;
use crate::moves::{Move, MoveKind};
use crate::types::{Color, Piece, PieceKind, Square};
use core::fmt;

/// A move that is not legal in the position it was played in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError(pub Move);

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {:?}", self.0)
    }
}

impl std::error::Error for IllegalMoveError {}

impl Board {
    /// Plays `mv` after checking that it is legal.
    ///
    /// ```
    /// use matewise_movegen::{Board, Move, MoveKind, Square};
    /// let mut board = Board::default();
    /// assert!(board.play(Move::new(Square::E2, Square::E5, MoveKind::Normal)).is_err());
    /// assert!(board.play(Move::new(Square::E2, Square::E4, MoveKind::Normal)).is_ok());
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(IllegalMoveError(mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal here (from this board's generator, or
    /// checked with [`Board::is_legal`]). An illegal move leaves the board in
    /// an unspecified but memory-safe state.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.side_to_move;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let Some(kind) = self.mailbox[from as usize] else {
            debug_assert!(false, "no piece on {from}");
            return;
        };
        let moving = Piece::new(kind, us);

        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        if let Some(ep) = self.en_passant.take() {
            self.hash ^= ZOBRIST_EP_FILE[ep.file() as usize];
        }
        let mut captured_rook = false;

        match mv.kind() {
            MoveKind::Castle => {
                let side = if to > from {
                    CastleSide::Short
                } else {
                    CastleSide::Long
                };
                let rank = us.back_rank();
                let king_to = Square::new(side.king_destination(), rank);
                let rook_to = Square::new(side.rook_destination(), rank);
                let rook = Piece::new(PieceKind::Rook, us);
                // Lift both first: in Chess960 the destinations may overlap the origins.
                self.remove(moving, from);
                self.remove(rook, to);
                self.put(moving, king_to);
                self.put(rook, rook_to);
            }
            MoveKind::EnPassant => {
                let victim = Square::new(to.file(), from.rank());
                self.remove(Piece::new(PieceKind::Pawn, them), victim);
                self.shift(moving, from, to);
                self.halfmove_clock = 0;
            }
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if let Some(captured) = self.mailbox[to as usize] {
                    self.remove(Piece::new(captured, them), to);
                    self.halfmove_clock = 0;
                    captured_rook = captured == PieceKind::Rook;
                }
                match mv.promotion() {
                    Some(promoted) => {
                        self.remove(moving, from);
                        self.put(Piece::new(promoted, us), to);
                    }
                    None => self.shift(moving, from, to),
                }
                if kind == PieceKind::Pawn {
                    self.halfmove_clock = 0;
                    if from as u8 ^ to as u8 == 16 {
                        let target = Square::from_index_masked((from as usize + to as usize) / 2);
                        self.set_en_passant(target, them);
                    }
                }
            }
        }
        // Rights are lost only while some remain: most positions past the
        // opening have none, and skip the tests. A castling move is the
        // king's, so it loses its side's rights like any king move.
        if !self.castling.is_empty() {
            let mut rights = self.castling;
            if captured_rook {
                rights = rights.without_rook_on(to);
            }
            match kind {
                PieceKind::King => rights = rights.without_color(us),
                PieceKind::Rook => rights = rights.without_rook_on(from),
                _ => {}
            }
            if rights != self.castling {
                self.set_castling(rights);
            }
        }
        self.flip_side();
        self.update_check_info();
    }

    /// Passes the turn (for null-move pruning). Returns `None` when the side
    /// to move is in check, where passing is not a legal idea.
    ///
    /// ```
    /// use matewise_movegen::{Board, Color};
    /// let board = Board::default();
    /// let passed = board.null_move().unwrap();
    /// assert_eq!(passed.side_to_move(), Color::Black);
    /// assert_ne!(passed.hash(), board.hash());
    /// ```
    pub fn null_move(&self) -> Option<Board> {
        if self.in_check() {
            return None;
        }
        let mut next = self.clone();
        if let Some(ep) = next.en_passant.take() {
            next.hash ^= ZOBRIST_EP_FILE[ep.file() as usize];
        }
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        if next.side_to_move == Color::Black {
            next.fullmove_number = next.fullmove_number.saturating_add(1);
        }
        next.flip_side();
        next.update_check_info();
        Some(next)
    }
}
