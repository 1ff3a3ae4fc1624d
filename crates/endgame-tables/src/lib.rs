//! # endgame-tables
//!
//! Exact answers for the endings an evaluation cannot judge and a search
//! cannot see to the end of, solved in memory by retrograde analysis: no
//! file to download, nothing but [`movegen`] underneath.
//!
//! - [`dtm`]: distance to mate for king and queen or king and rook against
//!   a bare king, for a king and any two pieces against a bare king (K+Q+Q,
//!   K+Q+R, K+Q+B, K+Q+N, K+R+R, K+R+B, K+R+N, K+B+B, K+B+N), and for every
//!   pawnless ending of one piece against one (K+Q against K+R, ...), won
//!   by either side. A table is built in a background thread the first
//!   time [`dtm::probe`] meets its ending (paused while a search holds a
//!   [`dtm::searching`] guard), or in the calling thread with
//!   [`dtm::build_now`].
//! - [`cache`]: solved DTM tables kept in files (by default under
//!   `~/.cache/matewise`), which later processes load in milliseconds.
//! - [`kpk`]: which king-and-pawn against king positions win, a 24 KiB
//!   bitbase solved on first use.
//!
//! ```
//! use matewise_endgame_tables::dtm::{self, Dtm, Ending};
//! use matewise_endgame_tables::kpk;
//! use movegen::Board;
//!
//! // White to move mates in 8 moves: 15 plies.
//! # matewise_endgame_tables::cache::set_dir(None);
//! dtm::build_now(Ending::Kqk);
//! let queen = Board::from_fen("8/K7/8/8/Q7/6k1/8/8 w - - 0 1").unwrap();
//! assert_eq!(dtm::probe(&queen), Some(Dtm::MateIn(15)));
//!
//! // The defending king in front of the pawn with the opposition: drawn.
//! let pawn = Board::from_fen("8/3k4/8/3K4/3P4/8/8/8 w - - 0 1").unwrap();
//! assert_eq!(kpk::probe(&pawn), Some(false));
//! ```

pub mod cache;
pub mod dtm;
pub mod kpk;

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
