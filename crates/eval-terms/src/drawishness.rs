//! Pair-o-Max's drawishness rules (the `mating-heuristics` crate) applied
//! to a board: material counted per side, kind and square shade.

use mating_heuristics::{Material, PieceSet, Shade, Side, orthodox};
use movegen::{Board, Color, PieceKind};

/// The orthodox pieces with their Pair-o-Max marks.
pub(crate) static PIECES: PieceSet = PieceSet::orthodox();

pub(crate) fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The board's material as the rules see it (kings left out).
pub(crate) fn material(board: &Board) -> Material {
    let mut material = Material::new();
    let kinds = [
        (PieceKind::Pawn, orthodox::PAWN),
        (PieceKind::Knight, orthodox::KNIGHT),
        (PieceKind::Bishop, orthodox::BISHOP),
        (PieceKind::Rook, orthodox::ROOK),
        (PieceKind::Queen, orthodox::QUEEN),
    ];
    for color in Color::ALL {
        for (kind, id) in kinds {
            for square in board.colored_pieces(kind, color) {
                let shade = if square.is_light() {
                    Shade::Light
                } else {
                    Shade::Dark
                };
                material.add(side(color), id, shade);
            }
        }
    }
    material
}

/// White's pair bonuses minus Black's, in centipawns.
pub(crate) fn pair_bonus(material: &Material) -> i32 {
    PIECES.pair_bonus(material, Side::White) - PIECES.pair_bonus(material, Side::Black)
}
