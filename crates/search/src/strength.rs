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
//! use matewise_search::StrengthLimit;
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

use crate::limits::Limits;
use crate::root::RootMove;
use crate::score::INFINITE;
use movegen::Move;

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

/// A strength limit at work in one search, as Stockfish's `Skill`: it caps
/// the nodes, widens the search to [`LINES`] lines, keeps the lines of each
/// completed iteration, and picks the move to play among them.
pub(crate) struct Skill {
    limit: StrengthLimit,
    /// The lines of the last completed iteration: a stop inside an
    /// iteration leaves the lines after the first unsearched or failed low
    /// at the new depth, with no score to weigh.
    completed: Vec<(Move, i32)>,
}

impl Skill {
    pub(crate) fn new(limit: StrengthLimit) -> Skill {
        Skill {
            limit,
            completed: Vec::new(),
        }
    }

    /// `limits` within the node budget.
    pub(crate) fn budgeted(&self, limits: &Limits) -> Limits {
        let budget = self.limit.node_budget();
        Limits {
            nodes: Some(limits.nodes.map_or(budget, |n| n.min(budget))),
            ..limits.clone()
        }
    }

    /// Lines to search among `root_count` moves: enough to choose among,
    /// and at least the `multipv` reported.
    pub(crate) fn lines(&self, multipv: usize, root_count: usize) -> usize {
        multipv.max(LINES).min(root_count)
    }

    /// Keeps the lines of an iteration just completed.
    pub(crate) fn record(&mut self, lines: &[RootMove]) {
        self.completed.clear();
        self.completed
            .extend(lines.iter().map(|rm| (rm.mv, rm.score)));
    }

    /// Moves the move to play to the front of `moves`, the search's lines
    /// best first; `random` is uniformly random.
    pub(crate) fn pick(&self, moves: &mut [RootMove], random: u64) {
        let candidates = candidates(&self.completed, &moves[0]);
        let scores: Vec<i32> = candidates.iter().map(|&(_, score)| score).collect();
        let chosen = candidates[self.limit.choose(&scores, random)].0;
        if let Some(index) = moves.iter().position(|rm| rm.mv == chosen) {
            moves.swap(0, index);
        }
    }
}

/// The lines a limited strength chooses among: the last completed
/// iteration's, best first, unless the interrupted iteration's first line
/// already beats them all (a mate found at the new depth, say), which then
/// leads. Lines with no score are left out; the first line is always there.
fn candidates(completed: &[(Move, i32)], interrupted_best: &RootMove) -> Vec<(Move, i32)> {
    let mut lines: Vec<(Move, i32)> = completed
        .iter()
        .copied()
        .take_while(|&(_, score)| score > -INFINITE)
        .collect();
    let leads = lines
        .first()
        .is_none_or(|&(_, best)| interrupted_best.score > best);
    if leads && interrupted_best.score > -INFINITE || lines.is_empty() {
        lines.retain(|&(mv, _)| mv != interrupted_best.mv);
        lines.insert(0, (interrupted_best.mv, interrupted_best.score));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(bits: u16, score: i32) -> (Move, i32) {
        (Move::from_bits(bits), score)
    }

    fn interrupted(bits: u16, score: i32) -> RootMove {
        RootMove {
            score,
            ..RootMove::new(Move::from_bits(bits))
        }
    }

    #[test]
    fn a_stop_inside_an_iteration_keeps_the_completed_lines() {
        let completed = [line(1, 50), line(2, 45), line(3, 30), line(4, 27)];
        // The new depth's first line scored lower than the completed best:
        // the completed lines stand, all four of them.
        let lines = candidates(&completed, &interrupted(2, 40));
        assert_eq!(lines, completed);
    }

    #[test]
    fn a_better_first_line_at_the_new_depth_leads() {
        let completed = [line(1, 50), line(2, 45), line(3, 30)];
        let mate = crate::score::mate_in(5);
        let lines = candidates(&completed, &interrupted(3, mate));
        assert_eq!(lines, [line(3, mate), line(1, 50), line(2, 45)]);
    }

    #[test]
    fn unscored_lines_are_left_out_and_the_first_is_always_there() {
        let completed = [line(1, 50), line(2, -INFINITE)];
        assert_eq!(candidates(&completed, &interrupted(1, 20)), [line(1, 50)]);
        assert_eq!(
            candidates(&[], &interrupted(5, -INFINITE)),
            [line(5, -INFINITE)]
        );
    }
}
