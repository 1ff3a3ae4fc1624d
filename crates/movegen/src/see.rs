//! Static exchange evaluation: does a capture sequence on one square win at
//! least a threshold, with both sides always recapturing with their least
//! valuable attacker and free to stop?

use crate::attacks;
use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::types::{PieceKind, Square};

/// Piece values used by SEE, in centipawns (king: effectively infinite).
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

#[inline]
fn value(kind: PieceKind) -> i32 {
    SEE_VALUES[kind as usize]
}

impl Board {
    /// True if playing `mv` and the best exchange that follows on its
    /// destination gains at least `threshold` centipawns for the mover.
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// // The e5 pawn is defended by the d6 pawn: Rxe5 loses the exchange.
    /// let board = Board::from_fen("1k1r4/1pp4p/p2p4/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1").unwrap();
    /// let rxe5 = board.parse_uci_move("e1e5").unwrap();
    /// assert!(!board.see_ge(rxe5, 0));
    /// assert!(board.see_ge(rxe5, -400));
    /// ```
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.kind_on(from) else {
            return false;
        };
        let (captured_value, mut occupied) = match mv.kind() {
            MoveKind::Castle => return 0 >= threshold,
            MoveKind::EnPassant => {
                let victim = Square::new(to.file(), from.rank());
                (value(PieceKind::Pawn), self.occupied() ^ victim.bitboard())
            }
            _ => (self.kind_on(to).map_or(0, value), self.occupied()),
        };
        let (gain, on_square) = match mv.promotion() {
            Some(p) => (captured_value + value(p) - value(PieceKind::Pawn), value(p)),
            None => (captured_value, value(moving)),
        };
        let mut swap = gain - threshold;
        if swap < 0 {
            return false;
        }
        swap = on_square - swap;
        if swap <= 0 {
            return true;
        }
        occupied ^= from.bitboard() | to.bitboard();
        let us = self.side_to_move();
        // The cheapest recapture, by a pawn, is found with one lookup: when
        // even it takes back more than the mover may lose, the exchange
        // fails before any slider is looked up (the loop below would stop
        // at the same first step).
        let their_pawns = attacks::pawn(us, to) & self.colored_pieces(PieceKind::Pawn, !us);
        if !their_pawns.is_empty() && value(PieceKind::Pawn) < swap {
            return false;
        }
        let queens = self.pieces(PieceKind::Queen);
        let diagonal = self.pieces(PieceKind::Bishop) | queens;
        let straight = self.pieces(PieceKind::Rook) | queens;
        // The pieces on `to`'s empty-board lines are all the sliders that
        // may ever take part; without one, no magic lookup is needed.
        let mut attackers = (attacks::knight(to) & self.pieces(PieceKind::Knight))
            | (attacks::king(to) & self.pieces(PieceKind::King))
            | their_pawns
            | (attacks::pawn(!us, to) & self.colored_pieces(PieceKind::Pawn, us));
        if attacks::rook_rays(to).intersects(straight) {
            attackers |= attacks::rook(to, occupied) & straight;
        }
        if attacks::bishop_rays(to).intersects(diagonal) {
            attackers |= attacks::bishop(to, occupied) & diagonal;
        }
        attackers &= occupied;
        let mut side = us;
        let mut result = true;
        loop {
            side = !side;
            attackers &= occupied;
            let ours = attackers & self.colors(side);
            if ours.is_empty() {
                break;
            }
            result = !result;
            let Some((kind, square)) = PieceKind::ALL
                .iter()
                .find_map(|&k| (ours & self.pieces(k)).first().map(|sq| (k, sq)))
            else {
                break;
            };
            if kind == PieceKind::King {
                // The king may only take last: if the other side still attacks, it cannot.
                if (attackers & self.colors(!side)).is_empty() {
                    break;
                }
                return !result;
            }
            swap = value(kind) - swap;
            if swap < result as i32 {
                break;
            }
            occupied ^= square.bitboard();
            if matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Queen) {
                attackers |= attacks::bishop(to, occupied) & diagonal;
            }
            if matches!(kind, PieceKind::Rook | PieceKind::Queen) {
                attackers |= attacks::rook(to, occupied) & straight;
            }
        }
        result
    }
}
