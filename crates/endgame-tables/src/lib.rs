//! # endgame-tables
//!
//! Exact answers for the endings an evaluation cannot judge and a search
//! cannot see to the end of, solved in memory by retrograde analysis: no
//! file to download, nothing but [`movegen`] underneath.
//!
//! - [`Tablebases`]: the one handle to all of them that an engine owns
//!   and its searches share: one way to ask for a table ([`Ready`]), one
//!   way to probe a position ([`Tablebases::probe`]), and nothing
//!   process-wide.
//! - [`dtm`]: distance to mate for every ending of up to four men that is
//!   not a dead draw: king and queen, rook or pawn against a bare king; a
//!   king and any two pieces or pawns against a bare king (K+Q+Q, ...,
//!   K+B+N, K+Q+P, ..., K+P+P); and one piece or pawn against one piece
//!   or pawn (K+Q against K+R, ..., K+Q against K+P, K+P against K+P), won
//!   by either side. A table is built in a background thread the first
//!   time a probe meets its ending (paused while a search holds a
//!   [`Tablebases::searching`] guard), or in the calling thread with
//!   [`Ready::Now`].
//! - [`cache`]: solved DTM tables kept in files (by default under
//!   `~/.cache/matewise`), which later processes load in milliseconds.
//! - [`syzygy`]: Syzygy tablebase files (`*.rtbw`, `*.rtbz`) from a
//!   `SyzygyPath`, each checked before use, probed through the project's
//!   [`syzygy::SyzygyProber`] trait (pyrrhic-rs underneath), and the root
//!   moves ranked by them.
//! - [`kpk`]: which king-and-pawn against king positions win, a 24 KiB
//!   bitbase solved on first use.
//! - [`Board`] and [`Color`] are `movegen`'s, re-exported, and so is the
//!   whole of [`movegen`]: a user needs no other dependency.
//!
//! ```
//! use matewise_endgame_tables::dtm::{Dtm, Ending};
//! use matewise_endgame_tables::{Board, Ready, Tablebases, kpk};
//!
//! // White to move mates in 8 moves: 15 plies.
//! let tables = Tablebases::in_memory();
//! tables.table(Ending::Kqk, Ready::Now);
//! let queen = Board::from_fen("8/K7/8/8/Q7/6k1/8/8 w - - 0 1").unwrap();
//! assert_eq!(tables.dtm(&queen), Some(Dtm::MateIn(15)));
//!
//! // The defending king in front of the pawn with the opposition: drawn.
//! let pawn = Board::from_fen("8/3k4/8/3K4/3P4/8/8/8 w - - 0 1").unwrap();
//! assert_eq!(kpk::probe(&pawn), Some(false));
//! ```

pub mod cache;
pub mod dtm;
pub mod kpk;
pub mod syzygy;
mod tablebases;

pub use dtm::SearchGuard;
pub use tablebases::{Ready, TableAnswer, Tablebases};

/// The board crate, re-exported whole: whatever a caller needs of it is
/// here, of the very version these tables take.
pub use movegen;
/// What the tables take: the position to probe, the strong side.
pub use movegen::{Board, Color};

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
