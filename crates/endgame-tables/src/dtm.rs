//! Distance-to-mate tables for the pawnless endings in which one side has
//! only its king: K+Q, K+R, K+B+B and K+B+N against K. Each is solved by
//! retrograde analysis (no file, no download) the first time a search
//! meets it, in a background thread, and answers exactly from then on.
//!
//! ```
//! use endgame_tables::dtm::{self, Dtm, Ending};
//! use movegen::Board;
//!
//! dtm::build_now(Ending::Krk);
//! // The mate-distance-pruning seed: White mates in 8 (15 plies).
//! let seed = Board::from_fen("8/7K/8/8/8/8/R7/7k w - - 0 1").unwrap();
//! assert_eq!(dtm::probe(&seed), Some(Dtm::MateIn(15)));
//! ```

use movegen::BitBoard;
use movegen::{Board, Color, PieceKind, Square, attacks};
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
pub struct Table {
    pieces: usize,
    strong_to_move: Vec<u8>,
    weak_to_move: Vec<u8>,
}

/// The squares of one position: strong king, weak king, then the pieces.
type Squares = [usize; 4];

impl Table {
    fn index(&self, squares: &Squares) -> usize {
        squares[..2 + self.pieces]
            .iter()
            .fold(0, |index, &square| index * 64 + square)
    }

    fn squares(&self, mut index: usize) -> Squares {
        let mut squares = [0; 4];
        for i in (0..2 + self.pieces).rev() {
            squares[i] = index % 64;
            index /= 64;
        }
        squares
    }

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
        let index = self.index(&squares);
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

    /// Solves `ending` by retrograde analysis: from the mates, strong-side
    /// moves taken back mark wins, and a weak-side position is lost once
    /// every one of its moves has been taken back from a win. The weak king's
    /// captures leave the table for a drawn ending, so they never count down.
    pub fn build(ending: Ending) -> Table {
        let pieces = ending.pieces().len();
        let size = 1usize << (6 * (2 + pieces));
        let mut table = Table {
            pieces,
            strong_to_move: vec![0; size],
            weak_to_move: vec![0; size],
        };
        let kinds = ending.pieces();
        let mut escapes = vec![0u8; size];
        let mut lost: Vec<u32> = Vec::new();
        for (index, escape) in escapes.iter_mut().enumerate() {
            let squares = table.squares(index);
            let Some(position) = Position::new(&squares, kinds) else {
                continue;
            };
            let moves = position.weak_king_moves();
            if moves == 0 {
                if position.weak_king_attacked() {
                    table.weak_to_move[index] = 1;
                    lost.push(index as u32);
                }
            } else {
                *escape = moves;
            }
        }
        let mut plies = 0u8;
        while !lost.is_empty() {
            let mut won = Vec::new();
            for &index in &lost {
                let position = Position::new(&table.squares(index as usize), kinds).unwrap();
                position.for_each_strong_unmove(|before| {
                    let i = table.index(&before);
                    if table.strong_to_move[i] == 0 {
                        table.strong_to_move[i] = plies + 2;
                        won.push(i as u32);
                    }
                });
            }
            lost.clear();
            for &index in &won {
                let position = Position::new(&table.squares(index as usize), kinds).unwrap();
                position.for_each_weak_unmove(|before| {
                    let i = table.index(&before);
                    if table.weak_to_move[i] == 0 && escapes[i] > 0 {
                        escapes[i] -= 1;
                        if escapes[i] == 0 {
                            table.weak_to_move[i] = plies + 3;
                            lost.push(i as u32);
                        }
                    }
                });
            }
            plies += 2;
        }
        table
    }
}

/// A legal placement of the table's men (kings apart, no square twice).
struct Position<'a> {
    squares: Squares,
    kinds: &'a [PieceKind],
    occupied: BitBoard,
}

fn square(index: usize) -> Square {
    Square::try_index(index).expect("a board square")
}

/// Squares a strong piece of `kind` on `from` attacks (and, the moves
/// being the same backwards, the squares it may have come from).
fn piece_attacks(kind: PieceKind, from: Square, occupied: BitBoard) -> BitBoard {
    match kind {
        PieceKind::Knight => attacks::knight(from),
        PieceKind::Bishop => attacks::bishop(from, occupied),
        PieceKind::Rook => attacks::rook(from, occupied),
        _ => attacks::queen(from, occupied),
    }
}

impl<'a> Position<'a> {
    fn new(squares: &Squares, kinds: &'a [PieceKind]) -> Option<Position<'a>> {
        let men = 2 + kinds.len();
        let mut occupied = BitBoard::EMPTY;
        for &s in &squares[..men] {
            if occupied.has(square(s)) {
                return None;
            }
            occupied |= square(s).bitboard();
        }
        if attacks::king(square(squares[0])).has(square(squares[1])) {
            return None;
        }
        Some(Position {
            squares: *squares,
            kinds,
            occupied,
        })
    }

    /// Squares the strong side attacks, with `occupied` for the sliders and
    /// the piece in `captured` slot (if any) gone.
    fn strong_attacks(&self, occupied: BitBoard, captured: Option<usize>) -> BitBoard {
        let mut attacked = attacks::king(square(self.squares[0]));
        for (i, &kind) in self.kinds.iter().enumerate() {
            if captured == Some(2 + i) {
                continue;
            }
            attacked |= piece_attacks(kind, square(self.squares[2 + i]), occupied);
        }
        attacked
    }

    fn weak_king_attacked(&self) -> bool {
        self.strong_attacks(self.occupied, None)
            .has(square(self.squares[1]))
    }

    /// Legal moves of the weak king, captures included.
    fn weak_king_moves(&self) -> u8 {
        let king = square(self.squares[1]);
        let without_king = self.occupied - king.bitboard();
        let mut moves = 0;
        for to in attacks::king(king) {
            let captured = (2..2 + self.kinds.len()).find(|&i| self.squares[i] == to.index());
            if self.occupied.has(to) && captured.is_none() {
                continue; // the strong king's square, never adjacent anyway
            }
            if !self.strong_attacks(without_king, captured).has(to) {
                moves += 1;
            }
        }
        moves
    }

    /// Positions, strong side to move, from which a strong move reaches this
    /// one (weak side to move): every man of the strong side stepped back to
    /// an empty square it could have come from.
    fn for_each_strong_unmove(&self, mut visit: impl FnMut(Squares)) {
        let weak_king = square(self.squares[1]);
        for slot in std::iter::once(0).chain(2..2 + self.kinds.len()) {
            let from = square(self.squares[slot]);
            let origins = match slot {
                0 => attacks::king(from) - attacks::king(weak_king),
                _ => piece_attacks(self.kinds[slot - 2], from, self.occupied),
            } - self.occupied;
            for origin in origins {
                let mut before = self.squares;
                before[slot] = origin.index();
                let position = Position::new(&before, self.kinds).expect("an empty origin");
                // With the strong side to move, the weak king may not stand in check.
                if !position.weak_king_attacked() {
                    visit(before);
                }
            }
        }
    }

    /// Positions, weak side to move, from which a weak king move (not a
    /// capture) reaches this one (strong side to move).
    fn for_each_weak_unmove(&self, mut visit: impl FnMut(Squares)) {
        let strong_king = square(self.squares[0]);
        let king = square(self.squares[1]);
        for origin in attacks::king(king) - self.occupied - attacks::king(strong_king) {
            let mut before = self.squares;
            before[1] = origin.index();
            visit(before);
        }
    }
}

static TABLES: [OnceLock<Table>; 4] = [const { OnceLock::new() }; 4];
static BUILDING: [AtomicBool; 4] = [const { AtomicBool::new(false) }; 4];

/// The solved table of `ending`, building it in this thread if no one has.
pub fn build_now(ending: Ending) -> &'static Table {
    TABLES[ending.slot()].get_or_init(|| Table::build(ending))
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
