//! `Move`, a 16-bit encoded move, and `UciMove`, a move's board-independent text form.

use crate::types::{ParseError, PieceKind, Square};
use arrayvec::ArrayVec;
use core::fmt;
use core::str::FromStr;

/// A list of moves that lives on the stack: no position has more than 218.
pub type MoveList = ArrayVec<Move, 256>;

/// What sort of move a `Move` is, beyond its squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move that is not one of the others, captures included.
    Normal,
    /// A pawn capturing en passant; `to` is the square the pawn lands on.
    EnPassant,
    /// Castling, encoded as the king moving onto its own rook (`to` is the rook's square).
    Castle,
    /// A pawn promoting to the given kind, capturing or not.
    Promotion(PieceKind),
}

/// A move in 16 bits: `from` (6), `to` (6) and a 4-bit kind.
///
/// Castling is stored as "king takes own rook", which works for Chess960 and
/// standard chess alike; [`crate::Board::to_uci`] writes it the way the mode asks.
///
/// ```
/// use matewise_movegen::{Move, MoveKind, PieceKind, Square};
/// let m = Move::new(Square::E7, Square::E8, MoveKind::Promotion(PieceKind::Queen));
/// assert_eq!(m.from(), Square::E7);
/// assert_eq!(m.to(), Square::E8);
/// assert_eq!(m.promotion(), Some(PieceKind::Queen));
/// assert_eq!(std::mem::size_of::<Move>(), 2);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

const KIND_SHIFT: u32 = 12;
const EN_PASSANT: u16 = 1;
const CASTLE: u16 = 2;
const PROMOTION: u16 = 4;

impl Move {
    /// The null move (`a1a1`): "no move", as UCI's `0000`.
    pub const NULL: Move = Move(0);

    /// Builds a move.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let bits = match kind {
            MoveKind::Normal => 0,
            MoveKind::EnPassant => EN_PASSANT,
            MoveKind::Castle => CASTLE,
            MoveKind::Promotion(p) => PROMOTION | (p as u16 - 1),
        };
        Move(from as u16 | (to as u16) << 6 | bits << KIND_SHIFT)
    }

    /// The square the moving piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.0 as usize)
    }

    /// The destination square (the own rook's square for castling).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_masked((self.0 >> 6) as usize)
    }

    /// The move's kind.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> KIND_SHIFT {
            0 => MoveKind::Normal,
            EN_PASSANT => MoveKind::EnPassant,
            CASTLE => MoveKind::Castle,
            k => MoveKind::Promotion(PieceKind::ALL[(k & 3) as usize + 1]),
        }
    }

    /// The promotion piece, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        let k = self.0 >> KIND_SHIFT;
        if k & PROMOTION != 0 {
            Some(PieceKind::ALL[(k & 3) as usize + 1])
        } else {
            None
        }
    }

    /// True for castling moves.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> KIND_SHIFT == CASTLE
    }

    /// True for en-passant captures.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> KIND_SHIFT == EN_PASSANT
    }

    /// True for the null move.
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The raw 16 bits, for hash tables.
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::to_bits`]. Any 16 bits give some move;
    /// whether it is legal is for [`crate::Board::is_legal`] to say.
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Normal => Ok(()),
            MoveKind::EnPassant => write!(f, "(ep)"),
            MoveKind::Castle => write!(f, "(castle)"),
            MoveKind::Promotion(p) => write!(f, "{}", p.to_char()),
        }
    }
}

/// A move as UCI writes it: two squares and an optional promotion letter,
/// not yet checked against any position.
///
/// ```
/// use matewise_movegen::{PieceKind, Square, UciMove};
/// let m: UciMove = "e7e8q".parse().unwrap();
/// assert_eq!(m, UciMove::Move { from: Square::E7, to: Square::E8, promotion: Some(PieceKind::Queen) });
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!("0000".parse::<UciMove>().unwrap(), UciMove::Null);
/// assert!("e7e9".parse::<UciMove>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// `0000`: the null move.
    Null,
    /// An ordinary move text.
    Move {
        /// The origin square.
        from: Square,
        /// The destination square.
        to: Square,
        /// The promotion piece (`n b r q`).
        promotion: Option<PieceKind>,
    },
}

impl FromStr for UciMove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<UciMove, ParseError> {
        if s == "0000" {
            return Ok(UciMove::Null);
        }
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(ParseError);
        }
        let from = s[0..2].parse()?;
        let to = s[2..4].parse()?;
        let promotion = match s.as_bytes().get(4) {
            None => None,
            Some(b'n') => Some(PieceKind::Knight),
            Some(b'b') => Some(PieceKind::Bishop),
            Some(b'r') => Some(PieceKind::Rook),
            Some(b'q') => Some(PieceKind::Queen),
            Some(_) => return Err(ParseError),
        };
        Ok(UciMove::Move {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMove::Null => f.write_str("0000"),
            UciMove::Move {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(p) = promotion {
                    write!(f, "{}", p.to_char())?;
                }
                Ok(())
            }
        }
    }
}
