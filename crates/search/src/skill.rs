//! A strength limit at work in one search: the node budget applied to the
//! limits, the extra lines searched, and the move picked among them.

use crate::limits::Limits;
use crate::root_move::RootMove;
use crate::score::INFINITE;
use crate::strength::{LINES, StrengthLimit};
use movegen::Move;

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
