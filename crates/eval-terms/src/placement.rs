//! Where pieces stand: the Compendium's holistic positioning (rank, ring,
//! file), the king's placement, control and occupation of the focal and
//! wider centre, and space gained by pawns and minors.

use crate::bits::{self, FOCAL_CENTRE, WIDER_CENTRE, relative_rank, squares};
use crate::info::Info;
use crate::params::Weights;
use crate::score::S;
use crate::trace::{NoTrace, Terms, Tracer};
use crate::weights as w;
use movegen::{Board, Color, PieceKind, Square};

fn file_edge_distance(square: Square) -> usize {
    let f = square.file() as usize;
    f.min(7 - f)
}

/// The entry of `PAWN_SQUARE`: a pawn is never on its first or last rank,
/// so the table starts at the second.
fn pawn_square(square: Square, color: Color) -> usize {
    folded_square(square, color) - 4
}

/// The entry of a per-square residual (`KNIGHT_SQUARE` and the like):
/// relative rank times four plus the file folded to a-d, so that the
/// table is the same for both colours and both wings.
fn folded_square(square: Square, color: Color) -> usize {
    relative_rank(square, color) * 4 + file_edge_distance(square)
}

pub(crate) fn evaluate<T: Tracer>(board: &Board, terms: &mut Terms<'_, T>) {
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            for square in board.colored_pieces(kind, color) {
                add_piece(color, kind, square, terms);
            }
        }
    }
}

/// The pawns' placement terms (occupying the centre), counted set-wise: they
/// depend on the pawns alone, so the pawn table keeps them with the
/// structure and [`PlacementTable`] leaves pawns out.
pub(crate) fn pawn_occupation<T: Tracer>(board: &Board, terms: &mut Terms<'_, T>) {
    let slot = PieceKind::Pawn as usize;
    for color in Color::ALL {
        let pawns = board.colored_pieces(PieceKind::Pawn, color).0;
        let focal = (pawns & FOCAL_CENTRE).count_ones() as i32;
        terms.add(w::FOCAL_OCCUPATION, slot, color, focal);
        let wider = (pawns & WIDER_CENTRE).count_ones() as i32;
        terms.add(w::WIDER_OCCUPATION, slot, color, wider);
        for square in squares(pawns) {
            terms.add(w::PAWN_SQUARE, pawn_square(square, color), color, 1);
        }
    }
}

/// Every placement term of one piece: each depends on the piece, its
/// colour and its square alone, which is what lets [`PlacementTable`] sum them.
#[inline(always)]
fn add_piece<T: Tracer>(color: Color, kind: PieceKind, square: Square, terms: &mut Terms<'_, T>) {
    let rank = relative_rank(square, color);
    match kind {
        PieceKind::Pawn => {}
        PieceKind::King => {
            if rank == 0 {
                terms.add(w::KING_FILE, square.file() as usize, color, 1);
            }
            terms.add(w::KING_RANK, rank, color, 1);
        }
        _ => {
            terms.add(w::PIECE_RANK, rank, color, 1);
            terms.add(w::PIECE_RING, bits::ring(square), color, 1);
            terms.add(w::PIECE_FILE, file_edge_distance(square), color, 1);
        }
    }
    let (residual, entry) = match kind {
        PieceKind::Pawn => (w::PAWN_SQUARE, pawn_square(square, color)),
        PieceKind::Knight => (w::KNIGHT_SQUARE, folded_square(square, color)),
        PieceKind::Bishop => (w::BISHOP_SQUARE, folded_square(square, color)),
        PieceKind::Rook => (w::ROOK_SQUARE, folded_square(square, color)),
        PieceKind::Queen => (w::QUEEN_SQUARE, folded_square(square, color)),
        PieceKind::King => (w::KING_SQUARE, folded_square(square, color)),
    };
    terms.add(residual, entry, color, 1);
    let bit = square.bitboard().0;
    if bit & FOCAL_CENTRE != 0 {
        terms.add(w::FOCAL_OCCUPATION, kind as usize, color, 1);
    }
    if bit & WIDER_CENTRE != 0 {
        terms.add(w::WIDER_OCCUPATION, kind as usize, color, 1);
    }
}

/// The placement terms summed per colour, piece and square for one set of
/// weights, so that an untraced evaluation adds one number per piece
/// instead of working out each term.
#[derive(Clone)]
pub(crate) struct PlacementTable {
    /// The weights the table was built from (their address, as the pawn table keys them).
    weights_id: Option<usize>,
    values: [[[S; 64]; 6]; 2],
}

impl Default for PlacementTable {
    fn default() -> Self {
        PlacementTable {
            weights_id: None,
            values: [[[S::ZERO; 64]; 6]; 2],
        }
    }
}

impl PlacementTable {
    /// Makes the sums those of `weights`, rebuilding them if they were
    /// built for other weights.
    #[inline]
    pub(crate) fn prepare(&mut self, weights: &Weights) {
        let id = weights.cache_id();
        if self.weights_id != Some(id) {
            self.build(weights);
            self.weights_id = Some(id);
        }
    }

    /// The placement terms of a `kind` of `color` on `square`, summed with
    /// the weights of the last [`prepare`](Self::prepare). The piece loop
    /// adds them as it meets each piece; pawns' are in the pawn table
    /// ([`pawn_occupation`]).
    #[inline(always)]
    pub(crate) fn value(&self, color: Color, kind: PieceKind, square: Square) -> S {
        self.values[color.index()][kind as usize][square as usize]
    }

    fn build(&mut self, weights: &Weights) {
        for color in Color::ALL {
            // Pawns' placement comes from the pawn table, and a pawn square
            // on the first or last rank has no entry.
            for kind in PieceKind::ALL.into_iter().filter(|&k| k != PieceKind::Pawn) {
                for square in Square::ALL {
                    let mut tracer = NoTrace;
                    let mut terms = Terms::new(weights, &mut tracer);
                    add_piece(color, kind, square, &mut terms);
                    self.values[color.index()][kind as usize][square as usize] =
                        terms.score[color.index()];
                }
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
            terms.add(w::FOCAL_CONTROL, kind as usize, color, focal);
            terms.add(w::WIDER_CONTROL, kind as usize, color, wider);
        }
    }
}

/// Minors gaining space on the 5th and 6th ranks, and the eternal knight.
pub(crate) fn space<T: Tracer>(board: &Board, info: &Info, terms: &mut Terms<'_, T>) {
    // One call per colour, so that each is compiled for its own colour.
    side_space::<true, T>(board, info, terms);
    side_space::<false, T>(board, info, terms);
}

/// White's (`WHITE`) or Black's space terms.
#[inline(always)]
fn side_space<const WHITE: bool, T: Tracer>(board: &Board, info: &Info, terms: &mut Terms<'_, T>) {
    let color = if WHITE { Color::White } else { Color::Black };
    let them = !color;
    let enemy_pawn_reach =
        bits::front_fill(info.pawn_attacks[them.index()], them) | info.pawn_attacks[them.index()];
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
