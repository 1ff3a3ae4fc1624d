//! The tables go through the cache directory: a damaged file there is
//! ignored and replaced by a good one once the table is built. A test file
//! of its own, since the cache directory is the process's.

use matewise_endgame_tables::cache;
use matewise_endgame_tables::dtm::{self, Ending};

mod common;

#[test]
fn a_damaged_cache_file_is_rebuilt_and_replaced() {
    let dir = common::scratch("dir");
    std::fs::create_dir_all(&dir).unwrap();
    cache::set_dir(Some(dir.clone()));
    assert_eq!(cache::dir(), Some(dir.clone()));
    let path = cache::file(&dir, Ending::Krk);
    std::fs::write(&path, b"not a table").unwrap();

    assert!(
        dtm::load_cached(Ending::Krk).is_none(),
        "a damaged file loaded"
    );
    let table = dtm::build_now(Ending::Krk);
    assert_eq!(table.longest_mate(), 16);
    assert!(cache::load(Ending::Krk, &path).unwrap() == *table);

    // Without a cache directory, nothing is read or written.
    cache::set_dir(None);
    assert!(dtm::load_cached(Ending::Kqk).is_none());
    assert_eq!(dtm::build_now(Ending::Kqk).longest_mate(), 10);
    assert!(!cache::file(&dir, Ending::Kqk).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
