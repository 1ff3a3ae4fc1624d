//! # matewise-test-kit
//!
//! What the workspace's test crates share, so that no test file carries its
//! own copy: endgame tables cached in a private directory
//! ([`private_tables`], [`TempDir`]),
//! seeded random games ([`random_games`]), an output-capturing [`Buffer`],
//! and a search call with defaults ([`search()`], [`search_lines`]).
//!
//! A dev-dependency only (`publish = false`): crates.io never sees it, and
//! a crate's own unit tests can use it only if the kit does not depend on
//! that crate (the kit depends on movegen, endgame-tables and search).

use endgame_tables::dtm::{Ending, Table};
use endgame_tables::{Ready, Tablebases};
use movegen::{Board, KeyHistory, MoveList, SplitMix64};
use search::{Limits, SearchControl, SearchInfo, SearchOptions, SearchResult, Searcher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

/// The build's own scratch directory (`target/tmp`, Cargo's
/// `CARGO_TARGET_TMPDIR`), found from the running test binary
/// (`target/<profile>/deps/<test>`); the system's temporary directory if
/// the binary is somewhere else.
pub fn build_tmp_dir() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| {
            let deps = exe.parent()?;
            (deps.file_name()? == "deps").then_some(())?;
            Some(deps.parent()?.parent()?.join("tmp"))
        })
        .unwrap_or_else(std::env::temp_dir)
}

/// The directory of [`private_tables`]: `target/tmp/endgame-tables`.
pub fn private_cache_dir() -> PathBuf {
    build_tmp_dir().join("endgame-tables")
}

/// Endgame tables of the test's own, kept in a directory of the build's
/// own ([`private_cache_dir`]), never in the user's cache directory; the
/// table tests of every crate share the directory, so later runs (and the
/// other test binaries) load what one built. A file is named for the
/// solver's source, so no table of other code is ever loaded.
///
/// ```
/// let tables = matewise_test_kit::private_tables();
/// assert_eq!(tables.cache_dir(), Some(matewise_test_kit::private_cache_dir()));
/// ```
pub fn private_tables() -> Tablebases {
    Tablebases::with_cache_dir(Some(private_cache_dir()))
}

/// A directory of this test process's own, named `name` (and the process
/// id) in the system's temporary directory, empty when made (whatever an
/// earlier run left there is removed) and not created: a test can check
/// that nothing was written to it. Removed, with what is in it, on drop.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    /// The directory `matewise-<name>-<pid>`, emptied.
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("matewise-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TempDir(dir)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A position of `men` (FEN letters) on `squares` (a1 = 0 ... h8 = 63), no
/// castling or en passant, or `None` if two men share a square or the
/// position is illegal.
///
/// ```
/// let board = matewise_test_kit::placed("KkQ", &[0, 63, 8], true).unwrap();
/// assert_eq!(board.to_fen(), "7k/8/8/8/8/8/Q7/K7 w - - 0 1");
/// // Black in check with White to move: no position.
/// assert!(matewise_test_kit::placed("KkQ", &[0, 63, 9], true).is_none());
/// assert!(matewise_test_kit::placed("Kk", &[0, 0], true).is_none());
/// ```
pub fn placed(men: &str, squares: &[usize], white_to_move: bool) -> Option<Board> {
    let mut grid = [['1'; 8]; 8];
    for (man, &square) in men.chars().zip(squares) {
        if grid[7 - square / 8][square % 8] != '1' {
            return None;
        }
        grid[7 - square / 8][square % 8] = man;
    }
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    let side = if white_to_move { "w" } else { "b" };
    Board::from_fen(&format!("{} {side} - - 0 1", rows.join("/"))).ok()
}

/// Plays `games` random games of up to `plies` plies each from `start`,
/// the same ones on every run for a given `seed` (movegen's
/// [`SplitMix64`]), calling `visit` on every position reached after a
/// move. A game ends early at checkmate or stalemate.
pub fn random_games(
    start: &Board,
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Board),
) {
    let mut rng = SplitMix64::new(seed);
    let mut moves = MoveList::new();
    for _ in 0..games {
        let mut board = start.clone();
        for _ in 0..plies {
            moves.clear();
            board.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            board.play_unchecked(moves[rng.below(moves.len())]);
            visit(&board);
        }
    }
}

/// A [`Write`] that keeps what is written, shared between its clones: hand
/// one to the code under test, read the other.
#[derive(Clone, Debug, Default)]
pub struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Buffer {
    /// Everything written so far, as text (lossily).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(|e| e.into_inner())).into_owned()
    }

    /// The lines written since the last call, taken out of the buffer.
    pub fn take(&self) -> Vec<String> {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()));
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_string)
            .collect()
    }
}

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Limits of `nodes` nodes.
pub fn nodes(nodes: u64) -> Limits {
    Limits {
        nodes: Some(nodes),
        ..Limits::default()
    }
}

/// Limits of `depth` plies.
pub fn depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// [`Searcher::search`] with the defaults of a test: no game history, never
/// stopped, each line reported handed to `on_info`.
pub fn search_with(
    searcher: &mut Searcher,
    board: &Board,
    limits: &Limits,
    options: &SearchOptions,
    on_info: &mut (dyn FnMut(&SearchInfo) + Send),
) -> SearchResult {
    searcher.search(
        board,
        &KeyHistory::default(),
        limits,
        options,
        &SearchControl::new(false),
        on_info,
    )
}

/// The tables the tests of one test binary share ([`private_tables`], made
/// once), so that a table built or loaded by one test is held for the next:
/// the binary's own value, as an engine owns its own.
pub fn tables() -> &'static Tablebases {
    static TABLES: LazyLock<Tablebases> = LazyLock::new(private_tables);
    &TABLES
}

/// The table of `ending` in [`tables`], built or loaded now.
///
/// ```
/// use endgame_tables::dtm::Ending;
/// assert_eq!(matewise_test_kit::build(Ending::Kqk).longest_mate(), 10);
/// ```
pub fn build(ending: Ending) -> &'static Table {
    tables()
        .table(ending, Ready::Now)
        .expect("a table built on request")
}

/// A searcher of `hash_mb` and `threads` with [`tables`].
pub fn searcher(hash_mb: usize, threads: usize) -> Searcher {
    let mut searcher = Searcher::new(hash_mb, threads);
    searcher.set_tablebases(tables().clone());
    searcher
}

/// A search of `board` within `limits` with the default options, by a
/// fresh searcher of 16 MiB and one thread, with [`tables`].
pub fn search(board: &Board, limits: &Limits) -> SearchResult {
    search_lines(board, limits, &SearchOptions::default()).0
}

/// A search of `board` within `limits` and `options` by a fresh searcher
/// of 16 MiB and one thread, with [`tables`], and every line it reported.
pub fn search_lines(
    board: &Board,
    limits: &Limits,
    options: &SearchOptions,
) -> (SearchResult, Vec<SearchInfo>) {
    let mut lines = Vec::new();
    let mut searcher = searcher(16, 1);
    let result = search_with(
        &mut searcher,
        board,
        limits,
        options,
        &mut |info: &SearchInfo| lines.push(info.clone()),
    );
    (result, lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_are_seeded_and_legal() {
        let mut first = Vec::new();
        random_games(&Board::default(), 7, 3, 20, |b| first.push(b.to_fen()));
        let mut second = Vec::new();
        random_games(&Board::default(), 7, 3, 20, |b| second.push(b.to_fen()));
        assert_eq!(first, second);
        assert!(first.len() > 30);
    }

    #[test]
    fn a_buffer_hands_back_its_lines_once() {
        let buffer = Buffer::default();
        writeln!(buffer.clone(), "readyok\nbestmove e2e4").unwrap();
        assert_eq!(buffer.text(), "readyok\nbestmove e2e4\n");
        assert_eq!(buffer.take(), ["readyok", "bestmove e2e4"]);
        assert!(buffer.take().is_empty());
    }

    #[test]
    fn a_temporary_directory_goes_with_its_owner() {
        let dir = TempDir::new("test-kit");
        std::fs::create_dir_all(dir.path()).unwrap();
        let path = dir.path().to_path_buf();
        drop(dir);
        assert!(!path.exists());
    }
}
