//! However many tables a search asks for at once, one background thread
//! builds them, and it runs at the lowest priority, so that the builds
//! between searches (on the opponent's time, in a game) never take more
//! than a core nobody else wants. Linux only: the threads are read from
//! `/proc`. A test file of its own, since it counts the process's threads.
#![cfg(target_os = "linux")]

use matewise_endgame_tables::dtm::Ending;
use matewise_endgame_tables::{Ready, Tablebases};
use std::time::{Duration, Instant};

mod common;

/// The ids and scheduling policies of this process's table builders
/// (threads named `dtm-...`).
fn builders() -> Vec<(String, u32)> {
    let mut found = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap() {
        let path = task.unwrap().path();
        let Ok(name) = std::fs::read_to_string(path.join("comm")) else {
            continue; // the thread has ended
        };
        if !name.starts_with("dtm-") {
            continue;
        }
        let Ok(sched) = std::fs::read_to_string(path.join("sched")) else {
            continue;
        };
        let policy = sched
            .lines()
            .find(|line| line.starts_with("policy"))
            .and_then(|line| line.split(':').nth(1))
            .and_then(|value| value.trim().parse().ok())
            .expect("a policy line in /proc/self/task/*/sched");
        found.push((name.trim().to_string(), policy));
    }
    found
}

/// `SCHED_IDLE` in `<sched.h>`.
const SCHED_IDLE: u32 = 5;

#[test]
fn one_idle_priority_thread_builds_every_requested_table() {
    let dir = common::scratch("one");
    let tables = Tablebases::with_cache_dir(Some(dir.clone()));

    // A search is running: the builds are requested and wait.
    let search = tables.searching();
    // What a five-man root (K+Q+R against K+R+N, say) asks for ahead of
    // need: its captures lead into these.
    for ending in [Ending::Kqkr, Ending::Krkn, Ending::Kqkn, Ending::Krkr] {
        assert!(tables.table(ending, Ready::Background).is_none());
    }

    let start = Instant::now();
    let mut seen = builders();
    while (seen.is_empty() || seen.iter().any(|&(_, p)| p != SCHED_IDLE))
        && start.elapsed() < Duration::from_secs(5)
    {
        std::thread::sleep(Duration::from_millis(20));
        seen = builders();
    }
    // Give any further thread the time to show itself.
    std::thread::sleep(Duration::from_millis(200));
    seen = builders();
    assert_eq!(seen.len(), 1, "builder threads: {seen:?}");
    assert_eq!(seen[0].1, SCHED_IDLE, "the builder's policy: {seen:?}");

    // The builds stay paused until the process ends: nothing is written.
    std::mem::forget(search);
    assert!(!dir.exists(), "a table was saved during the search");
}
