//! Background builds wait while a search holds a `searching` guard, nested
//! builds of the smaller tables too, and go on once the last guard is
//! dropped; builds in the calling thread never wait. A test file of its
//! own, since the tables, the gate and the cache directory are the
//! process's; one test, as its steps depend on one another.

use matewise_endgame_tables::cache;
use matewise_endgame_tables::dtm::{self, Ending, Table};
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod common;

/// Waits up to `timeout` for `ending`'s table to be ready.
fn ready_within(ending: Ending, timeout: Duration) -> Option<&'static Table> {
    let start = Instant::now();
    loop {
        // Loads a file if there is one, never builds.
        if let Some(table) = dtm::load_cached(ending) {
            return Some(table);
        }
        if start.elapsed() > timeout {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn background_builds_wait_while_a_search_runs() {
    // An empty directory of this test's own: nothing loads from an
    // earlier run, and the user's cache is left alone.
    let dir = common::scratch("gate");
    cache::set_dir(Some(dir.clone()));

    let search = dtm::searching();
    assert!(dtm::table(Ending::Kqk).is_none());
    // K+P vs K starts by building K+Q and K+R vs K in the same thread:
    // nested.
    assert!(dtm::table(Ending::Kpk).is_none());

    // A build in the calling thread does not wait (in another thread here,
    // so that a wait shows as a timeout, not a hang).
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(Table::build(Ending::Kqk).longest_mate());
    });
    let built = rx.recv_timeout(Duration::from_secs(60));
    assert_eq!(built, Ok(10), "a build in the calling thread waited");

    // K+Q vs K builds in well under a second; it waits instead.
    assert!(ready_within(Ending::Kqk, Duration::from_millis(1500)).is_none());
    assert!(
        dtm::load_cached(Ending::Krk).is_none(),
        "a nested build ran"
    );
    assert!(!dir.exists(), "a table saved during the search");

    // Searches may overlap: the builds wait for the last one.
    let second_search = dtm::searching();
    drop(search);
    assert!(ready_within(Ending::Kqk, Duration::from_millis(500)).is_none());
    drop(second_search);

    let kqk = ready_within(Ending::Kqk, Duration::from_secs(60)).expect("K+Q vs K built");
    assert_eq!(kqk.longest_mate(), 10);
    let kpk = ready_within(Ending::Kpk, Duration::from_secs(600)).expect("K+P vs K built");
    assert_eq!(kpk.counts()[0].1, 19_184, "K+P vs K's draws, White to move");
    assert!(dtm::load_cached(Ending::Krk).is_some());
    for ending in [Ending::Kqk, Ending::Krk, Ending::Kpk] {
        let file = cache::file(&dir, ending);
        assert!(cache::load(ending, &file).is_ok(), "{}", file.display());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
