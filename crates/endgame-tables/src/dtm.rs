//! Distance-to-mate tables for the pawnless endings in which one side has
//! only its king: K+Q, K+R, K+B+B and K+B+N against K. Each is solved by
//! retrograde analysis (no download) the first time a search meets it, in
//! a background thread, and answers exactly from then on. A solved table
//! is kept in the [`cache`](crate::cache) directory, from which later
//! processes load it instead of solving it again.
//!
//! ```
//! use matewise_endgame_tables::dtm::{self, Dtm, Ending};
//! use movegen::Board;
//!
//! dtm::build_now(Ending::Krk);
//! // The mate-distance-pruning seed: White mates in 8 (15 plies).
//! let seed = Board::from_fen("8/7K/8/8/8/8/R7/7k w - - 0 1").unwrap();
//! assert_eq!(dtm::probe(&seed), Some(Dtm::MateIn(15)));
//! ```

mod retrograde;

use crate::cache;
use movegen::{BitBoard, Board, Color, PieceKind};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The endings with a table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// King and queen against king.
    Kqk,
    /// King and rook against king.
    Krk,
    /// King and two bishops against king (of one colour: a dead draw).
    Kbbk,
    /// King, bishop and knight against king.
    Kbnk,
}

impl Ending {
    /// Every ending with a table.
    pub const ALL: [Ending; 4] = [Ending::Kqk, Ending::Krk, Ending::Kbbk, Ending::Kbnk];

    /// The strong side's pieces besides its king, in table order.
    pub const fn pieces(self) -> &'static [PieceKind] {
        match self {
            Ending::Kqk => &[PieceKind::Queen],
            Ending::Krk => &[PieceKind::Rook],
            Ending::Kbbk => &[PieceKind::Bishop, PieceKind::Bishop],
            Ending::Kbnk => &[PieceKind::Bishop, PieceKind::Knight],
        }
    }

    const fn slot(self) -> usize {
        self as usize
    }

    /// The ending's name in lower case, as in `kbnk`.
    pub const fn name(self) -> &'static str {
        match self {
            Ending::Kqk => "kqk",
            Ending::Krk => "krk",
            Ending::Kbbk => "kbbk",
            Ending::Kbnk => "kbnk",
        }
    }

    /// The ending of `board`, with the strong side, if it has a table.
    pub fn of(board: &Board) -> Option<(Ending, Color)> {
        let occupied = board.occupied();
        if occupied.len() > 4 || !board.pieces(PieceKind::Pawn).is_empty() {
            return None;
        }
        let strong = if board.colors(Color::White).len() > 1 {
            Color::White
        } else {
            Color::Black
        };
        if board.colors(!strong).len() != 1 || !board.castling_rights().is_empty() {
            return None;
        }
        let count = |kind| board.colored_pieces(kind, strong).len();
        let ending = match (
            count(PieceKind::Queen),
            count(PieceKind::Rook),
            count(PieceKind::Bishop),
            count(PieceKind::Knight),
        ) {
            (1, 0, 0, 0) => Ending::Kqk,
            (0, 1, 0, 0) => Ending::Krk,
            (0, 0, 2, 0) => Ending::Kbbk,
            (0, 0, 1, 1) => Ending::Kbnk,
            _ => return None,
        };
        Some((ending, strong))
    }
}

/// A table's answer, for the side to move, in plies to the mate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dtm {
    /// The side to move mates in this many plies (always odd).
    MateIn(u32),
    /// The side to move is mated in this many plies (always even; 0: it is mated now).
    MatedIn(u32),
    /// No side can force mate.
    Draw,
}

/// One solved ending: for each side to move, plies to mate plus one per
/// position (0: a draw, or an illegal position).
#[derive(PartialEq, Eq)]
pub struct Table {
    pieces: usize,
    strong_to_move: Vec<u8>,
    weak_to_move: Vec<u8>,
}

/// The squares of one position: strong king, weak king, then the pieces.
type Squares = [usize; 4];

/// A position's place in a table of `pieces` pieces besides the kings: its
/// squares as the digits of a base-64 number.
fn index(pieces: usize, squares: &Squares) -> usize {
    squares[..2 + pieces]
        .iter()
        .fold(0, |index, &square| index * 64 + square)
}

/// The squares of the position at `index` (see [`index`]).
fn squares(pieces: usize, mut index: usize) -> Squares {
    let mut squares = [0; 4];
    for i in (0..2 + pieces).rev() {
        squares[i] = index % 64;
        index /= 64;
    }
    squares
}

impl Table {
    /// Bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.strong_to_move.len() + self.weak_to_move.len()
    }

    /// The longest mate in the table, in moves of the winning side.
    pub fn longest_mate(&self) -> u32 {
        let plies = self.strong_to_move.iter().max().copied().unwrap_or(0);
        u32::from(plies) / 2
    }

    /// Looks up a position of this table's ending (`strong` names the side with pieces).
    pub fn probe(&self, ending: Ending, strong: Color, board: &Board) -> Dtm {
        let mut squares = [0; 4];
        squares[0] = board.king(strong).index();
        squares[1] = board.king(!strong).index();
        let mut taken = BitBoard::EMPTY;
        for (slot, &kind) in (2..).zip(ending.pieces()) {
            let square = (board.colored_pieces(kind, strong) - taken)
                .first()
                .expect("the ending's pieces are on the board");
            taken |= square.bitboard();
            squares[slot] = square.index();
        }
        let index = index(self.pieces, &squares);
        if board.side_to_move() == strong {
            match self.strong_to_move[index] {
                0 => Dtm::Draw,
                v => Dtm::MateIn(u32::from(v) - 1),
            }
        } else {
            match self.weak_to_move[index] {
                0 => Dtm::Draw,
                v => Dtm::MatedIn(u32::from(v) - 1),
            }
        }
    }

    /// Solves `ending` by retrograde analysis (see [`retrograde`]).
    pub fn build(ending: Ending) -> Table {
        let (strong_to_move, weak_to_move) = retrograde::solve(ending);
        Table::from_halves(ending, strong_to_move, weak_to_move)
    }

    /// Positions per side to move in a table of `ending`.
    pub(crate) const fn half_len(ending: Ending) -> usize {
        1 << (6 * (2 + ending.pieces().len()))
    }

    /// The values with the strong side to move, then with the weak side.
    pub(crate) fn halves(&self) -> [&[u8]; 2] {
        [&self.strong_to_move, &self.weak_to_move]
    }

    pub(crate) fn from_halves(
        ending: Ending,
        strong_to_move: Vec<u8>,
        weak_to_move: Vec<u8>,
    ) -> Table {
        Table {
            pieces: ending.pieces().len(),
            strong_to_move,
            weak_to_move,
        }
    }
}

static TABLES: [OnceLock<Table>; 4] = [const { OnceLock::new() }; 4];
static BUILDING: [AtomicBool; 4] = [const { AtomicBool::new(false) }; 4];

/// The solved table of `ending`, in this thread if no one has it yet:
/// loaded from the cache directory ([`cache::dir`]) if a valid file is
/// there, else built and saved there (a cache that cannot be written only
/// costs the next process a build).
pub fn build_now(ending: Ending) -> &'static Table {
    TABLES[ending.slot()].get_or_init(|| {
        let Some(path) = cache::dir().map(|dir| cache::file(&dir, ending)) else {
            return Table::build(ending);
        };
        cache::load(ending, &path).unwrap_or_else(|_| {
            let table = Table::build(ending);
            let _ = cache::save(&table, ending, &path);
            table
        })
    })
}

/// The table of `ending` if it is ready or its cache file loads (in this
/// thread, in milliseconds); never builds. A program can call it for every
/// ending before play, so that cached tables are there from the first search.
pub fn load_cached(ending: Ending) -> Option<&'static Table> {
    let slot = ending.slot();
    if TABLES[slot].get().is_none() {
        let path = cache::file(&cache::dir()?, ending);
        if let Ok(table) = cache::load(ending, &path) {
            // A table built meanwhile by another thread is the same.
            let _ = TABLES[slot].set(table);
        }
    }
    TABLES[slot].get()
}

/// The table of `ending` if it is ready; otherwise starts building it in a
/// background thread (once) and answers `None` until it is done, so that no
/// search ever waits for a table.
pub fn table(ending: Ending) -> Option<&'static Table> {
    let slot = ending.slot();
    if let Some(table) = TABLES[slot].get() {
        return Some(table);
    }
    if !BUILDING[slot].swap(true, Ordering::AcqRel) {
        let spawned = std::thread::Builder::new()
            .name(format!("dtm-{ending:?}"))
            .spawn(move || {
                build_now(ending);
            });
        if spawned.is_err() {
            BUILDING[slot].store(false, Ordering::Release);
        }
    }
    None
}

/// The exact answer for `board` if it is in a ready table (see [`table`]).
#[inline]
pub fn probe(board: &Board) -> Option<Dtm> {
    let (ending, strong) = Ending::of(board)?;
    Some(table(ending)?.probe(ending, strong, board))
}
