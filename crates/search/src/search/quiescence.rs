//! Quiescence search: captures (and evasions in check) until the position
//! is quiet, standing pat on the refined static evaluation, with the mate
//! checks at a glance at its horizon.

use super::{mate_distance_prune, no_legal_move};
use crate::movepick::MovePicker;
use crate::params::*;
use crate::refined_eval::stand_pat_score;
use crate::score::{DRAW, INFINITE, MAX_PLY, TB_BOUND, mate_in};
use crate::tt::Bound;
use crate::worker::Worker;
use movegen::{Board, Move, PieceKind};

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

impl Worker<'_> {
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
