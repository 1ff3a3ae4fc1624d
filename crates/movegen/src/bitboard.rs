//! `BitBoard`: a set of squares in one `u64`, bit `n` for `Square::ALL[n]`.

use crate::types::{File, Rank, Square};
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of squares.
///
/// ```
/// use matewise_movegen::{BitBoard, Square};
/// let set = Square::E4.bitboard() | Square::D5.bitboard();
/// assert_eq!(set.len(), 2);
/// assert!(set.has(Square::D5));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![Square::E4, Square::D5]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct BitBoard(pub u64);

impl BitBoard {
    /// No squares.
    pub const EMPTY: BitBoard = BitBoard(0);
    /// All 64 squares.
    pub const FULL: BitBoard = BitBoard(!0);
    /// The 32 light squares.
    pub const LIGHT_SQUARES: BitBoard = BitBoard(0x55AA_55AA_55AA_55AA);
    /// The 32 dark squares.
    pub const DARK_SQUARES: BitBoard = BitBoard(!0x55AA_55AA_55AA_55AA);

    /// The eight squares of `file`.
    #[inline]
    pub const fn file(file: File) -> BitBoard {
        BitBoard(0x0101_0101_0101_0101 << file as u32)
    }

    /// The eight squares of `rank`.
    #[inline]
    pub const fn rank(rank: Rank) -> BitBoard {
        BitBoard(0xFF << (8 * rank as u32))
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True if the set holds no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if the set holds `square`.
    #[inline]
    pub const fn has(self, square: Square) -> bool {
        self.0 >> square as u32 & 1 != 0
    }

    /// True if the set holds more than one square.
    #[inline]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square (A1 side), if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros() as usize))
        }
    }

    /// The only square of a one-square set, `None` otherwise.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.has_more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// True if the sets share a square.
    #[inline]
    pub const fn intersects(self, other: BitBoard) -> bool {
        self.0 & other.0 != 0
    }

    /// True if every square of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: BitBoard) -> bool {
        self.0 & !other.0 == 0
    }

    /// The set mirrored top to bottom (a1 <-> a8).
    #[inline]
    pub const fn flip_ranks(self) -> BitBoard {
        BitBoard(self.0.swap_bytes())
    }

    /// Iterates the squares from A1 to H8.
    #[inline]
    pub const fn iter(self) -> BitBoardIter {
        BitBoardIter(self.0)
    }
}

impl Square {
    /// The one-square set `{self}`.
    #[inline]
    pub const fn bitboard(self) -> BitBoard {
        BitBoard(1 << self as u32)
    }
}

/// Iterator over a `BitBoard`'s squares, lowest first.
#[derive(Clone)]
pub struct BitBoardIter(u64);

impl Iterator for BitBoardIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_masked(self.0.trailing_zeros() as usize);
        self.0 &= self.0 - 1;
        Some(sq)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitBoardIter {}

impl IntoIterator for BitBoard {
    type Item = Square;
    type IntoIter = BitBoardIter;
    #[inline]
    fn into_iter(self) -> BitBoardIter {
        self.iter()
    }
}

impl FromIterator<Square> for BitBoard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> BitBoard {
        iter.into_iter()
            .fold(BitBoard::EMPTY, |b, sq| b | sq.bitboard())
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for BitBoard {
            type Output = BitBoard;
            #[inline]
            fn $f(self, rhs: BitBoard) -> BitBoard {
                BitBoard(self.0 $op rhs.0)
            }
        }
        impl $tra for BitBoard {
            #[inline]
            fn $fa(&mut self, rhs: BitBoard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for BitBoard {
    type Output = BitBoard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: BitBoard) -> BitBoard {
        BitBoard(self.0 & !rhs.0)
    }
}

impl Not for BitBoard {
    type Output = BitBoard;
    #[inline]
    fn not(self) -> BitBoard {
        BitBoard(!self.0)
    }
}

impl fmt::Debug for BitBoard {
    /// Draws the set as an 8x8 grid, rank 8 on top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "BitBoard({:#018x})", self.0)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.has(Square::new(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
