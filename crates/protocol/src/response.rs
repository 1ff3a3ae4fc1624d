//! `Response`: every line the engine sends, and the option declarations of `uci`.

use crate::info::{Info, InfoError};
use crate::write::OneLine;
use core::fmt;
use movegen::UciMove;

/// One line from the engine to the GUI.
///
/// [`Display`](fmt::Display) writes the line without its newline; line
/// breaks inside free text (names, `info string`) become spaces, so a
/// response is always exactly one line.
///
/// ```
/// use matewise_protocol::{Response, UciMove};
///
/// let e2e4: UciMove = "e2e4".parse().unwrap();
/// let e7e5: UciMove = "e7e5".parse().unwrap();
/// assert_eq!(Response::IdName("Matewise 0.1".into()).to_string(), "id name Matewise 0.1");
/// assert_eq!(Response::BestMove { best: Some(e2e4), ponder: Some(e7e5) }.to_string(), "bestmove e2e4 ponder e7e5");
/// assert_eq!(Response::BestMove { best: None, ponder: None }.to_string(), "bestmove 0000");
/// assert_eq!(Response::InfoString("depth x: bad".into()).to_string(), "info string depth x: bad");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Response {
    /// `id name <name>`.
    IdName(String),
    /// `id author <author>`.
    IdAuthor(String),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `option name <name> type ...`.
    Option(UciOption),
    /// `bestmove <move> [ponder <move>]`. With no move (`best: None`, e.g.
    /// mate or stalemate at the root) this is `bestmove 0000` and `ponder`
    /// is not written.
    BestMove {
        /// The move to play.
        best: Option<UciMove>,
        /// The reply the engine expects and would like to ponder on.
        ponder: Option<UciMove>,
    },
    /// `info ...` with search data.
    Info(Info),
    /// `info string <text>`: free text for the user, always alone on its line.
    InfoString(String),
}

/// An option the engine declares in answer to `uci`.
///
/// ```
/// use matewise_protocol::{OptionKind, UciOption};
///
/// let hash = UciOption::new("Hash", OptionKind::Spin { default: 16, min: 1, max: 33_554_432 });
/// assert_eq!(hash.to_string(), "option name Hash type spin default 16 min 1 max 33554432");
/// let path = UciOption::new("SyzygyPath", OptionKind::String { default: String::new() });
/// assert_eq!(path.to_string(), "option name SyzygyPath type string default <empty>");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UciOption {
    /// The name, as the GUI will show it and send it back in `setoption`.
    pub name: String,
    /// The type, default and range.
    pub kind: OptionKind,
}

/// The type of a [`UciOption`] with its default (and range or choices).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `type check default true|false`.
    Check {
        /// The default.
        default: bool,
    },
    /// `type spin default <n> min <n> max <n>`.
    Spin {
        /// The default.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// `type combo default <s> var <s> var <s>...`.
    Combo {
        /// The default, one of `vars`.
        default: String,
        /// The choices.
        vars: Vec<String>,
    },
    /// `type button`: an action, no value.
    Button,
    /// `type string default <s>`; an empty default is written `<empty>`.
    String {
        /// The default.
        default: String,
    },
}

impl UciOption {
    /// An option with this name and kind.
    pub fn new(name: impl Into<String>, kind: OptionKind) -> UciOption {
        UciOption {
            name: name.into(),
            kind,
        }
    }
}

impl Response {
    /// Reads a line that starts with `info`: `info string <text>` is
    /// [`Response::InfoString`] with the text as written (after one
    /// space), any other is [`Response::Info`] by [`Info::parse`].
    ///
    /// ```
    /// use matewise_protocol::{Info, Response};
    ///
    /// assert_eq!(
    ///     Response::parse_info("info string hello  world")?,
    ///     Response::InfoString("hello  world".into())
    /// );
    /// assert_eq!(
    ///     Response::parse_info("info nodes 10")?,
    ///     Response::Info(Info { nodes: Some(10), ..Info::default() })
    /// );
    /// # Ok::<(), matewise_protocol::InfoError>(())
    /// ```
    pub fn parse_info(line: &str) -> Result<Response, InfoError> {
        match line.strip_prefix("info string") {
            Some("") => Ok(Response::InfoString(String::new())),
            Some(rest) if rest.starts_with(' ') => Ok(Response::InfoString(rest[1..].to_string())),
            _ => Info::parse(line).map(Response::Info),
        }
    }
}

impl From<Info> for Response {
    fn from(info: Info) -> Response {
        Response::Info(info)
    }
}

impl From<UciOption> for Response {
    fn from(option: UciOption) -> Response {
        Response::Option(option)
    }
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Response::IdName(name) => write!(f, "id name {}", OneLine(name)),
            Response::IdAuthor(author) => write!(f, "id author {}", OneLine(author)),
            Response::UciOk => f.write_str("uciok"),
            Response::ReadyOk => f.write_str("readyok"),
            Response::Option(option) => write!(f, "{option}"),
            Response::BestMove { best: None, .. } => f.write_str("bestmove 0000"),
            Response::BestMove {
                best: Some(best),
                ponder,
            } => {
                write!(f, "bestmove {best}")?;
                match ponder {
                    Some(ponder) => write!(f, " ponder {ponder}"),
                    None => Ok(()),
                }
            }
            Response::Info(info) => write!(f, "{info}"),
            Response::InfoString(text) => write!(f, "info string {}", OneLine(text)),
        }
    }
}

impl fmt::Display for UciOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", OneLine(&self.name))?;
        match &self.kind {
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {}", OneLine(default))?;
                for var in vars {
                    write!(f, " var {}", OneLine(var))?;
                }
                Ok(())
            }
            OptionKind::Button => f.write_str("button"),
            OptionKind::String { default } if default.is_empty() => {
                f.write_str("string default <empty>")
            }
            OptionKind::String { default } => write!(f, "string default {}", OneLine(default)),
        }
    }
}
