//! The tables readied on demand stay within the memory limit. A test file
//! of its own: the limit and the tables held are the process's.

mod common;

use matewise_endgame_tables::dtm::{self, Ending};
use movegen::Board;
use std::time::Duration;

const MIB: usize = 1 << 20;

#[test]
fn tables_beyond_the_limit_are_not_readied_and_those_within_are() {
    common::private_cache();
    dtm::set_memory_limit(MIB);
    assert_eq!(dtm::memory_used(), 0);

    // K+Q against K (half a MiB) fits.
    assert!(dtm::build_within_limit(Ending::Kqk).is_some());
    assert_eq!(dtm::memory_used(), MIB / 2);

    // K+R against K+N (32 MiB, and K+R against K its captures lead into)
    // does not: no build on demand, in this thread or the background.
    assert!(dtm::build_within_limit(Ending::Krkn).is_none());
    assert!(dtm::table(Ending::Krkn).is_none());
    assert!(dtm::load_cached(Ending::Krkn).is_none());
    let board = Board::from_fen("8/8/8/3n4/8/2k5/8/KR6 w - - 0 1").unwrap();
    assert_eq!(dtm::probe(&board), None);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        dtm::table(Ending::Krkn).is_none(),
        "built in the background"
    );
    assert_eq!(dtm::memory_used(), MIB / 2);

    // Raised, the limit lets it in: both tables, counted.
    dtm::set_memory_limit(64 * MIB);
    assert!(dtm::build_within_limit(Ending::Krkn).is_some());
    assert!(dtm::probe(&board).is_some());
    assert_eq!(dtm::memory_used(), MIB / 2 + MIB / 2 + 32 * MIB);

    // Lowered, it keeps what is held and stops what is new.
    dtm::set_memory_limit(0);
    assert!(dtm::probe(&board).is_some());
    assert!(dtm::build_within_limit(Ending::Kqkn).is_none());
    // An explicit build is held whatever the limit, and counted.
    dtm::build_now(Ending::Krk);
    assert_eq!(dtm::memory_used(), 33 * MIB);
}
