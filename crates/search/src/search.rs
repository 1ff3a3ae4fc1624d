//! The alpha-beta search proper: principal variation search with the usual
//! pruning, and quiescence search. The root and its iterations live in
//! `deepening.rs`.

use crate::move_history::{Continuations, PieceTo, history_bonus};
use crate::movepick::MovePicker;
use crate::params::*;
use crate::refined_eval::{stand_pat_score, table_refined_eval};
use crate::score::{DRAW, INFINITE, MAX_PLY, TB_BOUND, is_decisive, mate_in, mated_in};
use crate::tt::{Bound, TtHit};
use crate::worker::Worker;
use arrayvec::ArrayVec;
use movegen::{Board, CheckSquares, Move, PieceKind};
#[cfg(not(feature = "tune"))]
use std::sync::LazyLock;

/// The late-move reduction at `depth` for the `played`-th move, in plies
/// (both at least 1).
fn reduction_formula(depth: usize, played: usize) -> i32 {
    let base = f64::from(LMR_BASE.get()) / 100.0;
    let divisor = f64::from(LMR_DIVISOR.get()) / 100.0;
    (base + (depth as f64).ln() * (played as f64).ln() / divisor) as i32
}

/// Late-move reductions by depth and move number, in plies.
#[cfg(not(feature = "tune"))]
static REDUCTIONS: LazyLock<[[i32; 64]; 64]> = LazyLock::new(|| {
    let mut table = [[0; 64]; 64];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (played, r) in row.iter_mut().enumerate().skip(1) {
            *r = reduction_formula(depth, played);
        }
    }
    table
});

#[inline]
fn reduction(depth: i32, played: usize) -> i32 {
    let (depth, played) = ((depth as usize).min(63), played.min(63));
    #[cfg(not(feature = "tune"))]
    {
        REDUCTIONS[depth][played]
    }
    // Tuning changes the formula's constants at run time.
    #[cfg(feature = "tune")]
    {
        if depth == 0 || played == 0 {
            0
        } else {
            reduction_formula(depth, played)
        }
    }
}

#[inline]
fn has_non_pawn_material(board: &Board, color: movegen::Color) -> bool {
    let us = board.colors(color);
    let pawns_and_king = board.pieces(PieceKind::Pawn) | board.pieces(PieceKind::King);
    !(us - pawns_and_king).is_empty()
}

/// Every square around the side to move's king holds its own piece or is
/// attacked: the king cannot step anywhere. In such a mating net the
/// attacker's quiet move is often the whole point (a tempo, a sacrifice
/// that blocks the last flight), so letting the defender pass proves nothing.
#[inline]
fn king_boxed_in(board: &Board) -> bool {
    board.king_flight_squares(board.side_to_move()).is_empty()
}

/// The side that has just moved, the would-be mating side, has no queen.
#[inline]
fn opponent_has_no_queen(board: &Board) -> bool {
    board
        .colored_pieces(PieceKind::Queen, !board.side_to_move())
        .is_empty()
}

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

/// What a capture wins at most, in centipawns, for quiescence futility.
#[inline]
fn victim_value(board: &Board, mv: Move) -> i32 {
    const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];
    let victim = if mv.is_en_passant() {
        PieceKind::Pawn
    } else {
        board.kind_on(mv.to()).unwrap_or(PieceKind::Pawn)
    };
    VALUE[victim as usize]
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

    /// Steps 6 and 7, at a non-PV node: reverse futility pruning and the
    /// null move. `Some` is the node's score.
    #[inline(always)]
    fn prune_before_moves(&mut self, board: &Board, node: &Node, beta: i32) -> Option<i32> {
        // With one or two legal moves zugzwang is likely, and in a mating
        // net it is the rule: the defender's static eval (often ahead in
        // material) says nothing about a position where every move loses.
        let zugzwang_prone = node.legal_moves <= 2;
        if node.in_check
            || node.ply == 0
            || !node.selective
            || zugzwang_prone
            || !node.excluded.is_null()
        {
            return None;
        }
        let (depth, eval) = (node.depth, node.eval);
        // Step 6. Reverse futility: far above beta at low depth, a quiet
        // move will do. Not for a boxed-in king facing no queen: without
        // one the net is closed by quiet moves, which this cut assumes
        // harmless. Against a queen, checks do most of the mating and
        // boxed-in kings are common; skipping the cut there too found 2 %
        // more suite mates for 5 % more bench nodes, and its match leaned
        // to a loss.
        let margin = RFP_MARGIN.get() * depth
            - if node.improving {
                RFP_IMPROVING.get()
            } else {
                0
            };
        if depth <= RFP_MAX_DEPTH.get()
            && eval - margin >= beta
            && !is_decisive(beta)
            && eval < TB_BOUND
            && !(opponent_has_no_queen(board) && king_boxed_in(board))
        {
            return Some(eval);
        }
        // Step 7. Null move, but not where zugzwang is likely: either side
        // down to king and pawns (mating a bare king needs zugzwang).
        let previous_was_null = self.stack[node.ply - 1].played.is_null();
        if depth >= NMP_MIN_DEPTH.get()
            && eval >= beta
            && !is_decisive(beta)
            && !previous_was_null
            && has_non_pawn_material(board, board.side_to_move())
            && has_non_pawn_material(board, !board.side_to_move())
            && !king_boxed_in(board)
        {
            let r = NMP_BASE_REDUCTION.get()
                + depth / NMP_DEPTH_DIVISOR.get()
                + ((eval - beta) / NMP_EVAL_DIVISOR.get()).min(NMP_EVAL_MAX_REDUCTION.get());
            if let Some(passed) = board.null_move() {
                let ply = node.ply;
                self.stack[ply].record(board, Move::NULL);
                self.keys.push(node.key);
                let score = -self.search::<false>(
                    &passed,
                    depth - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    !node.cut_node,
                );
                self.keys.pop();
                if self.stopped {
                    return Some(0);
                }
                if score >= beta {
                    return Some(if is_decisive(score) { beta } else { score });
                }
            }
        }
        None
    }

    /// Step 10: true when `played` is skipped at this low-depth node: late
    /// move pruning, futility and history pruning of quiet moves, SEE
    /// pruning of captures and checks.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn prune_move(
        &self,
        board: &Board,
        node: &Node,
        picker: &mut MovePicker,
        checks: CheckSquares,
        played: Played,
        searched: usize,
        alpha: i32,
    ) -> bool {
        let depth = node.depth;
        if !played.tactical && !played.gives_check {
            // Late move pruning (enough quiets tried at low depth) and
            // futility (even a good quiet move won't lift the eval to
            // alpha) give up on every later quiet too, but not on quiet
            // checks: those may mate.
            let late =
                (LMP_BASE.get() + depth * depth) as usize / if node.improving { 1 } else { 2 };
            let futile = depth <= FUTILITY_MAX_DEPTH.get()
                && node.eval + FUTILITY_BASE.get() + FUTILITY_MARGIN.get() * depth <= alpha
                && alpha < TB_BOUND;
            if (depth <= LMP_MAX_DEPTH.get() && searched >= late) || futile {
                picker.quiet_checks_only(checks);
                return true;
            }
            // History pruning: at low depth a quiet move that has kept
            // failing here and after these moves is skipped.
            if depth <= HISTORY_PRUNE_MAX_DEPTH.get() && searched > 0 {
                let piece = board
                    .piece_on(played.mv.from())
                    .expect("a move starts on a piece");
                let before = self.continuations(node.ply);
                let history = self
                    .data
                    .histories
                    .quiet_scorer(board.side_to_move(), &before)
                    .score(piece, played.mv);
                return history < -HISTORY_PRUNE_MARGIN.get() * depth;
            }
            false
        } else {
            // A good capture has passed SEE at 0 in the picker, and so
            // passes it at this lower threshold too.
            depth <= SEE_PRUNE_MAX_DEPTH.get()
                && !picker.last_was_good_capture()
                && !board.see_ge(played.mv, -SEE_PRUNE_MARGIN.get() * depth)
        }
    }

    /// Step 11: the plies `played` is searched deeper. A check is extended
    /// by one; a singular hash move too, and a hash move that another move
    /// matches at beta is searched shallower. `Err` is the node's score: a
    /// multi-cut, or a stop.
    #[inline(always)]
    fn extension(
        &mut self,
        board: &Board,
        node: &Node,
        played: Played,
        beta: i32,
    ) -> Result<i32, i32> {
        let depth = node.depth;
        let ply = node.ply;
        // A checking move is extended already; testing it for singularity
        // would cost a search to gain nothing.
        if played.mv == node.tt_move
            && !played.gives_check
            && let Some(t) = node.tt
            && ply > 0
            && node.selective
            && depth >= SINGULAR_MIN_DEPTH.get()
            && node.legal_moves > 1
            && t.depth >= depth - 3
            && t.bound != Bound::Upper
            && t.score.abs() < SINGULAR_MAX_SCORE.get()
            && ply < 2 * self.root_depth.max(1) as usize
        {
            // Singular extension: if every other move falls clearly short
            // of the hash move's score, the hash move is forced and is
            // searched a ply deeper. If another move also reaches beta, two
            // moves cut and the node fails high (multi-cut). If another move
            // only comes near a hash score at or above beta, the hash move
            // is not the only way to cut and needs less proof.
            let singular_beta = t.score - SINGULAR_MARGIN.get() * depth;
            // Shallower than the usual half depth: at (depth - 1) / 2 the
            // test's nodes cost 1 % of the mate suite's mates at equal
            // nodes; at depth / 2 - 2 none.
            self.stack[ply].excluded = played.mv;
            let s = self.search::<false>(
                board,
                depth / 2 - 2,
                singular_beta - 1,
                singular_beta,
                ply,
                node.cut_node,
            );
            self.stack[ply].excluded = Move::NULL;
            if self.stopped {
                return Err(0);
            }
            if s < singular_beta {
                return Ok(1);
            } else if singular_beta >= beta {
                return Err(singular_beta);
            } else if t.score >= beta {
                return Ok(-SINGULAR_NEGATIVE.get());
            }
        }
        Ok(i32::from(played.gives_check))
    }

    /// Step 12: the score of `child`, reached by `played`: the first move
    /// with the full window, the others with a null window, reduced when
    /// late and quiet, and searched again where they beat alpha.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_move<const PV: bool>(
        &mut self,
        board: &Board,
        child: &Board,
        node: &Node,
        played: Played,
        new_depth: i32,
        searched: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let ply = node.ply;
        if searched == 0 {
            return -self.search::<PV>(child, new_depth, -beta, -alpha, ply + 1, false);
        }
        let mut r = 0;
        if node.depth >= LMR_MIN_DEPTH.get()
            && !played.tactical
            && searched > usize::from(PV)
            && node.selective
        {
            r = reduction(node.depth, searched);
            r += i32::from(!PV) + i32::from(node.cut_node);
            if played.refutation {
                r -= LMR_REFUTATION.get();
            }
            r -= i32::from(node.improving) + i32::from(played.gives_check);
            r -= self.data.histories.quiet(board.side_to_move(), played.mv)
                / LMR_HISTORY_DIVISOR.get();
            r = r.clamp(0, new_depth - 1);
        }
        let mut s = -self.search::<false>(child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
        if s > alpha && r > 0 {
            s = -self.search::<false>(
                child,
                new_depth,
                -alpha - 1,
                -alpha,
                ply + 1,
                !node.cut_node,
            );
        }
        if PV && s > alpha && s < beta {
            s = -self.search::<true>(child, new_depth, -beta, -alpha, ply + 1, false);
        }
        s
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

    /// Captures (and evasions in check) until the position is quiet.
    /// `horizon` is true at the first quiescence ply, where a mate threat
    /// is answered with every move rather than with stand-pat.
    pub(crate) fn quiescence<const PV: bool>(
        &mut self,
        board: &Board,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        horizon: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.count_node_and_check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = board.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate(board) };
        }
        if board.is_insufficient_material() {
            return DRAW;
        }
        if let Some(score) = self.table_score(board, ply) {
            return score;
        }
        // Quiescence nodes lie as far from the root as any: a line this long
        // cannot beat a mate already found either.
        if self.shared.options.mate_distance_pruning
            && let Some(score) = mate_distance_prune(&mut alpha, &mut beta, ply)
        {
            return score;
        }
        let key = board.hash();
        let tt = self.shared.tt.probe(key, ply);
        if let Some(t) = tt {
            if !PV && t.cuts(alpha, beta) {
                return t.score;
            }
            // The hash move usually comes first: its child's entries start
            // on their way now, ahead of the evaluation.
            if !t.mv.is_null() {
                self.prefetch(board.approximate_hash_after(t.mv));
            }
        }
        let glance = self.shared.options.mate_at_a_glance;
        let mut stand_pat = -INFINITE;
        let mut raw_eval = 0;
        if !in_check {
            raw_eval = tt.map_or_else(|| self.evaluate(board), |t| t.eval);
            stand_pat = stand_pat_score(self.data.correction.corrected(board, raw_eval), tt);
        }
        // A threatened mate makes standing pat a fiction: look for a defence
        // among all moves instead (at the horizon only, to stay bounded).
        // Below alpha the stand-pat score fails low anyway, and a mate
        // threat only lowers it further, so the check is not needed there.
        let threatened = glance
            && horizon
            && !in_check
            && stand_pat > alpha
            && mate_detection::mate_threat(board).is_some();
        // Standing pat already fails high: a mate of our own would only fail
        // higher, so it is not worth looking for. This comes after the
        // table (a stored cut is cheaper still).
        if !in_check && !threatened && stand_pat >= beta {
            return stand_pat;
        }
        if glance {
            if let Some(mate) = mate_detection::mate_at_a_glance(board) {
                if PV {
                    self.update_pv_leaf(ply, mate);
                }
                return mate_in(ply + 1);
            }
        }
        let full_width = in_check || threatened;
        let mut best_score = -INFINITE;
        if !full_width {
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }
        let tt_move = tt.map_or(Move::NULL, |t| t.mv);
        let tt_move = if !tt_move.is_null()
            && (full_width || board.is_capture_or_promotion(tt_move))
            && board.is_legal(tt_move)
        {
            tt_move
        } else {
            Move::NULL
        };
        let mut picker = MovePicker::new_quiescence(tt_move, full_width);
        let mut best_move = Move::NULL;
        let mut legal = 0;
        let futility_margin = QS_FUTILITY_MARGIN.get();
        let mut check_squares = None;
        while let Some(mv) = picker.next(board, &self.data.histories) {
            legal += 1;
            let early_key = board.approximate_hash_after(mv);
            self.prefetch(early_key);
            // The picker has run this very test on every capture it hands
            // out here but the hash move: asking again would only repeat it.
            if !full_width && mv == tt_move && !board.see_ge(mv, 0) {
                continue;
            }
            // Quiescence futility: even winning the victim for nothing
            // leaves this capture short of alpha. Not for promotions, nor
            // for checks, which may mate.
            if !full_width
                && futility_margin > 0
                && mv.promotion().is_none()
                && best_score > -TB_BOUND
            {
                let futility = stand_pat + futility_margin + victim_value(board, mv);
                if futility <= alpha
                    && !board.gives_check_with(
                        check_squares.get_or_insert_with(|| board.check_squares()),
                        mv,
                    )
                {
                    best_score = best_score.max(futility);
                    continue;
                }
            }
            let mut child = board.clone();
            child.play_unchecked(mv);
            // Only where the early key was approximate (castling, rights
            // lost, a new en-passant square).
            if child.hash() != early_key {
                self.prefetch(child.hash());
            }
            let score = -self.quiescence::<PV>(&child, -beta, -alpha, ply + 1, false);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = mv;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Every move was looked at, so none at all means no legal move (a
        // side under a mate threat may be stalemated).
        if full_width && legal == 0 {
            return no_legal_move(in_check, ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        let eval_to_store = if in_check { 0 } else { raw_eval };
        self.shared
            .tt
            .store(key, best_move, best_score, eval_to_store, 0, bound, ply);
        best_score
    }
}
