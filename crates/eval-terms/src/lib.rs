//! # eval-terms
//!
//! Matewise's static evaluation. For now: material plus piece-square tables,
//! tapered between middlegame and endgame by the Compendium's measure of
//! game stage (piece strength: Q 9, R 4.5, B 3, N 3 per side, 60 at the
//! start). The Compendium evaluation replaces the terms, keeping this API.
//!
//! ```
//! use eval_terms::Evaluator;
//! use movegen::Board;
//!
//! let mut evaluator = Evaluator::new();
//! let start = Board::default();
//! assert!(evaluator.evaluate(&start).abs() < 50);
//! let queen_up = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
//! assert!(evaluator.evaluate(&queen_up) > 800);
//! ```

mod drawishness;
mod material_table;
mod mop_up;
mod psqt;
mod report;
mod score;

pub use report::{EvalReport, TermRow};
pub use score::{Phase, S};

use movegen::{Board, Color, PieceKind};

/// A side-to-move-relative evaluation in centipawns.
pub type Value = i32;

/// The evaluation, with whatever per-thread caches it keeps (none yet; the
/// Compendium evaluation adds pawn and material tables). One per search thread.
#[derive(Clone)]
pub struct Evaluator {
    mating_rules: bool,
    material: material_table::MaterialTable,
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::new()
    }
}

impl Evaluator {
    /// A fresh evaluator, with Pair-o-Max's drawishness rules on.
    pub fn new() -> Evaluator {
        Evaluator {
            mating_rules: true,
            material: material_table::MaterialTable::default(),
        }
    }

    /// Switches Pair-o-Max's drawishness rules (and pair bonuses) on or off,
    /// for comparing the engine with and without them.
    pub fn set_mating_rules(&mut self, on: bool) {
        self.mating_rules = on;
    }

    /// Forgets cached entries (on `ucinewgame`).
    pub fn clear(&mut self) {
        self.material.clear();
    }

    /// The evaluation of `board` for the side to move, in centipawns.
    ///
    /// Pair-o-Max's rules then discount drawish endings: the score is divided
    /// by 2, 4 or 8 where the leader lacks pawns or mating potential.
    #[inline]
    pub fn evaluate(&mut self, board: &Board) -> Value {
        let white = psqt::score(board) + mop_up::score(board);
        let tapered = white.taper(Phase::of(board));
        let value = if self.mating_rules {
            let info = self.material.probe(board);
            let unscaled = tapered + info.pair_bonus;
            info.scale(unscaled).apply(unscaled)
        } else {
            tapered
        };
        match board.side_to_move() {
            Color::White => value,
            Color::Black => -value,
        }
    }

    /// The evaluation broken down by term, from White's side, for `eval`.
    pub fn report(&mut self, board: &Board) -> EvalReport {
        report::build(board, self.mating_rules)
    }
}

/// One side's piece strength in the Compendium's measure (Q 9, R 4.5, B 3,
/// N 3), counted in half-points so it stays an integer: 60 at the start.
pub(crate) fn piece_strength_halves(board: &Board, color: Color) -> u32 {
    let count = |k| board.colored_pieces(k, color).len();
    18 * count(PieceKind::Queen)
        + 9 * count(PieceKind::Rook)
        + 6 * (count(PieceKind::Bishop) + count(PieceKind::Knight))
}

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
