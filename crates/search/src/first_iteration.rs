//! The rule that the first iteration always completes, bar the GUI's
//! `stop`: it is short, and without it there is no proven score to report
//! and no sensible move to play, only the first root move's line. A node or
//! time limit reached inside it is stretched, not ignored, so that a
//! position whose depth 1 explodes in quiescence (a dozen queens giving
//! checks) still ends, with a bound.

use std::time::Duration;

/// How many times a node limit the first iteration may run to.
const NODE_GRACE: u64 = 16;

/// How many times the hard time limit the first iteration may run to: a
/// flag is still far off at twice it.
const TIME_GRACE: u32 = 2;

/// The node count at which a search with `limit` nodes stops.
#[inline]
pub(crate) fn node_cap(limit: u64, first_iteration: bool) -> u64 {
    if first_iteration {
        limit.saturating_mul(NODE_GRACE)
    } else {
        limit
    }
}

/// The time after which a search with a `hard` limit stops.
#[inline]
pub(crate) fn time_cap(hard: Duration, first_iteration: bool) -> Duration {
    if first_iteration {
        hard * TIME_GRACE
    } else {
        hard
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_iteration_runs_past_a_limit() {
        assert_eq!(node_cap(1_000, false), 1_000);
        assert!(node_cap(1_000, true) > 1_000);
        assert_eq!(node_cap(u64::MAX, true), u64::MAX);
        let hard = Duration::from_millis(40);
        assert_eq!(time_cap(hard, false), hard);
        assert!(time_cap(hard, true) > hard);
    }
}
