//! FEN in and out: standard FEN, X-FEN and Shredder-FEN (Chess960).

use crate::attacks;
use crate::bitboard::BitBoard;
use crate::board::Board;
use crate::castling::{CastleSide, CastlingRights};
use crate::types::{Color, File, Piece, PieceKind, Rank, Square};
use core::fmt;

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Everything that can be wrong with a FEN, one variant per problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields (the move counters may be left out).
    WrongFieldCount(usize),
    /// The placement field does not have 8 ranks separated by `/`.
    WrongRankCount(usize),
    /// A character in the placement field that is neither a piece letter nor a digit 1-8.
    BadPieceLetter(char),
    /// A rank (1-8) that does not describe exactly 8 squares.
    RankLength {
        /// The rank, as printed on the board.
        rank: Rank,
        /// How many squares it described.
        squares: usize,
    },
    /// The side-to-move field is not `w` or `b`.
    BadSideToMove(String),
    /// The castling field is not `-` or a set of distinct rights (`KQkq`, or files `A`-`H`/`a`-`h`).
    BadCastling(String),
    /// The en-passant field is not `-` or a square.
    BadEnPassantSquare(String),
    /// A move counter that is not a number in range (halfmove 0-65535, fullmove 1-65535).
    BadCounter(String),
    /// A side with no king or more than one.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A side with more than the 16 men it starts with.
    TooManyMen {
        /// The side.
        color: Color,
        /// How many men it has.
        count: u32,
    },
    /// A side with more than the 8 pawns it starts with.
    TooManyPawns {
        /// The side.
        color: Color,
        /// How many pawns it has.
        count: u32,
    },
    /// More pieces beyond a side's starting set (a second queen, a third
    /// rook or knight, a second bishop on one colour) than pawns it is
    /// missing: each such piece is a promoted pawn.
    TooManyPromotedPieces {
        /// The side.
        color: Color,
        /// How many pieces it has beyond its starting set.
        promoted: u32,
        /// How many of its 8 pawns are gone.
        missing_pawns: u32,
    },
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// A castling right without its king and rook on the squares it needs.
    CastlingWithoutKingAndRook(char),
    /// An en-passant square that no double pawn push could have produced.
    ImpossibleEnPassant(Square),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::WrongFieldCount(n) => write!(f, "FEN needs 4 to 6 fields, found {n}"),
            FenError::WrongRankCount(n) => write!(f, "board needs 8 ranks, found {n}"),
            FenError::BadPieceLetter(c) => write!(f, "bad piece letter '{c}'"),
            FenError::RankLength { rank, squares } => {
                write!(f, "rank {rank} describes {squares} squares, not 8")
            }
            FenError::BadSideToMove(s) => write!(f, "side to move must be 'w' or 'b', not '{s}'"),
            FenError::BadCastling(s) => write!(f, "bad castling field '{s}'"),
            FenError::BadEnPassantSquare(s) => write!(f, "bad en-passant field '{s}'"),
            FenError::BadCounter(s) => write!(f, "bad move counter '{s}'"),
            FenError::KingCount { color, count } => {
                write!(
                    f,
                    "{} has {count} kings, needs exactly 1",
                    side_name(*color)
                )
            }
            FenError::TooManyMen { color, count } => {
                write!(f, "{} has {count} men, at most 16", side_name(*color))
            }
            FenError::TooManyPawns { color, count } => {
                write!(f, "{} has {count} pawns, at most 8", side_name(*color))
            }
            FenError::TooManyPromotedPieces {
                color,
                promoted,
                missing_pawns,
            } => write!(
                f,
                "{} has {promoted} pieces beyond its starting set but only {missing_pawns} missing pawns to have promoted",
                side_name(*color)
            ),
            FenError::PawnOnBackRank(sq) => write!(f, "pawn on first or last rank at {sq}"),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::CastlingWithoutKingAndRook(c) => {
                write!(
                    f,
                    "castling right '{c}' without king and rook on their squares"
                )
            }
            FenError::ImpossibleEnPassant(sq) => {
                write!(f, "en-passant square {sq} is impossible here")
            }
        }
    }
}

impl std::error::Error for FenError {}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Board {
    /// Parses a FEN (standard, X-FEN or Shredder-FEN castling field; the two
    /// move counters may be left out). Chess960 notation is switched on when
    /// the castling rights are not the standard a/h rooks with an e-file king.
    ///
    /// Positions that cannot arise in a game are refused: a side without
    /// exactly one king, with more than 16 men or 8 pawns, or with more
    /// promoted pieces than missing pawns; a pawn on the first or last
    /// rank; the side not to move in check. What remains fits every
    /// fixed-size table of the crate (why: `check_material` in `fen.rs`).
    ///
    /// ```
    /// use matewise_movegen::{Board, FenError};
    /// assert!(Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_ok());
    /// assert_eq!(Board::from_fen("8/8/8 w - - 0 1"), Err(FenError::WrongRankCount(3)));
    /// let chess960 = Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    /// assert!(chess960.chess960());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::WrongFieldCount(fields.len()));
        }
        let mut board = Board::empty();
        parse_placement(&mut board, fields[0])?;
        board.side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSideToMove(other.to_string())),
        };
        check_material(&board)?;
        let pawns_on_back_rank = board.pieces(PieceKind::Pawn) & (BitBoardRanks::FIRST_AND_LAST);
        if let Some(sq) = pawns_on_back_rank.first() {
            return Err(FenError::PawnOnBackRank(sq));
        }
        let rights = parse_castling(&board, fields[2])?;
        board.chess960 = is_chess960_geometry(&board, rights);
        board.set_castling(rights);
        parse_en_passant(&mut board, fields[3])?;
        board.halfmove_clock = match fields.get(4) {
            Some(s) => s
                .parse::<u16>()
                .map_err(|_| FenError::BadCounter(s.to_string()))?,
            None => 0,
        };
        board.fullmove_number = match fields.get(5) {
            Some(s) => match s.parse::<u16>() {
                Ok(n) if n >= 1 => n,
                // Some tools write 0 here; read it as the first move.
                Ok(_) => 1,
                Err(_) => return Err(FenError::BadCounter(s.to_string())),
            },
            None => 1,
        };
        let them = !board.side_to_move;
        if board.is_attacked(board.king(them), board.side_to_move, board.occupied()) {
            return Err(FenError::OpponentInCheck);
        }
        if board.side_to_move == Color::Black {
            board.hash ^= attacks::ZOBRIST_SIDE;
        }
        board.update_check_info();
        Ok(board)
    }

    /// The position as FEN. Castling is written as `KQkq` where that is
    /// unambiguous and as rook files otherwise (X-FEN); the en-passant square
    /// appears only when a pawn can capture there.
    pub fn to_fen(&self) -> String {
        self.fen_with(false)
    }

    /// The position as Shredder-FEN: castling rights always as rook files (`HAha`).
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// assert_eq!(Board::default().to_shredder_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(true)
    }

    fn fen_with(&self, shredder: bool) -> String {
        let mut fen = String::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_on(Square::new(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        fen.push(piece.to_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push((b'0' + empty) as char);
            }
            if *rank != Rank::First {
                fen.push('/');
            }
        }
        fen.push(' ');
        fen.push_str(&self.side_to_move.to_string());
        fen.push(' ');
        fen.push_str(&self.castling_field(shredder));
        fen.push(' ');
        match self.en_passant {
            Some(sq) => fen.push_str(&sq.to_string()),
            None => fen.push('-'),
        }
        fen.push_str(&format!(
            " {} {}",
            self.halfmove_clock, self.fullmove_number
        ));
        fen
    }

    fn castling_field(&self, shredder: bool) -> String {
        let mut field = String::new();
        for color in Color::ALL {
            for side in CastleSide::ALL {
                let Some(file) = self.castling.rook(color, side) else {
                    continue;
                };
                let letter = if !shredder && outermost_rook(self, color, side) == Some(file) {
                    match side {
                        CastleSide::Short => 'k',
                        CastleSide::Long => 'q',
                    }
                } else {
                    file.to_char()
                };
                field.push(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                });
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        field
    }
}

/// Refuses material no game can reach, side by side: exactly one king, at
/// most 16 men and 8 pawns, and no more pieces beyond the starting set
/// (queens past 1, rooks and knights past 2, bishops past 1 per square
/// colour) than pawns gone, since each of those is a promoted pawn.
///
/// Why this is enough for the fixed-size tables, which the crate relies on:
/// - [`MoveList`](crate::MoveList) holds 256 moves. The most legal moves any
///   position has is 218 (Petrovic's 1964 composition), and the 2024
///   computer proof of that bound (an integer programme, published on
///   Lichess by Tobs40) searched placements of the material a side can own
///   after promotions without asking whether they are reachable: the
///   boards that pass here. That leaves 38 moves to spare (random boards
///   from `cargo xtask fuzz-fen` come nowhere near: at most 155 moves in
///   10 million tries). Without this check the FEN of issue 42, with 27
///   queens, has 258 moves and overflowed the list. Every legal
///   move keeps the limits (a capture only removes a man, a promotion
///   trades a pawn for one piece), so every board played on from here
///   keeps them too.
/// - The material key counts each piece kind in 4 bits: at most 9 queens
///   and 10 rooks, bishops or knights per side stay below 16.
fn check_material(board: &Board) -> Result<(), FenError> {
    for color in Color::ALL {
        let count_of = |kind| board.colored_pieces(kind, color).len();
        let kings = count_of(PieceKind::King);
        if kings != 1 {
            return Err(FenError::KingCount {
                color,
                count: kings,
            });
        }
        let men = board.colors(color).len();
        if men > 16 {
            return Err(FenError::TooManyMen { color, count: men });
        }
        let pawns = count_of(PieceKind::Pawn);
        if pawns > 8 {
            return Err(FenError::TooManyPawns {
                color,
                count: pawns,
            });
        }
        let bishops = board.colored_pieces(PieceKind::Bishop, color);
        let promoted = count_of(PieceKind::Queen).saturating_sub(1)
            + count_of(PieceKind::Rook).saturating_sub(2)
            + count_of(PieceKind::Knight).saturating_sub(2)
            + (bishops & BitBoard::LIGHT_SQUARES).len().saturating_sub(1)
            + (bishops & BitBoard::DARK_SQUARES).len().saturating_sub(1);
        let missing_pawns = 8 - pawns;
        if promoted > missing_pawns {
            return Err(FenError::TooManyPromotedPieces {
                color,
                promoted,
                missing_pawns,
            });
        }
    }
    Ok(())
}

struct BitBoardRanks;
impl BitBoardRanks {
    const FIRST_AND_LAST: crate::BitBoard = crate::BitBoard(0xFF00_0000_0000_00FF);
}

fn parse_placement(board: &mut Board, placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::WrongRankCount(ranks.len()));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = Rank::ALL[7 - row];
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else {
                let piece = Piece::from_char(c).ok_or(FenError::BadPieceLetter(c))?;
                if file < 8 {
                    board.put(piece, Square::new(File::ALL[file], rank));
                }
                file += 1;
            }
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank,
                squares: file,
            });
        }
    }
    Ok(())
}

/// The rook furthest from the king on `side`, the one `K`/`Q` name in X-FEN.
fn outermost_rook(board: &Board, color: Color, side: CastleSide) -> Option<File> {
    let rank = color.back_rank();
    let king_file = board.king(color).file();
    let rooks = board.colored_pieces(PieceKind::Rook, color);
    let has_rook = |f: &&File| rooks.has(Square::new(**f, rank));
    match side {
        CastleSide::Short => File::ALL
            .iter()
            .rev()
            .take_while(|f| **f > king_file)
            .find(has_rook),
        CastleSide::Long => File::ALL
            .iter()
            .take_while(|f| **f < king_file)
            .find(has_rook),
    }
    .copied()
}

fn parse_castling(board: &Board, field: &str) -> Result<CastlingRights, FenError> {
    let bad = || FenError::BadCastling(field.to_string());
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    if field.is_empty() || field.len() > 4 {
        return Err(bad());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king = board.king(color);
        let missing = FenError::CastlingWithoutKingAndRook(c);
        let (side, file) = match c.to_ascii_lowercase() {
            'k' | 'q' => {
                let side = if c.eq_ignore_ascii_case(&'k') {
                    CastleSide::Short
                } else {
                    CastleSide::Long
                };
                if king.rank() != color.back_rank() {
                    return Err(missing);
                }
                (side, outermost_rook(board, color, side).ok_or(missing)?)
            }
            letter @ 'a'..='h' => {
                let file = File::from_char(letter).ok_or_else(bad)?;
                let rook = Square::new(file, color.back_rank());
                if king.rank() != color.back_rank()
                    || board.piece_on(rook) != Some(Piece::new(PieceKind::Rook, color))
                {
                    return Err(missing);
                }
                let side = if file > king.file() {
                    CastleSide::Short
                } else {
                    CastleSide::Long
                };
                (side, file)
            }
            _ => return Err(bad()),
        };
        if rights.rook(color, side).is_some() {
            return Err(bad());
        }
        rights = rights.with(color, side, Some(file));
    }
    Ok(rights)
}

fn is_chess960_geometry(board: &Board, rights: CastlingRights) -> bool {
    Color::ALL.iter().any(|&color| {
        let standard = [(CastleSide::Short, File::H), (CastleSide::Long, File::A)];
        let rook_off = standard
            .iter()
            .any(|&(side, file)| rights.rook(color, side).is_some_and(|f| f != file));
        let has_rights = rights.rook(color, CastleSide::Short).is_some()
            || rights.rook(color, CastleSide::Long).is_some();
        rook_off || (has_rights && board.king(color).file() != File::E)
    })
}

fn parse_en_passant(board: &mut Board, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let target: Square = field
        .parse()
        .map_err(|_| FenError::BadEnPassantSquare(field.to_string()))?;
    let us = board.side_to_move;
    let them = !us;
    let impossible = FenError::ImpossibleEnPassant(target);
    if target.rank() != us.relative_rank(Rank::Sixth) {
        return Err(impossible);
    }
    let forward: i8 = if us == Color::White { 8 } else { -8 };
    let (Some(pushed_pawn), Some(origin)) = (target.offset(-forward), target.offset(forward))
    else {
        return Err(impossible);
    };
    if board.piece_on(pushed_pawn) != Some(Piece::new(PieceKind::Pawn, them))
        || board.occupied().has(target)
        || board.occupied().has(origin)
    {
        return Err(impossible);
    }
    board.set_en_passant(target, us);
    Ok(())
}

impl core::str::FromStr for Board {
    type Err = FenError;

    /// Parses a FEN, as [`Board::from_fen`].
    ///
    /// ```
    /// use matewise_movegen::{Board, FenError};
    /// let board: Board = "8/8/8/8/8/8/8/K6k w - - 0 1".parse()?;
    /// assert_eq!(board.to_fen().parse::<Board>()?, board);
    /// assert_eq!("8/8/8 w - - 0 1".parse::<Board>(), Err(FenError::WrongRankCount(3)));
    /// # Ok::<(), FenError>(())
    /// ```
    fn from_str(fen: &str) -> Result<Board, FenError> {
        Board::from_fen(fen)
    }
}

impl fmt::Display for Board {
    /// A diagram with rank 8 on top, then the FEN and the key, as the `d` command prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, " +---+---+---+---+---+---+---+---+")?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = self
                    .piece_on(Square::new(file, *rank))
                    .map_or(' ', |p| p.to_char());
                write!(f, " | {c}")?;
            }
            writeln!(f, " | {rank}")?;
            writeln!(f, " +---+---+---+---+---+---+---+---+")?;
        }
        writeln!(f, "   a   b   c   d   e   f   g   h")?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.to_fen())?;
        write!(f, "Key: {:016X}", self.hash)?;
        let checkers: Vec<String> = self.checkers.iter().map(|s| s.to_string()).collect();
        write!(f, "\nCheckers: {}", checkers.join(" "))
    }
}
