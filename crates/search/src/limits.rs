//! What the GUI allows a search: clocks, depth, nodes, mate, move time.

use movegen::Move;
use std::time::Duration;

/// One side's clock, as `go wtime/btime/winc/binc` give it.
///
/// # Examples
///
/// ```
/// use matewise_search::{Clock, Limits};
/// use std::time::Duration;
/// let clock = Clock { time: Duration::from_secs(60), increment: Duration::from_secs(1) };
/// assert!(Limits { clock: Some(clock), ..Limits::default() }.is_timed());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time: Duration,
    /// Increment per move.
    pub increment: Duration,
}

/// The limits of one search. Unset fields do not limit.
///
/// # Examples
///
/// A search with `go mate 2` ends as soon as it proves the mate:
///
/// ```
/// use movegen::{Board, KeyHistory};
/// use matewise_search::{Limits, Score, SearchControl, SearchOptions, Searcher};
///
/// let limits = Limits { mate: Some(2), depth: Some(30), ..Limits::default() };
/// assert!(!limits.is_timed());
/// let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let result = Searcher::new(1, 1).search(&board, &KeyHistory::default(), &limits,
///     &SearchOptions::default(), &SearchControl::new(false), &mut |_| {});
/// assert_eq!(result.score, Score::Mate(1));
/// assert!(result.depth < 30);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The side to move's clock, if playing under one.
    pub clock: Option<Clock>,
    /// Moves until the next time control (`movestogo`).
    pub moves_to_go: Option<u32>,
    /// With `moves_to_go`: the clock at the first move of this control
    /// period, which the UCI clock does not say and the engine remembers.
    /// It sizes a fixed reserve for the control ([`crate::TimePlan::in_period`]);
    /// unset, the plan keeps a reserve of moves instead.
    pub period_start: Option<Duration>,
    /// Exact time for this move (`movetime`).
    pub move_time: Option<Duration>,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes, all threads together.
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves or fewer is proven, either
    /// side's: a mate of the side to move, or its being mated.
    pub mate: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Search only these root moves (empty: all).
    pub search_moves: Vec<Move>,
}

impl Limits {
    /// True if a clock or a move time bounds the search.
    pub fn is_timed(&self) -> bool {
        self.clock.is_some() || self.move_time.is_some()
    }
}
