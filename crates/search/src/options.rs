//! The search's UCI options, each declared once: the field, the option's
//! name, kind, default and range are one line, from which the `uci`
//! listing, the checking of `setoption` values and the defaults all follow.
//! A new spin option (a tunable search parameter, say) is one more line.

use crate::strength::{MAX_ELO, MIN_ELO, StrengthLimit};
use std::time::Duration;

protocol::uci_options! {
    /// Options that shape a search. Every field but `selective` is the UCI
    /// option named in [`SearchOptions::DECLARED`]; `Default` gives the
    /// declared defaults.
    ///
    /// # Examples
    ///
    /// ```
    /// use matewise_search::SearchOptions;
    ///
    /// let mut options = SearchOptions::default();
    /// assert_eq!(options.multipv, 1);
    /// let multipv = protocol::find_option(SearchOptions::DECLARED, "MultiPV").unwrap();
    /// multipv.set(&mut options, Some("3")).unwrap();
    /// assert_eq!(options.multipv, 3);
    /// assert!(multipv.set(&mut options, Some("0")).is_err());
    /// ```
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct SearchOptions {
        /// Number of principal variations to report.
        pub multipv: usize = spin("MultiPV", 1, 1, 256),
        /// Milliseconds kept back on every move for lag.
        pub move_overhead_ms: u64 = spin("Move Overhead", 10, 0, 5_000),
        /// Mate distance pruning on or off.
        pub mate_distance_pruning: bool = check("MateDistancePruning", true),
        /// Pair-o-Max's drawishness rules in the evaluation.
        pub mating_potential: bool = check("MatingPotential", true),
        /// Static mate detection at quiescence and frontier nodes.
        pub mate_at_a_glance: bool = check("MateAtAGlance", true),
        /// Exact distance-to-mate tables for K+Q, K+R, K+B+B and K+B+N
        /// against a bare king.
        pub endgame_tables: bool = check("UseEndgameTables", true),
        /// Play weaker on purpose, at `elo`: a node budget and a move chosen
        /// by rule among several lines.
        pub limit_strength: bool = check("UCI_LimitStrength", false),
        /// The rating to play at when `limit_strength` is on.
        pub elo: u32 = spin("UCI_Elo", MIN_ELO, MIN_ELO, MAX_ELO),
    }
    internal {
        /// Selective search (null move, reductions, futility and late-move
        /// pruning). Off gives a full-width alpha-beta search, for experiments
        /// such as comparing MDP with the seed's full-width numbers.
        pub selective: bool = true,
    }
}

impl SearchOptions {
    /// The time kept back on every move for lag.
    pub fn move_overhead(&self) -> Duration {
        Duration::from_millis(self.move_overhead_ms)
    }

    /// The strength limit asked for, if any.
    ///
    /// ```
    /// use matewise_search::SearchOptions;
    ///
    /// let mut options = SearchOptions::default();
    /// assert_eq!(options.strength(), None);
    /// options.limit_strength = true;
    /// options.elo = 1500;
    /// assert_eq!(options.strength().unwrap().elo(), 1500);
    /// ```
    pub fn strength(&self) -> Option<StrengthLimit> {
        self.limit_strength.then(|| StrengthLimit::new(self.elo))
    }
}
