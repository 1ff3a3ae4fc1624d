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

// The files from the top down: each uses only those below it (the
// `layering` test holds this; a comment between each keeps rustfmt from
// sorting them). `search`, `mate_line` and `deepening` add methods to
// `Worker`.

// The bench: fixed positions searched to a fixed depth.
mod bench;
// `Searcher`: the table and threads kept between searches; one search.
mod searcher;
// A root in a tabled ending: its table readied before the search.
mod table_preparation;
// `MainThread`: the stop rule and the reporting of one search.
mod main_thread;
// A strength limit at work: the move picked among the lines.
mod skill;
// What a search tells the GUI, line by line.
mod report;
// Time management: the plan, the periods, the stretch, the clock.
mod time;
// Iterative deepening, aspiration windows, the root's moves.
mod deepening;
// Mate lines completed to the checkmate.
mod mate_line;
// The alpha-beta search and quiescence.
mod search;
// The endgame tables in the tree: exact mates, Syzygy verdicts.
mod table_probe;
// The staged move picker.
mod movepick;
// One thread's state: stack, PV, node count, what threads share.
mod worker;
// Correction history for the static evaluation.
mod correction;
// The static evaluation refined by the table's bounds.
mod refined_eval;
// Move-ordering statistics: butterfly, continuation, killers, counters.
mod move_history;
// A root move and what its latest search found.
mod root_move;
// The transposition table.
mod tt;
// Zeroed memory for the table.
mod zeroed;
// The options as plain values.
mod options;
// The strength limit and its calibration.
pub mod strength;
// What the GUI allows: clock, depth, nodes, mate, move time.
mod limits;
// The rule that the first iteration completes.
mod first_iteration;
// Stop and ponderhit from another thread.
mod control;
// The tunable search parameters.
pub mod params;
// Scores: centipawns, mates, the table's mate encoding.
mod score;

pub use bench::{BENCH_DEPTH, BENCH_POSITIONS, BenchResult, run_bench, run_bench_until};
pub use control::SearchControl;
pub use limits::{Clock, Limits};
pub use options::SearchOptions;
pub use report::SearchInfo;
pub use score::{
    DRAW, INFINITE, MATE, MATE_BOUND, MAX_PLY, Score, TB_BOUND, TB_WIN, is_decisive, is_mate,
    mate_in, mated_in, tb_win_in,
};
pub use searcher::{SearchResult, Searcher};
pub use strength::StrengthLimit;
pub use time::{
    ClockLag, ControlPeriods, INCREMENT_RESERVE, LAG_RESERVE, LAG_SAMPLES, PERIOD_RESERVE_DIVISOR,
    RESERVE_MOVES, SUDDEN_DEATH_MOVES, TimeManager, TimePlan,
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
