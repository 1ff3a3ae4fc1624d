//! A build stopped midway, kept in the cache directory to be resumed.
//!
//! A match tool starts a fresh engine process for every game and ends it
//! with `quit`, which stops a build at once. A table that takes longer to
//! solve than the rest of a game lasts would then never be finished, one
//! game after another. So a solver that is stopped writes down where it
//! stood ([`Progress`]), and the next process's build of the same table
//! goes on from there: each game takes it further.
//!
//! The file is named for the solver's version like the tables
//! (`krpk-1-<hex>.partial`), written to a temporary name and renamed into
//! place, and checked (magic, ending, lengths, checksum) when read: a
//! damaged or foreign file is ignored and the build starts afresh. It is
//! removed once the table is saved.

use super::Ending;
use crate::cache;
use std::fs;
use std::io;
use std::path::Path;

/// The file's mark; its last byte is the encoding's version, bumped when
/// the layout `encode` writes changes (what the solver keeps in it is
/// covered by the solver's fingerprint, `cache::SOLVER`, in the header).
const MAGIC: [u8; 8] = *b"MWPART\0\x01";

/// Where a solver stood, in its own terms: a few numbers (its stage, the
/// side and index it had reached, its ply), its arrays of bytes and its
/// lists of entries.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Progress {
    pub(crate) at: [u64; 4],
    pub(crate) bytes: Vec<Vec<u8>>,
    pub(crate) lists: Vec<Vec<u32>>,
}

/// Appends a little-endian `u64`.
fn put(out: &mut Vec<u8>, value: u64) {
    out.extend_from_slice(&value.to_le_bytes());
}

/// Reads the little-endian `u64` at `*at`, moving past it.
fn take(data: &[u8], at: &mut usize) -> Option<u64> {
    let word = data.get(*at..*at + 8)?;
    *at += 8;
    Some(u64::from_le_bytes(word.try_into().ok()?))
}

/// The file's bytes: header, numbers, arrays, lists, checksum.
fn encode(ending: Ending, at: [u64; 4], bytes: &[&[u8]], lists: &[&[u32]]) -> Vec<u8> {
    let listed: usize = lists.iter().map(|list| list.len()).sum();
    let held: usize = bytes.iter().map(|array| array.len()).sum();
    let mut out = Vec::with_capacity(64 + held + 4 * listed + 8 * (bytes.len() + lists.len()));
    out.extend_from_slice(&MAGIC);
    put(&mut out, ending as u64);
    put(&mut out, cache::SOLVER);
    for number in at {
        put(&mut out, number);
    }
    put(&mut out, bytes.len() as u64);
    put(&mut out, lists.len() as u64);
    for array in bytes {
        put(&mut out, array.len() as u64);
        out.extend_from_slice(array);
    }
    for list in lists {
        put(&mut out, list.len() as u64);
        for entry in list.iter() {
            out.extend_from_slice(&entry.to_le_bytes());
        }
    }
    let sum = cache::checksum_parts(&[&out]);
    put(&mut out, sum);
    out
}

/// Writes where `ending`'s build stood (numbers `at`, arrays `bytes`,
/// lists `lists`) into `dir`, whole or not at all. Not synced to the disk: a crash that loses it only costs the
/// work it held.
pub(crate) fn save(
    dir: &Path,
    ending: Ending,
    at: [u64; 4],
    bytes: &[&[u8]],
    lists: &[&[u32]],
) -> io::Result<()> {
    let encoded = encode(ending, at, bytes, lists);
    cache::replace_file(&cache::progress_file(dir, ending), |temporary| {
        fs::write(temporary, &encoded)
    })
}

impl Progress {
    /// The progress in `data`, if it is a whole file of this version for
    /// `ending`.
    fn decode(data: &[u8], ending: Ending) -> Option<Progress> {
        let body = data.len().checked_sub(8)?;
        let mut at = body;
        if data[..8.min(data.len())] != MAGIC
            || take(data, &mut at)? != cache::checksum_parts(&[&data[..body]])
        {
            return None;
        }
        let mut at = 8;
        if take(data, &mut at)? != ending as u64 || take(data, &mut at)? != cache::SOLVER {
            return None;
        }
        let mut progress = Progress::default();
        for number in &mut progress.at {
            *number = take(data, &mut at)?;
        }
        let arrays = take(data, &mut at)? as usize;
        let lists = take(data, &mut at)? as usize;
        for _ in 0..arrays {
            let len = take(data, &mut at)? as usize;
            progress
                .bytes
                .push(data.get(at..at.checked_add(len)?)?.to_vec());
            at += len;
        }
        for _ in 0..lists {
            let len = take(data, &mut at)? as usize;
            let bytes = data.get(at..at.checked_add(len.checked_mul(4)?)?)?;
            let entries = bytes.chunks_exact(4);
            progress.lists.push(
                entries
                    .map(|e| u32::from_le_bytes(e.try_into().expect("four bytes")))
                    .collect(),
            );
            at += 4 * len;
        }
        (at == body).then_some(progress)
    }

    /// The progress saved in `dir` for `ending`'s build, if a whole file of
    /// this version is there.
    pub(crate) fn load(dir: &Path, ending: Ending) -> Option<Progress> {
        let data = fs::read(cache::progress_file(dir, ending)).ok()?;
        Progress::decode(&data, ending)
    }

    /// Removes the progress of `ending`'s build from `dir`, once its table
    /// is saved.
    pub(crate) fn remove(dir: &Path, ending: Ending) {
        let _ = fs::remove_file(cache::progress_file(dir, ending));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Progress {
        Progress {
            at: [1, 0, 65_536, 7],
            bytes: vec![vec![0, 3, 255], Vec::new()],
            lists: vec![vec![1, 1 << 25], Vec::new(), vec![42]],
        }
    }

    fn encoded(progress: &Progress, ending: Ending) -> Vec<u8> {
        let bytes: Vec<&[u8]> = progress.bytes.iter().map(Vec::as_slice).collect();
        let lists: Vec<&[u32]> = progress.lists.iter().map(Vec::as_slice).collect();
        encode(ending, progress.at, &bytes, &lists)
    }

    #[test]
    fn a_saved_progress_loads_as_it_was() {
        let encoded = encoded(&sample(), Ending::Krpk);
        assert_eq!(Progress::decode(&encoded, Ending::Krpk), Some(sample()));
    }

    #[test]
    fn a_saved_file_loads_until_removed() {
        let dir = std::env::temp_dir().join(format!("mw-progress-test-{}", std::process::id()));
        let progress = sample();
        let bytes: Vec<&[u8]> = progress.bytes.iter().map(Vec::as_slice).collect();
        let lists: Vec<&[u32]> = progress.lists.iter().map(Vec::as_slice).collect();
        save(&dir, Ending::Krkp, progress.at, &bytes, &lists).unwrap();
        assert_eq!(Progress::load(&dir, Ending::Krkp), Some(sample()));
        assert_eq!(Progress::load(&dir, Ending::Krpk), None);
        Progress::remove(&dir, Ending::Krkp);
        assert_eq!(Progress::load(&dir, Ending::Krkp), None);
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            0,
            "no temporary file is left"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused() {
        let encoded = encoded(&sample(), Ending::Krpk);
        assert_eq!(Progress::decode(&encoded, Ending::Krkp), None);
        for cut in [0, 7, 8, encoded.len() / 2, encoded.len() - 1] {
            assert_eq!(Progress::decode(&encoded[..cut], Ending::Krpk), None);
        }
        let mut flipped = encoded.clone();
        flipped[70] ^= 1;
        assert_eq!(Progress::decode(&flipped, Ending::Krpk), None);
    }

    #[test]
    fn a_build_stopped_anywhere_resumes_to_the_same_table() {
        use crate::dtm::Table;
        use crate::dtm::store::{Store, test_stop};
        let dir = std::env::temp_dir().join(format!("mw-resume-test-{}", std::process::id()));
        let ending = Ending::Kpk;
        let table_file = cache::file(&dir, ending);
        // Once whole: the tables it leads into are then in the cache, and
        // the checkpoints counted below are the table's own.
        let expected = Table::build(ending);
        Store::new(Some(dir.clone()))
            .build_now(ending, false)
            .unwrap();
        fs::remove_file(&table_file).unwrap();
        test_stop::count_from_now(None);
        Store::new(Some(dir.clone()))
            .build_now(ending, false)
            .unwrap();
        let whole = test_stop::passed();
        assert!(whole > 20, "{whole} checkpoints");
        fs::remove_file(&table_file).unwrap();
        // Stopped while counting moves, at the first ply, and further on.
        for stop_at in [1, 3, whole / 8 + 1, whole / 2, whole - 1] {
            test_stop::count_from_now(Some(stop_at));
            assert!(
                Store::new(Some(dir.clone()))
                    .build_now(ending, false)
                    .is_err()
            );
            assert!(!table_file.exists(), "stopped at {stop_at}: no table");
            assert!(
                Progress::load(&dir, ending).is_some(),
                "stopped at {stop_at}: progress kept"
            );
            test_stop::count_from_now(None);
            let store = Store::new(Some(dir.clone()));
            assert!(
                store.build_now(ending, false).unwrap() == &expected,
                "stopped at {stop_at}"
            );
            // It went on from where it stopped: the checkpoints before it
            // are not passed again.
            assert_eq!(
                test_stop::passed(),
                whole - stop_at + 1,
                "stopped at {stop_at}"
            );
            assert!(
                Progress::load(&dir, ending).is_none(),
                "the progress goes with the table"
            );
            assert!(cache::load(ending, &table_file).unwrap() == expected);
            fs::remove_file(&table_file).unwrap();
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_progress_goes_once_its_table_loads() {
        use crate::dtm::store::Store;
        let dir = std::env::temp_dir().join(format!("mw-progress-gone-{}", std::process::id()));
        let ending = Ending::Kpk;
        Store::new(Some(dir.clone()))
            .build_now(ending, false)
            .unwrap();
        // A progress left behind by a build stopped elsewhere.
        save(&dir, ending, [0, 0, 0, 0], &[], &[]).unwrap();
        assert!(cache::progress_file(&dir, ending).exists());
        Store::new(Some(dir.clone()))
            .build_now(ending, false)
            .unwrap();
        assert!(!cache::progress_file(&dir, ending).exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
