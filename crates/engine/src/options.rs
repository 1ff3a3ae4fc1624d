//! The engine's UCI options: their declarations and how `setoption` values
//! are read. Names match case-insensitively, as the UCI specification asks.

use protocol::{OptionKind, UciOption};
use search::strength::{MAX_ELO, MIN_ELO};
use std::time::Duration;

/// Every option's current value.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Whether the GUI may ponder (informational: pondering is driven by `go ponder`).
    pub ponder: bool,
    /// Chess960 castling notation.
    pub chess960: bool,
    /// Time kept back per move for lag.
    pub move_overhead: Duration,
    /// Report win/draw/loss estimates.
    pub show_wdl: bool,
    /// Mate distance pruning on or off.
    pub mate_distance_pruning: bool,
    /// Pair-o-Max's drawishness rules on or off.
    pub mating_potential: bool,
    /// Static mate detection in search on or off.
    pub mate_at_a_glance: bool,
    /// Distance-to-mate tables for the basic mates on or off.
    pub endgame_tables: bool,
    /// Play at `elo` instead of full strength.
    pub limit_strength: bool,
    /// The rating to play at when `limit_strength` is on.
    pub elo: u32,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            ponder: false,
            chess960: false,
            move_overhead: Duration::from_millis(10),
            show_wdl: false,
            mate_distance_pruning: true,
            mating_potential: true,
            mate_at_a_glance: true,
            endgame_tables: true,
            limit_strength: false,
            elo: MIN_ELO,
        }
    }
}

/// What applying an option asks of the engine beyond storing a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    /// Nothing more.
    None,
    /// Reallocate the hash table.
    ResizeHash,
    /// Change the number of threads.
    SetThreads,
    /// Empty the hash table now.
    ClearHash,
}

const HASH_MAX: i64 = 65_536;
const THREADS_MAX: i64 = 256;
const MULTIPV_MAX: i64 = 256;
const OVERHEAD_MAX: i64 = 5_000;

/// The `option` lines sent after `uci`.
pub fn declarations() -> Vec<UciOption> {
    let d = EngineOptions::default();
    vec![
        UciOption::new(
            "Hash",
            OptionKind::Spin {
                default: d.hash_mb as i64,
                min: 1,
                max: HASH_MAX,
            },
        ),
        UciOption::new(
            "Threads",
            OptionKind::Spin {
                default: 1,
                min: 1,
                max: THREADS_MAX,
            },
        ),
        UciOption::new(
            "MultiPV",
            OptionKind::Spin {
                default: 1,
                min: 1,
                max: MULTIPV_MAX,
            },
        ),
        UciOption::new("Ponder", OptionKind::Check { default: false }),
        UciOption::new("UCI_Chess960", OptionKind::Check { default: false }),
        UciOption::new(
            "Move Overhead",
            OptionKind::Spin {
                default: d.move_overhead.as_millis() as i64,
                min: 0,
                max: OVERHEAD_MAX,
            },
        ),
        UciOption::new("Clear Hash", OptionKind::Button),
        UciOption::new("UCI_ShowWDL", OptionKind::Check { default: false }),
        UciOption::new("MateDistancePruning", OptionKind::Check { default: true }),
        UciOption::new("MatingPotential", OptionKind::Check { default: true }),
        UciOption::new("MateAtAGlance", OptionKind::Check { default: true }),
        UciOption::new("UseEndgameTables", OptionKind::Check { default: true }),
        UciOption::new("UCI_LimitStrength", OptionKind::Check { default: false }),
        UciOption::new(
            "UCI_Elo",
            OptionKind::Spin {
                default: i64::from(d.elo),
                min: i64::from(MIN_ELO),
                max: i64::from(MAX_ELO),
            },
        ),
    ]
}

fn spin(name: &str, value: Option<&str>, min: i64, max: i64) -> Result<i64, String> {
    let text = value.ok_or_else(|| format!("option {name} needs a value"))?;
    let n: i64 = text
        .trim()
        .parse()
        .map_err(|_| format!("option {name}: '{text}' is not a whole number"))?;
    if !(min..=max).contains(&n) {
        return Err(format!("option {name}: {n} is outside {min}..{max}"));
    }
    Ok(n)
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()) {
        Some(v) if v == "true" => Ok(true),
        Some(v) if v == "false" => Ok(false),
        Some(v) => Err(format!("option {name}: '{v}' is not true or false")),
        None => Err(format!("option {name} needs a value true or false")),
    }
}

impl EngineOptions {
    /// The strength limit the options ask for, if any.
    pub fn strength(&self) -> Option<search::StrengthLimit> {
        self.limit_strength
            .then(|| search::StrengthLimit::new(self.elo))
    }

    /// Applies `setoption name <name> [value <value>]`. On error nothing changes.
    ///
    /// ```
    /// use engine::{EngineOptions, OptionEffect};
    /// let mut options = EngineOptions::default();
    /// assert_eq!(options.set("hash", Some("64")), Ok(OptionEffect::ResizeHash));
    /// assert_eq!(options.hash_mb, 64);
    /// assert!(options.set("Hash", Some("lots")).is_err());
    /// assert!(options.set("NoSuchOption", None).is_err());
    /// ```
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionEffect, String> {
        let key = name.trim().to_ascii_lowercase();
        match key.as_str() {
            "hash" => {
                self.hash_mb = spin("Hash", value, 1, HASH_MAX)? as usize;
                Ok(OptionEffect::ResizeHash)
            }
            "threads" => {
                self.threads = spin("Threads", value, 1, THREADS_MAX)? as usize;
                Ok(OptionEffect::SetThreads)
            }
            "multipv" => {
                self.multipv = spin("MultiPV", value, 1, MULTIPV_MAX)? as usize;
                Ok(OptionEffect::None)
            }
            "ponder" => {
                self.ponder = check("Ponder", value)?;
                Ok(OptionEffect::None)
            }
            "uci_chess960" => {
                self.chess960 = check("UCI_Chess960", value)?;
                Ok(OptionEffect::None)
            }
            "move overhead" => {
                self.move_overhead =
                    Duration::from_millis(spin("Move Overhead", value, 0, OVERHEAD_MAX)? as u64);
                Ok(OptionEffect::None)
            }
            "clear hash" => Ok(OptionEffect::ClearHash),
            "uci_showwdl" => {
                self.show_wdl = check("UCI_ShowWDL", value)?;
                Ok(OptionEffect::None)
            }
            "matedistancepruning" => {
                self.mate_distance_pruning = check("MateDistancePruning", value)?;
                Ok(OptionEffect::None)
            }
            "matingpotential" => {
                self.mating_potential = check("MatingPotential", value)?;
                Ok(OptionEffect::None)
            }
            "mateataglance" => {
                self.mate_at_a_glance = check("MateAtAGlance", value)?;
                Ok(OptionEffect::None)
            }
            "useendgametables" => {
                self.endgame_tables = check("UseEndgameTables", value)?;
                Ok(OptionEffect::None)
            }
            "uci_limitstrength" => {
                self.limit_strength = check("UCI_LimitStrength", value)?;
                Ok(OptionEffect::None)
            }
            "uci_elo" => {
                self.elo = spin("UCI_Elo", value, MIN_ELO.into(), MAX_ELO.into())? as u32;
                Ok(OptionEffect::None)
            }
            _ => Err(format!("no such option: '{}'", name.trim())),
        }
    }
}
