//! Table files: what is saved loads back identical, and a file that is not
//! exactly what was saved (damaged, cut short, of another version or
//! ending) is refused.

use matewise_endgame_tables::cache::{self, LoadError};
use matewise_endgame_tables::dtm::{Ending, Table};

mod common;
use common::scratch;

#[test]
fn a_saved_table_loads_back_identical() {
    let dir = scratch("round-trip");
    for ending in [Ending::Kqk, Ending::Krk] {
        let table = Table::build(ending);
        let path = cache::file(&dir, ending);
        cache::save(&table, ending, &path).unwrap();
        let loaded = cache::load(ending, &path).unwrap();
        assert!(loaded == table, "{ending:?}");
    }
    // Nothing but the two tables is left behind: no temporary file.
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["kqk.dtm", "krk.dtm"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_not_what_was_saved_is_refused() {
    let dir = scratch("refused");
    let path = cache::file(&dir, Ending::Krk);
    cache::save(&Table::build(Ending::Krk), Ending::Krk, &path).unwrap();
    let saved = std::fs::read(&path).unwrap();
    let check = |bytes: &[u8]| {
        std::fs::write(&path, bytes).unwrap();
        cache::load(Ending::Krk, &path).map(|_| ())
    };
    assert!(check(&saved).is_ok());

    let mut damaged = saved.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 1;
    assert!(matches!(check(&damaged), Err(LoadError::Damaged)));

    assert!(matches!(
        check(&saved[..saved.len() - 1]),
        Err(LoadError::WrongLength)
    ));
    assert!(matches!(check(&saved[..20]), Err(LoadError::WrongLength)));
    assert!(matches!(check(&[]), Err(LoadError::WrongLength)));

    let mut other_format = saved.clone();
    other_format[8] ^= 0x80;
    assert!(matches!(check(&other_format), Err(LoadError::OtherVersion)));
    let mut other_solver = saved.clone();
    other_solver[16] ^= 1;
    assert!(matches!(check(&other_solver), Err(LoadError::OtherVersion)));

    std::fs::write(&path, &saved).unwrap();
    assert!(matches!(
        cache::load(Ending::Kqk, &path),
        Err(LoadError::OtherEnding)
    ));
    assert!(matches!(
        cache::load(Ending::Krk, &dir.join("missing.dtm")),
        Err(LoadError::Io(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}
