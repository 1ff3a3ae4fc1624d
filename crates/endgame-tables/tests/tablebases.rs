//! A `Tablebases` owns its tables, their cache directory, memory limit,
//! search gate and builders: each test here has its own, in one process,
//! and none sees another's.

use matewise_endgame_tables::dtm::{Ending, Table};
use matewise_endgame_tables::{Board, Ready, TableAnswer, Tablebases, cache};
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod common;

const MIB: usize = 1 << 20;

/// Waits up to `timeout` for `ending`'s table to be held or cached.
fn ready_within(tables: &Tablebases, ending: Ending, timeout: Duration) -> Option<&Table> {
    let start = Instant::now();
    loop {
        // Loads a file if there is one, never builds.
        if let Some(table) = tables.table(ending, Ready::Cached) {
            return Some(table);
        }
        if start.elapsed() > timeout {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_damaged_cache_file_is_rebuilt_and_replaced() {
    let dir = common::scratch("dir");
    std::fs::create_dir_all(&dir).unwrap();
    let tables = Tablebases::with_cache_dir(Some(dir.clone()));
    assert_eq!(tables.cache_dir(), Some(dir.clone()));
    let path = cache::file(&dir, Ending::Krk);
    std::fs::write(&path, b"not a table").unwrap();

    assert!(
        tables.table(Ending::Krk, Ready::Cached).is_none(),
        "a damaged file loaded"
    );
    let table = tables.table(Ending::Krk, Ready::Now).unwrap();
    assert_eq!(table.longest_mate(), 16);
    assert!(cache::load(Ending::Krk, &path).unwrap() == *table);

    // Without a cache directory, nothing is read or written.
    tables.set_cache_dir(None);
    assert!(tables.table(Ending::Kqk, Ready::Cached).is_none());
    assert_eq!(
        tables
            .table(Ending::Kqk, Ready::Now)
            .unwrap()
            .longest_mate(),
        10
    );
    assert!(!cache::file(&dir, Ending::Kqk).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tables_beyond_the_limit_are_not_readied_and_those_within_are() {
    let tables = Tablebases::in_memory();
    // Each table of three men holds half a MiB.
    tables.set_memory_limit(3 * MIB / 4);
    assert_eq!(tables.memory_used(), 0);

    // K+Q against K fits.
    assert!(tables.table(Ending::Kqk, Ready::WithinLimit).is_some());
    assert_eq!(tables.memory_used(), MIB / 2);

    // K+R against K does not: no build on demand, in this thread or the
    // background.
    assert!(tables.table(Ending::Krk, Ready::WithinLimit).is_none());
    assert!(tables.table(Ending::Krk, Ready::Background).is_none());
    assert!(tables.table(Ending::Krk, Ready::Cached).is_none());
    let board = Board::from_fen("8/8/8/3k4/8/8/8/KR6 w - - 0 1").unwrap();
    assert_eq!(tables.probe(&board), None);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        tables.table(Ending::Krk, Ready::Background).is_none(),
        "built in the background"
    );
    assert_eq!(tables.memory_used(), MIB / 2);

    // Raised, the limit lets it in, counted.
    tables.set_memory_limit(MIB);
    assert!(tables.table(Ending::Krk, Ready::WithinLimit).is_some());
    assert!(tables.probe(&board).is_some());
    assert_eq!(tables.memory_used(), MIB);

    // Lowered, it keeps what is held and stops what is new.
    tables.set_memory_limit(0);
    assert!(tables.probe(&board).is_some());
    assert!(tables.table(Ending::Kpk, Ready::WithinLimit).is_none());
    // An explicit build is held whatever the limit, and counted (K+P
    // against K promotes into the two tables already held).
    tables.table(Ending::Kpk, Ready::Now);
    assert_eq!(tables.memory_used(), 3 * MIB / 2);
}

#[test]
fn background_builds_wait_while_a_search_runs() {
    // An empty directory of this test's own: nothing loads from an
    // earlier run, and the user's cache is left alone.
    let dir = common::scratch("gate");
    let tables = Tablebases::with_cache_dir(Some(dir.clone()));

    let search = tables.searching();
    assert!(tables.table(Ending::Kqk, Ready::Background).is_none());
    // K+P vs K starts by building K+Q and K+R vs K in the same thread:
    // nested.
    assert!(tables.table(Ending::Kpk, Ready::Background).is_none());

    // A build in the calling thread does not wait (in another thread here,
    // so that a wait shows as a timeout, not a hang).
    let (tx, rx) = mpsc::channel();
    let same = tables.clone();
    std::thread::spawn(move || {
        let _ = tx.send(Table::build(Ending::Kqk).longest_mate());
        drop(same);
    });
    let built = rx.recv_timeout(Duration::from_secs(60));
    assert_eq!(built, Ok(10), "a build in the calling thread waited");

    // K+Q vs K builds in well under a second; it waits instead.
    assert!(ready_within(&tables, Ending::Kqk, Duration::from_millis(1500)).is_none());
    assert!(
        tables.table(Ending::Krk, Ready::Cached).is_none(),
        "a nested build ran"
    );
    assert!(!dir.exists(), "a table saved during the search");

    // Searches may overlap: the builds wait for the last one.
    let second_search = tables.searching();
    drop(search);
    assert!(ready_within(&tables, Ending::Kqk, Duration::from_millis(500)).is_none());
    drop(second_search);

    let kqk = ready_within(&tables, Ending::Kqk, Duration::from_secs(60)).expect("K+Q built");
    assert_eq!(kqk.longest_mate(), 10);
    let kpk = ready_within(&tables, Ending::Kpk, Duration::from_secs(600)).expect("K+P built");
    assert_eq!(kpk.counts()[0].1, 19_184, "K+P vs K's draws, White to move");
    assert!(tables.table(Ending::Krk, Ready::Cached).is_some());
    for ending in [Ending::Kqk, Ending::Krk, Ending::Kpk] {
        let file = cache::file(&dir, ending);
        assert!(cache::load(ending, &file).is_ok(), "{}", file.display());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_tablebases_share_nothing_and_a_clone_shares_everything() {
    let first = Tablebases::in_memory();
    let second = Tablebases::in_memory();
    let clone = first.clone();
    first.table(Ending::Kqk, Ready::Now);
    let board = Board::from_fen("8/K7/8/8/Q7/6k1/8/8 w - - 0 1").unwrap();
    assert!(matches!(clone.probe(&board), Some(TableAnswer::Dtm(_))));
    // The other never asked: its probe only queues the build.
    let _search = second.searching();
    assert_eq!(second.probe(&board), None);
    clone.set_memory_limit(5 * MIB);
    assert_eq!(first.memory_limit(), 5 * MIB);
    assert_eq!(second.memory_limit(), usize::MAX);
}

#[test]
fn dropping_the_tables_stops_their_builds_and_saves_nothing() {
    let dir = common::scratch("drop");
    let tables = Tablebases::with_cache_dir(Some(dir.clone()));
    // A build in a thread of its own, at normal priority, never paused:
    // K+Q against K+R starts with K+Q against K, solved and saved within
    // a second unless it stops.
    let stop_waiting = || true;
    assert!(
        tables
            .table(Ending::Kqkr, Ready::UnlessStopped(&stop_waiting))
            .is_none()
    );
    // It ends with its owner, at its next checkpoint: nothing is saved.
    drop(tables);
    std::thread::sleep(Duration::from_secs(3));
    assert!(!dir.exists(), "a table was saved after its owner was gone");
}

#[test]
fn a_cached_table_loads_while_the_background_builder_waits() {
    // A K+R vs K file in this test's own cache, saved by other tables.
    let dir = common::scratch("loader");
    Tablebases::with_cache_dir(Some(dir.clone())).table(Ending::Krk, Ready::Now);
    assert!(cache::file(&dir, Ending::Krk).is_file());

    let tables = Tablebases::with_cache_dir(Some(dir.clone()));
    tables.set_builds_pause_for_searches(true);
    // The background builder is held up: K+Q vs K waits for the search
    // (given the time to start it: the builder takes the latest request
    // first).
    let search = tables.searching();
    assert!(tables.table(Ending::Kqk, Ready::Background).is_none());
    std::thread::sleep(Duration::from_millis(500));

    // A probe asks for K+R vs K; its file loads all the same, as a busy
    // machine's idle-priority builder would never get to it.
    let board = Board::from_fen("8/8/8/3k4/8/8/8/KR6 w - - 0 1").unwrap();
    let start = Instant::now();
    while tables.probe(&board).is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the cached table waited behind the builder"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(matches!(
        tables.probe(&board),
        Some(TableAnswer::Dtm(matewise_endgame_tables::dtm::Dtm::MateIn(
            _
        )))
    ));
    assert!(
        tables.table(Ending::Kqk, Ready::Cached).is_none(),
        "a build ran during the search"
    );
    drop(search);
    drop(tables);
    std::fs::remove_dir_all(&dir).unwrap();
}
