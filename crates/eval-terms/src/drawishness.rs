//! Pair-o-Max's drawishness rules (the `mating-heuristics` crate) applied
//! to a board: material counted per side, kind and square shade.

use mating_heuristics::{KindId, Material, PieceSet, Rule, Shade, Side, orthodox};
use movegen::{Board, Color, PieceKind};

/// The orthodox pieces with their Pair-o-Max marks.
pub(crate) static PIECES: PieceSet = PieceSet::orthodox();

pub(crate) fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The orthodox kinds as the rules name them, pawn first.
const KINDS: [(PieceKind, KindId); 5] = [
    (PieceKind::Pawn, orthodox::PAWN),
    (PieceKind::Knight, orthodox::KNIGHT),
    (PieceKind::Bishop, orthodox::BISHOP),
    (PieceKind::Rook, orthodox::ROOK),
    (PieceKind::Queen, orthodox::QUEEN),
];

fn add(material: &mut Material, board: &Board, color: Color, kinds: &[(PieceKind, KindId)]) {
    for &(kind, id) in kinds {
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

/// The board's material as the rules see it (kings left out).
pub(crate) fn material(board: &Board) -> Material {
    let mut material = Material::new();
    for color in Color::ALL {
        add(&mut material, board, color, &KINDS);
    }
    material
}

/// Whether `color`'s pieces alone, pawns left aside, can force mate on a
/// bare king: Pair-o-Max finds no shortfall in them.
pub(crate) fn pieces_can_mate(board: &Board, color: Color) -> bool {
    let mut pieces = Material::new();
    add(&mut pieces, board, color, &KINDS[1..]);
    PIECES.drawishness(&pieces, side(color)).rule() == Rule::BareDefender
}

/// White's pair bonuses minus Black's, in centipawns.
pub(crate) fn pair_bonus(material: &Material) -> i32 {
    PIECES.pair_bonus(material, Side::White) - PIECES.pair_bonus(material, Side::Black)
}
