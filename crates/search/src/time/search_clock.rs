//! The clock of one search as the main thread watches it: the GUI's
//! `stop`, a `ponderhit` that starts our own time, and the limits of the
//! time budget.

use crate::control::SearchControl;
use crate::first_iteration;
use crate::limits::Limits;
use crate::time::TimeManager;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// The clock of one search, restarted by a `ponderhit`.
pub(crate) struct SearchClock<'a> {
    control: &'a SearchControl,
    limits: &'a Limits,
    time: Mutex<TimeManager>,
}

impl<'a> SearchClock<'a> {
    /// The clock of a search within `limits`, starting now; `overhead` is
    /// taken off every limit for lag.
    pub(crate) fn new(
        control: &'a SearchControl,
        limits: &'a Limits,
        overhead: Duration,
    ) -> SearchClock<'a> {
        SearchClock {
            control,
            limits,
            time: Mutex::new(TimeManager::new(limits, overhead)),
        }
    }

    /// True while no clock runs: an unconfirmed ponder search or `go infinite`.
    pub(crate) fn unbounded(&self) -> bool {
        self.control.is_pondering() || self.limits.infinite
    }

    /// The time manager, restarted first if a ponderhit arrived: our own
    /// clock runs from that moment.
    fn running(&self) -> MutexGuard<'_, TimeManager> {
        let mut time = self.time.lock().expect("time manager lock");
        if self.control.take_ponderhit() {
            time.restart();
        }
        time
    }

    /// Checked every few hundred nodes: true once the search must end now,
    /// stopped by the GUI or past the hard limit (stretched in the first
    /// iteration, see [`first_iteration`]).
    pub(crate) fn must_stop(&self, first_iteration: bool) -> bool {
        if self.control.is_stopped() {
            return true;
        }
        if self.unbounded() {
            return false;
        }
        let time = self.running();
        time.hard_limit()
            .is_some_and(|hard| time.elapsed() >= first_iteration::time_cap(hard, first_iteration))
    }

    /// True if another iteration should not start, with the soft limit
    /// stretched by `scale`.
    pub(crate) fn should_stop_iterating(&self, scale: f64) -> bool {
        !self.unbounded() && self.running().should_stop_iterating(scale)
    }
}
