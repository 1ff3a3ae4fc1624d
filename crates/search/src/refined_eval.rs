//! The static evaluation refined by the transposition table: where a
//! stored bound puts the position's value beyond the evaluation (a lower
//! bound above it, an upper bound below it), a search has seen more than
//! the evaluation can, and the pruning rules and quiescence's stand pat
//! read that score instead.

use crate::params::{QS_TT_STAND_PAT, TT_EVAL_REFINE};
use crate::score::{INFINITE, is_decisive};
use crate::tt::TtHit;

/// The evaluation reverse futility, the null move and futility compare
/// with the window. Not in check (`static_eval` is `-INFINITE` there), and
/// not with a mate or table score, which reverse futility and the null
/// move must not return as an evaluation.
#[inline]
pub(crate) fn table_refined_eval(static_eval: i32, tt: Option<TtHit>) -> i32 {
    if TT_EVAL_REFINE.get() == 0 {
        return static_eval;
    }
    refined_by_table(static_eval, tt)
}

/// The score quiescence stands pat on, out of check: its corrected
/// evaluation, refined by the table in the same way.
#[inline]
pub(crate) fn stand_pat_score(static_eval: i32, tt: Option<TtHit>) -> i32 {
    if QS_TT_STAND_PAT.get() == 0 {
        return static_eval;
    }
    refined_by_table(static_eval, tt)
}

/// `static_eval`, or the table's score where its bound puts the value
/// beyond it.
#[inline]
fn refined_by_table(static_eval: i32, tt: Option<TtHit>) -> i32 {
    match tt {
        // A bound that would cut a null window at the evaluation is one
        // that puts the value beyond it (or at it).
        Some(t)
            if static_eval > -INFINITE
                && !is_decisive(t.score)
                && t.cuts(static_eval, static_eval) =>
        {
            t.score
        }
        _ => static_eval,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::mate_in;
    use crate::tt::Bound;
    use movegen::Move;

    fn hit(score: i32, bound: Bound) -> Option<TtHit> {
        Some(TtHit {
            mv: Move::NULL,
            score,
            eval: 0,
            depth: 6,
            bound,
        })
    }

    #[test]
    fn a_bound_beyond_the_evaluation_replaces_it() {
        // A lower bound above, an upper bound below, an exact score.
        assert_eq!(refined_by_table(20, hit(90, Bound::Lower)), 90);
        assert_eq!(refined_by_table(20, hit(-40, Bound::Upper)), -40);
        assert_eq!(refined_by_table(20, hit(-40, Bound::Exact)), -40);
    }

    #[test]
    fn a_bound_on_the_near_side_says_nothing() {
        // A lower bound below the evaluation and an upper bound above it
        // leave the value where the evaluation put it.
        assert_eq!(refined_by_table(20, hit(-40, Bound::Lower)), 20);
        assert_eq!(refined_by_table(20, hit(90, Bound::Upper)), 20);
        assert_eq!(refined_by_table(20, None), 20);
    }

    #[test]
    fn mates_and_check_are_left_alone() {
        // A mate score is no evaluation; in check there is none to refine.
        assert_eq!(refined_by_table(20, hit(mate_in(5), Bound::Lower)), 20);
        assert_eq!(
            refined_by_table(-INFINITE, hit(90, Bound::Exact)),
            -INFINITE
        );
    }

    #[test]
    fn quiescence_and_pruning_refine_as_their_parameters_say() {
        let lower = hit(90, Bound::Lower);
        let expected = |on: i32| if on != 0 { 90 } else { 20 };
        assert_eq!(stand_pat_score(20, lower), expected(QS_TT_STAND_PAT.get()));
        assert_eq!(
            table_refined_eval(20, lower),
            expected(TT_EVAL_REFINE.get())
        );
    }
}
