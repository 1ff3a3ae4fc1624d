//! A solved table: its layout (a position's index from its squares) and
//! its lookups. The solver's fingerprint covers this file (see
//! `cache::SOLVER`): the layout is what a cache file stores.

use super::store::{Build, Cancelled, Store};
use super::{Dtm, Ending, general, retrograde, versus};
use movegen::{BitBoard, Board, Color};

/// One solved ending: for each side to move, plies to mate plus one per
/// position (0: a draw, or an illegal position). An odd number of plies
/// is a win for the side to move, an even number a loss.
#[derive(PartialEq, Eq)]
pub struct Table {
    pub(super) ending: Ending,
    strong_to_move: Vec<u8>,
    weak_to_move: Vec<u8>,
}

/// The squares of one position: strong king, weak king, then the strong
/// side's pieces, then the weak side's.
pub(crate) type Squares = [usize; 4];

/// A position's place in a table of `pieces` pieces besides the kings: its
/// squares as the digits of a base-64 number.
pub(crate) fn index(pieces: usize, squares: &Squares) -> usize {
    squares[..2 + pieces]
        .iter()
        .fold(0, |index, &square| index * 64 + square)
}

/// The index of the position at `index` with the man in `slot` moved
/// from square `from` to `to`: each square is six bits of the index, so a
/// move flips only its man's, and no squares need unpacking.
pub(crate) fn moved(pieces: usize, index: usize, slot: usize, from: usize, to: usize) -> usize {
    index ^ ((from ^ to) << (6 * (1 + pieces - slot)))
}

/// The squares of the position at `index` (see [`index`]).
pub(crate) fn squares(pieces: usize, mut index: usize) -> Squares {
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

    /// The longest mate in the table, in moves of the strong side, with
    /// the strong side to move.
    pub fn longest_mate(&self) -> u32 {
        let wins = self.strong_to_move.iter().filter(|&&v| v > 0 && v % 2 == 0);
        let plies = wins.max().copied().unwrap_or(0);
        u32::from(plies) / 2
    }
    /// Looks up a position of this table's ending (`strong` names the
    /// side whose pieces the ending names first).
    pub fn probe(&self, ending: Ending, strong: Color, board: &Board) -> Dtm {
        let mut squares = [0; 4];
        squares[0] = board.king(strong).index();
        squares[1] = board.king(!strong).index();
        let men = (ending.pieces().iter().map(|&kind| (kind, strong)))
            .chain(ending.weak_pieces().iter().map(|&kind| (kind, !strong)));
        let mut taken = BitBoard::EMPTY;
        for (slot, (kind, color)) in (2..).zip(men) {
            let square = (board.colored_pieces(kind, color) - taken)
                .first()
                .expect("the ending's pieces are on the board");
            taken |= square.bitboard();
            squares[slot] = square.index();
        }
        // Tables with pawns are solved with the strong side's pawns moving
        // up the board: a Black strong side is seen in the mirror (which
        // changes nothing in a pawnless table).
        if strong == Color::Black {
            for square in &mut squares {
                *square ^= 56;
            }
        }
        let half = usize::from(board.side_to_move() != strong);
        match self.value(half, &squares) {
            0 => Dtm::Draw,
            v if v % 2 == 0 => Dtm::MateIn(u32::from(v) - 1),
            v => Dtm::MatedIn(u32::from(v) - 1),
        }
    }

    /// The stored value (plies to mate plus one, 0 for a draw) of the
    /// placement `squares`, with the strong side to move (`half` 0) or the
    /// weak side (`half` 1).
    pub(crate) fn value(&self, half: usize, squares: &Squares) -> u8 {
        self.halves()[half][index(self.ending.men_besides_kings(), squares)]
    }

    /// Solves `ending` by retrograde analysis (see the `retrograde` and
    /// `versus` modules), in this thread, with no cache file read or
    /// written. An ending whose captures lead into other tables solves
    /// those first.
    ///
    /// ```
    /// use matewise_endgame_tables::dtm::{Ending, Table};
    /// assert_eq!(Table::build(Ending::Kqk).longest_mate(), 10);
    /// ```
    pub fn build(ending: Ending) -> Table {
        let store = Store::new(None);
        store
            .build_now(ending, false)
            .expect("a build no one cancels");
        store.take(ending).expect("the table was just built")
    }

    /// Solves `ending` within `build`, which supplies the tables it leads
    /// into and may pause or stop it.
    pub(crate) fn solve(ending: Ending, build: &Build) -> Result<Table, Cancelled> {
        let (strong_to_move, weak_to_move) = if ending.has_pawns() {
            general::solve(ending, build)?
        } else if ending.weak_pieces().is_empty() {
            retrograde::solve(ending, build)?
        } else {
            versus::solve(ending, build)?
        };
        Ok(Table::from_halves(ending, strong_to_move, weak_to_move))
    }

    /// Positions per side to move in a table of `ending`.
    pub(crate) const fn half_len(ending: Ending) -> usize {
        1 << (6 * (2 + ending.men_besides_kings()))
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
            ending,
            strong_to_move,
            weak_to_move,
        }
    }
}
