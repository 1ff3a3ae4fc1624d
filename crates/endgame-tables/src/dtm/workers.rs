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
//! one they use the spare core. A table already in the cache is only
//! loaded, in a tenth of a second: a third worker does that at the normal
//! priority, so that a busy machine (a match with a game on every core)
//! still has the tables a game meets, and hands the build of a table whose
//! file is missing or refused to the background worker.

use super::Ending;
use super::store::Store;
use std::sync::{Arc, Mutex, MutexGuard};

/// Which worker builds a request.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Builder {
    /// Builds between searches, paused while any search runs, at the
    /// lowest priority.
    Background,
    /// Builds beside a search without a clock: never paused, at the
    /// search's own priority.
    BesideSearches,
    /// Loads tables whose cache file is there, at the normal priority;
    /// one that does not load goes to the background worker.
    Loader,
}

impl Builder {
    fn thread_name(self) -> &'static str {
        match self {
            Builder::Background => "dtm-background",
            Builder::BesideSearches => "dtm-beside",
            Builder::Loader => "dtm-load",
        }
    }
}

/// Requested endings not yet started, and whether a thread is building.
#[derive(Default)]
struct Queue {
    pending: Vec<Ending>,
    working: bool,
}

/// One worker's queue of builds.
#[derive(Default)]
pub(crate) struct Worker {
    queue: Mutex<Queue>,
}

impl Worker {
    fn queue(&self) -> MutexGuard<'_, Queue> {
        // The queue stays consistent through a panic elsewhere: every
        // change to it is a single push, pop or flag under the lock.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues the build of `ending` (its building flag already set) with
    /// `store`'s `builder`, and starts the worker's thread unless it is
    /// running. Returns the endings to forget if no thread could start, so
    /// that a later probe asks again instead of waiting for a build that
    /// never comes.
    pub(crate) fn request(store: &Arc<Store>, builder: Builder, ending: Ending) -> Vec<Ending> {
        let mut queue = store.worker(builder).queue();
        queue.pending.push(ending);
        if queue.working {
            return Vec::new();
        }
        queue.working = true;
        let owned = Arc::clone(store);
        let spawned = std::thread::Builder::new()
            .name(builder.thread_name().into())
            .spawn(move || work(&owned, builder));
        if spawned.is_err() {
            queue.working = false;
            return queue.pending.drain(..).collect();
        }
        Vec::new()
    }
}

/// Builds until the queue is empty, the latest request first: it comes
/// from the position the game is in now, the earlier ones from a root the
/// game may have left. Stops when the tables' owner is gone.
fn work(store: &Arc<Store>, builder: Builder) {
    let background = builder == Builder::Background;
    if background {
        yield_to_every_other_thread();
    }
    loop {
        let next = {
            let mut queue = store.worker(builder).queue();
            match queue.pending.pop() {
                Some(ending) if !store.is_closing() => ending,
                _ => {
                    queue.working = false;
                    return;
                }
            }
        };
        if builder == Builder::Loader {
            if store.load_cached(next).is_none() {
                // Still queued: the flag stays set for the background build.
                Store::hand_over(store, next, Builder::Background);
            }
            continue;
        }
        // A cancelled build (its owner gone) ends the thread at once.
        if store.build_now(next, background).is_err() {
            store.worker(builder).queue().working = false;
            return;
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
