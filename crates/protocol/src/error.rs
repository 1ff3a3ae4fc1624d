//! `ParseError`: why a line from the GUI is not a command Matewise can run.

use core::fmt;

/// Why a line could not be parsed into a [`Command`](crate::Command).
///
/// Every variant names the command and the offending token, and its
/// [`Display`](fmt::Display) is a short English sentence meant to be sent back
/// as `info string <error>`.
///
/// ```
/// use matewise_protocol::{Command, ParseError};
///
/// let err = Command::parse("go depth x").unwrap_err();
/// assert_eq!(
///     err,
///     ParseError::InvalidValue { command: "go", param: "depth", value: "x".into() }
/// );
/// assert_eq!(err.to_string(), "go depth: 'x' is not a whole number of plies (0 or more)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParseError {
    /// No token of the line is a command word; holds the line's first token.
    UnknownCommand(String),
    /// A parameter that takes a value came last, or was followed by another keyword
    /// (`go depth`, `go wtime infinite`).
    MissingValue {
        /// The command word (`go`, `bench`).
        command: &'static str,
        /// The parameter whose value is missing (`depth`, `wtime`).
        param: &'static str,
    },
    /// A parameter's value is not a number of the right kind (`go depth x`, `go nodes -5`).
    InvalidValue {
        /// The command word.
        command: &'static str,
        /// The parameter the value belongs to.
        param: &'static str,
        /// The token that was given.
        value: String,
    },
    /// The command needs a word or argument that is not there (`debug`, `position`,
    /// `position fen`, `setoption name`).
    MissingArgument {
        /// The command word.
        command: &'static str,
        /// What was expected, in words (`on or off`).
        expected: &'static str,
    },
    /// The command found a token where a particular word belongs
    /// (`debug maybe`, `position sideways`).
    InvalidArgument {
        /// The command word.
        command: &'static str,
        /// What was expected, in words.
        expected: &'static str,
        /// The token that was found.
        found: String,
    },
    /// A move in `position ... moves` or `go searchmoves` is not UCI move text.
    InvalidMove {
        /// The command word (`position` or `go`).
        command: &'static str,
        /// The 0-based index of the move within its move list.
        index: usize,
        /// The malformed token.
        token: String,
    },
}

/// What a parameter's value should look like, for error messages.
fn value_kind(param: &str) -> &'static str {
    match param {
        "wtime" | "btime" | "winc" | "binc" | "movetime" => "a whole number of milliseconds",
        "depth" | "perft" => "a whole number of plies (0 or more)",
        "mate" | "movestogo" => "a whole number of moves (0 or more)",
        "nodes" => "a whole number of nodes (0 or more)",
        _ => "a whole number (0 or more)",
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::UnknownCommand(word) => write!(f, "unknown command '{word}'"),
            ParseError::MissingValue { command, param } => {
                write!(
                    f,
                    "{command} {param}: missing value, expected {}",
                    value_kind(param)
                )
            }
            ParseError::InvalidValue {
                command,
                param,
                value,
            } => write!(
                f,
                "{command} {param}: '{value}' is not {}",
                value_kind(param)
            ),
            ParseError::MissingArgument { command, expected } => {
                write!(f, "{command}: missing {expected}")
            }
            ParseError::InvalidArgument {
                command,
                expected,
                found,
            } => write!(f, "{command}: expected {expected}, found '{found}'"),
            ParseError::InvalidMove {
                command,
                index,
                token,
            } => write!(
                f,
                "{command}: '{token}' (index {index} in the move list) is not a UCI move like e2e4, e7e8q or 0000"
            ),
        }
    }
}

impl std::error::Error for ParseError {}
