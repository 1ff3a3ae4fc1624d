//! Threats and coordination: objects attacked and defended (valued at 1/10
//! and 1/20 of their worth), undefended pieces, attacks by less valuable
//! pieces, hanging pieces, pins against king and queen, x-rays, double
//! attacks, and pawn mobility.

use crate::bits::{self, squares};
use crate::info::Info;
use crate::trace::{Terms, Tracer};
use crate::weights as w;
use movegen::{BitBoard, Board, Color, PieceKind, Square, attacks};

const OBJECTS: [PieceKind; 5] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// Squares attacked by pieces worth less than `kind` (pawns < minors < rooks < queen).
fn attacked_by_lesser(info: &Info, color: Color, kind: PieceKind) -> u64 {
    let by = &info.attacked_by[color.index()];
    match kind {
        PieceKind::Pawn => 0,
        PieceKind::Knight | PieceKind::Bishop => by[PieceKind::Pawn as usize],
        PieceKind::Rook => {
            by[PieceKind::Pawn as usize]
                | by[PieceKind::Knight as usize]
                | by[PieceKind::Bishop as usize]
        }
        _ => {
            by[PieceKind::Pawn as usize]
                | by[PieceKind::Knight as usize]
                | by[PieceKind::Bishop as usize]
                | by[PieceKind::Rook as usize]
        }
    }
}

pub(crate) fn evaluate<T: Tracer>(board: &Board, info: &Info, terms: &mut Terms<'_, T>) {
    // One call per colour, so that each is compiled for its own colour.
    side_threats::<true, T>(board, info, terms);
    side_threats::<false, T>(board, info, terms);
}

/// The threats of White (`WHITE`) or Black.
#[inline(always)]
fn side_threats<const WHITE: bool, T: Tracer>(
    board: &Board,
    info: &Info,
    terms: &mut Terms<'_, T>,
) {
    let color = if WHITE { Color::White } else { Color::Black };
    let occupied = board.occupied();
    let c = color.index();
    let them = !color;
    // One call per kind, so that each is compiled for its own kind.
    object_terms::<0, T>(board, info, color, terms);
    object_terms::<1, T>(board, info, color, terms);
    object_terms::<2, T>(board, info, color, terms);
    object_terms::<3, T>(board, info, color, terms);
    object_terms::<4, T>(board, info, color, terms);
    loose_pieces(board, info, color, terms);

    // Pawn moves: single and double pushes to empty squares, and each capture.
    let pawns = info.pawns[c];
    let empty = !occupied.0;
    let single = bits::forward(pawns, color) & empty;
    let third_rank = match color {
        Color::White => 0xFF_0000,
        Color::Black => 0xFF00_0000_0000,
    };
    let double = bits::forward(single & third_rank, color) & empty;
    let ahead = bits::forward(pawns, color);
    let enemies = board.colors(them).0 & !board.king(them).bitboard().0;
    let captures = (((ahead << 1) & !bits::FILE_A) & enemies).count_ones()
        + (((ahead >> 1) & !bits::FILE_H) & enemies).count_ones();
    let moves = single.count_ones() + double.count_ones() + captures;
    terms.add(w::PAWN_MOBILITY, 0, color, moves as i32);

    lines(board, color, occupied, terms);
    double_attacks(board, info, color, terms);
}

/// `color`'s threats against, and defence of, the pieces of kind `OBJECTS[SLOT]`.
#[inline(always)]
fn object_terms<const SLOT: usize, T: Tracer>(
    board: &Board,
    info: &Info,
    color: Color,
    terms: &mut Terms<'_, T>,
) {
    let kind = OBJECTS[SLOT];
    let c = color.index();
    let them = !color;
    let ours = info.attacked[c];
    let enemy = board.colored_pieces(kind, them).0;
    let own = board.colored_pieces(kind, color).0;
    let attacked = (enemy & ours).count_ones() as i32;
    terms.add(w::ATTACKED_OBJECT, SLOT, color, attacked);
    let defended = (own & ours).count_ones() as i32;
    terms.add(w::DEFENDED_OBJECT, SLOT, color, defended);
    if kind != PieceKind::Pawn {
        let by_lesser = (enemy & attacked_by_lesser(info, color, kind)).count_ones() as i32;
        terms.add(w::ATTACKED_BY_LESSER, SLOT, color, by_lesser);
    }
}

/// Undefended and hanging pieces, one weight for every kind, so counted
/// over all pieces at once.
#[inline(always)]
fn loose_pieces<T: Tracer>(board: &Board, info: &Info, color: Color, terms: &mut Terms<'_, T>) {
    let c = color.index();
    let ours = info.attacked[c];
    let undefended = (bits::pieces_of(board, color) & !ours).count_ones() as i32;
    terms.add(w::UNDEFENDED_PIECE, 0, color, undefended);
    let hanging =
        (bits::pieces_of(board, !color) & ours & !info.attacked[1 - c]).count_ones() as i32;
    terms.add(w::HANGING, 0, color, hanging);
}

/// Pins against the enemy king and queen, and x-rays through own pieces.
/// Only the sliders on an empty-board line with the target can score, so
/// each target picks its candidates set-wise instead of every slider
/// testing every target.
#[inline(always)]
fn lines<T: Tracer>(board: &Board, color: Color, occupied: BitBoard, terms: &mut Terms<'_, T>) {
    let them = !color;
    let bishops = board.colored_pieces(PieceKind::Bishop, color).0;
    let rooks = board.colored_pieces(PieceKind::Rook, color).0;
    let queens = board.colored_pieces(PieceKind::Queen, color).0;
    let enemy = board.colors(them).0;
    let mut line = |target: Square, sliders: u64, slot: usize, pin: crate::params::Param, xray| {
        for slider in squares(sliders) {
            let between = attacks::between(slider, target).0 & occupied.0;
            if between.count_ones() != 1 {
                continue;
            }
            if between & enemy != 0 {
                terms.add(pin, slot, color, 1);
            } else {
                terms.add(w::XRAY, xray, color, 1);
            }
        }
    };
    let king = board.king(them);
    let diagonal = attacks::bishop_rays(king).0;
    let straight = attacks::rook_rays(king).0;
    line(king, bishops & diagonal, 0, w::PIN_TO_KING, 1);
    line(king, rooks & straight, 1, w::PIN_TO_KING, 1);
    line(king, queens & (diagonal | straight), 2, w::PIN_TO_KING, 1);
    for queen in squares(board.colored_pieces(PieceKind::Queen, them).0) {
        line(
            queen,
            bishops & attacks::bishop_rays(queen).0,
            0,
            w::PIN_TO_QUEEN,
            0,
        );
        line(
            queen,
            rooks & attacks::rook_rays(queen).0,
            1,
            w::PIN_TO_QUEEN,
            0,
        );
    }
}

/// One piece attacking two or more enemy pieces (not pawns, not the king);
/// the pieces' share was counted in the piece loop.
#[inline(always)]
fn double_attacks<T: Tracer>(board: &Board, info: &Info, color: Color, terms: &mut Terms<'_, T>) {
    let c = color.index();
    let them = !color;
    let targets = board.colors(them).0 & !info.pawns[1 - c] & !board.king(them).bitboard().0;
    // Pawns whose two capture squares both hold targets: shift the targets back onto the pawns.
    let back = bits::forward(targets, them);
    let pawn_forks = info.pawns[c] & ((back << 1) & !bits::FILE_A) & ((back >> 1) & !bits::FILE_H);
    let forks = info.piece_forks[c] + pawn_forks.count_ones() as i32;
    terms.add(w::DOUBLE_ATTACK, 0, color, forks);
}
