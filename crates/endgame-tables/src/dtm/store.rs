//! The state of one set of distance-to-mate tables, owned by its
//! [`crate::Tablebases`]: the tables held, the builds queued or under way,
//! the memory budget, the search gate, the workers (two build, one load)
//! and the cache directory. Nothing of it is process-wide: two `Tablebases` in one
//! process (two engines, two tests) share no table and no build.

use super::budget::Budget;
use super::gate::Gate;
use super::progress::{self, Progress};
use super::running::Running;
use super::workers::{Builder, Worker};
use super::{Ending, Table};
use crate::cache;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, RwLock};
use std::time::Duration;

const ENDINGS: usize = Ending::ALL.len();

/// One set of tables and everything that readies them.
pub(crate) struct Store {
    tables: [OnceLock<Table>; ENDINGS],
    /// Set once a build is queued with a worker (or refused by the
    /// budget), so that a probe at every node of the ending costs a flag.
    queued: [AtomicBool; ENDINGS],
    /// Set while a thread of its own builds the ending for a caller that
    /// may stop waiting ([`Store::build_unless_stopped`]).
    solving: [AtomicBool; ENDINGS],
    budget: Mutex<Budget>,
    pub(crate) gate: Arc<Gate>,
    background: Worker,
    beside: Worker,
    loader: Worker,
    cache_dir: RwLock<Option<PathBuf>>,
    /// Set when the owner is gone: every build stops at its next checkpoint.
    closing: AtomicBool,
    /// Builds solving now, in any thread.
    builds: Running,
    /// Background builds wait while a search runs (else they run beside
    /// it, at the lowest priority).
    pause_for_searches: AtomicBool,
}

/// A build was stopped because the tables' owner is gone.
#[derive(Debug)]
pub(crate) struct Cancelled;

/// What a solver needs while it builds a table: the tables its captures
/// and promotions lead into, and checkpoints where it pauses for a search
/// (a background build) or stops (the owner gone).
pub(crate) struct Build<'a> {
    store: &'a Store,
    /// The table being built.
    ending: Ending,
    paused_by_searches: bool,
}

impl<'a> Build<'a> {
    /// The table of `ending`, built in this thread if it is not held yet.
    pub(crate) fn table(&self, ending: Ending) -> Result<&'a Table, Cancelled> {
        self.store.build_now(ending, self.paused_by_searches)
    }

    /// Called between chunks of work ([`super::gate::CHUNK`] positions):
    /// waits while a search runs if this build is a background one, and
    /// stops the build if the owner is gone.
    pub(crate) fn checkpoint(&self) -> Result<(), Cancelled> {
        if self.paused_by_searches && self.store.pause_for_searches.load(Ordering::Relaxed) {
            self.store.gate.wait_for_idle(|| self.store.is_closing());
        }
        if self.store.is_closing() || test_stop::now() {
            return Err(Cancelled);
        }
        Ok(())
    }

    /// Where a stopped build of this table stood, if one left its
    /// progress in the cache directory (see [`super::progress`]).
    pub(crate) fn resume(&self) -> Option<Progress> {
        Progress::load(&self.store.cache_dir()?, self.ending)
    }

    /// Keeps where this build stood as it stops (numbers `at`, arrays
    /// `bytes`, lists `lists`), for the next build of the table to resume;
    /// nothing without a cache directory. Returns the cancellation to pass
    /// on.
    pub(crate) fn stop_here(&self, at: [u64; 4], bytes: &[&[u8]], lists: &[&[u32]]) -> Cancelled {
        if let Some(dir) = self.store.cache_dir() {
            // A progress that cannot be written only costs the work it held.
            let _ = progress::save(&dir, self.ending, at, bytes, lists);
        }
        Cancelled
    }
}

/// How often a caller waiting for a build asks whether it should stop:
/// well inside the time a GUI allows for `bestmove` after `stop`.
const POLL: Duration = Duration::from_millis(2);

impl Store {
    /// No table held, the cache in `cache_dir` (`None`: no files).
    pub(crate) fn new(cache_dir: Option<PathBuf>) -> Store {
        Store {
            tables: [const { OnceLock::new() }; ENDINGS],
            queued: [const { AtomicBool::new(false) }; ENDINGS],
            solving: [const { AtomicBool::new(false) }; ENDINGS],
            budget: Mutex::new(Budget::new()),
            gate: Arc::default(),
            background: Worker::default(),
            beside: Worker::default(),
            loader: Worker::default(),
            cache_dir: RwLock::new(cache_dir),
            closing: AtomicBool::new(false),
            builds: Running::default(),
            pause_for_searches: AtomicBool::new(true),
        }
    }

    pub(crate) fn worker(&self, builder: Builder) -> &Worker {
        match builder {
            Builder::Background => &self.background,
            Builder::BesideSearches => &self.beside,
            Builder::Loader => &self.loader,
        }
    }

    pub(crate) fn budget(&self) -> MutexGuard<'_, Budget> {
        self.budget.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn cache_dir(&self) -> Option<PathBuf> {
        self.cache_dir
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    pub(crate) fn set_cache_dir(&self, dir: Option<PathBuf>) {
        *self.cache_dir.write().unwrap_or_else(|e| e.into_inner()) = dir;
    }

    pub(crate) fn set_pause_for_searches(&self, pause: bool) {
        self.pause_for_searches.store(pause, Ordering::Relaxed);
        self.gate.wake();
    }

    /// `ending` and the tables it leads into that are neither held nor in
    /// the cache directory, those it leads into first.
    pub(crate) fn missing(&self, ending: Ending) -> Vec<Ending> {
        let mut all = Vec::new();
        super::budget::closure(ending, &mut all);
        let dir = self.cache_dir();
        all.retain(|&e| {
            self.held(e).is_none() && !dir.as_ref().is_some_and(|d| cache::file(d, e).is_file())
        });
        all.reverse();
        all
    }

    pub(crate) fn is_closing(&self) -> bool {
        self.closing.load(Ordering::Acquire)
    }

    /// Stops every build at its next checkpoint, paused ones too.
    pub(crate) fn close(&self) {
        self.closing.store(true, Ordering::Release);
        self.gate.wake();
    }

    /// [`Store::close`], then waits up to `grace` for the builds to stop
    /// (keeping their progress): whether they all did.
    pub(crate) fn close_within(&self, grace: Duration) -> bool {
        self.close();
        self.builds.wait_for_none(grace)
    }

    /// The table of `ending` if it is held.
    #[inline]
    pub(crate) fn held(&self, ending: Ending) -> Option<&Table> {
        self.tables[ending.slot()].get()
    }

    /// The table of `ending`, loaded from its cache file or solved in this
    /// thread (and saved) if it is not held, and the tables it leads into
    /// with it: a table loaded from its file answers its captures at once.
    /// A build here never waits for another thread: should a worker be
    /// solving the same table, paused or starved at its idle priority, this
    /// solves it too, and the first one finished is kept. With
    /// `paused_by_searches` it waits at its checkpoints while a search runs.
    pub(crate) fn build_now(
        &self,
        ending: Ending,
        paused_by_searches: bool,
    ) -> Result<&Table, Cancelled> {
        self.budget().claim_regardless(ending);
        let slot = ending.slot();
        let table = match self.tables[slot].get() {
            Some(table) => table,
            None => {
                let solved = self.load_or_solve(ending, paused_by_searches)?;
                // A table solved by two threads is the same table.
                let _ = self.tables[slot].set(solved);
                self.tables[slot].get().expect("the table was just set")
            }
        };
        for next in ending.leads_into() {
            self.build_now(next, paused_by_searches)?;
        }
        Ok(table)
    }

    /// The table of `ending` from its cache file, or solved here and saved.
    fn load_or_solve(&self, ending: Ending, paused_by_searches: bool) -> Result<Table, Cancelled> {
        let build = Build {
            store: self,
            ending,
            paused_by_searches,
        };
        let _running = self.builds.enter();
        let Some(dir) = self.cache_dir() else {
            return Table::solve(ending, &build);
        };
        let path = cache::file(&dir, ending);
        if let Ok(table) = cache::load(ending, &path) {
            // Another process finished the table after this one's build
            // stopped: its progress is of no more use.
            Progress::remove(&dir, ending);
            return Ok(table);
        }
        let table = Table::solve(ending, &build)?;
        // A cache that cannot be written only costs the next process a build.
        if cache::save(&table, ending, &path).is_ok() {
            Progress::remove(&dir, ending);
        }
        Ok(table)
    }

    /// [`Store::build_now`] within the memory limit: `None`, and nothing
    /// built, if `ending` and the tables it leads into that are not yet
    /// held would take the tables past it.
    pub(crate) fn build_within_limit(&self, ending: Ending) -> Option<&Table> {
        if let Some(table) = self.held(ending) {
            return Some(table);
        }
        if !self.budget().claim(ending) {
            return None;
        }
        self.build_now(ending, false).ok()
    }

    /// The table of `ending` if it is held or its cache file loads (in this
    /// thread, in milliseconds), within the memory limit; never builds. The
    /// cached tables its captures lead into are loaded with it.
    pub(crate) fn load_cached(&self, ending: Ending) -> Option<&Table> {
        let slot = ending.slot();
        if self.tables[slot].get().is_none() {
            if !self.budget().fits(ending) {
                return None;
            }
            let path = cache::file(&self.cache_dir()?, ending);
            if let Ok(table) = cache::load(ending, &path) {
                self.budget().claim_regardless(ending);
                // A table built meanwhile by another thread is the same.
                let _ = self.tables[slot].set(table);
            }
        }
        for next in ending.leads_into() {
            self.load_cached(next);
        }
        self.tables[slot].get()
    }

    /// Queues the one build of `ending` with `builder`, unless one was
    /// queued or the memory limit refuses it. A refusal holds until the
    /// limit changes ([`Store::set_memory_limit`]), so that a probe at every
    /// node of the ending costs one flag, not a claim.
    pub(crate) fn queue(store: &Arc<Store>, ending: Ending, builder: Builder) {
        let slot = ending.slot();
        if store.tables[slot].get().is_some()
            || store.queued[slot].load(Ordering::Acquire)
            || store.queued[slot].swap(true, Ordering::AcqRel)
        {
            return;
        }
        {
            let mut budget = store.budget();
            if !budget.claim(ending) {
                budget.refuse(ending);
                return;
            }
        }
        // A background request whose file is there is only a load: the
        // loader does it at once, where the idle-priority builder might
        // wait for a free core all game.
        let cached = builder == Builder::Background
            && store
                .cache_dir()
                .is_some_and(|dir| cache::file(&dir, ending).is_file());
        let builder = if cached { Builder::Loader } else { builder };
        Store::hand_over(store, ending, builder);
    }

    /// Gives the queued `ending` (its flag set, its memory claimed) to
    /// `builder`'s worker; should no thread start, clears the flags of the
    /// endings it forgets, so that a later probe asks again.
    pub(crate) fn hand_over(store: &Arc<Store>, ending: Ending, builder: Builder) {
        for forgotten in Worker::request(store, builder, ending) {
            store.queued[forgotten.slot()].store(false, Ordering::Release);
        }
    }

    /// Limits the tables readied on demand to `bytes` in all. Tables
    /// already held stay (and still count): lowering the limit stops new
    /// ones only. A build refused under the old limit may be asked again.
    pub(crate) fn set_memory_limit(&self, bytes: usize) {
        for ending in self.budget().set_limit(bytes) {
            self.queued[ending.slot()].store(false, Ordering::Release);
        }
    }

    /// [`Store::build_within_limit`], but built in a thread of its own while
    /// this one waits, asking `stop` between short sleeps: `None` as soon as
    /// `stop` answers true (the build goes on, and a later call joins it),
    /// or if the memory limit refuses the ending. It never waits for a
    /// search or for the background worker.
    pub(crate) fn build_unless_stopped<'a>(
        store: &'a Arc<Store>,
        ending: Ending,
        stop: &dyn Fn() -> bool,
    ) -> Option<&'a Table> {
        let slot = ending.slot();
        if !store.solving[slot].load(Ordering::Acquire) {
            if let Some(table) = store.held(ending) {
                return Some(table);
            }
            if !store.budget().claim(ending) {
                return None;
            }
            if !store.solving[slot].swap(true, Ordering::AcqRel) {
                let owned = Arc::clone(store);
                let spawned =
                    std::thread::Builder::new()
                        .name("dtm-solver".into())
                        .spawn(move || {
                            let _ = owned.build_now(ending, false);
                            owned.solving[slot].store(false, Ordering::Release);
                        });
                if spawned.is_err() {
                    // No thread to spare: build here rather than answer
                    // without the table.
                    store.solving[slot].store(false, Ordering::Release);
                    return store.build_now(ending, false).ok();
                }
            }
        }
        while store.solving[slot].load(Ordering::Acquire) {
            if stop() || store.is_closing() {
                return None;
            }
            std::thread::sleep(POLL);
        }
        store.held(ending)
    }
}

impl Store {
    /// The exact answer for `board` if its table is held; otherwise queues
    /// the table's build with the background worker and answers `None`
    /// until it is done, so that no search ever waits for a table.
    #[inline]
    pub(crate) fn probe(store: &Arc<Store>, board: &movegen::Board) -> Option<super::Dtm> {
        let (ending, strong) = Ending::of(board)?;
        if board.en_passant().is_some() {
            return super::probe_by_moves(board, &|child| Store::probe(store, child));
        }
        match store.held(ending) {
            Some(table) => Some(table.probe(ending, strong, board)),
            None => {
                Store::queue(store, ending, Builder::Background);
                None
            }
        }
    }

    /// The table of `ending`, taken out of a store about to be dropped.
    pub(crate) fn take(mut self, ending: Ending) -> Option<Table> {
        self.tables[ending.slot()].take()
    }
}

/// Tests stop a build in their own thread at a chosen checkpoint, to see
/// it resume; outside tests nothing stops here.
#[cfg(test)]
pub(crate) mod test_stop {
    use std::cell::Cell;

    thread_local! {
        static CHECKPOINTS: Cell<(usize, Option<usize>)> = const { Cell::new((0, None)) };
    }

    /// Counts checkpoints from now, stopping the build at the `stop_at`-th.
    pub(crate) fn count_from_now(stop_at: Option<usize>) {
        CHECKPOINTS.set((0, stop_at));
    }

    /// The checkpoints passed since [`count_from_now`].
    pub(crate) fn passed() -> usize {
        CHECKPOINTS.get().0
    }

    pub(super) fn now() -> bool {
        let (passed, stop_at) = CHECKPOINTS.get();
        CHECKPOINTS.set((passed + 1, stop_at));
        stop_at == Some(passed + 1)
    }
}

#[cfg(not(test))]
mod test_stop {
    #[inline(always)]
    pub(super) fn now() -> bool {
        false
    }
}
