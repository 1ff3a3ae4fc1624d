//! Playing weaker on purpose (`UCI_LimitStrength`, `UCI_Elo`).
//!
//! Two handicaps, both a function of the target rating alone:
//! - **A node budget** per move: a weaker player sees less.
//! - **A weaker move chosen by rule** among the best [`LINES`] lines of that
//!   search: line `i` is played with probability proportional to
//!   `exp(-(best - score_i) / T)`, with the temperature `T` falling as the
//!   rating rises. A move twice as much worse is many times less likely, so
//!   the weak player errs often but rarely throws a piece away when the
//!   cost is plain to see, and never passes up a mate it saw.
//!
//! Both come from [`CALIBRATION`]: settings whose ratings were measured in
//! games against Stockfish 15.1's own `UCI_Elo`. Between two of them the
//! node budget grows geometrically and the temperature falls linearly;
//! below the first, the first two points' trend goes on down to
//! [`MIN_ELO`]. The range ends at the strongest measured setting.
//!
//! ```
//! use matewise_search::StrengthLimit;
//! use matewise_search::strength::{CALIBRATION, MAX_ELO, MIN_ELO};
//!
//! let novice = StrengthLimit::new(MIN_ELO);
//! let expert = StrengthLimit::new(MAX_ELO);
//! assert!(novice.node_budget() < expert.node_budget());
//! // A measured setting is played exactly as it was measured.
//! let point = CALIBRATION[1];
//! assert_eq!(StrengthLimit::new(point.elo).node_budget(), point.nodes);
//! // Two lines 30 cp apart: the novice sometimes plays the worse one.
//! let picks = (0..100u64)
//!     .filter(|&r| novice.choose(&[30, 0], r.wrapping_mul(0x9e37_79b9_7f4a_7c15)) == 1)
//!     .count();
//! assert!(picks > 10 && picks < 50);
//! // At the top rating it hardly ever does.
//! assert!((0..100u64).filter(|&r| expert.choose(&[30, 0], r.wrapping_mul(0x9e37_79b9_7f4a_7c15)) == 1).count() <= 1);
//! ```

mod fingerprint;
pub use fingerprint::signature;

use crate::score::is_decisive;

/// A setting of the two handicaps and the rating it played at.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct CalibrationPoint {
    /// The rating measured, on Stockfish 15.1's `UCI_Elo` scale.
    pub elo: u32,
    /// Nodes a move.
    pub nodes: u64,
    /// The move-choice temperature, in centipawns.
    pub temperature: f64,
}

/// The measured settings, weakest first: each played 200 games at 10+0.1
/// against Stockfish 15.1 at `UCI_Elo` 1400, 1600, 1800 and 2100, and
/// `elo` is that rating plus the Elo difference measured (the source
/// tree's `docs/uci-elo-calibration.md` has the games).
pub const CALIBRATION: [CalibrationPoint; 4] = [
    CalibrationPoint {
        elo: 1348,
        nodes: 1_131,
        temperature: 25.302,
    },
    CalibrationPoint {
        elo: 1596,
        nodes: 4_526,
        temperature: 15.306,
    },
    CalibrationPoint {
        elo: 1893,
        nodes: 18_107,
        temperature: 7.809,
    },
    CalibrationPoint {
        elo: 2046,
        nodes: 144_859,
        temperature: 1.249,
    },
];

/// The lowest rating offered: Stockfish's lowest `UCI_Elo`.
pub const MIN_ELO: u32 = 1320;
/// The highest rating offered: the strongest measured setting.
pub const MAX_ELO: u32 = CALIBRATION[CALIBRATION.len() - 1].elo;
/// Lines searched to choose among.
pub const LINES: usize = 4;
/// Between two lines that both win (or both lose) by mate or by table, a
/// move more to the end weighs as this many centipawns: the plies between
/// two mate scores are far fewer than the centipawns between two ordinary
/// ones, and weighed as centipawns every winning line of a KRK ending
/// looked alike, so the weakest setting wandered for fifty moves. Like
/// this a weak player takes the longer way now and then, and still mates.
pub const MATE_DELAY_CP: f64 = 40.0;

/// A target playing strength: the two handicaps, from a rating by
/// [`CALIBRATION`] or set directly (to measure a setting). Its temperature
/// is never NaN, so it is `Eq`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct StrengthLimit {
    elo: Option<u32>,
    nodes: u64,
    temperature: f64,
}

impl StrengthLimit {
    /// A limit at `elo`, clamped to [`MIN_ELO`]..=[`MAX_ELO`].
    pub fn new(elo: u32) -> StrengthLimit {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        let (nodes, temperature) = handicaps_at(&CALIBRATION, elo);
        StrengthLimit {
            elo: Some(elo),
            nodes,
            temperature,
        }
    }

    /// A limit of `nodes` a move (at least 1) and a move-choice
    /// `temperature` in centipawns (at least 0), with no rating: how a
    /// calibration plays a setting before its rating is known.
    ///
    /// ```
    /// use matewise_search::StrengthLimit;
    ///
    /// let setting = StrengthLimit::with_handicaps(20_000, 7.5);
    /// assert_eq!((setting.node_budget(), setting.temperature(), setting.elo()), (20_000, 7.5, None));
    /// ```
    pub fn with_handicaps(nodes: u64, temperature: f64) -> StrengthLimit {
        StrengthLimit {
            elo: None,
            nodes: nodes.max(1),
            // `max` returns 0 for NaN as well.
            temperature: temperature.max(0.0),
        }
    }

    /// The target rating, if the limit was made from one.
    pub fn elo(&self) -> Option<u32> {
        self.elo
    }

    /// Nodes a move may search at this rating.
    pub fn node_budget(&self) -> u64 {
        self.nodes
    }

    /// The move-choice temperature in centipawns (0: always the best line).
    pub fn temperature(&self) -> f64 {
        self.temperature
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
        let weight = |score: i32| (-cost(best, score) / temperature).exp();
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

impl Eq for StrengthLimit {}

/// How much worse than `best` a line scoring `score` is, in centipawns:
/// the difference, or [`MATE_DELAY_CP`] a move when both are decided the
/// same way.
fn cost(best: i32, score: i32) -> f64 {
    let same_result = is_decisive(best) && is_decisive(score) && (best > 0) == (score > 0);
    let difference = f64::from(best.saturating_sub(score));
    if same_result {
        difference / 2.0 * MATE_DELAY_CP
    } else {
        difference
    }
}

/// The node budget and temperature a `table` of measured settings (at
/// least two, weakest first) gives `elo`: between two points the budget
/// grows geometrically and the temperature falls linearly; outside them the
/// nearest two points' trend goes on. The budget is at least 1 node, the
/// temperature at least 0.
///
/// ```
/// use matewise_search::strength::{CALIBRATION, handicaps_at};
///
/// let point = CALIBRATION[2];
/// let (nodes, temperature) = handicaps_at(&CALIBRATION, point.elo);
/// assert_eq!(nodes, point.nodes);
/// assert!((temperature - point.temperature).abs() < 1e-9);
/// ```
pub fn handicaps_at(table: &[CalibrationPoint], elo: u32) -> (u64, f64) {
    assert!(table.len() >= 2, "a calibration needs two points");
    let upper = table
        .iter()
        .position(|point| point.elo >= elo)
        .unwrap_or(table.len() - 1)
        .max(1);
    let (low, high) = (table[upper - 1], table[upper]);
    let t = (f64::from(elo) - f64::from(low.elo)) / f64::from(high.elo - low.elo);
    let log_nodes = lerp((low.nodes as f64).ln(), (high.nodes as f64).ln(), t);
    (
        log_nodes.exp().round().max(1.0) as u64,
        lerp(low.temperature, high.temperature, t).max(0.0),
    )
}

fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measured_settings_are_played_as_measured() {
        for point in CALIBRATION {
            let limit = StrengthLimit::new(point.elo);
            assert_eq!(limit.node_budget(), point.nodes, "{point:?}");
            assert!((limit.temperature() - point.temperature).abs() < 1e-9);
        }
    }

    #[test]
    fn the_budget_rises_and_the_temperature_falls_over_the_whole_range() {
        assert!(CALIBRATION.windows(2).all(|w| w[0].elo < w[1].elo));
        let limits: Vec<StrengthLimit> = (MIN_ELO..=MAX_ELO).map(StrengthLimit::new).collect();
        for pair in limits.windows(2) {
            assert!(pair[0].node_budget() <= pair[1].node_budget(), "{pair:?}");
            assert!(pair[0].temperature() >= pair[1].temperature(), "{pair:?}");
        }
        // Halfway between two points in rating is halfway in doublings.
        let (low, high) = (CALIBRATION[0], CALIBRATION[1]);
        let middle = StrengthLimit::new((low.elo + high.elo) / 2).node_budget() as f64;
        let geometric_mean = ((low.nodes * high.nodes) as f64).sqrt();
        assert!((middle / geometric_mean - 1.0).abs() < 0.01);
    }

    #[test]
    fn a_longer_mate_is_weighed_by_the_moves_it_adds() {
        use crate::score::{mate_in, mated_in, tb_win_in};
        let novice = StrengthLimit::new(MIN_ELO);
        let picks = |scores: &[i32]| {
            let mut counts = vec![0usize; scores.len()];
            for r in 0..1000u64 {
                counts[novice.choose(scores, r.wrapping_mul(0x9e37_79b9_7f4a_7c15))] += 1;
            }
            counts
        };
        // Mate in 5 against mate in 6 and 8: the shortest mostly.
        let counts = picks(&[mate_in(9), mate_in(11), mate_in(15)]);
        assert!(counts[0] > 700 && counts[2] < 30, "{counts:?}");
        // Table wins alike; a mate is never given up for a table win.
        let counts = picks(&[tb_win_in(9), tb_win_in(11)]);
        assert!(counts[0] > 700, "{counts:?}");
        assert_eq!(picks(&[mate_in(9), tb_win_in(3)])[1], 0);
        // Mated: the longest defence mostly.
        let counts = picks(&[mated_in(12), mated_in(10)]);
        assert!(counts[0] > 700, "{counts:?}");
        // Ordinary scores are weighed as before: 30 cp apart.
        let counts = picks(&[30, 0]);
        assert!(counts[1] > 100 && counts[1] < 500, "{counts:?}");
    }

    #[test]
    fn ratings_outside_the_range_are_clamped() {
        assert_eq!(StrengthLimit::new(0).elo(), Some(MIN_ELO));
        assert_eq!(StrengthLimit::new(u32::MAX), StrengthLimit::new(MAX_ELO));
        assert!(StrengthLimit::new(MIN_ELO).node_budget() >= 1);
    }
}
