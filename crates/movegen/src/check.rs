//! `gives_check`: whether a move checks the enemy king, without making it.

use crate::attacks;
use crate::board::Board;
use crate::castling::CastleSide;
use crate::moves::{Move, MoveKind};
use crate::types::{PieceKind, Square};

impl Board {
    /// True if the legal move `mv` gives check.
    ///
    /// Works from the occupancy after the move: a direct check by the piece
    /// that lands (promotions and the castling rook included), or a slider
    /// uncovered by whatever left its square (en passant's victim included).
    ///
    /// ```
    /// use movegen::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    /// assert!(board.gives_check(board.parse_uci_move("a1a8").unwrap()));
    /// assert!(!board.gives_check(board.parse_uci_move("a1a7").unwrap()));
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let their_king = self.king(!us);
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.kind_on(from) else {
            return false;
        };
        let mut occupied = self.occupied() ^ from.bitboard();
        let (landing_kind, landing) = match mv.kind() {
            MoveKind::Castle => {
                let side = if to > from {
                    CastleSide::Short
                } else {
                    CastleSide::Long
                };
                let rank = us.back_rank();
                let king_to = Square::new(side.king_destination(), rank);
                let rook_to = Square::new(side.rook_destination(), rank);
                occupied = (occupied ^ to.bitboard()) | king_to.bitboard() | rook_to.bitboard();
                (PieceKind::Rook, rook_to)
            }
            MoveKind::EnPassant => {
                let victim = Square::new(to.file(), from.rank());
                occupied = (occupied ^ victim.bitboard()) | to.bitboard();
                (PieceKind::Pawn, to)
            }
            MoveKind::Promotion(p) => {
                occupied |= to.bitboard();
                (p, to)
            }
            MoveKind::Normal => {
                occupied |= to.bitboard();
                (moving, to)
            }
        };
        let direct = match landing_kind {
            PieceKind::Pawn => attacks::pawn(us, landing),
            PieceKind::Knight => attacks::knight(landing),
            PieceKind::Bishop => attacks::bishop(landing, occupied),
            PieceKind::Rook => attacks::rook(landing, occupied),
            PieceKind::Queen => attacks::queen(landing, occupied),
            PieceKind::King => crate::BitBoard::EMPTY,
        };
        if direct.has(their_king) {
            return true;
        }
        // Discovered checks: our sliders that stayed where they were (the
        // pieces that moved were counted at their landing squares above).
        let moved = match mv.kind() {
            MoveKind::Castle => from.bitboard() | to.bitboard(),
            _ => from.bitboard(),
        };
        let stayed = self.colors(us) & !moved;
        let queens = self.pieces(PieceKind::Queen);
        let straight = (self.pieces(PieceKind::Rook) | queens) & stayed;
        let diagonal = (self.pieces(PieceKind::Bishop) | queens) & stayed;
        attacks::rook(their_king, occupied).intersects(straight)
            || attacks::bishop(their_king, occupied).intersects(diagonal)
    }
}
