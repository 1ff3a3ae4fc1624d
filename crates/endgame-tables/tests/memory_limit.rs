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
    // Each table of three men holds half a MiB.
    dtm::set_memory_limit(3 * MIB / 4);
    assert_eq!(dtm::memory_used(), 0);

    // K+Q against K fits.
    assert!(dtm::build_within_limit(Ending::Kqk).is_some());
    assert_eq!(dtm::memory_used(), MIB / 2);

    // K+R against K does not: no build on demand, in this thread or the
    // background.
    assert!(dtm::build_within_limit(Ending::Krk).is_none());
    assert!(dtm::table(Ending::Krk).is_none());
    assert!(dtm::load_cached(Ending::Krk).is_none());
    let board = Board::from_fen("8/8/8/3k4/8/8/8/KR6 w - - 0 1").unwrap();
    assert_eq!(dtm::probe(&board), None);
    std::thread::sleep(Duration::from_millis(300));
    assert!(dtm::table(Ending::Krk).is_none(), "built in the background");
    assert_eq!(dtm::memory_used(), MIB / 2);

    // Raised, the limit lets it in, counted.
    dtm::set_memory_limit(MIB);
    assert!(dtm::build_within_limit(Ending::Krk).is_some());
    assert!(dtm::probe(&board).is_some());
    assert_eq!(dtm::memory_used(), MIB);

    // Lowered, it keeps what is held and stops what is new.
    dtm::set_memory_limit(0);
    assert!(dtm::probe(&board).is_some());
    assert!(dtm::build_within_limit(Ending::Kpk).is_none());
    // An explicit build is held whatever the limit, and counted (K+P
    // against K promotes into the two tables already held).
    dtm::build_now(Ending::Kpk);
    assert_eq!(dtm::memory_used(), 3 * MIB / 2);
}
