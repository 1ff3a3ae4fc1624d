//! # search
//!
//! Matewise's search: iterative deepening with aspiration windows over a
//! principal variation search; quiescence search with SEE pruning and check
//! evasions; a lock-free transposition table; null-move pruning with a
//! zugzwang guard, late move reductions, reverse futility and futility
//! pruning, late move pruning, check extensions; a staged move picker;
//! history with gravity, killers and counter moves; repetition and
//! fifty-move detection; mate distance pruning; time management; Lazy SMP.
//!
//! ```
//! use matewise_search::{Board, KeyHistory, Limits, Score, SearchControl, SearchOptions, Searcher};
//!
//! let mut searcher = Searcher::new(16, 1);
//! let board = Board::from_fen("8/7K/8/8/8/8/R7/7k w - - 0 1").unwrap();
//! let limits = Limits { depth: Some(20), ..Limits::default() };
//! let mut lines = 0;
//! let result = searcher.search(&board, &KeyHistory::default(), &limits,
//!     &SearchOptions::default(), &SearchControl::new(false), &mut |_info| lines += 1);
//! assert_eq!(result.score, Score::Mate(8));
//! assert!(lines > 0);
//! ```

// Listed from the top down: each file uses only those below it (the
// `layering` test holds this). The search proper, `search`, `mate_line`
// and `deepening`, adds methods to `Worker`.
mod bench;
mod control;
mod correction;
mod deepening;
mod first_iteration;
mod move_history;
mod limits;
mod main_thread;
mod mate_line;
mod movepick;
mod options;
pub mod params;
mod root_move;
mod score;
mod search;
mod searcher;
mod skill;
pub mod strength;
mod table_preparation;
mod time;
mod tt;
mod worker;
mod zeroed;

pub use bench::{BENCH_DEPTH, BENCH_POSITIONS, BenchResult, run_bench, run_bench_until};
pub use control::SearchControl;
pub use limits::{Clock, Limits};
pub use main_thread::SearchInfo;
pub use options::SearchOptions;
pub use score::{DRAW, INFINITE, MATE, MATE_BOUND, MAX_PLY, Score, is_mate, mate_in, mated_in};
pub use searcher::{SearchResult, Searcher};
pub use strength::StrengthLimit;
pub use time::{
    ControlPeriods, PERIOD_RESERVE_DIVISOR, RESERVE_MOVES, SUDDEN_DEATH_MOVES, TimeManager,
    TimePlan,
};
pub use tt::{Bound, TranspositionTable, TtHit};
pub use worker::ThreadData;

/// The Matewise crate this API takes, re-exported whole.
pub use movegen;
/// What a search takes and returns: the position, the game's history, moves.
pub use movegen::{Board, KeyHistory, Move};

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
