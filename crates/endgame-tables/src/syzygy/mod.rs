//! Syzygy tablebases: win/draw/loss and distance-to-zeroing answers for
//! positions of up to seven men, read from the files a user downloads
//! (`*.rtbw`, `*.rtbz`), through a prober the project can swap.
//!
//! - [`SyzygyTables::open`] takes a `SyzygyPath` value as GUIs send it
//!   (folders split on `:` on Unix, `;` on Windows; `""` or `<empty>`:
//!   none), checks every file ([`files`]) and returns the tables with one
//!   warning per folder or file left out, each fit for an `info string`.
//! - [`SyzygyProber`] is the project's own trait: the piece limit, a WDL
//!   probe, a root probe. [`SyzygyTables`] implements it on pyrrhic-rs.
//! - [`root`] ranks the root moves from a root probe, as Stockfish does, so
//!   that a search restricted to the best-ranked moves never throws a
//!   tablebase win away and converts within the fifty-move rule.
//!
//! Positions with castling rights or more men than the largest table are
//! never probed; a failed probe is no information (`None`).
//!
//! # One set of tables per process
//!
//! pyrrhic-rs keeps its tables in process-wide state. [`SyzygyTables`] is
//! an owned value, but while one lives, opening the same files again shares
//! its tables, and opening other files fails with a warning saying so:
//! drop every `SyzygyTables` first (the last one dropped frees the tables
//! and the private folder of links they were read through).
//!
//! ```
//! use matewise_endgame_tables::syzygy::{SyzygyProber, SyzygyTables, Wdl};
//! use matewise_endgame_tables::Board;
//!
//! let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/syzygy/3-4");
//! # let folder = std::env::var("MATEWISE_SYZYGY_DIR").map(|d| d + "/3-4").unwrap_or(folder.into());
//! let (tables, warnings) = SyzygyTables::open(&folder);
//! # if tables.is_none() { return; } // the shared test tables are not here
//! let tables = tables.unwrap();
//! assert!(warnings.is_empty());
//! assert_eq!(tables.max_pieces(), 4);
//! let board = Board::from_fen("8/8/8/8/8/2k5/8/KR6 w - - 0 1").unwrap();
//! assert_eq!(tables.probe_wdl(&board), Some(Wdl::Win));
//! ```

pub mod files;
mod layout;
mod pyrrhic;
pub mod root;

pub use files::{Material, PATH_SEPARATOR, split_paths};
pub use root::{RankedMove, rank_root_moves};

use movegen::{Board, Move};
use std::path::PathBuf;
use std::sync::Arc;

/// A tablebase's verdict for the side to move, the fifty-move rule counted
/// (from a position just after a capture or pawn move).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost.
    Loss,
    /// Lost, but the fifty-move rule saves the side to move.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won, but not within the fifty-move rule.
    CursedWin,
    /// Won.
    Win,
}

impl Wdl {
    /// The verdict for the other side.
    ///
    /// ```
    /// use matewise_endgame_tables::syzygy::Wdl;
    /// assert_eq!(Wdl::CursedWin.flipped(), Wdl::BlessedLoss);
    /// ```
    pub const fn flipped(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// -2 (loss) to 2 (win), as Syzygy numbers them.
    pub const fn signum2(self) -> i32 {
        self as i32 - 2
    }

    /// The verdict without the fifty-move rule: a cursed win is a win, a
    /// blessed loss a loss (for `Syzygy50MoveRule` false).
    pub const fn without_fifty_move_rule(self) -> Wdl {
        match self {
            Wdl::CursedWin => Wdl::Win,
            Wdl::BlessedLoss => Wdl::Loss,
            other => other,
        }
    }
}

/// One root move as a root probe values it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// The verdict after the move, for the side that made it, given the
    /// root's fifty-move count.
    pub wdl: Wdl,
    /// Plies from the root to the next capture or pawn move on the best
    /// line, positive where the mover wins, negative where it loses, 0 for
    /// a draw; 1 for a mate or a winning capture or pawn move (Stockfish's
    /// convention). `None` where only WDL tables answered.
    pub dtz: Option<i32>,
}

/// What a Syzygy prober offers the engine. [`SyzygyTables`] implements it
/// on pyrrhic-rs; another prober can take its place behind it.
pub trait SyzygyProber: Send + Sync {
    /// The most men (kings included) of any table held: positions with more
    /// are never probed.
    fn max_pieces(&self) -> u32;

    /// The verdict for the side to move, if its table is held and the
    /// position has no castling rights. Exact just after a zeroing move
    /// (capture or pawn move); otherwise it ignores the fifty-move count.
    fn probe_wdl(&self, board: &Board) -> Option<Wdl>;

    /// Every legal move valued with DTZ tables, or with WDL tables where
    /// DTZ tables are missing (`dtz: None`); `None` if the position is out
    /// of the tables, mate, stalemate, or a probe failed.
    fn probe_root(&self, board: &Board) -> Option<Vec<RootMove>>;
}

/// Syzygy tables opened from a `SyzygyPath`: an owned value, `Send` and
/// `Sync`, shared between search threads by reference or by clone (a clone
/// shares the tables; root probes work with any number of clones alive).
#[derive(Clone)]
pub struct SyzygyTables {
    shared: Arc<pyrrhic::Shared>,
    max_pieces: u32,
    files: Vec<PathBuf>,
}

impl std::fmt::Debug for SyzygyTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SyzygyTables")
            .field("max_pieces", &self.max_pieces)
            .field("files", &self.files.len())
            .finish()
    }
}

impl SyzygyTables {
    /// Opens the tables in the folders of `paths` (a `SyzygyPath` value,
    /// see [`split_paths`]). Returns them, or `None` if no WDL table was
    /// usable (or `paths` names no folder), and one warning per folder or
    /// file left out and why (a missing folder, a truncated, empty, damaged
    /// or misnamed file, a directory named like a table), each fit for an
    /// `info string`. Never panics on bad files.
    ///
    /// While another `SyzygyTables` lives in this process, opening the same
    /// files shares its tables; opening others returns `None` and a warning
    /// (see the [module documentation](self)).
    pub fn open(paths: &str) -> (Option<SyzygyTables>, Vec<String>) {
        let folders = split_paths(paths);
        if folders.is_empty() {
            return (None, Vec::new());
        }
        let found = files::scan(&folders);
        let mut warnings = found.warnings;
        if found.max_pieces == 0 {
            warnings.push(format!("no usable Syzygy WDL table (.rtbw) in {paths}"));
            return (None, warnings);
        }
        match pyrrhic::open(&found.files) {
            Ok(shared) => {
                let tables = SyzygyTables {
                    shared,
                    max_pieces: found.max_pieces,
                    files: found.files.into_values().collect(),
                };
                (Some(tables), warnings)
            }
            Err(warning) => {
                warnings.push(warning);
                (None, warnings)
            }
        }
    }

    /// The files in use, WDL and DTZ, after the checks.
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// Whether `board` may be probed: no castling rights, at most
    /// [`SyzygyProber::max_pieces`] men.
    pub fn in_range(&self, board: &Board) -> bool {
        board.castling_rights().is_empty() && board.occupied().len() <= self.max_pieces
    }
}

impl SyzygyProber for SyzygyTables {
    fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    fn probe_wdl(&self, board: &Board) -> Option<Wdl> {
        if !self.in_range(board) {
            return None;
        }
        self.shared.probe_wdl(board)
    }

    fn probe_root(&self, board: &Board) -> Option<Vec<RootMove>> {
        if !self.in_range(board) {
            return None;
        }
        if let Some(moves) = self.shared.probe_root(board) {
            return Some(
                moves
                    .into_iter()
                    .map(|(mv, wdl, dtz)| RootMove {
                        mv,
                        wdl,
                        dtz: Some(dtz),
                    })
                    .collect(),
            );
        }
        root::by_wdl(self, board)
    }
}
