//! Distance-to-mate tables for every ending of up to four men but those
//! that are dead draws: K+Q and K+R against a bare king, every pair of
//! pieces against a bare king (K+Q+Q, K+Q+R, ..., K+B+N), every ending of
//! one piece against one piece (K+Q against K+R, K+R against K+N, ...), and
//! the endings with pawns: K+P against K, a piece or a pawn and a pawn
//! against a bare king (K+Q+P, K+R+P, K+B+P, K+N+P, K+P+P), and a piece or
//! a pawn against a pawn (K+Q against K+P, ..., K+P against K+P).
//! Captures and promotions lead into the other tables or a dead draw. Each
//! is solved by retrograde analysis (no download), and answers exactly from
//! then on. The tables are held by a [`crate::Tablebases`], which builds
//! them when asked ([`crate::Ready`]): in the calling thread, or in a
//! background thread that works between searches at the system's lowest
//! priority (Linux), so that it takes no core from a search or from
//! anything else busy on the machine. A solved table is kept in the
//! [`crate::cache`] directory, from which later processes load it instead
//! of solving it again.
//!
//! A table holds no position with the right to take en passant (as
//! published tablebases do not): [`crate::Tablebases::probe`] answers one
//! from its moves.
//!
//! ```
//! use matewise_endgame_tables::dtm::{Dtm, Ending};
//! use matewise_endgame_tables::{Board, Ready, Tablebases};
//!
//! let tables = Tablebases::in_memory();
//! tables.table(Ending::Krk, Ready::Now);
//! // The mate-distance-pruning seed: White mates in 8 (15 plies).
//! let seed = Board::from_fen("8/7K/8/8/8/8/R7/7k w - - 0 1").unwrap();
//! assert_eq!(tables.dtm(&seed), Some(Dtm::MateIn(15)));
//! ```

mod budget;
mod count;
mod counts;
mod ending;
mod exits;
mod gate;
mod general;
mod men;
mod progress;
mod retrograde;
mod running;
pub(crate) mod store;
mod symmetry;
mod table;
mod versus;
pub(crate) mod workers;

pub use ending::Ending;
pub(crate) use ending::material_of;
pub use gate::SearchGuard;
pub use table::Table;
pub(crate) use table::{Squares, index, moved, squares};

use movegen::{Board, MoveList};

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

impl Ending {
    /// About how long a build of this table alone takes on one core, in
    /// seconds (measured with `matewise tables build` on a quiet machine; a
    /// loaded one takes longer): for an estimate to show a user, not a
    /// promise.
    ///
    /// ```
    /// use matewise_endgame_tables::dtm::Ending;
    /// assert!(Ending::Krk.typical_build_seconds() < Ending::Kqkr.typical_build_seconds());
    /// ```
    pub fn typical_build_seconds(self) -> f64 {
        match (self.men_besides_kings(), self.has_pawns()) {
            (1, _) => 0.1,
            (_, false) => 2.5,
            (_, true) => 9.0,
        }
    }
}

/// The answer for a position with the right to take en passant, which no
/// table stores: the best of its moves' answers, a capture into an ending
/// without a table a draw unless it mates.
#[cold]
pub(crate) fn probe_by_moves(board: &Board, probe: &dyn Fn(&Board) -> Option<Dtm>) -> Option<Dtm> {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    let mut best = if board.in_check() {
        Dtm::MatedIn(0)
    } else {
        Dtm::Draw
    };
    for (n, &mv) in moves.iter().enumerate() {
        let mut child = board.clone();
        child.play_unchecked(mv);
        let value = match Ending::of(&child) {
            Some(_) => match probe(&child)? {
                Dtm::MateIn(plies) => Dtm::MatedIn(plies + 1),
                Dtm::MatedIn(plies) => Dtm::MateIn(plies + 1),
                Dtm::Draw => Dtm::Draw,
            },
            None if child.is_checkmate() => Dtm::MateIn(1),
            None => Dtm::Draw,
        };
        if n == 0 || value.rank() > best.rank() {
            best = value;
        }
    }
    Some(best)
}

impl Dtm {
    /// Orders answers from the side to move's point of view: the quickest
    /// mate first, the slowest loss last but one, being mated now last.
    fn rank(self) -> i64 {
        match self {
            Dtm::MateIn(plies) => 1_000 - i64::from(plies),
            Dtm::Draw => 0,
            Dtm::MatedIn(plies) => -1_000 + i64::from(plies),
        }
    }
}
