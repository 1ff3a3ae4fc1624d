//! Time management: a soft limit (don't start another iteration past it) and
//! a hard limit (abort the search), both well inside the clock.

use crate::limits::Limits;
use std::time::{Duration, Instant};

/// The time budget of one search.
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// A clock budget may stretch or shrink; a `movetime` may not.
    flexible: bool,
}

impl TimeManager {
    /// Budgets a search that starts now. `overhead` is the GUI's and the
    /// pipe's lag (`Move Overhead`), taken off every limit.
    ///
    /// ```
    /// use search::{Clock, Limits, TimeManager};
    /// use std::time::Duration;
    /// let limits = Limits {
    ///     clock: Some(Clock { time: Duration::from_secs(10), increment: Duration::from_millis(100) }),
    ///     ..Limits::default()
    /// };
    /// let tm = TimeManager::new(&limits, Duration::from_millis(10));
    /// assert!(tm.hard_limit().unwrap() < Duration::from_secs(5));
    /// assert!(tm.soft_limit().unwrap() < tm.hard_limit().unwrap());
    /// ```
    pub fn new(limits: &Limits, overhead: Duration) -> TimeManager {
        let (mut soft, mut hard) = (None, None);
        if let Some(clock) = limits.clock {
            // Never plan with more than the clock minus the overhead, and keep
            // a reserve so that many fast moves in a row cannot run it down.
            let left = clock.time.saturating_sub(overhead);
            let moves = limits.moves_to_go.map_or(30, |m| m.clamp(1, 50));
            let share = left / moves + clock.increment * 3 / 4;
            let ceiling = if limits.moves_to_go == Some(1) {
                left.mul_f64(0.8)
            } else {
                left / 2
            };
            soft = Some(share.min(ceiling).mul_f64(0.6));
            hard = Some((share * 3).min(ceiling));
        }
        if let Some(move_time) = limits.move_time {
            let budget = move_time
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            soft = Some(soft.map_or(budget, |s: Duration| s.min(budget)));
            hard = Some(hard.map_or(budget, |h: Duration| h.min(budget)));
        }
        TimeManager {
            start: Instant::now(),
            soft,
            hard,
            flexible: limits.move_time.is_none(),
        }
    }

    /// Restarts the clock (on `ponderhit`, when our own time starts running).
    pub fn restart(&mut self) {
        self.start = Instant::now();
    }

    /// Time since the search (or the ponderhit) started.
    #[inline]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The soft limit, if any.
    pub fn soft_limit(&self) -> Option<Duration> {
        self.soft
    }

    /// The hard limit, if any.
    pub fn hard_limit(&self) -> Option<Duration> {
        self.hard
    }

    /// True once past the hard limit: abort now.
    #[inline]
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// True if another iteration should not start. `scale` stretches the
    /// soft limit: above 1 when the best move is unstable, below when it is settled.
    #[inline]
    pub fn should_stop_iterating(&self, scale: f64) -> bool {
        match (self.soft, self.hard) {
            (Some(soft), Some(hard)) => {
                let scale = if self.flexible { scale } else { 1.0 };
                self.elapsed() >= soft.mul_f64(scale).min(hard)
            }
            _ => false,
        }
    }
}
