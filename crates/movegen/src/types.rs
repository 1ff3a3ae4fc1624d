//! The small value types every other module speaks in: colours, files, ranks,
//! squares and pieces.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// A side: White or Black.
///
/// ```
/// use matewise_movegen::Color;
/// assert_eq!(!Color::White, Color::Black);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank on which this colour's pieces start.
    #[inline]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }

    /// Maps a rank as seen by this colour to the absolute rank (White sees ranks as they are).
    #[inline]
    pub const fn relative_rank(self, rank: Rank) -> Rank {
        match self {
            Color::White => rank,
            Color::Black => Rank::ALL[7 - rank as usize],
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "w",
            Color::Black => "b",
        })
    }
}

macro_rules! enum_index {
    ($ty:ident, $count:expr) => {
        impl $ty {
            /// The value's index, from 0.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The value at `index`, or `None` past the end.
            #[inline]
            pub const fn try_index(index: usize) -> Option<Self> {
                if index < $count {
                    Some(Self::ALL[index])
                } else {
                    None
                }
            }
        }
    };
}

/// A file (column), `a` to `h`.
///
/// ```
/// use matewise_movegen::File;
/// assert_eq!(File::E.to_string(), "e");
/// assert_eq!("h".parse::<File>(), Ok(File::H));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// All files from `a` to `h`.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file's letter, lower case.
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses a file letter in either case.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => File::try_index(c as usize - 'a' as usize),
            'A'..='H' => File::try_index(c as usize - 'A' as usize),
            _ => None,
        }
    }
}
enum_index!(File, 8);

/// A rank (row), `1` to `8`.
///
/// ```
/// use matewise_movegen::Rank;
/// assert_eq!(Rank::Fourth.to_string(), "4");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    /// All ranks from 1 to 8.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank's digit.
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Parses a rank digit.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Rank::try_index(c as usize - '1' as usize),
            _ => None,
        }
    }
}
enum_index!(Rank, 8);

macro_rules! squares {
    ($($name:ident),* $(,)?) => {
        /// A square of the board, `A1` = 0 up to `H8` = 63 (file-major within a rank).
        ///
        /// ```
        /// use matewise_movegen::{File, Rank, Square};
        /// let e4 = Square::new(File::E, Rank::Fourth);
        /// assert_eq!(e4, Square::E4);
        /// assert_eq!(e4.to_string(), "e4");
        /// assert_eq!("e4".parse::<Square>(), Ok(e4));
        /// ```
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square { $($name),* }

        impl Square {
            /// All 64 squares, `A1` first.
            pub const ALL: [Square; 64] = [$(Square::$name),*];
        }
    };
}

squares!(
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
);
enum_index!(Square, 64);

impl Square {
    /// The square of index `index & 63`. Indexing [`Square::ALL`] instead
    /// compiles to a load from that table: this is the index itself.
    #[inline(always)]
    pub const fn from_index_masked(index: usize) -> Square {
        // SAFETY: `Square` is `repr(u8)` with the 64 discriminants 0..=63,
        // and the mask keeps the value among them.
        unsafe { core::mem::transmute::<u8, Square>((index & 63) as u8) }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::from_index_masked(rank as usize * 8 + file as usize)
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        // SAFETY: `File` is `repr(u8)` with the 8 discriminants 0..=7, and
        // the mask keeps the value among them.
        unsafe { core::mem::transmute::<u8, File>(self as u8 & 7) }
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        // SAFETY: `Rank` is `repr(u8)` with the 8 discriminants 0..=7; a
        // square index below 64 shifted right by 3 is one of them.
        unsafe { core::mem::transmute::<u8, Rank>(self as u8 >> 3) }
    }

    /// The same file, rank mirrored (a1 <-> a8): the colour-flip of a square.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::from_index_masked(self as usize ^ 56)
    }

    /// The same rank, file mirrored (a1 <-> h1).
    #[inline]
    pub const fn flip_file(self) -> Square {
        Square::from_index_masked(self as usize ^ 7)
    }

    /// The square `color` sees: itself for White, rank-mirrored for Black.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// True for light squares (h1 is light, a1 is dark).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self as usize + (self as usize >> 3)) & 1 == 1
    }

    /// The square `delta` indices away, if it stays on the board.
    #[inline]
    pub const fn offset(self, delta: i8) -> Option<Square> {
        let i = self as i16 + delta as i16;
        if 0 <= i && i < 64 {
            Some(Square::from_index_masked(i as usize))
        } else {
            None
        }
    }

    /// Chebyshev (king-move) distance between two squares.
    #[inline]
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self as i8 & 7) - (other as i8 & 7);
        let dr = (self as i8 >> 3) - (other as i8 >> 3);
        let (df, dr) = (df.unsigned_abs(), dr.unsigned_abs());
        if df > dr { df } else { dr }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A string that is not a valid name of the value asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParseError;

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a valid name")
    }
}

impl std::error::Error for ParseError {}

impl FromStr for Square {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) if s.as_bytes()[0].is_ascii_lowercase() => Ok(Square::new(f, r)),
                _ => Err(ParseError),
            },
            _ => Err(ParseError),
        }
    }
}

impl FromStr for File {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<File, ParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c @ 'a'..='h'), None) => File::from_char(c).ok_or(ParseError),
            _ => Err(ParseError),
        }
    }
}

/// The kind of a piece, without its colour.
///
/// ```
/// use matewise_movegen::PieceKind;
/// assert_eq!(PieceKind::from_char('n'), Some(PieceKind::Knight));
/// assert_eq!(PieceKind::Queen.to_char(), 'q');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum PieceKind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl PieceKind {
    /// All kinds, pawn first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The kinds a pawn may promote to, most valuable first.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Knight,
        PieceKind::Rook,
        PieceKind::Bishop,
    ];

    /// The kind's letter, lower case (`p n b r q k`).
    pub const fn to_char(self) -> char {
        ['p', 'n', 'b', 'r', 'q', 'k'][self as usize]
    }

    /// Parses a piece letter in either case.
    pub const fn from_char(c: char) -> Option<PieceKind> {
        match c.to_ascii_lowercase() {
            'p' => Some(PieceKind::Pawn),
            'n' => Some(PieceKind::Knight),
            'b' => Some(PieceKind::Bishop),
            'r' => Some(PieceKind::Rook),
            'q' => Some(PieceKind::Queen),
            'k' => Some(PieceKind::King),
            _ => None,
        }
    }
}
enum_index!(PieceKind, 6);

/// A piece: a kind and a colour.
///
/// ```
/// use matewise_movegen::{Color, Piece, PieceKind};
/// let p = Piece::new(PieceKind::Knight, Color::Black);
/// assert_eq!(p.to_char(), 'n');
/// assert_eq!(Piece::from_char('N'), Some(Piece::new(PieceKind::Knight, Color::White)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What the piece is.
    pub kind: PieceKind,
    /// Whose it is.
    pub color: Color,
}

impl Piece {
    /// A piece of `kind` and `color`.
    #[inline]
    pub const fn new(kind: PieceKind, color: Color) -> Piece {
        Piece { kind, color }
    }

    /// 0..12: White's six kinds, then Black's.
    #[inline]
    pub const fn index(self) -> usize {
        self.color as usize * 6 + self.kind as usize
    }

    /// FEN letter: upper case for White.
    pub const fn to_char(self) -> char {
        let c = self.kind.to_char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Parses a FEN letter: upper case is White.
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match PieceKind::from_char(c) {
            Some(kind) => Some(Piece { kind, color }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}
