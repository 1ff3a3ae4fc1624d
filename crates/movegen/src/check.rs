//! `gives_check`: whether a move checks the enemy king, without making it;
//! and [`CheckSquares`], which answers the same for many moves of one
//! position at a lookup each.

use crate::attacks;
use crate::bitboard::BitBoard;
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
    /// use matewise_movegen::Board;
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
        // A slider can only check along a line through the king, so the
        // empty-board rays rule most moves out before any slider lookup.
        let straight_rays = attacks::rook_rays(their_king);
        let diagonal_rays = attacks::bishop_rays(their_king);
        let direct = match landing_kind {
            PieceKind::Pawn => attacks::pawn(us, landing).has(their_king),
            PieceKind::Knight => attacks::knight(landing).has(their_king),
            PieceKind::Bishop => {
                diagonal_rays.has(landing) && attacks::bishop(landing, occupied).has(their_king)
            }
            PieceKind::Rook => {
                straight_rays.has(landing) && attacks::rook(landing, occupied).has(their_king)
            }
            PieceKind::Queen => {
                (straight_rays | diagonal_rays).has(landing)
                    && attacks::queen(landing, occupied).has(their_king)
            }
            PieceKind::King => false,
        };
        if direct {
            return true;
        }
        // Discovered checks: our sliders that stayed where they were (the
        // pieces that moved were counted at their landing squares above).
        // Only a square that emptied can uncover one: the from-square, and
        // also the victim's square en passant and the king's and rook's
        // squares in castling.
        let moved = match mv.kind() {
            MoveKind::Castle => from.bitboard() | to.bitboard(),
            MoveKind::EnPassant => from.bitboard(),
            _ => {
                if !(straight_rays | diagonal_rays).has(from) {
                    return false;
                }
                from.bitboard()
            }
        };
        let stayed = self.colors(us) & !moved;
        let queens = self.pieces(PieceKind::Queen);
        let straight = (self.pieces(PieceKind::Rook) | queens) & stayed;
        let diagonal = (self.pieces(PieceKind::Bishop) | queens) & stayed;
        attacks::rook(their_king, occupied).intersects(straight)
            || attacks::bishop(their_king, occupied).intersects(diagonal)
    }
}

/// Where each kind of piece of the side to move would check the enemy king,
/// and which of its pieces uncover a check by moving: worked out once, so
/// that a search asking of every move whether it checks pays a lookup each.
///
/// ```
/// use matewise_movegen::Board;
/// let board = Board::from_fen("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1").unwrap();
/// let checks = board.check_squares();
/// let mut moves = matewise_movegen::MoveList::new();
/// board.generate_moves(&mut moves);
/// for &mv in &moves {
///     assert_eq!(board.gives_check_with(&checks, mv), board.gives_check(mv));
/// }
/// // The knight uncovers the rook's check on e8 by going anywhere.
/// assert!(board.gives_check_with(&checks, board.parse_uci_move("e2c3").unwrap()));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct CheckSquares {
    /// By [`PieceKind`]: the squares from which that piece checks.
    direct: [BitBoard; 6],
    /// Pieces of the side to move that alone stand between one of its
    /// sliders and the enemy king.
    discoverers: BitBoard,
    their_king: Square,
}

impl Board {
    /// The [`CheckSquares`] of this position, for [`Board::gives_check_with`].
    pub fn check_squares(&self) -> CheckSquares {
        let us = self.side_to_move();
        let their_king = self.king(!us);
        let occupied = self.occupied();
        let diagonal = attacks::bishop(their_king, occupied);
        let straight = attacks::rook(their_king, occupied);
        let direct = [
            attacks::pawn(!us, their_king),
            attacks::knight(their_king),
            diagonal,
            straight,
            diagonal | straight,
            BitBoard::EMPTY,
        ];
        let own = self.colors(us);
        let queens = self.pieces(PieceKind::Queen);
        let snipers = (attacks::bishop_rays(their_king)
            & (self.pieces(PieceKind::Bishop) | queens)
            | attacks::rook_rays(their_king) & (self.pieces(PieceKind::Rook) | queens))
            & own;
        let mut discoverers = BitBoard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(sniper, their_king) & occupied;
            if !blockers.has_more_than_one() && blockers.is_subset(own) {
                discoverers |= blockers;
            }
        }
        CheckSquares {
            direct,
            discoverers,
            their_king,
        }
    }

    /// [`Board::gives_check`], answered from `checks` (which must be this
    /// position's) for ordinary moves; castling, en passant and promotions
    /// empty or fill squares the table does not see and take the full test.
    #[inline]
    pub fn gives_check_with(&self, checks: &CheckSquares, mv: Move) -> bool {
        if mv.kind() != MoveKind::Normal {
            return self.gives_check(mv);
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.kind_on(from) else {
            return false;
        };
        // The from-square emptying cannot open a direct line from `to`: the
        // piece would have been checking along it already.
        checks.direct[moving.index()].has(to)
            || (checks.discoverers.has(from) && !attacks::line(checks.their_king, from).has(to))
    }
}
