//! Searching one move (step 12): the first with the full window, later
//! ones with a null window and a late-move reduction from a table by depth
//! and move number, searched again where they beat alpha.

use super::{Node, Played};
use crate::params::*;
use crate::worker::Worker;
use movegen::Board;
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

/// The table's reduction at `depth` for the `played`-th move, both capped
/// at 63; 0 where either is 0.
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

impl Worker<'_> {
    /// Step 12: the score of `child`, reached by `played`: the first move
    /// with the full window, the others with a null window, reduced when
    /// late and quiet, and searched again where they beat alpha.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn search_move<const PV: bool>(
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
}
