//! [`Tablebases`]: the one handle to every table an engine reads, its own
//! distance-to-mate tables of up to four men (with their cache, memory
//! limit and builders) and the Syzygy files of a `SyzygyPath`.
//!
//! An engine owns one and hands clones to its searches (a clone shares the
//! tables). Nothing is process-wide: a test or a second engine in the same
//! process makes its own, and dropping the last clone stops its builds.

use crate::dtm::store::Store;
use crate::dtm::workers::Builder;
use crate::dtm::{Dtm, Ending, SearchGuard, Table};
use crate::syzygy::{RankedMove, SyzygyProber, SyzygyTables, Wdl, rank_root_moves};
use crate::{Board, cache};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, RwLock};

/// How [`Tablebases::table`] readies a table that is not held yet.
#[derive(Copy, Clone)]
pub enum Ready<'a> {
    /// Held already, or loaded from its cache file now (milliseconds),
    /// within the memory limit; never built.
    Cached,
    /// Loaded or built in the calling thread now, whatever the memory limit
    /// (a build takes up to a minute for a four-man table).
    Now,
    /// As `Now`, but only within the memory limit.
    WithinLimit,
    /// Queued with the background builder, which works between searches at
    /// the lowest priority; `None` until it is done.
    Background,
    /// Queued with the builder that works beside searches, at normal
    /// priority, so that a long search can use the table once it is done.
    BesideSearches,
    /// Built in a thread of its own while the caller waits, asking the
    /// function between short sleeps whether to stop waiting (the build goes
    /// on, and a later call joins it).
    UnlessStopped(&'a dyn Fn() -> bool),
}

impl std::fmt::Debug for Ready<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Ready::Cached => "Cached",
            Ready::Now => "Now",
            Ready::WithinLimit => "WithinLimit",
            Ready::Background => "Background",
            Ready::BesideSearches => "BesideSearches",
            Ready::UnlessStopped(_) => "UnlessStopped",
        })
    }
}

/// What [`Tablebases::probe`] knows of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TableAnswer {
    /// An own table's exact distance to mate.
    Dtm(Dtm),
    /// A Syzygy table's verdict for the side to move (exact just after a
    /// capture or pawn move; see [`SyzygyProber::probe_wdl`]).
    Wdl(Wdl),
}

impl TableAnswer {
    /// The distance to mate, if an own table answered.
    ///
    /// ```
    /// use matewise_endgame_tables::{TableAnswer, dtm::Dtm, syzygy::Wdl};
    /// assert_eq!(TableAnswer::Dtm(Dtm::Draw).dtm(), Some(Dtm::Draw));
    /// assert_eq!(TableAnswer::Wdl(Wdl::Win).dtm(), None);
    /// ```
    pub fn dtm(self) -> Option<Dtm> {
        match self {
            TableAnswer::Dtm(dtm) => Some(dtm),
            TableAnswer::Wdl(_) => None,
        }
    }
}

/// Every table an engine reads: its own distance-to-mate tables of up to
/// four men (with their cache, memory limit and builders) and the Syzygy
/// files of a `SyzygyPath`. An engine owns one and hands clones to its
/// searches: a clone shares the tables, and dropping the last one stops
/// its builds. Nothing is process-wide: two `Tablebases` share nothing.
///
/// ```
/// use matewise_endgame_tables::dtm::{Dtm, Ending};
/// use matewise_endgame_tables::{Board, Ready, TableAnswer, Tablebases};
///
/// let tables = Tablebases::in_memory();
/// assert!(tables.table(Ending::Kqk, Ready::Now).is_some());
/// let board = Board::from_fen("8/K7/8/8/Q7/6k1/8/8 w - - 0 1").unwrap();
/// assert_eq!(tables.probe(&board), Some(TableAnswer::Dtm(Dtm::MateIn(15))));
/// ```
#[derive(Clone)]
pub struct Tablebases {
    handle: Arc<Handle>,
}

/// What the clones of one `Tablebases` share; dropped with the last clone.
struct Handle {
    /// Also held by the build threads, which stop once this handle is gone.
    store: Arc<Store>,
    syzygy: RwLock<Option<SyzygyTables>>,
    /// The men of the largest Syzygy table (0: none), read without a lock.
    syzygy_men: AtomicU32,
}

impl Drop for Handle {
    fn drop(&mut self) {
        self.store.close();
    }
}

impl Default for Tablebases {
    fn default() -> Self {
        Tablebases::new()
    }
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("cache_dir", &self.cache_dir())
            .field("syzygy_max_pieces", &self.syzygy_max_pieces())
            .finish()
    }
}

impl Tablebases {
    /// Tables kept in the default cache directory ([`cache::default_dir`]),
    /// no memory limit, no Syzygy files.
    ///
    /// ```
    /// use matewise_endgame_tables::{Tablebases, cache};
    /// assert_eq!(Tablebases::new().cache_dir(), cache::default_dir());
    /// ```
    pub fn new() -> Tablebases {
        Tablebases::with_cache_dir(cache::default_dir())
    }

    /// Tables built in memory only, no file read or written: for tests and
    /// tools.
    ///
    /// ```
    /// use matewise_endgame_tables::Tablebases;
    /// assert_eq!(Tablebases::in_memory().cache_dir(), None);
    /// ```
    pub fn in_memory() -> Tablebases {
        Tablebases::with_cache_dir(None)
    }

    /// Tables kept in `dir` (`None`: no files).
    ///
    /// ```
    /// use matewise_endgame_tables::Tablebases;
    /// let dir = std::env::temp_dir().join("matewise-doc-tables");
    /// assert_eq!(Tablebases::with_cache_dir(Some(dir.clone())).cache_dir(), Some(dir));
    /// ```
    pub fn with_cache_dir(dir: Option<PathBuf>) -> Tablebases {
        Tablebases {
            handle: Arc::new(Handle {
                store: Arc::new(Store::new(dir)),
                syzygy: RwLock::new(None),
                syzygy_men: AtomicU32::new(0),
            }),
        }
    }

    fn store(&self) -> &Arc<Store> {
        &self.handle.store
    }

    /// Where solved tables are kept (`None`: nowhere).
    pub fn cache_dir(&self) -> Option<PathBuf> {
        self.store().cache_dir()
    }

    /// Keeps tables built from now on in `dir` (`None`: in memory only).
    ///
    /// ```
    /// use matewise_endgame_tables::Tablebases;
    /// let tables = Tablebases::new();
    /// tables.set_cache_dir(None);
    /// assert_eq!(tables.cache_dir(), None);
    /// ```
    pub fn set_cache_dir(&self, dir: Option<PathBuf>) {
        self.store().set_cache_dir(dir);
    }

    /// Limits the tables readied on demand (every [`Ready`] but
    /// [`Ready::Now`]) to `bytes` in all. Tables already held stay, and
    /// still count: lowering the limit stops new ones only.
    ///
    /// ```
    /// use matewise_endgame_tables::{Ready, Tablebases, dtm::Ending};
    /// let tables = Tablebases::in_memory();
    /// tables.set_memory_limit(1 << 20);
    /// assert_eq!(tables.memory_limit(), 1 << 20);
    /// // K+R against K takes 2 x 256 KiB, K+Q against K+R 2 x 16 MiB.
    /// assert!(tables.table(Ending::Krk, Ready::WithinLimit).is_some());
    /// assert!(tables.table(Ending::Kqkr, Ready::WithinLimit).is_none());
    /// assert_eq!(tables.memory_used(), 1 << 19);
    /// ```
    pub fn set_memory_limit(&self, bytes: usize) {
        self.store().set_memory_limit(bytes);
    }

    /// Whether background builds wait while a search holds a
    /// [`Tablebases::searching`] guard (the default), or run beside it at
    /// the system's lowest priority: an engine whose search threads leave a
    /// core free lets them run, so that a table is ready within a game.
    ///
    /// ```
    /// use matewise_endgame_tables::Tablebases;
    /// Tablebases::in_memory().set_builds_pause_for_searches(false);
    /// ```
    pub fn set_builds_pause_for_searches(&self, pause: bool) {
        self.store().set_pause_for_searches(pause);
    }

    /// `ending` and the tables it leads into that a build of it would
    /// solve: those neither held nor cached, those it leads into first.
    ///
    /// ```
    /// use matewise_endgame_tables::{Ready, Tablebases, dtm::Ending};
    /// let tables = Tablebases::in_memory();
    /// assert_eq!(tables.missing(Ending::Kpk), [Ending::Krk, Ending::Kqk, Ending::Kpk]);
    /// tables.table(Ending::Kqk, Ready::Now);
    /// assert_eq!(tables.missing(Ending::Kpk), [Ending::Krk, Ending::Kpk]);
    /// ```
    pub fn missing(&self, ending: Ending) -> Vec<Ending> {
        self.store().missing(ending)
    }

    /// The limit set by [`Tablebases::set_memory_limit`] (none until then).
    pub fn memory_limit(&self) -> usize {
        self.store().budget().limit()
    }

    /// Bytes of the own tables held or being built (what the limit counts).
    pub fn memory_used(&self) -> usize {
        self.store().budget().used()
    }

    /// The table of `ending`, readied as `ready` says; `None` while it is
    /// not held (being built, refused by the memory limit, not cached).
    ///
    /// ```
    /// use matewise_endgame_tables::{Ready, Tablebases, dtm::Ending};
    /// let tables = Tablebases::in_memory();
    /// // Nothing cached in memory-only tables, and nothing built for `Cached`.
    /// assert!(tables.table(Ending::Krk, Ready::Cached).is_none());
    /// assert_eq!(tables.table(Ending::Krk, Ready::Now).unwrap().longest_mate(), 16);
    /// assert!(tables.table(Ending::Krk, Ready::Cached).is_some());
    /// ```
    pub fn table(&self, ending: Ending, ready: Ready) -> Option<&Table> {
        let store = self.store();
        match ready {
            Ready::Cached => store.load_cached(ending),
            Ready::Now => store.build_now(ending, false).ok(),
            Ready::WithinLimit => store.build_within_limit(ending),
            Ready::Background => {
                Store::queue(store, ending, Builder::Background);
                store.held(ending)
            }
            Ready::BesideSearches => {
                Store::queue(store, ending, Builder::BesideSearches);
                store.held(ending)
            }
            Ready::UnlessStopped(stop) => Store::build_unless_stopped(store, ending, stop),
        }
    }

    /// What the tables know of `board`: an own table's distance to mate if
    /// its ending has one and it is held (if it is not, its build is queued
    /// with the background builder), else a Syzygy verdict if the position
    /// is within the Syzygy tables. Never waits for a build.
    ///
    /// ```
    /// use matewise_endgame_tables::{Board, Tablebases};
    /// // No table held yet: no answer, and the build is queued.
    /// let tables = Tablebases::in_memory();
    /// let board = Board::from_fen("8/8/8/8/8/2k5/8/KR6 w - - 0 1").unwrap();
    /// let _ = tables.probe(&board);
    /// ```
    #[inline]
    pub fn probe(&self, board: &Board) -> Option<TableAnswer> {
        if let Some(dtm) = Store::probe(self.store(), board) {
            return Some(TableAnswer::Dtm(dtm));
        }
        self.probe_wdl(board).map(TableAnswer::Wdl)
    }

    /// The own tables' answer alone ([`Tablebases::probe`] without Syzygy).
    ///
    /// ```
    /// use matewise_endgame_tables::{Board, Ready, Tablebases, dtm::{Dtm, Ending}};
    /// let tables = Tablebases::in_memory();
    /// tables.table(Ending::Kqk, Ready::Now);
    /// let mated = Board::from_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert_eq!(tables.dtm(&mated), Some(Dtm::MatedIn(0)));
    /// ```
    #[inline]
    pub fn dtm(&self, board: &Board) -> Option<Dtm> {
        Store::probe(self.store(), board)
    }

    fn probe_wdl(&self, board: &Board) -> Option<Wdl> {
        if board.occupied().len() > self.syzygy_max_pieces() {
            return None;
        }
        let syzygy = self.handle.syzygy.read().unwrap_or_else(|e| e.into_inner());
        syzygy.as_ref()?.probe_wdl(board)
    }

    /// Opens the Syzygy tables of `paths` (a `SyzygyPath` value: folders
    /// split on `:`, `;` on Windows; `""` or `<empty>` for none) in place of
    /// those held, and returns one warning per folder or file left out, fit
    /// for an `info string` (see [`SyzygyTables::open`]).
    ///
    /// ```
    /// use matewise_endgame_tables::Tablebases;
    /// let tables = Tablebases::in_memory();
    /// let warnings = tables.set_syzygy_path("/nonexistent/syzygy");
    /// assert_eq!(tables.syzygy_max_pieces(), 0);
    /// assert!(!warnings.is_empty());
    /// assert!(tables.set_syzygy_path("<empty>").is_empty());
    /// ```
    pub fn set_syzygy_path(&self, paths: &str) -> Vec<String> {
        let mut held = self
            .handle
            .syzygy
            .write()
            .unwrap_or_else(|e| e.into_inner());
        // pyrrhic holds one set of files per process: the old set goes first.
        *held = None;
        self.handle.syzygy_men.store(0, Ordering::Release);
        let (opened, warnings) = SyzygyTables::open(paths);
        if let Some(tables) = opened {
            self.handle
                .syzygy_men
                .store(tables.max_pieces(), Ordering::Release);
            *held = Some(tables);
        }
        warnings
    }

    /// The men of the largest Syzygy table held (0: none).
    #[inline]
    pub fn syzygy_max_pieces(&self) -> u32 {
        self.handle.syzygy_men.load(Ordering::Acquire)
    }

    /// The root moves of `board` ranked by the Syzygy tables, best first
    /// (see [`crate::syzygy::root`]); `None` if the position is not in them.
    pub fn rank_root_moves(&self, board: &Board) -> Option<Vec<RankedMove>> {
        if board.occupied().len() > self.syzygy_max_pieces() {
            return None;
        }
        let syzygy = self.handle.syzygy.read().unwrap_or_else(|e| e.into_inner());
        rank_root_moves(syzygy.as_ref()?, board)
    }

    /// Pauses background table builds until the returned guard is dropped.
    /// A search takes one for its whole length (helper threads included);
    /// guards may overlap, and builds resume when the last one is dropped.
    /// Builds in the calling thread ([`Ready::Now`]) are not paused.
    ///
    /// Ready what the search needs first, then take the guard.
    ///
    /// ```
    /// use matewise_endgame_tables::{Ready, Tablebases, dtm::Ending};
    /// let tables = Tablebases::in_memory();
    /// tables.table(Ending::Krk, Ready::Now);
    /// {
    ///     let _guard = tables.searching();
    ///     // ... search: a table met meanwhile is queued, and waits.
    ///     assert!(tables.table(Ending::Krk, Ready::Background).is_some());
    /// }
    /// ```
    pub fn searching(&self) -> SearchGuard {
        self.store().gate.enter()
    }

    /// Stops every build of these tables at its next checkpoint, for good,
    /// and waits up to `grace` for them to end: whether they all did. A
    /// build of a table with pawns (the longest ones) first keeps its
    /// progress in the cache directory, and the next build of that table,
    /// in this process or a later one, goes on from there; so a table that
    /// takes longer than a game is finished over a few games in fresh
    /// processes. Probes still answer from the tables held; a table not
    /// held stays missing. An engine calls this as it quits.
    ///
    /// ```
    /// use matewise_endgame_tables::{Ready, Tablebases, dtm::Ending};
    /// use std::time::Duration;
    /// let tables = Tablebases::in_memory();
    /// tables.table(Ending::Krk, Ready::Now);
    /// assert!(tables.stop_builds(Duration::from_millis(500)));
    /// assert!(tables.table(Ending::Krk, Ready::Cached).is_some());
    /// ```
    pub fn stop_builds(&self, grace: std::time::Duration) -> bool {
        self.store().close_within(grace)
    }
}
