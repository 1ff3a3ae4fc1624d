//! The settings that shape a search, as plain values. The engine declares
//! them as UCI options (names, ranges, parsing) and hands the search the
//! values; the search knows nothing of UCI.

use crate::strength::{MIN_ELO, StrengthLimit};
use std::time::Duration;

/// Options that shape a search. [`SearchOptions::DEFAULT`] (also
/// `Default`) is what a new engine plays with.
///
/// # Examples
///
/// ```
/// use matewise_search::SearchOptions;
///
/// let options = SearchOptions { multipv: 3, ..SearchOptions::default() };
/// assert_eq!(options.multipv, 3);
/// assert!(options.mate_distance_pruning);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Number of principal variations to report.
    pub multipv: usize,
    /// Milliseconds kept back on every move for lag.
    pub move_overhead_ms: u64,
    /// Mate distance pruning on or off.
    pub mate_distance_pruning: bool,
    /// Pair-o-Max's drawishness rules in the evaluation.
    pub mating_potential: bool,
    /// Static mate detection at quiescence and frontier nodes.
    pub mate_at_a_glance: bool,
    /// Exact distance-to-mate tables for every ending of up to four men,
    /// and the Syzygy tables the searcher's [`endgame_tables::Tablebases`]
    /// holds.
    pub endgame_tables: bool,
    /// Syzygy: the least remaining depth at which a node with as many men as
    /// the probe limit is probed (fewer men are probed at any depth).
    pub syzygy_probe_depth: i32,
    /// Syzygy: positions with more men are never probed.
    pub syzygy_probe_limit: u32,
    /// Syzygy: wins the fifty-move rule spoils (and losses it saves) score
    /// as draws.
    pub syzygy_50_move_rule: bool,
    /// Play weaker on purpose, at `elo`: a node budget and a move chosen
    /// by rule among several lines.
    pub limit_strength: bool,
    /// The rating to play at when `limit_strength` is on.
    pub elo: u32,
    /// With `limit_strength`, these handicaps instead of the ones `elo`
    /// gives: a calibration plays a setting before its rating is known.
    pub strength_setting: Option<StrengthLimit>,
    /// Selective search (null move, reductions, futility and late-move
    /// pruning). Off gives a full-width alpha-beta search, for experiments
    /// such as comparing MDP with the seed's full-width numbers; only a
    /// build with the `experiments` feature reads it.
    pub selective: bool,
}

impl SearchOptions {
    /// The defaults: one line, 10 ms of overhead, every rule on, full
    /// strength.
    ///
    /// ```
    /// use matewise_search::SearchOptions;
    /// assert_eq!(SearchOptions::DEFAULT, SearchOptions::default());
    /// assert_eq!(SearchOptions::DEFAULT.move_overhead_ms, 10);
    /// ```
    pub const DEFAULT: SearchOptions = SearchOptions {
        multipv: 1,
        move_overhead_ms: 10,
        mate_distance_pruning: true,
        mating_potential: true,
        mate_at_a_glance: true,
        endgame_tables: true,
        syzygy_probe_depth: 1,
        syzygy_probe_limit: 7,
        syzygy_50_move_rule: true,
        limit_strength: false,
        elo: MIN_ELO,
        strength_setting: None,
        selective: true,
    };

    /// The time kept back on every move for lag.
    ///
    /// ```
    /// use matewise_search::SearchOptions;
    /// use std::time::Duration;
    /// let options = SearchOptions { move_overhead_ms: 50, ..SearchOptions::default() };
    /// assert_eq!(options.move_overhead(), Duration::from_millis(50));
    /// ```
    pub fn move_overhead(&self) -> Duration {
        Duration::from_millis(self.move_overhead_ms)
    }

    /// The strength limit asked for, if any.
    ///
    /// ```
    /// use matewise_search::{SearchOptions, StrengthLimit};
    ///
    /// let mut options = SearchOptions::default();
    /// assert_eq!(options.strength(), None);
    /// options.limit_strength = true;
    /// options.elo = 1500;
    /// assert_eq!(options.strength().unwrap().elo(), Some(1500));
    /// // A setting played as it is, with no rating.
    /// options.strength_setting = Some(StrengthLimit::with_handicaps(30_000, 5.0));
    /// let setting = options.strength().unwrap();
    /// assert_eq!((setting.node_budget(), setting.elo()), (30_000, None));
    /// ```
    pub fn strength(&self) -> Option<StrengthLimit> {
        self.limit_strength.then(|| {
            self.strength_setting
                .unwrap_or(StrengthLimit::new(self.elo))
        })
    }

    /// Whether the selective search is on: always in a normal build; in an
    /// `experiments` build, as [`SearchOptions::selective`] says.
    #[inline(always)]
    pub(crate) fn selective(&self) -> bool {
        cfg!(not(feature = "experiments")) || self.selective
    }
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::DEFAULT
    }
}
