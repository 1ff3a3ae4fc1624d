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
//! use movegen::{Board, KeyHistory};
//! use matewise_search::{Limits, Score, SearchControl, SearchOptions, Searcher};
//!
//! # endgame_tables::cache::set_dir(None); // no table file from the doctest
//! let mut searcher = Searcher::new(16, 1);
//! let board = Board::from_fen("8/7K/8/8/8/8/R7/7k w - - 0 1").unwrap();
//! let limits = Limits { depth: Some(20), ..Limits::default() };
//! let mut lines = 0;
//! let result = searcher.search(&board, &KeyHistory::default(), &limits,
//!     &SearchOptions::default(), &SearchControl::new(false), &mut |_info| lines += 1);
//! assert_eq!(result.score, Score::Mate(8));
//! assert!(lines > 0);
//! ```

mod bench;
mod control;
mod correction;
mod driver;
mod history;
mod limits;
mod manager;
mod mate_line;
mod movepick;
mod options;
pub mod params;
mod root;
mod score;
mod search;
pub mod strength;
mod tables;
mod time;
mod tt;
mod worker;
mod zeroed;

pub use bench::{BENCH_DEPTH, BENCH_POSITIONS, BenchResult, run_bench, run_bench_until};
pub use control::SearchControl;
pub use driver::{SearchResult, Searcher};
pub use limits::{Clock, Limits};
pub use manager::SearchInfo;
pub use options::SearchOptions;
pub use score::{DRAW, INFINITE, MATE, MATE_BOUND, MAX_PLY, Score, is_mate, mate_in, mated_in};
pub use strength::StrengthLimit;
pub use time::{PERIOD_RESERVE_DIVISOR, RESERVE_MOVES, SUDDEN_DEATH_MOVES, TimeManager, TimePlan};
pub use tt::{Bound, TranspositionTable, TtHit};
pub use worker::ThreadData;

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
