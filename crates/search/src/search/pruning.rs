//! Pruning before and during the move loop: reverse futility and the null
//! move before the first move (steps 6 and 7), and at low depth late move,
//! futility, history and SEE pruning of single moves (step 10).

use super::{Node, Played};
use crate::movepick::MovePicker;
use crate::params::*;
use crate::score::{TB_BOUND, is_decisive};
use crate::worker::Worker;
use movegen::{Board, CheckSquares, Move, PieceKind};

/// `color` has a piece other than pawns and its king: without one,
/// zugzwang is likely and passing a move proves nothing.
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

impl Worker<'_> {
    /// Steps 6 and 7, at a non-PV node: reverse futility pruning and the
    /// null move. `Some` is the node's score.
    #[inline(always)]
    pub(super) fn prune_before_moves(
        &mut self,
        board: &Board,
        node: &Node,
        beta: i32,
    ) -> Option<i32> {
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
    pub(super) fn prune_move(
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
}
