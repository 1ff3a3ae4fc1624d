//! How far the soft limit stretches after each iteration: a best move that
//! keeps changing earns more time, and so do one the search spent few of
//! its nodes on and a falling score.

use crate::params::{
    TIME_NODES_OFFSET_PERCENT, TIME_NODES_SCALE_PERCENT, TIME_SCORE_DROP_CAP,
    TIME_SCORE_DROP_PERMILLE, TIME_STABLE_STEP_PERCENT, TIME_UNSTABLE_PERCENT,
};
use crate::root_move::RootMove;
use movegen::Move;

/// What the stretch remembers from one iteration to the next.
#[derive(Default)]
pub(crate) struct SoftLimitStretch {
    /// Iterations in a row with the same best move, up to 6.
    stability: u32,
    last_best: Move,
    /// The best score of each of the last three iterations, oldest first.
    earlier_scores: [Option<i32>; 3],
}

impl SoftLimitStretch {
    /// The stretch after an iteration whose lines are `moves`, best first.
    pub(crate) fn after_iteration(&mut self, moves: &[RootMove]) -> f64 {
        let best = &moves[0];
        if best.mv == self.last_best {
            self.stability = (self.stability + 1).min(6);
        } else {
            self.stability = 0;
            self.last_best = best.mv;
        }
        let trend = score_trend_scale(self.earlier_scores.into_iter().flatten().next(), best.score);
        self.earlier_scores.rotate_left(1);
        self.earlier_scores[2] = Some(best.score);
        let stability = f64::from(
            TIME_UNSTABLE_PERCENT.get() - TIME_STABLE_STEP_PERCENT.get() * self.stability as i32,
        ) / 100.0;
        stability * node_share_scale(moves) * trend
    }
}

/// The soft limit's stretch for how the best score moved since `earlier`
/// (three iterations back, or the oldest there is): a falling score means
/// the search is finding trouble, and more time may find the way out; a
/// rising one, that it has found what it was looking for. Mates count as
/// the largest change. 1 with nothing to compare.
///
/// The defaults stretch by 1.3 for a fall of 30 cp or more, 0.7 for a rise.
fn score_trend_scale(earlier: Option<i32>, now: i32) -> f64 {
    let Some(earlier) = earlier else {
        return 1.0;
    };
    let cap = TIME_SCORE_DROP_CAP.get();
    let drop = (earlier - now).clamp(-cap, cap);
    1.0 + f64::from(drop * TIME_SCORE_DROP_PERMILLE.get()) / 1000.0
}

/// The soft limit's stretch for how the root's nodes were shared: the
/// smaller the best move's share, the more the others still contest it.
/// 1 before any node is counted.
///
/// The defaults stretch by 0.81 at a 90 % share and 1.35 at 50 %.
fn node_share_scale(moves: &[RootMove]) -> f64 {
    let total: u64 = moves.iter().map(|m| m.nodes).sum();
    if total == 0 {
        return 1.0;
    }
    let share = moves[0].nodes as f64 / total as f64;
    (f64::from(TIME_NODES_OFFSET_PERCENT.get()) / 100.0 - share)
        * f64::from(TIME_NODES_SCALE_PERCENT.get())
        / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spent(nodes: &[u64]) -> Vec<RootMove> {
        nodes
            .iter()
            .enumerate()
            .map(|(i, &n)| RootMove {
                nodes: n,
                ..RootMove::new(Move::from_bits(i as u16 + 1))
            })
            .collect()
    }

    #[test]
    fn a_best_move_with_most_of_the_nodes_shortens_the_search() {
        let settled = node_share_scale(&spent(&[900, 60, 40]));
        let contested = node_share_scale(&spent(&[500, 450, 50]));
        assert!((settled - 0.81).abs() < 1e-9, "{settled}");
        assert!((contested - 1.35).abs() < 1e-9, "{contested}");
        assert_eq!(node_share_scale(&spent(&[0, 0])), 1.0);
    }

    #[test]
    fn a_falling_score_lengthens_the_search_and_a_rising_one_shortens_it() {
        assert_eq!(score_trend_scale(None, 50), 1.0);
        assert_eq!(score_trend_scale(Some(50), 50), 1.0);
        assert!((score_trend_scale(Some(50), 40) - 1.1).abs() < 1e-9);
        assert!((score_trend_scale(Some(50), 70) - 0.8).abs() < 1e-9);
        // A mate is just the largest change, either way.
        assert!((score_trend_scale(Some(0), crate::mated_in(5)) - 1.3).abs() < 1e-9);
        assert!((score_trend_scale(Some(0), crate::mate_in(5)) - 0.7).abs() < 1e-9);
    }
}
