//! # protocol
//!
//! UCI text to typed commands and typed engine output back to text. No I/O,
//! no engine state: the engine reads a line, calls [`parse`], acts on the
//! [`Command`], and prints [`Response`]s.
//!
//! - [`parse`] / [`Command::parse`]: one line in, `Ok(Some(Command))`,
//!   `Ok(None)` for a blank line, or a [`ParseError`] whose `Display` is a
//!   sentence fit for `info string`.
//! - [`Command`] covers all of UCI (`uci`, `debug`, `isready`, `setoption`,
//!   `register`, `ucinewgame`, `position`, `go`, `stop`, `ponderhit`, `quit`)
//!   and Matewise's own `bench [depth]`, `d`, `eval [full]` and `glance`.
//!   Its `Display` is the canonical text, which parses back to the same command.
//! - [`GoParams`] holds every `go` parameter; clock times are `i64`
//!   milliseconds as sent, negative ones included.
//! - [`Response`] is every line the engine sends: `id`, `uciok`, `readyok`,
//!   [`UciOption`] declarations, `bestmove`, [`Info`] and `info string`.
//! - [`Info::parse`] reads an `info` line back (whatever [`Info`] writes
//!   parses to an equal one), and [`Response::parse_info`] `info string`
//!   too; an unreadable line is an [`InfoError`].
//! - [`Declared`] and [`uci_options!`]: each option declared once; its `uci`
//!   listing, `setoption` checking and default all follow from that.
//! - Moves are [`UciMove`]s (re-exported from `movegen`): text checked for
//!   shape only; the board decides legality.
//!
//! ```
//! use matewise_protocol::{Command, Info, Response, Score, Setup};
//!
//! match matewise_protocol::parse("position startpos moves e2e4 e7e5")? {
//!     Some(Command::Position { setup, moves }) => {
//!         assert_eq!(setup, Setup::StartPos);
//!         assert_eq!(moves.len(), 2);
//!     }
//!     other => panic!("unexpected {other:?}"),
//! }
//!
//! // A bad line becomes an error the engine can report.
//! let err = matewise_protocol::parse("go wtime abc").unwrap_err();
//! let report = Response::InfoString(err.to_string());
//! assert_eq!(report.to_string(), "info string go wtime: 'abc' is not a whole number of milliseconds");
//!
//! let info = Info {
//!     depth: Some(1),
//!     score: Some(Score::Cp(20)),
//!     nodes: Some(20),
//!     pv: vec!["e2e4".parse().unwrap()],
//!     ..Info::default()
//! };
//! assert_eq!(Response::from(info).to_string(), "info depth 1 score cp 20 nodes 20 pv e2e4");
//! # Ok::<(), matewise_protocol::ParseError>(())
//! ```

mod command;
mod declared;
mod error;
mod go;
mod info;
mod parse;
mod response;
mod write;

pub use command::{Command, Registration, Setup};
pub use declared::{Declared, find_option};
pub use error::ParseError;
pub use go::GoParams;
pub use info::{Bound, Info, InfoError, Score, Wdl};
/// The board crate, re-exported whole: whatever a caller needs of it is
/// here, of the very version this crate takes.
pub use movegen;
/// What commands and responses hold: moves as text, and a side for
/// [`GoParams::time_left`].
pub use movegen::{Color, UciMove};
pub use parse::parse;
pub use response::{OptionKind, Response, UciOption};

/// The README's example runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
