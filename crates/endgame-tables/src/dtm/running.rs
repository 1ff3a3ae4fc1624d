//! The builds under way in one store, counted so that closing the tables
//! can wait, briefly, for each to stop at its next checkpoint and keep its
//! progress (see `progress`) before the process ends.

use super::count::Count;
use std::time::{Duration, Instant};

/// How many builds run, and the signal that the last one ended.
#[derive(Default)]
pub(crate) struct Running {
    builds: Count,
}

impl Running {
    /// Counts a build as running until the guard is dropped.
    pub(crate) fn enter(&self) -> RunningGuard<'_> {
        self.builds.increment();
        RunningGuard { running: self }
    }

    /// Waits until no build runs, at most `grace`: whether none does.
    pub(crate) fn wait_for_none(&self, grace: Duration) -> bool {
        (self.builds).wait_for_zero(Some(Instant::now() + grace), || false)
    }
}

/// A build counted as running while it lives.
pub(crate) struct RunningGuard<'a> {
    running: &'a Running,
}

impl Drop for RunningGuard<'_> {
    fn drop(&mut self) {
        self.running.builds.decrement();
    }
}
