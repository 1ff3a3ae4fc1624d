//! Playing weaker on purpose (`UCI_LimitStrength`, `UCI_Elo`).
//!
//! Two handicaps, both a function of the target rating alone:
//! - **A node budget** per move, doubling every [`ELO_PER_DOUBLING`] points
//!   from [`BASE_NODES`] at the lowest rating: a weaker player sees less.
//! - **A weaker move chosen by rule** among the best [`LINES`] lines of that
//!   search: line `i` is played with probability proportional to
//!   `exp(-(best - score_i) / T)`, with the temperature `T` shrinking from
//!   [`MAX_TEMPERATURE`] centipawns at the lowest rating towards 0 (always
//!   the best line) at [`BEST_LINE_ELO`]. A move twice as much worse is many times
//!   less likely, so the weak player errs often but rarely throws a piece
//!   away when the cost is plain to see, and never passes up a mate it saw.
//!
//! The ratings are calibrated against Stockfish 15.1's own `UCI_Elo`
//! (see the README for the measured table).
//!
//! ```
//! use search::StrengthLimit;
//!
//! let novice = StrengthLimit::new(1320);
//! let expert = StrengthLimit::new(2100);
//! assert!(novice.node_budget() < expert.node_budget());
//! // Two lines 30 cp apart: the novice sometimes plays the worse one.
//! let picks = (0..100u64)
//!     .filter(|&r| novice.choose(&[30, 0], r.wrapping_mul(0x9e37_79b9_7f4a_7c15)) == 1)
//!     .count();
//! assert!(picks > 10 && picks < 50);
//! // At the top rating it hardly ever does.
//! let top = StrengthLimit::new(2100);
//! assert!((0..100u64).filter(|&r| top.choose(&[30, 0], r.wrapping_mul(0x9e37_79b9_7f4a_7c15)) == 1).count() <= 1);
//! ```

/// The lowest rating offered.
pub const MIN_ELO: u32 = 1320;
/// The highest rating offered, calibrated at −58 ± 45 Elo against
/// Stockfish's 2100. At 2200 (290,000 nodes) Matewise played about 170 Elo
/// below Stockfish's 2200.
pub const MAX_ELO: u32 = 2100;
/// Where the move-choice temperature reaches 0 (always the best line).
pub const BEST_LINE_ELO: u32 = 2300;
/// Lines searched to choose among.
pub const LINES: usize = 4;
/// The node budget at [`MIN_ELO`].
pub const BASE_NODES: u64 = 650;
/// Rating points per doubling of the node budget.
pub const ELO_PER_DOUBLING: u32 = 100;
/// The move-choice temperature at [`MIN_ELO`], in centipawns.
pub const MAX_TEMPERATURE: f64 = 30.0;

/// A target playing strength.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StrengthLimit {
    elo: u32,
}

impl StrengthLimit {
    /// A limit at `elo`, clamped to [`MIN_ELO`]..=[`MAX_ELO`].
    pub fn new(elo: u32) -> StrengthLimit {
        StrengthLimit {
            elo: elo.clamp(MIN_ELO, MAX_ELO),
        }
    }

    /// The target rating.
    pub fn elo(&self) -> u32 {
        self.elo
    }

    /// Nodes a move may search at this rating.
    pub fn node_budget(&self) -> u64 {
        let doublings = f64::from(self.elo - MIN_ELO) / f64::from(ELO_PER_DOUBLING);
        (BASE_NODES as f64 * doublings.exp2()) as u64
    }

    /// The move-choice temperature in centipawns (0: always the best line).
    pub fn temperature(&self) -> f64 {
        let weakness = f64::from(BEST_LINE_ELO - self.elo) / f64::from(BEST_LINE_ELO - MIN_ELO);
        MAX_TEMPERATURE * weakness * weakness
    }

    /// Which of the lines (scores in centipawns, best first, from the side
    /// to move's view) to play, given a uniformly random `random`.
    pub fn choose(&self, scores: &[i32], random: u64) -> usize {
        let temperature = self.temperature();
        let Some(&best) = scores.first() else {
            return 0;
        };
        if temperature <= 0.0 {
            return 0;
        }
        let weight = |score: i32| (-(f64::from(best.saturating_sub(score))) / temperature).exp();
        let total: f64 = scores.iter().map(|&s| weight(s)).sum();
        // 53 random bits make a uniform fraction of the total weight.
        let mut target = (random >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (i, &score) in scores.iter().enumerate() {
            let w = weight(score);
            if target < w {
                return i;
            }
            target -= w;
        }
        0
    }
}
