//! Iterative deepening: one thread's search of the root, depth after
//! depth, with aspiration windows and MultiPV lines searched one after
//! another.

use crate::params::{ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH};
use crate::root_move::RootMove;
use crate::score::{INFINITE, TB_BOUND, is_decisive, is_mate};
use crate::tt::Bound;
use crate::worker::Worker;
use movegen::Board;

impl Worker<'_> {
    /// Deepens until `done` (called after each completed iteration) says
    /// stop, or the search is stopped. Returns the last completed depth.
    pub(crate) fn iterate(
        &mut self,
        root: &Board,
        moves: &mut [RootMove],
        multipv: usize,
        done: &mut dyn FnMut(&Worker, &[RootMove]) -> bool,
    ) -> u32 {
        let max_depth = (crate::score::MAX_PLY - 8) as i32;
        let mut depth = 1 + (self.id % 2) as i32;
        while depth <= max_depth {
            for rm in moves.iter_mut() {
                rm.previous_score = rm.score;
            }
            // Tables become ready during a search: only an iteration that
            // began with every root move decided has final scores.
            let decided = depth >= 2 && self.root_is_decided(root, moves);
            self.root_depth = depth;
            for pv_index in 0..multipv {
                self.seldepth = 0;
                self.aspiration(root, moves, pv_index, depth);
                if self.stopped {
                    break;
                }
                moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                // Lines found so far stay ordered best first (a later line
                // may score above an earlier one after a re-search).
                moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth as u32;
            if done(self, moves) || decided {
                break;
            }
            depth += 1;
        }
        self.completed_depth
    }

    /// True when every root move leads to a position whose value no deeper
    /// search changes (a table's answer, mostly): the scores are final, and
    /// reporting ever greater depths of the same few nodes would be a lie.
    fn root_is_decided(&mut self, root: &Board, moves: &[RootMove]) -> bool {
        moves.iter().all(|rm| {
            let mut child = root.clone();
            child.play_unchecked(rm.mv);
            self.decided_without_search(root, &child)
        })
    }

    fn aspiration(&mut self, root: &Board, moves: &mut [RootMove], pv_index: usize, depth: i32) {
        let previous = moves[pv_index].previous_score;
        let mut delta = ASPIRATION_DELTA.get();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH.get()
            && !is_decisive(previous)
            && previous > -INFINITE
        {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.root_search(root, moves, pv_index, depth, alpha, beta);
            if self.stopped {
                return;
            }
            if score <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = if score <= -TB_BOUND {
                    -INFINITE
                } else {
                    (score - delta).max(-INFINITE)
                };
            } else if score >= beta && beta < INFINITE {
                beta = if score >= TB_BOUND {
                    INFINITE
                } else {
                    (score + delta).min(INFINITE)
                };
            } else {
                return;
            }
            delta += delta / 2;
        }
    }

    /// Searches the root moves from `pv_index` on; moves that do not raise
    /// alpha keep -INFINITE so the stable sort leaves them in order.
    fn root_search(
        &mut self,
        root: &Board,
        moves: &mut [RootMove],
        pv_index: usize,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let key = root.hash();
        let original_alpha = alpha;
        let mut best = -INFINITE;
        self.root_pass_complete = false;
        for i in pv_index..moves.len() {
            let mv = moves[i].mv;
            let mut child = root.clone();
            child.play_unchecked(mv);
            self.stack[0].record(root, mv);
            self.keys.push(key);
            let nodes_before = self.nodes;
            let gives_check = child.in_check();
            let new_depth = depth - 1 + i32::from(gives_check);
            self.seldepth = self.seldepth.max(1);
            let score = if i == pv_index {
                -self.search::<true>(&child, new_depth, -beta, -alpha, 1, false)
            } else {
                let mut s = -self.search::<false>(&child, new_depth, -alpha - 1, -alpha, 1, true);
                if s > alpha && s < beta {
                    s = -self.search::<true>(&child, new_depth, -beta, -alpha, 1, false);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return best;
            }
            let rm = &mut moves[i];
            rm.nodes += self.nodes - nodes_before;
            if i == pv_index || score > alpha {
                rm.score = score;
                rm.bound = if score >= beta {
                    Some(Bound::Lower)
                } else if score <= alpha {
                    Some(Bound::Upper)
                } else {
                    None
                };
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv
                    .extend_from_slice(&self.pv[1][1..self.pv_len[1].max(1)]);
                // Only the main thread's lines are reported.
                if self.id == 0 && is_mate(score) {
                    self.complete_mate_line(root, &mut rm.pv, score);
                    rm.seldepth = rm.seldepth.max(rm.pv.len());
                }
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                // Move the new best to the front of the remaining lines.
                moves[pv_index..=i].rotate_right(1);
                if score >= beta {
                    break;
                }
            }
        }
        self.root_pass_complete = true;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Only the first line's search covers every root move; the later
        // lines' scores say nothing about the position. Nor do the scores
        // of a root restricted by `searchmoves`.
        let every_move = root.count_legal_moves_up_to(moves.len() as u32) as usize == moves.len();
        if pv_index == 0 && every_move {
            // The table keeps the raw evaluation, as in the search.
            let raw_eval = if root.in_check() {
                0
            } else {
                self.evaluate(root)
            };
            self.shared
                .tt
                .store(key, moves[0].mv, best, raw_eval, depth, bound, 0);
        }
        best
    }
}
