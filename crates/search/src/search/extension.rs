//! How much deeper a move is searched (step 11): checks, and the singular
//! extension of the hash move with its multi-cut and negative extension.

use super::{Node, Played};
use crate::params::*;
use crate::tt::Bound;
use crate::worker::Worker;
use movegen::{Board, Move};

impl Worker<'_> {
    /// Step 11: the plies `played` is searched deeper. A check is extended
    /// by one; a singular hash move too, and a hash move that another move
    /// matches at beta is searched shallower. `Err` is the node's score: a
    /// multi-cut, or a stop.
    #[inline(always)]
    pub(super) fn extension(
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
}
