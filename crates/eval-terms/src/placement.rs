//! Where pieces stand: the Compendium's holistic positioning (rank, ring,
//! file), the king's placement, control and occupation of the focal and
//! wider centre, and space gained by pawns and minors.

use crate::bits::{self, FOCAL_CENTRE, WIDER_CENTRE, relative_rank, squares};
use crate::info::Info;
use crate::trace::{Terms, Tracer};
use crate::weights as w;
use movegen::{Board, Color, PieceKind, Square};

const PIECES: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

fn file_edge_distance(square: Square) -> usize {
    let f = square.file() as usize;
    f.min(7 - f)
}

pub(crate) fn evaluate<T: Tracer>(board: &Board, terms: &mut Terms<'_, T>) {
    for color in Color::ALL {
        for kind in PIECES {
            for square in board.colored_pieces(kind, color) {
                terms.add(w::PIECE_RANK, relative_rank(square, color), color, 1);
                terms.add(w::PIECE_RING, bits::ring(square), color, 1);
                terms.add(w::PIECE_FILE, file_edge_distance(square), color, 1);
            }
        }
        let king = board.king(color);
        let rank = relative_rank(king, color);
        if rank == 0 {
            terms.add(w::KING_FILE, king.file() as usize, color, 1);
        }
        terms.add(w::KING_RANK, rank, color, 1);
        for kind in PieceKind::ALL {
            let on = board.colored_pieces(kind, color).0;
            let focal = (on & FOCAL_CENTRE).count_ones() as i32;
            let wider = (on & WIDER_CENTRE).count_ones() as i32;
            if focal != 0 {
                terms.add(w::FOCAL_OCCUPATION, kind as usize, color, focal);
            }
            if wider != 0 {
                terms.add(w::WIDER_OCCUPATION, kind as usize, color, wider);
            }
        }
    }
}

/// Control of the focal and wider centre, per attacker kind (after the piece loop).
pub(crate) fn centre_control<T: Tracer>(info: &Info, terms: &mut Terms<'_, T>) {
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let attacks = info.attacked_by[color.index()][kind as usize];
            let focal = (attacks & FOCAL_CENTRE).count_ones() as i32;
            let wider = (attacks & WIDER_CENTRE).count_ones() as i32;
            if focal != 0 {
                terms.add(w::FOCAL_CONTROL, kind as usize, color, focal);
            }
            if wider != 0 {
                terms.add(w::WIDER_CONTROL, kind as usize, color, wider);
            }
        }
    }
}

/// Minors gaining space on the 5th and 6th ranks, and the eternal knight.
pub(crate) fn space<T: Tracer>(board: &Board, info: &Info, terms: &mut Terms<'_, T>) {
    for color in Color::ALL {
        let them = !color;
        let enemy_pawn_reach = bits::front_fill(info.pawn_attacks[them.index()], them)
            | info.pawn_attacks[them.index()];
        let minors = board.colored_pieces(PieceKind::Knight, color).0
            | board.colored_pieces(PieceKind::Bishop, color).0;
        for square in squares(minors & !info.pawn_attacks[them.index()]) {
            let rank = relative_rank(square, color);
            if rank == 4 || rank == 5 {
                terms.add(w::SPACE_MINOR, rank, color, 1);
            }
        }
        let central = match color {
            Color::White => Square::D5.bitboard().0 | Square::E5.bitboard().0,
            Color::Black => Square::D4.bitboard().0 | Square::E4.bitboard().0,
        };
        let knights = board.colored_pieces(PieceKind::Knight, color).0;
        for square in squares(knights & central & !enemy_pawn_reach) {
            let shade = if square.is_light() {
                movegen::BitBoard::LIGHT_SQUARES.0
            } else {
                movegen::BitBoard::DARK_SQUARES.0
            };
            let enemy_knights = board.colored_pieces(PieceKind::Knight, them).0;
            let enemy_bishops = board.colored_pieces(PieceKind::Bishop, them).0 & shade;
            if enemy_knights == 0 && enemy_bishops == 0 {
                terms.one(w::ETERNAL_KNIGHT, color);
            }
        }
    }
}
