//! Attack sets for every piece, and the `between`/`line` geometry tables.
//!
//! Slider attacks use fancy magic bitboards. On CPUs with BMI2 enabled at
//! compile time (`-C target-cpu=native` on a BMI2 machine) the same lookups go
//! through PEXT instead; both paths are always compiled where BMI2 exists and
//! tested against each other.

use crate::bitboard::BitBoard;
use crate::types::{Color, Square};

pub(crate) struct Magic {
    pub(crate) mask: u64,
    pub(crate) magic: u64,
    pub(crate) shift: u32,
    pub(crate) offset: usize,
}

mod tables {
    use super::Magic;
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}
pub(crate) use tables::{ZOBRIST_CASTLING, ZOBRIST_EP_FILE, ZOBRIST_PIECES, ZOBRIST_SIDE};

/// Squares a knight on `square` attacks.
///
/// ```
/// use matewise_movegen::{attacks, Square};
/// assert_eq!(attacks::knight(Square::A1).len(), 2);
/// ```
#[inline]
pub fn knight(square: Square) -> BitBoard {
    BitBoard(tables::KNIGHT_ATTACKS[square as usize])
}

/// Squares a king on `square` attacks.
#[inline]
pub fn king(square: Square) -> BitBoard {
    BitBoard(tables::KING_ATTACKS[square as usize])
}

/// Squares a pawn of `color` on `square` attacks (captures onto).
///
/// ```
/// use matewise_movegen::{attacks, Color, Square};
/// assert_eq!(attacks::pawn(Color::White, Square::E4), Square::D5.bitboard() | Square::F5.bitboard());
/// ```
#[inline]
pub fn pawn(color: Color, square: Square) -> BitBoard {
    BitBoard(tables::PAWN_ATTACKS[color as usize * 64 + square as usize])
}

#[inline]
fn magic_index(m: &Magic, occupied: BitBoard) -> usize {
    m.offset + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize
}

/// Reads the slider table without a bounds check on the hot path.
#[inline(always)]
fn slider_entry(table: &[u64], index: usize) -> BitBoard {
    debug_assert!(index < table.len());
    // SAFETY: the build script sizes each square's block to 2^popcount(mask)
    // and a magic (or PEXT) index of masked occupancy stays below that, so
    // `offset + index` is inside the table it generated.
    BitBoard(unsafe { *table.get_unchecked(index) })
}

/// The magic-multiplication lookups, available on every CPU.
pub mod magic {
    use super::*;

    /// Rook attacks through the magic table.
    #[inline]
    pub fn rook(square: Square, occupied: BitBoard) -> BitBoard {
        let i = magic_index(&tables::ROOK_MAGICS[square as usize], occupied);
        slider_entry(&tables::SLIDER_ATTACKS, i)
    }

    /// Bishop attacks through the magic table.
    #[inline]
    pub fn bishop(square: Square, occupied: BitBoard) -> BitBoard {
        let i = magic_index(&tables::BISHOP_MAGICS[square as usize], occupied);
        slider_entry(&tables::SLIDER_ATTACKS, i)
    }
}

/// PEXT lookups, for x86-64 CPUs with BMI2. They are compiled on every
/// x86-64 build so that tests can check them against the magic path on any
/// BMI2 machine; the engine uses them only when BMI2 is enabled at compile
/// time. Calling them needs BMI2: check with `is_x86_feature_detected!("bmi2")`.
#[cfg(target_arch = "x86_64")]
pub mod pext {
    use super::*;
    use core::arch::x86_64::_pext_u64;

    #[inline]
    #[target_feature(enable = "bmi2")]
    fn index(m: &Magic, occupied: BitBoard) -> usize {
        m.offset + _pext_u64(occupied.0, m.mask) as usize
    }

    /// Rook attacks through PEXT.
    ///
    /// # Safety
    /// The CPU must support BMI2.
    #[inline]
    #[target_feature(enable = "bmi2")]
    pub fn rook(square: Square, occupied: BitBoard) -> BitBoard {
        let i = index(&tables::ROOK_MAGICS[square as usize], occupied);
        slider_entry(&tables::SLIDER_ATTACKS_PEXT, i)
    }

    /// Bishop attacks through PEXT.
    ///
    /// # Safety
    /// The CPU must support BMI2.
    #[inline]
    #[target_feature(enable = "bmi2")]
    pub fn bishop(square: Square, occupied: BitBoard) -> BitBoard {
        let i = index(&tables::BISHOP_MAGICS[square as usize], occupied);
        slider_entry(&tables::SLIDER_ATTACKS_PEXT, i)
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
mod sliders {
    use super::*;

    #[inline]
    pub(super) fn rook(square: Square, occupied: BitBoard) -> BitBoard {
        // SAFETY: this module exists only when the compile target has BMI2.
        unsafe { pext::rook(square, occupied) }
    }

    #[inline]
    pub(super) fn bishop(square: Square, occupied: BitBoard) -> BitBoard {
        // SAFETY: this module exists only when the compile target has BMI2.
        unsafe { pext::bishop(square, occupied) }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
use magic as sliders;

/// Squares a rook on `square` attacks, given the occupied squares.
///
/// ```
/// use matewise_movegen::{attacks, BitBoard, Square};
/// let blockers = Square::A4.bitboard();
/// assert_eq!(attacks::rook(Square::A1, blockers).len(), 3 + 7);
/// ```
#[inline]
pub fn rook(square: Square, occupied: BitBoard) -> BitBoard {
    sliders::rook(square, occupied)
}

/// Squares a bishop on `square` attacks, given the occupied squares.
#[inline]
pub fn bishop(square: Square, occupied: BitBoard) -> BitBoard {
    sliders::bishop(square, occupied)
}

/// Squares a queen on `square` attacks, given the occupied squares.
#[inline]
pub fn queen(square: Square, occupied: BitBoard) -> BitBoard {
    rook(square, occupied) | bishop(square, occupied)
}

/// Rook attacks on an empty board: the whole rank and file but the square.
#[inline]
pub fn rook_rays(square: Square) -> BitBoard {
    BitBoard(tables::ROOK_RAYS[square as usize])
}

/// Bishop attacks on an empty board: both diagonals but the square.
#[inline]
pub fn bishop_rays(square: Square) -> BitBoard {
    BitBoard(tables::BISHOP_RAYS[square as usize])
}

/// The squares strictly between two squares on a shared rank, file or
/// diagonal; empty if they share none or are adjacent.
///
/// ```
/// use matewise_movegen::{attacks, Square};
/// assert_eq!(attacks::between(Square::A1, Square::D4), Square::B2.bitboard() | Square::C3.bitboard());
/// assert!(attacks::between(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn between(a: Square, b: Square) -> BitBoard {
    BitBoard(tables::BETWEEN[a as usize * 64 + b as usize])
}

/// The whole line (rank, file or diagonal, edge to edge) through two
/// squares, both included; empty if they share none.
///
/// ```
/// use matewise_movegen::{attacks, Square};
/// assert_eq!(attacks::line(Square::B2, Square::C3).len(), 8);
/// ```
#[inline]
pub fn line(a: Square, b: Square) -> BitBoard {
    BitBoard(tables::LINE[a as usize * 64 + b as usize])
}
