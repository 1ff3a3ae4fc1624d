//! The builds under way in one store, counted so that closing the tables
//! can wait, briefly, for each to stop at its next checkpoint and keep its
//! progress (see `progress`) before the process ends.

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How many builds run, and the signal that the last one ended.
#[derive(Default)]
pub(crate) struct Running {
    count: Mutex<usize>,
    ended: Condvar,
}

impl Running {
    fn count(&self) -> MutexGuard<'_, usize> {
        // Only ever incremented and decremented under the lock.
        self.count.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a build as running until the guard is dropped.
    pub(crate) fn enter(&self) -> RunningGuard<'_> {
        *self.count() += 1;
        RunningGuard { running: self }
    }

    /// Waits until no build runs, at most `grace`: whether none does.
    pub(crate) fn wait_for_none(&self, grace: Duration) -> bool {
        let deadline = Instant::now() + grace;
        let mut count = self.count();
        while *count > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            count = self
                .ended
                .wait_timeout(count, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        true
    }
}

/// A build counted as running while it lives.
pub(crate) struct RunningGuard<'a> {
    running: &'a Running,
}

impl Drop for RunningGuard<'_> {
    fn drop(&mut self) {
        let mut count = self.running.count();
        *count -= 1;
        if *count == 0 {
            self.running.ended.notify_all();
        }
    }
}
