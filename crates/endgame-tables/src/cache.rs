//! Solved tables kept in files, so that a later process loads in
//! milliseconds what took seconds to build.
//!
//! A file holds one table: a header (magic, format, the solver's
//! fingerprint, the ending, the payload's length and checksum) and the
//! table's bytes. Anything that does not match — another format, a table
//! from a changed solver, a truncated or damaged file — is rejected, and
//! the table is built again. Files are written to a temporary name and
//! renamed into place, so a process stopped mid-write leaves no partial
//! table under the real name.
//!
//! A file's name carries the format and the solver's fingerprint
//! (`krk-1-0123456789abcdef.dtm`), so two Matewise versions sharing one
//! directory (a user's upgrade, a GUI running two builds, a tuning run)
//! each keep their own tables instead of rebuilding and replacing each
//! other's on every load. [`sweep`] removes what no version has used for a
//! month, and temporary files left by a killed writer.
//!
//! ```
//! use matewise_endgame_tables::cache;
//! use matewise_endgame_tables::dtm::{Ending, Table};
//!
//! let dir = std::env::temp_dir().join(format!("endgame-tables-doc-{}", std::process::id()));
//! let path = cache::file(&dir, Ending::Krk);
//! let table = Table::build(Ending::Krk);
//! cache::save(&table, Ending::Krk, &path).unwrap();
//! assert!(cache::load(Ending::Krk, &path).unwrap() == table);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use crate::dtm::{Ending, Table};
use std::fmt;
use std::fs::{self, File, FileTimes};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

const MAGIC: [u8; 8] = *b"MWTABLE\0";
/// The layout of the file; bumped when the header or payload changes shape.
const FORMAT: u32 = 1;
/// The solver's source and the table layout, hashed: a table built by other
/// code is not trusted, even if its file is intact. Comments and white
/// space are left out (see [`code_checksum`]), and so are the files that
/// only answer from a table (`dtm.rs`, `dtm/counts.rs`): rewording a doc
/// comment or reformatting must not make every user rebuild 929 MiB.
pub(crate) const SOLVER: u64 = code_checksum(&SOLVER_SOURCES);
/// The files [`SOLVER`] covers.
const SOLVER_SOURCES: [&str; 8] = [
    include_str!("dtm/ending.rs"),
    include_str!("dtm/table.rs"),
    include_str!("dtm/retrograde.rs"),
    include_str!("dtm/versus.rs"),
    include_str!("dtm/general.rs"),
    include_str!("dtm/men.rs"),
    include_str!("dtm/exits.rs"),
    include_str!("dtm/symmetry.rs"),
];
const HEADER: usize = 8 + 4 + 4 + 8 + 8 + 8;

/// Why a file was not loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read (missing, say).
    Io(io::Error),
    /// Not a table file, or one of another format or solver.
    OtherVersion,
    /// A table file of another ending.
    OtherEnding,
    /// Shorter or longer than its header says.
    WrongLength,
    /// The bytes do not match their checksum.
    Damaged,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(error) => write!(f, "cannot read the table file: {error}"),
            LoadError::OtherVersion => f.write_str("not a table file of this version"),
            LoadError::OtherEnding => f.write_str("a table file of another ending"),
            LoadError::WrongLength => f.write_str("the table file is truncated or too long"),
            LoadError::Damaged => f.write_str("the table file fails its checksum"),
        }
    }
}

impl std::error::Error for LoadError {}

impl From<io::Error> for LoadError {
    fn from(error: io::Error) -> Self {
        LoadError::Io(error)
    }
}

/// The default cache directory: `$XDG_CACHE_HOME/matewise`, else
/// `~/.cache/matewise` (`%LOCALAPPDATA%\matewise` on Windows); `None` if
/// none of those is set.
pub fn default_dir() -> Option<PathBuf> {
    let nonempty = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    let base = nonempty("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| nonempty("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .or_else(|| nonempty("LOCALAPPDATA").map(PathBuf::from))?;
    Some(base.join("matewise"))
}

/// Why `dir` cannot keep tables, if it cannot: it is not a directory, or
/// it and its parent are both missing (a missing cache directory is made
/// at the first save, one level deep, as `~/.cache/matewise` is), or it
/// does not take a file.
///
/// ```
/// use matewise_endgame_tables::cache;
/// use std::path::Path;
///
/// let dir = std::env::temp_dir().join(format!("cache-check-doc-{}", std::process::id()));
/// assert_eq!(cache::check_dir(&dir), Ok(()));
/// assert!(cache::check_dir(Path::new("/nonexistent/dir")).is_err());
/// ```
pub fn check_dir(dir: &Path) -> Result<(), String> {
    if dir.is_dir() {
        let probe = dir.join(format!(".matewise-write-check-{}", std::process::id()));
        return match fs::write(&probe, b"") {
            Ok(()) => {
                let _ = fs::remove_file(&probe);
                Ok(())
            }
            Err(e) => Err(format!("cannot be written to ({e})")),
        };
    }
    if dir.exists() {
        return Err("is not a directory".into());
    }
    match dir.parent() {
        Some(parent) if parent.as_os_str().is_empty() || parent.is_dir() => Ok(()),
        _ => Err("does not exist, nor does its parent".into()),
    }
}

/// The file of `ending`'s table in `dir`, named for this version's format
/// and solver.
pub fn file(dir: &Path, ending: Ending) -> PathBuf {
    dir.join(format!("{}{}", ending.name(), version_suffix()))
}

/// The file where a build of `ending` stopped midway keeps its progress,
/// for the next process to resume (this version's solver only).
pub(crate) fn progress_file(dir: &Path, ending: Ending) -> PathBuf {
    file(dir, ending).with_extension("partial")
}

/// How this version's table file names end.
fn version_suffix() -> String {
    format!("-{FORMAT}-{SOLVER:016x}.dtm")
}

/// A table file of another version unused for this long is removed by
/// [`sweep`]: a version still in use refreshes its files on every load.
pub const STALE_AFTER: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// A temporary file this old is no write in progress but a killed one.
pub const ABANDONED_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// Removes from `dir` the table files of other versions (and of the
/// unversioned names used before) that have not been loaded or written for
/// [`STALE_AFTER`], the saved progress of a build whose table is there,
/// and the temporary files of writes stopped midway: at once where the
/// writing process has ended (Linux), else after [`ABANDONED_AFTER`]. Only names this module writes are
/// touched, as the directory may be one the user chose and shares. Returns
/// how many files were removed; a directory that cannot be read removes
/// none.
///
/// ```
/// use matewise_endgame_tables::cache;
///
/// let dir = std::env::temp_dir().join(format!("endgame-tables-sweep-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("notes.txt"), "kept").unwrap();
/// assert_eq!(cache::sweep(&dir), 0);
/// assert!(dir.join("notes.txt").exists());
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn sweep(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let now = SystemTime::now();
    let current = version_suffix();
    let current_progress = current.replace(".dtm", ".partial");
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(text) = name.to_str() else { continue };
        let limit = match written_by_this_module(text) {
            Some(Kind::Table) if !text.ends_with(&current) => STALE_AFTER,
            Some(Kind::Progress) if !text.ends_with(&current_progress) => STALE_AFTER,
            // A build's progress whose table another process has since
            // saved will never be resumed: the table loads instead.
            Some(Kind::Progress) if dir.join(text.replace(".partial", ".dtm")).exists() => {
                Duration::ZERO
            }
            // The write of a process that has ended was cut short: gone now.
            Some(Kind::Temporary) if writer_has_ended(text) => Duration::ZERO,
            Some(Kind::Temporary) => ABANDONED_AFTER,
            _ => continue,
        };
        let age = entry
            .metadata()
            .and_then(|meta| meta.modified())
            .ok()
            .and_then(|modified| now.duration_since(modified).ok());
        let expired = limit.is_zero() || age.is_some_and(|age| age > limit);
        if expired && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

enum Kind {
    Table,
    Progress,
    Temporary,
}

/// Whether the process that wrote the temporary file `name` (its id
/// before the last `-`: `krk-1-<hex>.<pid>-<n>.tmp`) is known to have
/// ended: on Linux, it has no `/proc` entry; elsewhere never known.
fn writer_has_ended(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".tmp") else {
        return false;
    };
    let Some(pid) = stem
        .rsplit('.')
        .next()
        .and_then(|tail| tail.split('-').next())
        .and_then(|pid| pid.parse::<u32>().ok())
    else {
        return false;
    };
    cfg!(target_os = "linux")
        && Path::new("/proc/self").exists()
        && !Path::new(&format!("/proc/{pid}")).exists()
}

/// Whether `name` is one [`save`] writes, of any version: an ending's name,
/// then `.dtm` (before versioned names) or `-` and a version, ending in
/// `.dtm` or, for a temporary file, `.tmp`.
fn written_by_this_module(name: &str) -> Option<Kind> {
    let ending = Ending::ALL
        .iter()
        .map(|ending| ending.name())
        .filter(|ending| name.starts_with(ending))
        .max_by_key(|ending| ending.len())?;
    let rest = &name[ending.len()..];
    let kind = if rest.ends_with(".tmp") {
        Kind::Temporary
    } else if rest.ends_with(".dtm") {
        Kind::Table
    } else if rest.ends_with(".partial") {
        Kind::Progress
    } else {
        return None;
    };
    let versioned = rest.starts_with('-')
        && rest[1..]
            .split(['-', '.'])
            .take(2)
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_hexdigit()));
    (versioned || rest.starts_with('.')).then_some(kind)
}

/// Writes `table` of `ending` to `path` (creating its directory), through
/// a temporary file renamed into place, then [`sweep`]s the directory.
pub fn save(table: &Table, ending: Ending, path: &Path) -> io::Result<()> {
    replace_file(path, |temporary| write(table, ending, temporary))?;
    if let Some(dir) = path.parent() {
        sweep(dir);
    }
    Ok(())
}

/// Writes `path` whole or not at all: `write` fills a temporary file of
/// its directory (created if missing), which is then renamed into place,
/// or removed if anything failed.
pub(crate) fn replace_file(
    path: &Path,
    write: impl FnOnce(&Path) -> io::Result<()>,
) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    static WRITES: AtomicU64 = AtomicU64::new(0);
    // Unique to this process and this write, and a name `sweep` knows.
    let temporary = path.with_extension(format!(
        "{}-{}.tmp",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    let written = write(&temporary).and_then(|()| fs::rename(&temporary, path));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

fn write(table: &Table, ending: Ending, path: &Path) -> io::Result<()> {
    let [strong, weak] = table.halves();
    let payload = (strong.len() + weak.len()) as u64;
    let sum = checksum_parts(&[strong, weak]);
    let mut file = File::create(path)?;
    let mut header = Vec::with_capacity(HEADER);
    header.extend_from_slice(&MAGIC);
    header.extend_from_slice(&FORMAT.to_le_bytes());
    header.extend_from_slice(&(ending as u32).to_le_bytes());
    header.extend_from_slice(&SOLVER.to_le_bytes());
    header.extend_from_slice(&payload.to_le_bytes());
    header.extend_from_slice(&sum.to_le_bytes());
    file.write_all(&header)?;
    file.write_all(strong)?;
    file.write_all(weak)?;
    file.sync_all()
}

/// Reads the table of `ending` from `path`, checking everything [`save`]
/// wrote.
pub fn load(ending: Ending, path: &Path) -> Result<Table, LoadError> {
    let mut file = File::open(path)?;
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header)
        .map_err(|_| LoadError::WrongLength)?;
    let word = |at: usize| u32::from_le_bytes(header[at..at + 4].try_into().unwrap());
    let long = |at: usize| u64::from_le_bytes(header[at..at + 8].try_into().unwrap());
    if header[..8] != MAGIC || word(8) != FORMAT || long(16) != SOLVER {
        return Err(LoadError::OtherVersion);
    }
    if word(12) != ending as u32 {
        return Err(LoadError::OtherEnding);
    }
    let half = Table::half_len(ending);
    if long(24) != 2 * half as u64 || file.metadata()?.len() != (HEADER + 2 * half) as u64 {
        return Err(LoadError::WrongLength);
    }
    let mut strong = vec![0u8; half];
    let mut weak = vec![0u8; half];
    file.read_exact(&mut strong)
        .and_then(|()| file.read_exact(&mut weak))
        .map_err(|_| LoadError::WrongLength)?;
    if checksum_parts(&[&strong, &weak]) != long(32) {
        return Err(LoadError::Damaged);
    }
    // Marks the file as in use, so that no other version's sweep removes
    // it; a read-only cache only loses that mark.
    let _ = file.set_times(FileTimes::new().set_modified(SystemTime::now()));
    Ok(Table::from_halves(ending, strong, weak))
}

const CHECKSUM_SEED: u64 = 0x243F_6A88_85A3_08D3;

/// Extends a 64-bit checksum over `bytes`, 8 at a time (a slice whose
/// length is not a multiple of 8 must come last). Any change to one 8-byte
/// word shows: each step (rotate, xor, multiply by an odd number) is a
/// bijection.
const fn checksum_more(mut sum: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        let mut word = [0u8; 8];
        let mut j = 0;
        while j < 8 && i + j < bytes.len() {
            word[j] = bytes[i + j];
            j += 1;
        }
        sum = (sum.rotate_left(23) ^ u64::from_le_bytes(word)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        i += 8;
    }
    sum
}

/// The checksum of the Rust sources `files` without their `//` comments
/// and their white space, so that only a change of code changes it. (A `//`
/// inside a string literal also ends what is hashed of its line; the
/// solver's sources have none, and a test keeps it so.)
const fn code_checksum(files: &[&str]) -> u64 {
    let mut sum = CHECKSUM_SEED;
    let mut word = [0u8; 8];
    let mut filled = 0;
    let mut file = 0;
    while file < files.len() {
        let bytes = files[file].as_bytes();
        file += 1;
        let mut i = 0;
        while i < bytes.len() {
            let byte = bytes[i];
            if byte == b'/' && i + 1 < bytes.len() && bytes[i + 1] == b'/' {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            i += 1;
            if byte.is_ascii_whitespace() {
                continue;
            }
            word[filled] = byte;
            filled += 1;
            if filled == 8 {
                sum = checksum_more(sum, &word);
                filled = 0;
            }
        }
    }
    if filled > 0 {
        while filled < 8 {
            word[filled] = 0;
            filled += 1;
        }
        sum = checksum_more(sum, &word);
    }
    sum
}

pub(crate) fn checksum_parts(parts: &[&[u8]]) -> u64 {
    parts
        .iter()
        .fold(CHECKSUM_SEED, |sum, part| checksum_more(sum, part))
}

#[cfg(test)]
mod tests {
    use super::{SOLVER_SOURCES, code_checksum};

    #[test]
    fn comments_and_white_space_do_not_change_the_solver_fingerprint() {
        let code = "fn solve(x: u8) -> u8 {\n    x + 1\n}\n";
        let reworded = "/// Solves.\nfn solve(x: u8) -> u8 { // one more\n  x + 1 }\n";
        assert_eq!(code_checksum(&[code]), code_checksum(&[reworded]));
        let changed = "fn solve(x: u8) -> u8 {\n    x + 2\n}\n";
        assert_ne!(code_checksum(&[code]), code_checksum(&[changed]));
    }

    #[test]
    fn no_string_literal_in_the_solver_holds_a_comment_marker() {
        // `code_checksum` reads `//` as a comment wherever it stands, so a
        // `//` inside a string would hide the rest of its line from it.
        for source in SOLVER_SOURCES {
            for line in source.lines() {
                let code = line.split("//").next().unwrap_or("");
                assert!(
                    code.matches('"').count() % 2 == 0,
                    "a string runs into a `//` here: {line}"
                );
            }
        }
    }
}
