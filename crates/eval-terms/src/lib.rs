//! # eval-terms
//!
//! Matewise's static evaluation: the terms of the Little Chess Evaluation
//! Compendium, each a named weight in one table (`weights.rs`) of
//! middlegame/endgame pairs, tapered by the Compendium's game stage (piece
//! strength: Q 9, R 4.5, B 3, N 3 per side, 60 at the start). Every term is
//! added through a [`Tracer`], so the same code gives the search its score
//! ([`NoTrace`], free) and a tuner its gradient ([`Trace`]). Pair-o-Max's
//! mating-potential rules (the `mating-heuristics` crate) then divide
//! drawish endings.
//!
//! ```
//! use matewise_eval_terms::{Board, Evaluator};
//!
//! let mut evaluator = Evaluator::new();
//! let start = Board::default();
//! assert!(evaluator.evaluate(&start).abs() < 50);
//! let queen_up = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
//! assert!(evaluator.evaluate(&queen_up) > 800);
//! ```

mod bits;
mod drawishness;
mod endgame;
mod eval_cache;
mod evaluate;
pub mod facts;
mod info;
mod king;
mod known_draws;
mod material;
mod material_table;
mod opening;
mod params;
mod pawn_table;
mod pawns;
mod pieces;
mod placement;
mod report;
mod score;
mod sources;
mod threats;
mod trace;
pub mod weights;

pub use endgame::DrawingChances;
pub use evaluate::{DRAW_SCALE_ONE, Evaluation, Tables, evaluate};
pub use known_draws::{KnownDraw, known_draw};
pub use params::{Param, Weights};
pub use report::{EvalReport, TermRow};
pub use score::{Phase, S};
pub use trace::{NoTrace, Trace, Tracer};

/// The board crate, re-exported whole: whatever a caller needs of it is
/// here, of the very version this evaluation takes.
pub use movegen;
/// What the evaluation takes: the position, and a side for the trace.
pub use movegen::{Board, Color};

use movegen::PieceKind;

/// A side-to-move-relative evaluation in centipawns.
pub type Value = i32;

/// The evaluation with its per-thread caches (scores, pawn and material
/// tables, placement sums).
/// One per search thread.
#[derive(Default)]
pub struct Evaluator {
    weights: Weights,
    tables: Tables,
    cache: eval_cache::EvalCache,
}

impl Clone for Evaluator {
    fn clone(&self) -> Self {
        let mut tables = Tables::default();
        tables.mating_rules = self.tables.mating_rules;
        Evaluator {
            weights: self.weights.clone(),
            tables,
            cache: Default::default(),
        }
    }
}

impl Evaluator {
    /// A fresh evaluator with the default weights and Pair-o-Max's rules on.
    pub fn new() -> Evaluator {
        Evaluator::default()
    }

    /// An evaluator with other weights (a tuner's, say).
    pub fn with_weights(weights: Weights) -> Evaluator {
        Evaluator {
            weights,
            tables: Tables::default(),
            cache: Default::default(),
        }
    }

    /// Switches Pair-o-Max's drawishness rules (and pair bonuses) on or off,
    /// for comparing the engine with and without them.
    pub fn set_mating_rules(&mut self, on: bool) {
        if self.tables.mating_rules != on {
            self.cache.clear();
        }
        self.tables.mating_rules = on;
    }

    /// Forgets cached entries (on `ucinewgame`).
    pub fn clear(&mut self) {
        self.tables.clear();
        self.cache.clear();
    }

    /// Pawn-table probes and hits so far.
    pub fn pawn_table_stats(&self) -> (u64, u64) {
        self.tables.pawn_table_stats()
    }

    /// Starts fetching the cached score of the position with Zobrist key
    /// `key`, so that evaluating it soon after does not wait on memory.
    /// A hint only: the score is the same with or without it.
    ///
    /// ```
    /// use matewise_eval_terms::Evaluator;
    /// use movegen::Board;
    /// let mut evaluator = Evaluator::new();
    /// let board = Board::default();
    /// evaluator.prefetch(board.hash());
    /// assert_eq!(evaluator.evaluate(&board), Evaluator::new().evaluate(&board));
    /// ```
    #[inline]
    pub fn prefetch(&self, key: u64) {
        self.cache.prefetch(key);
    }

    /// The evaluation of `board` for the side to move, in centipawns.
    #[inline]
    pub fn evaluate(&mut self, board: &Board) -> Value {
        let key = board.hash();
        let white = match self.cache.probe(key) {
            Some(white) => white,
            None => {
                let white = evaluate(board, &self.weights, Some(&mut self.tables), &mut NoTrace)
                    .white_score;
                self.cache.store(key, white);
                white
            }
        };
        match board.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        }
    }

    /// The evaluation broken down by term group (by term with `full`), from
    /// White's side, for `eval`.
    pub fn report(&mut self, board: &Board, full: bool) -> EvalReport {
        report::build(board, &self.weights, &mut self.tables, full)
    }
}

/// One side's piece strength in the Compendium's measure (Q 9, R 4.5, B 3,
/// N 3), counted in half-points so it stays an integer: 60 at the start.
/// Both sides' piece strength in half-points (0 to 120 without promotions),
/// which the phase, the material grading and the opening terms all start
/// from: worked out once per evaluation.
pub(crate) fn total_strength_halves(board: &Board) -> u32 {
    piece_strength_halves(board, Color::White) + piece_strength_halves(board, Color::Black)
}

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
