//! Material, graded as the Compendium grades it: pieces by how many pawns
//! are left on the board (closed to open), pawns by how much piece strength
//! is left, and the bishop pair.

use crate::trace::{Terms, Tracer};
use crate::weights as w;
use movegen::{Board, Color, PieceKind};

/// The Compendium's position type by pawns on the board: 0 closed (13-16),
/// 1 semi-closed (9-12), 2 semi-open (5-8), 3 open (0-4).
pub(crate) fn openness(board: &Board) -> usize {
    match board.pieces(PieceKind::Pawn).len() {
        13.. => 0,
        9..=12 => 1,
        5..=8 => 2,
        _ => 3,
    }
}

/// The Compendium's stage by overall piece strength: 0 (60-45) to 3 (15-0).
/// `halves` is both sides' piece strength ([`crate::total_strength_halves`]).
pub(crate) fn stage(halves: u32) -> usize {
    match halves {
        90.. => 0,
        60..=89 => 1,
        30..=59 => 2,
        _ => 3,
    }
}

/// `strength` is both sides' piece strength in half-points.
pub(crate) fn evaluate<T: Tracer>(board: &Board, strength: u32, terms: &mut Terms<'_, T>) {
    let open = openness(board);
    let stage = stage(strength);
    for color in Color::ALL {
        let count = |kind| board.colored_pieces(kind, color).len() as i32;
        terms.add(w::PAWN_VALUE, stage, color, count(PieceKind::Pawn));
        terms.add(w::KNIGHT_VALUE, open, color, count(PieceKind::Knight));
        terms.add(w::BISHOP_VALUE, open, color, count(PieceKind::Bishop));
        terms.add(w::ROOK_VALUE, open, color, count(PieceKind::Rook));
        terms.add(w::QUEEN_VALUE, open, color, count(PieceKind::Queen));
        let bishops = board.colored_pieces(PieceKind::Bishop, color).0;
        if bishops & movegen::BitBoard::LIGHT_SQUARES.0 != 0
            && bishops & movegen::BitBoard::DARK_SQUARES.0 != 0
        {
            terms.one(w::BISHOP_PAIR, color);
        }
    }
}
