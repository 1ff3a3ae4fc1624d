//! Set-wise helpers on raw `u64` square sets, seen from one colour.

use movegen::{BitBoard, Board, Color, PieceKind, Square};

pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(crate) const FILE_H: u64 = FILE_A << 7;
pub(crate) const RANK_1: u64 = 0xFF;

/// `color`'s pieces other than its pawns and king.
#[inline(always)]
pub(crate) fn pieces_of(board: &Board, color: Color) -> u64 {
    board.colors(color).0 & !board.pieces(PieceKind::Pawn).0 & !board.pieces(PieceKind::King).0
}

#[inline(always)]
pub(crate) const fn file_of(square: Square) -> u64 {
    FILE_A << (square as u8 & 7)
}

#[inline(always)]
pub(crate) const fn rank_of(square: Square) -> u64 {
    RANK_1 << (square as u8 & 56)
}

/// The files either side of `square`'s file.
#[inline(always)]
pub(crate) const fn adjacent_files(square: Square) -> u64 {
    let f = file_of(square);
    ((f << 1) & !FILE_A) | ((f >> 1) & !FILE_H)
}

/// One step towards `color`'s promotion rank.
#[inline(always)]
pub(crate) const fn forward(set: u64, color: Color) -> u64 {
    match color {
        Color::White => set << 8,
        Color::Black => set >> 8,
    }
}

/// Every square ahead of the set, from `color`'s side (not the set itself).
#[inline(always)]
pub(crate) const fn front_fill(set: u64, color: Color) -> u64 {
    let mut s = forward(set, color);
    match color {
        Color::White => {
            s |= s << 8;
            s |= s << 16;
            s |= s << 32;
        }
        Color::Black => {
            s |= s >> 8;
            s |= s >> 16;
            s |= s >> 32;
        }
    }
    s
}

/// Every square behind the set, from `color`'s side.
#[inline(always)]
pub(crate) const fn rear_fill(set: u64, color: Color) -> u64 {
    front_fill(
        set,
        match color {
            Color::White => Color::Black,
            Color::Black => Color::White,
        },
    )
}

/// Whole files touched by the set.
#[inline(always)]
pub(crate) const fn file_fill(set: u64) -> u64 {
    front_fill(set, Color::White) | front_fill(set, Color::Black) | set
}

/// The squares pawns of `color` on `set` attack.
#[inline(always)]
pub(crate) const fn pawn_attacks(set: u64, color: Color) -> u64 {
    let ahead = forward(set, color);
    ((ahead << 1) & !FILE_A) | ((ahead >> 1) & !FILE_H)
}

/// The squares a pawn of `color` on `square` could ever attack by advancing.
#[inline(always)]
pub(crate) const fn attack_span(square: Square, color: Color) -> u64 {
    front_fill(adjacent_files(square) & rank_of(square), color)
}

/// The squares in front of `square` on its own and the adjacent files.
#[inline(always)]
pub(crate) const fn passed_span(square: Square, color: Color) -> u64 {
    front_fill(
        (adjacent_files(square) | file_of(square)) & rank_of(square),
        color,
    )
}

/// The rank of `square` from `color`'s side, 0..=7.
#[inline(always)]
pub(crate) const fn relative_rank(square: Square, color: Color) -> usize {
    let rank = (square as u8 >> 3) as usize;
    match color {
        Color::White => rank,
        Color::Black => 7 - rank,
    }
}

/// The ranks of the `color` side's half of the board plus nothing else: 1-4.
#[inline(always)]
pub(crate) const fn own_half(color: Color) -> u64 {
    match color {
        Color::White => 0x0000_0000_FFFF_FFFF,
        Color::Black => 0xFFFF_FFFF_0000_0000,
    }
}

/// Iterates the squares of raw bits.
#[inline(always)]
pub(crate) fn squares(bits: u64) -> movegen::BitBoardIter {
    BitBoard(bits).iter()
}

/// `square`'s rank counted from the edge nearer to it, and file likewise: 0 on the rim, 3 in the centre.
#[inline(always)]
pub(crate) const fn centre_closeness(square: Square) -> usize {
    let f = (square as u8 & 7) as usize;
    let r = (square as u8 >> 3) as usize;
    let fc = if f < 4 { f } else { 7 - f };
    let rc = if r < 4 { r } else { 7 - r };
    if fc < rc { fc } else { rc }
}

/// Squares by Compendium zone: 0 the focal centre (d4 e4 d5 e5), 1 the wider
/// centre (c3-f6 ring), 2 the next ring, 3 the rim.
#[inline(always)]
pub(crate) const fn ring(square: Square) -> usize {
    3 - centre_closeness(square)
}

/// The focal centre: e4 d4 e5 d5.
pub(crate) const FOCAL_CENTRE: u64 = 0x0000_0018_1800_0000;
/// The wider centre: the c3-f6 box without the focal centre.
pub(crate) const WIDER_CENTRE: u64 = 0x0000_3C24_243C_0000;
