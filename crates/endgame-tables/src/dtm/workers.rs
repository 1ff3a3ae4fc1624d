//! The build workers: one thread builds the requested background tables one
//! after another, and one builds those asked for beside a search, so that
//! requests never take more than a core each, however many endings a
//! search meets at once.
//!
//! A five-man root in a game on a clock asks for every table its captures
//! lead into, up to a dozen at once. With a thread for each, the builds ran
//! a dozen threads between searches, on the opponent's time: the opponent,
//! or the other games of a match on the same machine, got a small share of
//! their own cores. So the background worker also runs at the operating
//! system's lowest priority (Linux: `SCHED_IDLE`), where it takes only a
//! core no one else wants: on a busy machine the builds wait, on a quiet
//! one they use the spare core.

use super::{BUILDING, Ending, build_now, gate};
use std::sync::atomic::Ordering;
use std::sync::{Mutex, MutexGuard};

/// Requested endings not yet started, and whether a thread is building.
struct Queue {
    pending: Vec<Ending>,
    working: bool,
}

/// One worker's queue of builds.
pub(super) struct Worker {
    queue: Mutex<Queue>,
    name: &'static str,
    background: bool,
}

/// Builds between searches, paused while any search runs (see
/// [`gate::checkpoint`]), at the lowest priority.
pub(super) static BACKGROUND: Worker = Worker::new("dtm-background", true);

/// Builds beside a search without a clock: never paused, at the search's
/// own priority.
pub(super) static BESIDE: Worker = Worker::new("dtm-beside", false);

impl Worker {
    const fn new(name: &'static str, background: bool) -> Worker {
        Worker {
            queue: Mutex::new(Queue {
                pending: Vec::new(),
                working: false,
            }),
            name,
            background,
        }
    }

    fn queue(&self) -> MutexGuard<'_, Queue> {
        // The queue stays consistent through a panic elsewhere: every
        // change to it is a single push, pop or flag under the lock.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues the build of `ending` (its `BUILDING` flag already set), and
    /// starts the worker's thread unless it is running.
    pub(super) fn request(&'static self, ending: Ending) {
        let mut queue = self.queue();
        queue.pending.push(ending);
        if queue.working {
            return;
        }
        queue.working = true;
        let spawned = std::thread::Builder::new()
            .name(self.name.into())
            .spawn(move || self.work());
        if spawned.is_err() {
            // No thread: forget the requests, so that a later probe asks
            // again instead of waiting for a build that never comes.
            queue.working = false;
            for ending in queue.pending.drain(..) {
                BUILDING[ending.slot()].store(false, Ordering::Release);
            }
        }
    }

    /// Builds until the queue is empty, the latest request first: it comes
    /// from the position the game is in now, the earlier ones from a root
    /// the game may have left.
    fn work(&self) {
        if self.background {
            gate::mark_background();
            yield_to_every_other_thread();
        }
        loop {
            let next = {
                let mut queue = self.queue();
                match queue.pending.pop() {
                    Some(ending) => ending,
                    None => {
                        queue.working = false;
                        return;
                    }
                }
            };
            build_now(next);
        }
    }
}

/// Puts the calling thread at the lowest scheduling priority, so that it
/// runs only on a core no other thread wants.
#[cfg(target_os = "linux")]
fn yield_to_every_other_thread() {
    let idle = libc::sched_param { sched_priority: 0 };
    // SAFETY: `sched_setscheduler` reads the parameter through a valid
    // pointer; pid 0 is the calling thread. Lowering a thread's own
    // priority needs no privilege; should it fail, the thread keeps its
    // normal priority, as on other systems.
    unsafe {
        libc::sched_setscheduler(0, libc::SCHED_IDLE, &idle);
    }
}

#[cfg(not(target_os = "linux"))]
fn yield_to_every_other_thread() {}
