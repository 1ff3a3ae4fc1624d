//! A count of things under way, with a signal when it falls to zero: the
//! searches at the search gate (see `gate`) and the builds a store runs
//! (see `running`) are both counted so.

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// How many are under way, and the signal that the last one ended.
#[derive(Default)]
pub(crate) struct Count {
    count: Mutex<usize>,
    zero: Condvar,
}

impl Count {
    fn lock(&self) -> MutexGuard<'_, usize> {
        // The count stays right through a panic elsewhere: it is only ever
        // incremented and decremented under the lock.
        self.count.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One more under way.
    pub(crate) fn increment(&self) {
        *self.lock() += 1;
    }

    /// One fewer under way; the last wakes every waiter.
    pub(crate) fn decrement(&self) {
        let mut count = self.lock();
        *count -= 1;
        if *count == 0 {
            self.zero.notify_all();
        }
    }

    /// Waits until none is under way, until `deadline` (if any) passes, or
    /// until `give_up` answers true (asked again at every signal, see
    /// [`Count::wake`]): whether none is under way.
    pub(crate) fn wait_for_zero(
        &self,
        deadline: Option<Instant>,
        give_up: impl Fn() -> bool,
    ) -> bool {
        let mut count = self.lock();
        while *count > 0 && !give_up() {
            count = match deadline {
                None => self.zero.wait(count).unwrap_or_else(|e| e.into_inner()),
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return false;
                    }
                    (self.zero.wait_timeout(count, left))
                        .unwrap_or_else(|e| e.into_inner())
                        .0
                }
            };
        }
        *count == 0
    }

    /// Wakes every waiter, to look at its `give_up` again.
    pub(crate) fn wake(&self) {
        let _count = self.lock();
        self.zero.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::Count;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    #[test]
    fn a_waiter_wakes_when_the_last_one_ends() {
        let count = Arc::new(Count::default());
        count.increment();
        count.increment();
        let ender = Arc::clone(&count);
        let thread = std::thread::spawn(move || {
            ender.decrement();
            ender.decrement();
        });
        assert!(count.wait_for_zero(None, || false));
        thread.join().unwrap();
    }

    #[test]
    fn a_deadline_ends_the_wait_with_one_still_under_way() {
        let count = Count::default();
        count.increment();
        let soon = Instant::now() + Duration::from_millis(20);
        assert!(!count.wait_for_zero(Some(soon), || false));
        assert!(!count.wait_for_zero(None, || true));
    }
}
