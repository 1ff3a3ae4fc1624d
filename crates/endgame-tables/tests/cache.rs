//! Table files: what is saved loads back identical, and a file that is not
//! exactly what was saved (damaged, cut short, of another version or
//! ending) is refused.

use matewise_endgame_tables::cache::{self, LoadError};
use matewise_endgame_tables::dtm::{Ending, Table};
use std::fs::FileTimes;
use std::time::{Duration, SystemTime};

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
    let expected = [Ending::Kqk, Ending::Krk].map(|ending| {
        cache::file(&dir, ending)
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned()
    });
    assert_eq!(names, expected);
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

/// The bytes of a KRK table file as another build of the solver writes it.
fn other_versions_bytes(dir: &std::path::Path) -> Vec<u8> {
    let path = cache::file(dir, Ending::Krk);
    cache::save(&Table::build(Ending::Krk), Ending::Krk, &path).unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[16] ^= 1;
    bytes
}

fn age(path: &std::path::Path, days: u64) {
    let then = SystemTime::now() - Duration::from_secs(days * 24 * 60 * 60);
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_times(FileTimes::new().set_modified(then)).unwrap();
}

#[test]
fn two_versions_sharing_a_directory_keep_their_own_files() {
    let dir = scratch("versions");
    let other = other_versions_bytes(&dir);
    // Where the version before versioned names, and a later solver, keep
    // their KRK table.
    let unversioned = dir.join("krk.dtm");
    let later = dir.join("krk-1-0123456789abcdef.dtm");
    for path in [&unversioned, &later] {
        std::fs::write(path, &other).unwrap();
    }
    let ours = cache::file(&dir, Ending::Krk);
    assert!(ours != unversioned && ours != later);
    cache::save(&Table::build(Ending::Krk), Ending::Krk, &ours).unwrap();
    assert!(cache::load(Ending::Krk, &ours).is_ok());
    for path in [&unversioned, &later] {
        assert_eq!(std::fs::read(path).unwrap(), other, "{path:?} was replaced");
        assert!(matches!(
            cache::load(Ending::Krk, path),
            Err(LoadError::OtherVersion)
        ));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_sweep_removes_only_stale_files_it_wrote() {
    let dir = scratch("sweep");
    let other = other_versions_bytes(&dir);
    let ours = cache::file(&dir, Ending::Krk);
    // A write under way in this process, and one cut short in a process
    // that has ended (no such process id on Linux; elsewhere it is kept
    // until a day old).
    let writing = format!("kbnk.{}-0.tmp", std::process::id());
    let dead = (1..4_194_304u32)
        .rev()
        .find(|pid| !std::path::Path::new(&format!("/proc/{pid}")).exists())
        .unwrap();
    let killed = format!("kqkr-1-0123456789abcdef.{dead}-3.tmp");
    let killed_removed = cfg!(target_os = "linux");
    let files = [
        ("krk.dtm", 40, false),
        ("kqkq.dtm", 40, false),
        ("krk-1-0123456789abcdef.dtm", 40, false),
        ("krk-1-fedcba9876543210.dtm", 3, true),
        ("kqk.13380-0.tmp", 2, false),
        ("kqk-1-0123456789abcdef.13380-1.tmp", 2, false),
        (writing.as_str(), 0, true),
        (killed.as_str(), 0, !killed_removed),
        ("notes.dtm", 400, true),
        ("krk-backup.dtm", 400, true),
        ("readme.txt", 400, true),
    ];
    for (name, days, _) in files {
        std::fs::write(dir.join(name), &other).unwrap();
        age(&dir.join(name), days);
    }
    // This version's own file stays, however long since it was used.
    age(&ours, 400);
    // The progress of this version's KRK build is useless beside its
    // table; that of its KQKR build, whose table is not there, stays.
    let progress = |ending: Ending| {
        let name = cache::file(&dir, ending)
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        dir.join(name.replace(".dtm", ".partial"))
    };
    std::fs::write(progress(Ending::Krk), b"progress").unwrap();
    std::fs::write(progress(Ending::Kqkr), b"progress").unwrap();

    assert_eq!(cache::sweep(&dir), 6 + usize::from(killed_removed));
    for (name, _, kept) in files {
        assert_eq!(dir.join(name).exists(), kept, "{name}");
    }
    assert!(ours.exists());
    assert!(!progress(Ending::Krk).exists());
    assert!(progress(Ending::Kqkr).exists());
    // A load marks the file as used, so other versions' sweeps spare it.
    cache::load(Ending::Krk, &ours).unwrap();
    let used = std::fs::metadata(&ours).unwrap().modified().unwrap();
    assert!(used.elapsed().unwrap() < Duration::from_secs(3600));
    assert_eq!(cache::sweep(&dir.join("missing")), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}
