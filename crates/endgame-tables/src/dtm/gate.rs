//! The search gate: background table builds wait while any search runs,
//! so that a build never takes a core from a search (a `Threads 1` engine
//! uses one core, and the tables progress only between searches).
//!
//! A search holds a [`SearchGuard`] from [`searching`] while it runs. A
//! build thread started by [`super::table`] marks itself as a background
//! one, and its solver calls [`checkpoint`] between chunks of some tens of
//! thousands of positions: there it waits while any guard is held. Builds
//! in any other thread ([`super::build_now`], tests, tools) never wait.
//!
//! A search only calls [`super::table`] and [`super::probe`], which never
//! block, and builds with [`super::build_now`], which never waits for
//! another thread (it solves a table a paused build has under way itself),
//! before it takes its guard, so that its own builds are not paused.

use std::cell::Cell;
use std::sync::{Condvar, Mutex, MutexGuard};

/// Searches running now.
static SEARCHES: Mutex<usize> = Mutex::new(0);
/// Signalled when the last search ends.
static IDLE: Condvar = Condvar::new();

thread_local! {
    /// This thread builds tables in the background (see [`super::table`]).
    static BACKGROUND: Cell<bool> = const { Cell::new(false) };
}

fn searches() -> MutexGuard<'static, usize> {
    // The count stays right through a panic elsewhere: it is only ever
    // incremented and decremented under the lock.
    SEARCHES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Marks a search as running until it is dropped: while any is held,
/// tables being built in the background wait (see [`searching`]).
#[must_use = "the gate opens again as soon as the guard is dropped"]
#[derive(Debug)]
pub struct SearchGuard {
    _private: (),
}

/// Pauses background table builds until the returned guard is dropped.
/// A search takes one for its whole length (helper threads included);
/// guards may overlap, and builds resume when the last one is dropped.
/// Builds in the calling thread ([`super::build_now`]) are not paused.
///
/// Build what the search needs first, then take the guard: a build in the
/// calling thread does not pause, but one queued in the background does.
///
/// ```
/// use matewise_endgame_tables::dtm::{self, Ending};
/// # matewise_endgame_tables::cache::set_dir(None);
///
/// // What a search needs now is built before the guard is taken...
/// dtm::build_now(Ending::Krk);
/// {
///     let _guard = dtm::searching();
///     // ... search: a table met meanwhile starts building, and waits.
///     assert!(dtm::table(Ending::Krk).is_some());
/// }
/// // The guard is gone: background builds go on.
/// ```
pub fn searching() -> SearchGuard {
    *searches() += 1;
    SearchGuard { _private: () }
}

impl Drop for SearchGuard {
    fn drop(&mut self) {
        let mut count = searches();
        *count -= 1;
        if *count == 0 {
            IDLE.notify_all();
        }
    }
}

/// Makes the calling thread a background builder: its [`checkpoint`]s
/// wait while a search runs, in nested builds too.
pub(super) fn mark_background() {
    BACKGROUND.with(|background| background.set(true));
}

/// In a background build, waits while any search runs; elsewhere returns
/// at once. The solvers call it between chunks of work.
pub(super) fn checkpoint() {
    if BACKGROUND.with(Cell::get) {
        let mut count = searches();
        while *count > 0 {
            count = IDLE.wait(count).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Positions a solver handles between two [`checkpoint`]s: a few
/// milliseconds of work.
pub(super) const CHUNK: usize = 1 << 15;
