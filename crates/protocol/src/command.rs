//! `Command`: everything a GUI (or a user at the console) can ask of the engine,
//! and its canonical text form.

use crate::go::GoParams;
use crate::write::moves as write_moves;
use core::fmt;
use movegen::UciMove;

/// One line from the GUI, typed.
///
/// Parse with [`Command::parse`]; [`Display`](fmt::Display) writes the
/// canonical text, which parses back to the same command.
///
/// ```
/// use matewise_protocol::{Command, Setup};
/// use movegen::UciMove;
///
/// let cmd = Command::parse("position startpos moves e2e4")?.unwrap();
/// let e2e4: UciMove = "e2e4".parse().unwrap();
/// assert_eq!(cmd, Command::Position { setup: Setup::StartPos, moves: vec![e2e4] });
/// assert_eq!(cmd.to_string(), "position startpos moves e2e4");
/// # Ok::<(), matewise_protocol::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `uci`: identify, list the options, answer `uciok`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok` once ready.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    ///
    /// Both name and value may contain spaces (runs of whitespace become one
    /// space). `value` with nothing after it gives `Some("")`; no `value`
    /// keyword at all (a button, such as `Clear Hash`) gives `None`. The name
    /// keeps the GUI's spelling; UCI option names are matched case-insensitively,
    /// which is the engine's business.
    SetOption {
        /// The option's name, e.g. `Move Overhead`.
        name: String,
        /// The value text, if any, e.g. `100`.
        value: Option<String>,
    },
    /// `register later` or `register name <name> code <code>`.
    Register(Registration),
    /// `ucinewgame`: the next search is from a different game.
    UciNewGame,
    /// `position startpos|fen <FEN> [moves <move>...]`.
    Position {
        /// Where the game starts.
        setup: Setup,
        /// The moves played since, as text; the engine checks them on the board.
        moves: Vec<UciMove>,
    },
    /// `go ...`: search (or, with `perft`, count) with these limits.
    Go(GoParams),
    /// `stop`: finish the search and send `bestmove`.
    Stop,
    /// `ponderhit`: the opponent played the expected move; keep searching, now on the clock.
    PonderHit,
    /// `quit`.
    Quit,
    /// Matewise: `bench [depth]`, the fixed benchmark (default depth when `None`).
    Bench {
        /// The search depth per position, if given.
        depth: Option<u32>,
    },
    /// Matewise: `d`, print the current position.
    D,
    /// Matewise: `eval [full]`, print the static evaluation (`full`: every term).
    Eval {
        /// True for `eval full`.
        full: bool,
    },
    /// Matewise: `glance`, print the Mate-at-a-Glance findings for the current position.
    Glance,
}

/// The starting point of a `position` command.
///
/// ```
/// use matewise_protocol::Setup;
/// assert_eq!(Setup::StartPos.fen(), movegen::START_FEN);
/// let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
/// assert_eq!(Setup::Fen(fen.to_string()).fen(), fen);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Setup {
    /// `startpos`: the standard initial position.
    StartPos,
    /// `fen <FEN>`: the FEN's fields joined by single spaces, not yet validated.
    Fen(String),
}

impl Setup {
    /// The FEN to load: [`movegen::START_FEN`] for `startpos`.
    pub fn fen(&self) -> &str {
        match self {
            Setup::StartPos => movegen::START_FEN,
            Setup::Fen(fen) => fen,
        }
    }
}

/// The argument of `register`.
///
/// ```
/// use matewise_protocol::{Command, Registration};
/// let cmd = Command::parse("register name Stefan MK code 4359874324")?.unwrap();
/// assert_eq!(
///     cmd,
///     Command::Register(Registration::Details {
///         name: Some("Stefan MK".into()),
///         code: Some("4359874324".into()),
///     })
/// );
/// # Ok::<(), matewise_protocol::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Registration {
    /// `register later`.
    Later,
    /// `register [name <name>] [code <code>]`; at least one is present.
    Details {
        /// The name, spaces allowed.
        name: Option<String>,
        /// The code, spaces allowed.
        code: Option<String>,
    },
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::Debug(on) => f.write_str(if *on { "debug on" } else { "debug off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(value) => write!(f, " value {value}"),
                    None => Ok(()),
                }
            }
            Command::Register(registration) => write!(f, "register {registration}"),
            Command::UciNewGame => f.write_str("ucinewgame"),
            Command::Position { setup, moves } => {
                match setup {
                    Setup::StartPos => f.write_str("position startpos")?,
                    Setup::Fen(fen) => write!(f, "position fen {fen}")?,
                }
                write_moves(f, "moves", moves)
            }
            Command::Go(params) => write!(f, "{params}"),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
            Command::Bench { depth: None } => f.write_str("bench"),
            Command::Bench { depth: Some(d) } => write!(f, "bench {d}"),
            Command::D => f.write_str("d"),
            Command::Eval { full: false } => f.write_str("eval"),
            Command::Eval { full: true } => f.write_str("eval full"),
            Command::Glance => f.write_str("glance"),
        }
    }
}

impl fmt::Display for Registration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Registration::Later => f.write_str("later"),
            Registration::Details { name, code } => {
                let mut sep = "";
                if let Some(name) = name {
                    write!(f, "name {name}")?;
                    sep = " ";
                }
                if let Some(code) = code {
                    write!(f, "{sep}code {code}")?;
                }
                Ok(())
            }
        }
    }
}
