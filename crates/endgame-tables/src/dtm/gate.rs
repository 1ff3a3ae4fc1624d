//! The search gate: background table builds wait while any search runs,
//! so that a build never takes a core from a search (a `Threads 1` engine
//! uses one core, and the tables progress only between searches).
//!
//! A search holds a [`SearchGuard`] from [`crate::Tablebases::searching`]
//! while it runs. A build by the background worker checks the gate between
//! chunks of some tens of thousands of positions, and waits there while any
//! guard is held. Builds in any other thread ([`crate::Ready::Now`], tests,
//! tools) never wait.

use super::count::Count;
use std::sync::Arc;

/// Searches running now, and the signal that the last one ended.
#[derive(Default)]
pub(crate) struct Gate {
    searches: Count,
}

impl Gate {
    /// Marks a search as running until the guard is dropped.
    pub(crate) fn enter(self: &Arc<Gate>) -> SearchGuard {
        self.searches.increment();
        SearchGuard {
            gate: Arc::clone(self),
        }
    }

    /// Waits while any search runs, or until `give_up` answers true (it is
    /// asked again whenever the gate is signalled: see [`Gate::wake`]).
    pub(crate) fn wait_for_idle(&self, give_up: impl Fn() -> bool) {
        self.searches.wait_for_zero(None, give_up);
    }

    /// Wakes every waiting build, to look at `give_up` again.
    pub(crate) fn wake(&self) {
        self.searches.wake();
    }
}

/// Marks a search as running until it is dropped: while any is held,
/// tables being built in the background wait (see
/// [`crate::Tablebases::searching`]).
#[must_use = "the gate opens again as soon as the guard is dropped"]
pub struct SearchGuard {
    gate: Arc<Gate>,
}

impl std::fmt::Debug for SearchGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SearchGuard")
    }
}

impl Drop for SearchGuard {
    fn drop(&mut self) {
        self.gate.searches.decrement();
    }
}

/// Positions a solver handles between two checkpoints: a few milliseconds
/// of work.
pub(crate) const CHUNK: usize = 1 << 15;
