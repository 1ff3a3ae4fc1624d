//! Castling rights, stored as the file of each castling rook so that
//! Chess960 and standard chess share one representation.

use crate::types::{Color, File, Square};

/// Which way a king castles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file: the king ends on g, the rook on f.
    Short,
    /// Towards the a-file: the king ends on c, the rook on d.
    Long,
}

impl CastleSide {
    /// Both sides, short first.
    pub const ALL: [CastleSide; 2] = [CastleSide::Short, CastleSide::Long];

    /// The file the king lands on.
    pub const fn king_destination(self) -> File {
        match self {
            CastleSide::Short => File::G,
            CastleSide::Long => File::C,
        }
    }

    /// The file the rook lands on.
    pub const fn rook_destination(self) -> File {
        match self {
            CastleSide::Short => File::F,
            CastleSide::Long => File::D,
        }
    }
}

/// For each colour and side, the file of the rook that may still castle.
///
/// ```
/// use matewise_movegen::{CastleSide, CastlingRights, Color, File};
/// let rights = CastlingRights::STANDARD;
/// assert_eq!(rights.rook(Color::White, CastleSide::Long), Some(File::A));
/// assert_eq!(rights.without_color(Color::White).rook(Color::White, CastleSide::Short), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    rooks: [[Option<File>; 2]; 2],
}

impl CastlingRights {
    /// No rights at all.
    pub const NONE: CastlingRights = CastlingRights {
        rooks: [[None; 2]; 2],
    };

    /// The start position's rights: rooks on a and h for both colours.
    pub const STANDARD: CastlingRights = CastlingRights {
        rooks: [[Some(File::H), Some(File::A)]; 2],
    };

    /// The castling rook's file for `color` on `side`, if that right remains.
    #[inline]
    pub const fn rook(&self, color: Color, side: CastleSide) -> Option<File> {
        self.rooks[color as usize][side as usize]
    }

    /// The castling rook's square for `color` on `side`, if that right remains.
    #[inline]
    pub const fn rook_square(&self, color: Color, side: CastleSide) -> Option<Square> {
        match self.rook(color, side) {
            Some(file) => Some(Square::new(file, color.back_rank())),
            None => None,
        }
    }

    /// These rights with `color`'s `side` right set to `file` (or removed with `None`).
    #[inline]
    pub const fn with(mut self, color: Color, side: CastleSide, file: Option<File>) -> Self {
        self.rooks[color as usize][side as usize] = file;
        self
    }

    /// These rights without any of `color`'s.
    #[inline]
    pub const fn without_color(mut self, color: Color) -> Self {
        self.rooks[color as usize] = [None, None];
        self
    }

    /// These rights without any right whose rook stands on `square`.
    #[inline]
    pub fn without_rook_on(mut self, square: Square) -> Self {
        for color in Color::ALL {
            if square.rank() == color.back_rank() {
                for side in self.rooks[color as usize].iter_mut() {
                    if *side == Some(square.file()) {
                        *side = None;
                    }
                }
            }
        }
        self
    }

    /// True if no right remains.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        // Without short-circuits: the four tests fold into one comparison
        // of the four bytes.
        let r = &self.rooks;
        r[0][0].is_none() & r[0][1].is_none() & r[1][0].is_none() & r[1][1].is_none()
    }

    /// One bit per right (White short, White long, Black short, Black long):
    /// the index of the Zobrist castling key.
    #[inline]
    pub const fn bits(&self) -> usize {
        let r = &self.rooks;
        (r[0][0].is_some() as usize)
            | (r[0][1].is_some() as usize) << 1
            | (r[1][0].is_some() as usize) << 2
            | (r[1][1].is_some() as usize) << 3
    }
}
