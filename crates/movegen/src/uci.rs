//! UCI move text against a board: `e2e4`, `e7e8q`, and castling as `e1g1`
//! in standard chess or king-takes-rook (`e1h1`) in Chess960.

use crate::board::Board;
use crate::castling::CastleSide;
use crate::moves::{Move, MoveKind, MoveList, UciMove};
use crate::types::{File, Square};
use core::fmt;

/// Why a UCI move text could not be played on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Not of the form `<from><to>[promotion]`.
    Malformed(String),
    /// `0000`, the null move, which is no legal move.
    NullMove,
    /// No piece stands on the origin square.
    NoPiece(Square),
    /// The piece on the origin square belongs to the side not to move.
    NotYourPiece(Square),
    /// Well-formed, but not a legal move here.
    Illegal(UciMove),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Malformed(s) => write!(f, "'{s}' is not a move in UCI notation"),
            MoveTextError::NullMove => write!(f, "the null move 0000 cannot be played"),
            MoveTextError::NoPiece(sq) => write!(f, "no piece on {sq}"),
            MoveTextError::NotYourPiece(sq) => {
                write!(f, "the piece on {sq} belongs to the side not to move")
            }
            MoveTextError::Illegal(m) => write!(f, "{m} is not legal in this position"),
        }
    }
}

impl std::error::Error for MoveTextError {}

impl fmt::Display for Move {
    /// The move in UCI notation, as far as the move alone tells: castling
    /// from the e-file onto an a- or h-file rook is written the standard way
    /// (`e1g1`), any other castling king-takes-rook (`b1a1`), as Chess960
    /// writes it. [`Board::to_uci`] writes castling as the board's mode asks.
    ///
    /// ```
    /// use matewise_movegen::{Move, MoveKind, PieceKind, Square};
    /// assert_eq!(Move::new(Square::G1, Square::F3, MoveKind::Normal).to_string(), "g1f3");
    /// let promotion = Move::new(Square::B7, Square::A8, MoveKind::Promotion(PieceKind::Knight));
    /// assert_eq!(promotion.to_string(), "b7a8n");
    /// assert_eq!(Move::new(Square::E8, Square::A8, MoveKind::Castle).to_string(), "e8c8");
    /// assert_eq!(Move::new(Square::F1, Square::G1, MoveKind::Castle).to_string(), "f1g1");
    /// assert_eq!(Move::NULL.to_string(), "0000");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let standard =
            self.from().file() == File::E && matches!(self.to().file(), File::A | File::H);
        write!(f, "{}", uci_text(*self, standard))
    }
}

/// `mv` as UCI text, castling in standard notation if `standard`, else king-takes-rook.
fn uci_text(mv: Move, standard: bool) -> UciMove {
    if mv.is_null() {
        return UciMove::Null;
    }
    let to = match mv.kind() {
        MoveKind::Castle if standard => {
            let side = if mv.to() > mv.from() {
                CastleSide::Short
            } else {
                CastleSide::Long
            };
            Square::new(side.king_destination(), mv.from().rank())
        }
        _ => mv.to(),
    };
    UciMove::Move {
        from: mv.from(),
        to,
        promotion: mv.promotion(),
    }
}

impl Board {
    /// The UCI text of a move of this board (castling as the board's mode asks).
    ///
    /// ```
    /// use matewise_movegen::{Board, Move, MoveKind, Square};
    /// let mut board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let castle = Move::new(Square::E1, Square::H1, MoveKind::Castle);
    /// assert_eq!(board.to_uci(castle).to_string(), "e1g1");
    /// board.set_chess960(true);
    /// assert_eq!(board.to_uci(castle).to_string(), "e1h1");
    /// ```
    pub fn to_uci(&self, mv: Move) -> UciMove {
        uci_text(mv, !self.chess960)
    }

    /// The legal move a `UciMove` names here. Castling is accepted in both
    /// notations when that is unambiguous, as GUIs differ.
    pub fn from_uci(&self, uci: UciMove) -> Result<Move, MoveTextError> {
        let UciMove::Move { from, .. } = uci else {
            return Err(MoveTextError::NullMove);
        };
        match self.color_on(from) {
            None => return Err(MoveTextError::NoPiece(from)),
            Some(c) if c != self.side_to_move() => return Err(MoveTextError::NotYourPiece(from)),
            Some(_) => {}
        }
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        if let Some(mv) = moves.iter().find(|&&m| self.to_uci(m) == uci) {
            return Ok(*mv);
        }
        let mut other_mode = self.clone();
        other_mode.set_chess960(!self.chess960);
        moves
            .iter()
            .find(|m| m.is_castle() && other_mode.to_uci(**m) == uci)
            .copied()
            .ok_or(MoveTextError::Illegal(uci))
    }

    /// Parses UCI move text and finds the legal move it names.
    ///
    /// ```
    /// use matewise_movegen::{Board, MoveTextError};
    /// let board = Board::default();
    /// assert!(board.parse_uci_move("g1f3").is_ok());
    /// assert!(matches!(board.parse_uci_move("e2e5"), Err(MoveTextError::Illegal(_))));
    /// assert!(matches!(board.parse_uci_move("e9"), Err(MoveTextError::Malformed(_))));
    /// ```
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveTextError> {
        let uci: UciMove = text
            .parse()
            .map_err(|_| MoveTextError::Malformed(text.to_string()))?;
        self.from_uci(uci)
    }
}
