//! A table a caller waits for but may stop waiting for: the build runs in a
//! thread of its own, so that a search without a clock, waiting for its
//! root's table, still answers `stop` at once. A build left behind goes on
//! to the end, at normal priority, and is kept (and cached) like any other:
//! the next wait for the same ending joins it rather than start again.

use super::{Ending, TABLES, Table, budget, build_now};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Set while a solver thread builds the ending (and the tables it leads
/// into).
static SOLVING: [AtomicBool; Ending::ALL.len()] =
    [const { AtomicBool::new(false) }; Ending::ALL.len()];

/// How often a waiting caller asks whether it should stop: well inside the
/// time a GUI allows for `bestmove` after `stop`.
const POLL: Duration = Duration::from_millis(2);

/// [`super::build_within_limit`], but built in a thread of its own while
/// this one waits, asking `stop` between short sleeps: `None` as soon as
/// `stop` answers true (the build goes on, and a later call joins it), or
/// if the memory limit refuses the ending. Like [`build_now`], it never
/// waits for a search or for the background builder.
///
/// ```
/// use matewise_endgame_tables::dtm::{self, Ending};
///
/// # matewise_endgame_tables::cache::set_dir(None);
/// // Asked to stop at once: no wait for the build, which goes on (`None`
/// // unless it was done already).
/// dtm::build_unless_stopped(Ending::Krk, || true);
/// // Never asked to stop: the table, once that same build ends.
/// let table = dtm::build_unless_stopped(Ending::Krk, || false).unwrap();
/// assert_eq!(table.longest_mate(), 16);
/// ```
pub fn build_unless_stopped(ending: Ending, stop: impl Fn() -> bool) -> Option<&'static Table> {
    let slot = ending.slot();
    if !SOLVING[slot].load(Ordering::Acquire) {
        if let Some(table) = TABLES[slot].get() {
            return Some(table);
        }
        if !budget::claim(ending) {
            return None;
        }
        if !SOLVING[slot].swap(true, Ordering::AcqRel) {
            let spawned = std::thread::Builder::new()
                .name("dtm-solver".into())
                .spawn(move || {
                    build_now(ending);
                    SOLVING[slot].store(false, Ordering::Release);
                });
            if spawned.is_err() {
                // No thread to spare: build here, as `build_within_limit`
                // does, rather than answer without the table.
                SOLVING[slot].store(false, Ordering::Release);
                return Some(build_now(ending));
            }
        }
    }
    while SOLVING[slot].load(Ordering::Acquire) {
        if stop() {
            return None;
        }
        std::thread::sleep(POLL);
    }
    TABLES[slot].get()
}

/// Waits until every build that [`build_unless_stopped`] started has ended,
/// its table saved to the cache: for a program about to exit, which would
/// otherwise throw away a build its search stopped waiting for.
///
/// ```
/// use matewise_endgame_tables::dtm::{self, Ending};
///
/// # matewise_endgame_tables::cache::set_dir(None);
/// dtm::build_unless_stopped(Ending::Kqk, || true);
/// dtm::wait_for_solvers();
/// // Ready now: no wait, even for a caller that would stop at once.
/// assert!(dtm::build_unless_stopped(Ending::Kqk, || true).is_some());
/// ```
pub fn wait_for_solvers() {
    while SOLVING
        .iter()
        .any(|solving| solving.load(Ordering::Acquire))
    {
        std::thread::sleep(POLL);
    }
}
