//! The alpha-beta search proper: principal variation search in the steps
//! of Stockfish's `search()`. The steps with most to say have their own
//! files: pruning, extensions, the late-move reduction of one move, and
//! quiescence. The root and its iterations live in `deepening.rs`.

mod extension;
mod late_move_reduction;
mod pruning;
mod quiescence;

use crate::move_history::{Continuations, PieceTo, history_bonus};
use crate::movepick::MovePicker;
use crate::params::*;
use crate::refined_eval::table_refined_eval;
use crate::score::{DRAW, INFINITE, MAX_PLY, TB_BOUND, is_decisive, mate_in, mated_in};
use crate::tt::{Bound, TtHit};
use crate::worker::Worker;
use arrayvec::ArrayVec;
use movegen::{Board, Move};

/// The score of a position with no legal move: mated in check, stalemate
/// (a draw) otherwise. Main search and quiescence both end here.
#[inline]
fn no_legal_move(in_check: bool, ply: usize) -> i32 {
    if in_check { mated_in(ply) } else { DRAW }
}

/// What the steps of one node of [`Worker::search`] share: where it is,
/// what the table said, how the side to move stands.
#[derive(Copy, Clone)]
struct Node {
    ply: usize,
    /// The depth, after the single-reply extension and internal iterative
    /// reduction.
    depth: i32,
    key: u64,
    in_check: bool,
    /// Legal moves, counted up to two.
    legal_moves: u32,
    cut_node: bool,
    /// The move a singular-extension search leaves out here.
    excluded: Move,
    tt: Option<TtHit>,
    /// The table's move if legal, else null.
    tt_move: Move,
    raw_eval: i32,
    static_eval: i32,
    /// What the pruning rules compare with alpha and beta: the corrected
    /// static evaluation, or the table's score where its bound says the
    /// value lies beyond the evaluation, on that side.
    eval: i32,
    /// The static evaluation is above that of two plies before.
    improving: bool,
    selective: bool,
}

/// A move about to be searched, with what its pruning and extension read.
#[derive(Copy, Clone)]
struct Played {
    mv: Move,
    /// A capture or promotion.
    tactical: bool,
    gives_check: bool,
    /// A killer or the counter move.
    refutation: bool,
}

/// Mate distance pruning, both bounds, as the seed gives it: `ply` plies
/// from the root no line can mate sooner than `mate_in(ply)` nor be mated
/// later than `mated_in(ply)`. Narrows the window to that; returns the
/// score to cut with when nothing is left of it.
#[inline]
fn mate_distance_prune(alpha: &mut i32, beta: &mut i32, ply: usize) -> Option<i32> {
    let mating_value = mate_in(ply);
    if mating_value < *beta {
        *beta = mating_value;
        if *alpha >= mating_value {
            return Some(mating_value);
        }
    }
    let mated_value = mated_in(ply);
    if mated_value > *alpha {
        *alpha = mated_value;
        if *beta <= mated_value {
            return Some(mated_value);
        }
    }
    None
}

impl Worker<'_> {
    /// Starts fetching what a child with key `key` will read first: its
    /// hash-table bucket and, on a miss there, its cached evaluation.
    #[inline]
    fn prefetch(&self, key: u64) {
        self.shared.tt.prefetch(key);
        self.data.evaluator.prefetch(key);
    }

    /// The static evaluation, clamped clear of mate scores.
    #[inline]
    pub(crate) fn evaluate(&mut self, board: &Board) -> i32 {
        self.data
            .evaluator
            .evaluate(board)
            .clamp(-TB_BOUND + 1, TB_BOUND - 1)
    }

    /// True when `child`, a child of `root`, has a value that no search
    /// depth changes: it has no legal move, is drawn by rule, or is in a
    /// ready table. From depth 2 on the search scores such a child exactly
    /// (at depth 1 quiescence stands pat in a stalemate).
    pub(crate) fn decided_without_search(&mut self, root: &Board, child: &Board) -> bool {
        self.keys.push(root.hash());
        let repeated = self.keys.repetitions(child) > 0;
        self.keys.pop();
        repeated
            || child.count_legal_moves_up_to(1) == 0
            || child.is_insufficient_material()
            || child.halfmove_clock() >= 100
            || self.table_score(child, 1).is_some()
    }

    /// Negamax alpha-beta with principal variation search, in the steps
    /// of Stockfish's `search()`: each step is a function below, inlined.
    pub(crate) fn search<const PV: bool>(
        &mut self,
        board: &Board,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        // Step 1. The single-reply extension. A node with a single legal
        // move is searched one ply deeper: the move costs the side nothing
        // to find, and forced replies are where mating lines run past the
        // horizon. Capped at twice the root depth so that forced sequences
        // cannot extend without end.
        let legal_moves = board.count_legal_moves_up_to(2);
        if legal_moves == 1 && ply < 2 * self.root_depth.max(1) as usize {
            depth = depth.max(0) + 1;
        }
        // Step 2. The horizon, the node count and the stop.
        if depth <= 0 {
            return self.quiescence::<PV>(board, alpha, beta, ply, true);
        }
        if self.count_node_and_check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = board.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate(board) };
        }
        // Step 3. Scores known without a search: draws by rule, mate
        // distance, the endgame tables.
        if ply > 0
            && let Some(score) =
                self.known_score(board, &mut alpha, &mut beta, ply, in_check, legal_moves)
        {
            return score;
        }
        // Step 4. The transposition table.
        let key = board.hash();
        let excluded = self.stack[ply].excluded;
        let (tt, tt_move) = self.probe_hash(board, key, ply, excluded);
        if let Some(t) = tt {
            if !PV && ply > 0 && t.depth >= depth && t.cuts(alpha, beta) {
                return t.score;
            }
        }
        // Step 4b. The Syzygy tables, just after a capture or pawn move.
        if ply > 0
            && excluded.is_null()
            && let Some(score) = self.syzygy_score(board, key, depth, ply, alpha, beta)
        {
            return score;
        }
        // Step 5. The static evaluation.
        let (raw_eval, static_eval) = self.node_evaluation(board, ply, in_check, excluded, tt);
        let improving = !in_check && ply >= 2 && static_eval > self.stack[ply - 2].static_eval;
        self.data.histories.clear_killers(ply);
        let mut node = Node {
            ply,
            depth,
            key,
            in_check,
            legal_moves,
            cut_node,
            excluded,
            tt,
            tt_move,
            raw_eval,
            static_eval,
            eval: table_refined_eval(static_eval, tt),
            improving,
            selective: self.shared.options.selective(),
        };
        // Steps 6 and 7. Reverse futility pruning and the null move.
        if !PV && let Some(score) = self.prune_before_moves(board, &node, beta) {
            return score;
        }
        // Step 8. Internal iterative reduction: without a hash move, search
        // a little shallower.
        if tt_move.is_null()
            && node.depth >= IIR_MIN_DEPTH.get()
            && (PV || cut_node)
            && node.selective
            && excluded.is_null()
        {
            node.depth -= 1;
        }
        // Step 9. The moves, in the picker's order.
        let previous = if ply > 0 {
            self.stack[ply - 1].played
        } else {
            Move::NULL
        };
        let killers = self.data.histories.killers(ply);
        let counter = self.data.histories.counter(board, previous);
        let before = self.continuations(ply);
        let mut picker = MovePicker::new(tt_move, killers, counter, before);
        let mut best_score = -INFINITE;
        let mut best_move = Move::NULL;
        let original_alpha = alpha;
        let mut searched = 0usize;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        // Worked out at the first move that needs it: many nodes cut first.
        let mut check_squares = None;
        while let Some(mv) = picker.next(board, &self.data.histories) {
            if mv == excluded {
                continue;
            }
            // Early, so the child's entry is on its way while we decide.
            let early_key = board.approximate_hash_after(mv);
            self.prefetch(early_key);
            let checks = check_squares.get_or_insert_with(|| board.check_squares());
            let played = Played {
                mv,
                tactical: board.is_capture_or_promotion(mv),
                gives_check: board.gives_check_with(checks, mv),
                refutation: picker.last_was_refutation(),
            };
            // Step 10. Pruning of this move at low depth.
            if ply > 0
                && !in_check
                && best_score > -TB_BOUND
                && node.selective
                && self.prune_move(board, &node, &mut picker, *checks, played, searched, alpha)
            {
                continue;
            }
            // Step 11. Extensions: checks, and a singular hash move.
            let extension = match self.extension(board, &node, played, beta) {
                Ok(extension) => extension,
                Err(score) => return score,
            };
            // Step 12. Make the move and search it: late-move reductions
            // and the principal variation search.
            let mut child = board.clone();
            child.play_unchecked(mv);
            // Only where the early key was approximate (castling, rights
            // lost, a new en-passant square).
            if child.hash() != early_key {
                self.prefetch(child.hash());
            }
            self.stack[ply].record(board, mv);
            self.keys.push(key);
            let new_depth = node.depth - 1 + extension;
            let score = self.search_move::<PV>(
                board, &child, &node, played, new_depth, searched, alpha, beta,
            );
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            searched += 1;
            // Step 13. A new best move, and a cut-off.
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    alpha = score;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if !played.tactical {
                            let depth = node.depth;
                            self.reward_quiet(board, ply, depth, mv, previous, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !played.tactical && mv != best_move {
                let _ = quiets_tried.try_push(mv);
            }
        }
        // Step 14. No move: mated or stalemated, or a singular hash move.
        if searched == 0 && best_score == -INFINITE {
            return if excluded.is_null() {
                no_legal_move(in_check, ply)
            } else {
                alpha
            };
        }
        if !excluded.is_null() {
            return best_score;
        }
        // Step 15. The correction history learns, and the table keeps it.
        let bound = if best_score >= beta {
            Bound::Lower
        } else if PV && alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.record_result(board, &node, best_score, best_move, bound);
        best_score
    }

    /// Step 3: a score known without a search, past the root: a draw by
    /// material, repetition or the fifty-move rule, a mate distance cut,
    /// or a table's exact value. Narrows the window for mate distance.
    #[inline(always)]
    fn known_score(
        &mut self,
        board: &Board,
        alpha: &mut i32,
        beta: &mut i32,
        ply: usize,
        in_check: bool,
        legal_moves: u32,
    ) -> Option<i32> {
        if board.is_insufficient_material() || self.keys.repetitions(board) > 0 {
            return Some(DRAW);
        }
        if board.halfmove_clock() >= 100 {
            return Some(if in_check && legal_moves == 0 {
                mated_in(ply)
            } else {
                DRAW
            });
        }
        if self.shared.options.mate_distance_pruning
            && let Some(score) = mate_distance_prune(alpha, beta, ply)
        {
            return Some(score);
        }
        self.table_score(board, ply)
    }

    /// Step 4: the table's entry and its move, if legal here. A
    /// singular-extension search re-searches this node without the hash
    /// move: the entry is this node's own, so it neither cuts nor is
    /// overwritten, and pruning that the node already passed is skipped.
    #[inline(always)]
    fn probe_hash(
        &self,
        board: &Board,
        key: u64,
        ply: usize,
        excluded: Move,
    ) -> (Option<TtHit>, Move) {
        let tt = if excluded.is_null() {
            self.shared.tt.probe(key, ply)
        } else {
            None
        };
        let tt_move = tt.map_or(Move::NULL, |t| t.mv);
        let tt_move = if !tt_move.is_null() && board.is_legal(tt_move) {
            tt_move
        } else {
            Move::NULL
        };
        // The hash move is searched first: its child's entries start on
        // their way now, ahead of the evaluation and the pruning.
        if !tt_move.is_null() {
            self.prefetch(board.approximate_hash_after(tt_move));
        }
        (tt, tt_move)
    }

    /// Step 5: the raw evaluation (what the table keeps) and the corrected
    /// one the search works with; none in check. A singularity search
    /// revisits a node whose evaluation is corrected already.
    #[inline(always)]
    fn node_evaluation(
        &mut self,
        board: &Board,
        ply: usize,
        in_check: bool,
        excluded: Move,
        tt: Option<TtHit>,
    ) -> (i32, i32) {
        let (raw_eval, static_eval) = if in_check {
            (-INFINITE, -INFINITE)
        } else if !excluded.is_null() {
            (-INFINITE, self.stack[ply].static_eval)
        } else {
            let raw = tt.map_or_else(|| self.evaluate(board), |t| t.eval);
            (raw, self.data.correction.corrected(board, raw))
        };
        self.stack[ply].static_eval = static_eval;
        (raw_eval, static_eval)
    }

    /// Step 15: a quiet result that says where the true value lies
    /// relative to the corrected evaluation teaches the correction
    /// history; the table keeps the result with the raw evaluation.
    #[inline(always)]
    fn record_result(
        &mut self,
        board: &Board,
        node: &Node,
        best_score: i32,
        best_move: Move,
        bound: Bound,
    ) {
        let informative = match bound {
            Bound::Lower => best_score > node.static_eval,
            Bound::Upper => best_score < node.static_eval,
            Bound::Exact => true,
        };
        if !node.in_check
            && informative
            && !is_decisive(best_score)
            && (best_move.is_null() || !board.is_capture_or_promotion(best_move))
        {
            self.data
                .correction
                .update(board, node.depth, best_score - node.static_eval);
        }
        let eval_to_store = if node.in_check { 0 } else { node.raw_eval };
        self.shared.tt.store(
            node.key,
            best_move,
            best_score,
            eval_to_store,
            node.depth,
            bound,
            node.ply,
        );
    }

    /// The moves one and two plies before `ply`, for continuation history.
    #[inline]
    fn continuations(&self, ply: usize) -> Continuations {
        let earlier = |back: usize| {
            ply.checked_sub(back)
                .map_or(PieceTo::NONE, |p| self.stack[p].moved)
        };
        [earlier(1), earlier(2)]
    }

    fn reward_quiet(
        &mut self,
        board: &Board,
        ply: usize,
        depth: i32,
        mv: Move,
        previous: Move,
        tried: &[Move],
    ) {
        let bonus = history_bonus(depth);
        let before = self.continuations(ply);
        let h = &mut self.data.histories;
        h.update_quiet_with(board, &before, mv, bonus);
        for &other in tried {
            h.update_quiet_with(board, &before, other, -bonus);
        }
        h.add_killer(ply, mv);
        h.set_counter(board, previous, mv);
    }
}
