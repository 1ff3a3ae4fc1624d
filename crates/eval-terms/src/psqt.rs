//! Material and piece-square tables: the first evaluation. Each table is
//! built from a few readable rules (centralisation, advancement, shelter)
//! rather than 384 hand-typed numbers, and indexed from White's side
//! (`square` for White, `square.flip_rank()` for Black).

use crate::score::S;
use movegen::{Board, Color, PieceKind, Square};

/// Material values, middlegame and endgame.
pub(crate) const MATERIAL: [S; 6] = [
    S::new(90, 110),
    S::new(320, 300),
    S::new(330, 320),
    S::new(480, 530),
    S::new(950, 970),
    S::new(0, 0),
];

/// Distance from the centre, 0 (d4, e4, d5, e5) to 3 (corners), by file or rank.
const fn edge_distance(i: usize) -> i32 {
    if i < 4 { 3 - i as i32 } else { i as i32 - 4 }
}

const fn centralisation(sq: usize) -> i32 {
    // 0 in the centre, 6 in a corner.
    edge_distance(sq & 7) + edge_distance(sq >> 3)
}

const fn table_for(kind: usize) -> [S; 64] {
    let mut table = [S::ZERO; 64];
    let mut sq = 0;
    while sq < 64 {
        let rank = (sq >> 3) as i32;
        let file = (sq & 7) as i32;
        let centre = centralisation(sq);
        table[sq] = match kind {
            // Pawns: advance, especially in the centre; more so in the endgame.
            0 => {
                let central_file = if file == 3 || file == 4 { 8 } else { 0 };
                S::new(
                    (rank - 1) * 4 + if rank >= 3 { central_file } else { 0 },
                    (rank - 1) * (rank - 1) * 3,
                )
            }
            // Knights love the centre and hate the rim.
            1 => S::new(20 - 8 * centre, 15 - 6 * centre),
            // Bishops: the centre and long diagonals, less sharply.
            2 => S::new(12 - 4 * centre, 10 - 4 * centre),
            // Rooks: the seventh rank, and central files slightly.
            3 => S::new(
                if rank == 6 { 20 } else { 0 } + if file == 3 || file == 4 { 5 } else { 0 },
                if rank == 6 { 15 } else { 0 },
            ),
            // Queens: a little centralisation.
            4 => S::new(6 - 2 * centre, 12 - 4 * centre),
            // King: stay home and castled in the middlegame, centralise in the endgame.
            _ => {
                let home = if rank == 0 { 20 } else { -15 * rank };
                let wing = if file <= 2 || file >= 6 { 15 } else { 0 };
                S::new(home + wing, 30 - 10 * centre)
            }
        };
        sq += 1;
    }
    table
}

pub(crate) static TABLES: [[S; 64]; 6] = [
    table_for(0),
    table_for(1),
    table_for(2),
    table_for(3),
    table_for(4),
    table_for(5),
];

/// The value of a piece on a square from its owner's side: material plus table.
#[inline]
pub(crate) fn piece_value(kind: PieceKind, color: Color, square: Square) -> S {
    MATERIAL[kind as usize] + TABLES[kind as usize][square.relative_to(color) as usize]
}

/// Material and tables from White's side.
pub(crate) fn score(board: &Board) -> S {
    let mut total = S::ZERO;
    for kind in PieceKind::ALL {
        for sq in board.colored_pieces(kind, Color::White) {
            total += piece_value(kind, Color::White, sq);
        }
        for sq in board.colored_pieces(kind, Color::Black) {
            total -= piece_value(kind, Color::Black, sq);
        }
    }
    total
}

/// Material and tables of one side, split (for the `eval` table).
pub(crate) fn split(board: &Board, color: Color) -> (S, S) {
    let (mut material, mut placement) = (S::ZERO, S::ZERO);
    for kind in PieceKind::ALL {
        for sq in board.colored_pieces(kind, color) {
            material += MATERIAL[kind as usize];
            placement += TABLES[kind as usize][sq.relative_to(color) as usize];
        }
    }
    (material, placement)
}
