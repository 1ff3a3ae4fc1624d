//! `GoParams`: the limits of a `go` command, its parser and its text form.

use crate::error::ParseError;
use crate::write::{field, moves};
use core::fmt;
use core::str::FromStr;
use movegen::{Color, UciMove};

/// The parameters of `go`. `GoParams::default()` is a bare `go`.
///
/// Clock values (`wtime`, `btime`, `winc`, `binc`, `movetime`) are `i64`
/// milliseconds exactly as sent: some GUIs send negative times when a player
/// is over the limit, and the time manager is the place to clamp them.
///
/// ```
/// use matewise_protocol::{Command, GoParams};
/// use movegen::Color;
///
/// let Some(Command::Go(go)) = Command::parse("go wtime 300000 btime -20 winc 0 binc 0 movestogo 40")? else {
///     unreachable!()
/// };
/// assert_eq!(go.time_left(Color::White), Some(300_000));
/// assert_eq!(go.time_left(Color::Black), Some(-20));
/// assert_eq!(go.increment(Color::Black), Some(0));
/// assert_eq!(go.movestogo, Some(40));
/// assert_eq!(go, GoParams { wtime: Some(300_000), btime: Some(-20), winc: Some(0), binc: Some(0), movestogo: Some(40), ..GoParams::default() });
/// # Ok::<(), matewise_protocol::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoParams {
    /// `searchmoves <move>...`: search only these root moves (empty: all moves).
    pub searchmoves: Vec<UciMove>,
    /// `ponder`: search in ponder mode until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `wtime <ms>`: White's remaining time.
    pub wtime: Option<i64>,
    /// `btime <ms>`: Black's remaining time.
    pub btime: Option<i64>,
    /// `winc <ms>`: White's increment per move.
    pub winc: Option<i64>,
    /// `binc <ms>`: Black's increment per move.
    pub binc: Option<i64>,
    /// `movestogo <n>`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `depth <plies>`: search this deep only.
    pub depth: Option<u32>,
    /// `nodes <n>`: search this many nodes only.
    pub nodes: Option<u64>,
    /// `mate <moves>`: look for a mate in this many moves.
    pub mate: Option<u32>,
    /// `movetime <ms>`: search exactly this long.
    pub movetime: Option<i64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `perft <depth>` (Matewise, as Stockfish): count leaf nodes instead of searching.
    pub perft: Option<u32>,
}

impl GoParams {
    /// The remaining time of `side` in milliseconds (`wtime` or `btime`).
    pub fn time_left(&self, side: Color) -> Option<i64> {
        match side {
            Color::White => self.wtime,
            Color::Black => self.btime,
        }
    }

    /// The increment of `side` in milliseconds (`winc` or `binc`).
    pub fn increment(&self, side: Color) -> Option<i64> {
        match side {
            Color::White => self.winc,
            Color::Black => self.binc,
        }
    }
}

/// The words that start a `go` parameter; they also end a `searchmoves` list.
pub(crate) const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// Parses the tokens after `go`. Unknown tokens are skipped, a repeated
/// parameter keeps its last value.
pub(crate) fn parse_go(tokens: &[&str]) -> Result<GoParams, ParseError> {
    let mut go = GoParams::default();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        i += 1;
        match token {
            "searchmoves" => {
                go.searchmoves.clear();
                while let Some(&text) = tokens.get(i) {
                    if GO_KEYWORDS.contains(&text) {
                        break;
                    }
                    let mv = text.parse().map_err(|_| ParseError::InvalidMove {
                        command: "go",
                        index: go.searchmoves.len(),
                        token: text.to_string(),
                    })?;
                    go.searchmoves.push(mv);
                    i += 1;
                }
            }
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            "wtime" => go.wtime = Some(value(tokens, &mut i, "wtime")?),
            "btime" => go.btime = Some(value(tokens, &mut i, "btime")?),
            "winc" => go.winc = Some(value(tokens, &mut i, "winc")?),
            "binc" => go.binc = Some(value(tokens, &mut i, "binc")?),
            "movestogo" => go.movestogo = Some(value(tokens, &mut i, "movestogo")?),
            "depth" => go.depth = Some(value(tokens, &mut i, "depth")?),
            "nodes" => go.nodes = Some(value(tokens, &mut i, "nodes")?),
            "mate" => go.mate = Some(value(tokens, &mut i, "mate")?),
            "movetime" => go.movetime = Some(value(tokens, &mut i, "movetime")?),
            "perft" => go.perft = Some(value(tokens, &mut i, "perft")?),
            _ => {} // UCI: unknown tokens are ignored.
        }
    }
    Ok(go)
}

/// The number after `param`; a keyword or the line's end there means it is missing.
fn value<T: FromStr>(tokens: &[&str], i: &mut usize, param: &'static str) -> Result<T, ParseError> {
    match tokens.get(*i) {
        Some(text) if !GO_KEYWORDS.contains(text) => {
            *i += 1;
            text.parse().map_err(|_| ParseError::InvalidValue {
                command: "go",
                param,
                value: text.to_string(),
            })
        }
        _ => Err(ParseError::MissingValue {
            command: "go",
            param,
        }),
    }
}

/// `go` and its parameters; `searchmoves` comes last so that engines which
/// read moves to the end of the line also understand it.
impl fmt::Display for GoParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        if self.ponder {
            f.write_str(" ponder")?;
        }
        field(f, "wtime", self.wtime)?;
        field(f, "btime", self.btime)?;
        field(f, "winc", self.winc)?;
        field(f, "binc", self.binc)?;
        field(f, "movestogo", self.movestogo)?;
        field(f, "depth", self.depth)?;
        field(f, "nodes", self.nodes)?;
        field(f, "mate", self.mate)?;
        field(f, "movetime", self.movetime)?;
        field(f, "perft", self.perft)?;
        if self.infinite {
            f.write_str(" infinite")?;
        }
        moves(f, "searchmoves", &self.searchmoves)
    }
}
