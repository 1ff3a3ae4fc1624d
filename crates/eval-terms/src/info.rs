//! What several terms need to know about a position, computed once per
//! evaluation: pawn sets, attacks per colour and piece kind, squares
//! attacked twice, king zones and pins. Piece attacks are filled in by the
//! piece loop in `pieces.rs`, so terms that run after it see all of them.

use crate::bits::{self, pawn_attacks};
use movegen::{Board, Color, PieceKind, Square, attacks};

/// Attack and structure facts, indexed by colour.
pub(crate) struct Info {
    pub(crate) occupied: u64,
    pub(crate) pawns: [u64; 2],
    pub(crate) pawn_attacks: [u64; 2],
    /// Squares attacked by two pawns.
    pub(crate) pawn_attacks_twice: [u64; 2],
    /// Squares a piece of this kind attacks (index by `PieceKind`).
    pub(crate) attacked_by: [[u64; 6]; 2],
    /// Squares attacked by anything.
    pub(crate) attacked: [u64; 2],
    /// Squares attacked at least twice.
    pub(crate) attacked_twice: [u64; 2],
    /// The king, its neighbours and the squares before the shelter: the
    /// Compendium's shelter zone.
    pub(crate) king_zone: [u64; 2],
    pub(crate) king: [Square; 2],
    /// Squares a piece of this colour may count for mobility: not attacked
    /// by enemy pawns, not holding an own king or an own blocked or
    /// unadvanced pawn.
    pub(crate) mobility_area: [u64; 2],
    /// Own pieces pinned to their king.
    pub(crate) pinned: [u64; 2],
    /// Pieces of this colour attacking the enemy king zone (filled by the
    /// piece loop, read by king safety).
    pub(crate) king_attackers: [i32; 2],
    /// Those pieces' king-danger units, by kind (see `king.rs`).
    pub(crate) king_attacker_units: [i32; 2],
    /// Squares next to the enemy king attacked, per attacking kind (N, B, R, Q).
    pub(crate) king_attack_near: [[i32; 4]; 2],
    /// Further shelter-zone squares attacked, per attacking kind.
    pub(crate) king_attack_far: [[i32; 4]; 2],
    /// Per colour, the sum over its pieces of (enemy pieces attacked - 1) where at least two are.
    pub(crate) piece_forks: [i32; 2],
}

impl Info {
    pub(crate) fn new(board: &Board) -> Info {
        let occupied = board.occupied().0;
        let pawns = Color::ALL.map(|c| board.colored_pieces(PieceKind::Pawn, c).0);
        let king = Color::ALL.map(|c| board.king(c));
        let mut info = Info {
            occupied,
            pawns,
            pawn_attacks: [0; 2],
            pawn_attacks_twice: [0; 2],
            attacked_by: [[0; 6]; 2],
            attacked: [0; 2],
            attacked_twice: [0; 2],
            king_zone: [0; 2],
            king,
            mobility_area: [0; 2],
            pinned: [0; 2],
            king_attackers: [0; 2],
            king_attacker_units: [0; 2],
            king_attack_near: [[0; 4]; 2],
            king_attack_far: [[0; 4]; 2],
            piece_forks: [0; 2],
        };
        for color in Color::ALL {
            let c = color.index();
            let p = pawns[c];
            let east = bits::forward(p, color) << 1 & !bits::FILE_A;
            let west = bits::forward(p, color) >> 1 & !bits::FILE_H;
            info.pawn_attacks[c] = pawn_attacks(p, color);
            info.pawn_attacks_twice[c] = east & west;
            let king_attacks = attacks::king(king[c]).0;
            info.attacked_by[c][PieceKind::Pawn as usize] = info.pawn_attacks[c];
            info.attacked_by[c][PieceKind::King as usize] = king_attacks;
            info.attacked_twice[c] =
                info.pawn_attacks_twice[c] | (king_attacks & info.pawn_attacks[c]);
            info.attacked[c] = king_attacks | info.pawn_attacks[c];
            let around = king_attacks | king[c].bitboard().0;
            info.king_zone[c] = around | bits::forward(around, color);
            info.pinned[c] = pinned(board, color);
        }
        for color in Color::ALL {
            let c = color.index();
            let low_ranks = match color {
                Color::White => 0xFFFF,
                Color::Black => 0xFFFF_0000_0000_0000,
            };
            let stuck = pawns[c] & (bits::forward(occupied, !color) | low_ranks);
            info.mobility_area[c] = !(info.pawn_attacks[1 - c] | stuck | king[c].bitboard().0);
        }
        info
    }
}

/// `color`'s pieces standing between its king and an enemy slider.
fn pinned(board: &Board, color: Color) -> u64 {
    let king = board.king(color);
    let enemy = !color;
    let occupied = board.occupied().0;
    let queens = board.colored_pieces(PieceKind::Queen, enemy).0;
    let rook_like =
        (board.colored_pieces(PieceKind::Rook, enemy).0 | queens) & attacks::rook_rays(king).0;
    let bishop_like =
        (board.colored_pieces(PieceKind::Bishop, enemy).0 | queens) & attacks::bishop_rays(king).0;
    let own = board.colors(color).0;
    let mut pinned = 0;
    for slider in bits::squares(rook_like | bishop_like) {
        let between = attacks::between(king, slider).0 & occupied;
        if between.count_ones() == 1 && between & own != 0 {
            pinned |= between;
        }
    }
    pinned
}
