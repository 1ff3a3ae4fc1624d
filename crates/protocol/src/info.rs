//! `Info`: the fields of an `info` line, written in Stockfish's order.

use crate::write::{field, moves};
use core::fmt;
use movegen::UciMove;

/// A search score from the engine's point of view.
///
/// ```
/// use matewise_protocol::Score;
/// assert_eq!(Score::Cp(-35).to_string(), "cp -35");
/// assert_eq!(Score::Mate(-2).to_string(), "mate -2");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (not plies); negative when the engine is getting mated.
    Mate(i32),
}

/// Whether a score is exact or only a bound (after a fail-high or fail-low).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The score is exact; nothing is written.
    #[default]
    Exact,
    /// The true score is at least this (`lowerbound`).
    Lower,
    /// The true score is at most this (`upperbound`).
    Upper,
}

/// Win/draw/loss expectation in permille, from the engine's point of view.
///
/// ```
/// use matewise_protocol::Wdl;
/// assert_eq!(Wdl { win: 500, draw: 450, loss: 50 }.to_string(), "wdl 500 450 50");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wdl {
    /// Chance of winning, ‰.
    pub win: u32,
    /// Chance of a draw, ‰.
    pub draw: u32,
    /// Chance of losing, ‰.
    pub loss: u32,
}

/// An `info` line: any subset of its fields. `Info::default()` has none.
///
/// [`Display`](fmt::Display) writes `info` and the present fields in
/// Stockfish's order: `depth seldepth multipv score [bound] wdl nodes nps
/// hashfull tbhits time currmove currmovenumber pv`, with `pv` last. The
/// bound is written only with a score. `info string` is a separate
/// [`Response::InfoString`](crate::Response::InfoString), since it must
/// stand alone.
///
/// ```
/// use matewise_protocol::{Bound, Info, Score};
///
/// let info = Info {
///     depth: Some(12),
///     seldepth: Some(18),
///     score: Some(Score::Cp(31)),
///     bound: Bound::Lower,
///     nodes: Some(123_456),
///     time: Some(87),
///     pv: vec!["e2e4".parse().unwrap(), "e7e5".parse().unwrap()],
///     ..Info::default()
/// };
/// assert_eq!(
///     info.to_string(),
///     "info depth 12 seldepth 18 score cp 31 lowerbound nodes 123456 time 87 pv e2e4 e7e5"
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Info {
    /// Search depth in plies.
    pub depth: Option<u32>,
    /// Selective (deepest) depth in plies.
    pub seldepth: Option<u32>,
    /// Which of the best lines this is, from 1.
    pub multipv: Option<u32>,
    /// The score.
    pub score: Option<Score>,
    /// Whether `score` is exact or a bound; ignored without a score.
    pub bound: Bound,
    /// Win/draw/loss expectation.
    pub wdl: Option<Wdl>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Hash table fill in permille.
    pub hashfull: Option<u32>,
    /// Tablebase hits.
    pub tbhits: Option<u64>,
    /// Time searched in milliseconds.
    pub time: Option<u64>,
    /// The root move being searched.
    pub currmove: Option<UciMove>,
    /// Its number among the root moves, from 1.
    pub currmovenumber: Option<u32>,
    /// The principal variation (empty: not written).
    pub pv: Vec<UciMove>,
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "wdl {} {} {}", self.win, self.draw, self.loss)
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        field(f, "depth", self.depth)?;
        field(f, "seldepth", self.seldepth)?;
        field(f, "multipv", self.multipv)?;
        if let Some(score) = self.score {
            write!(f, " score {score}")?;
            match self.bound {
                Bound::Exact => {}
                Bound::Lower => f.write_str(" lowerbound")?,
                Bound::Upper => f.write_str(" upperbound")?,
            }
        }
        if let Some(wdl) = self.wdl {
            write!(f, " {wdl}")?;
        }
        field(f, "nodes", self.nodes)?;
        field(f, "nps", self.nps)?;
        field(f, "hashfull", self.hashfull)?;
        field(f, "tbhits", self.tbhits)?;
        field(f, "time", self.time)?;
        field(f, "currmove", self.currmove)?;
        field(f, "currmovenumber", self.currmovenumber)?;
        moves(f, "pv", &self.pv)
    }
}

/// Why a line is not an `info` line that [`Info::parse`] can read.
///
/// Its [`Display`](fmt::Display) names the field and the offending token.
///
/// ```
/// use matewise_protocol::{Info, InfoError};
///
/// let err = Info::parse("info depth 7 nodes many").unwrap_err();
/// assert_eq!(err, InfoError::InvalidValue { field: "nodes", value: "many".into() });
/// assert_eq!(err.to_string(), "info nodes: 'many' is not a whole number (0 or more)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InfoError {
    /// The line's first word is not `info`; holds that word (empty for a blank line).
    NotInfo(String),
    /// `info string ...`: free text, not search data. Read it with
    /// [`Response::parse_info`](crate::Response::parse_info), which gives
    /// [`Response::InfoString`](crate::Response::InfoString).
    InfoString,
    /// A word that is no UCI `info` field.
    UnknownField(String),
    /// A field given twice on one line.
    RepeatedField(&'static str),
    /// A field whose value is missing (it came last, or another field follows).
    MissingValue {
        /// The field (`depth`, `score`, `pv`).
        field: &'static str,
    },
    /// A field whose value is not of the right kind (`depth x`, `score cp 1.5`,
    /// `score pawns 3`).
    InvalidValue {
        /// The field.
        field: &'static str,
        /// The token that was given.
        value: String,
    },
    /// A move in `pv`, `currmove`, `refutation` or `currline` is not UCI move text.
    InvalidMove {
        /// The field.
        field: &'static str,
        /// The malformed token.
        token: String,
    },
}

impl fmt::Display for InfoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InfoError::NotInfo(word) if word.is_empty() => {
                f.write_str("an empty line is not an info line")
            }
            InfoError::NotInfo(word) => write!(f, "'{word}' is not an info line"),
            InfoError::InfoString => f.write_str("info string is free text, not search data"),
            InfoError::UnknownField(word) => write!(f, "info: unknown field '{word}'"),
            InfoError::RepeatedField(field) => write!(f, "info {field}: given twice"),
            InfoError::MissingValue { field } => {
                write!(
                    f,
                    "info {field}: missing value, expected {}",
                    value_kind(field)
                )
            }
            InfoError::InvalidValue { field, value } => {
                write!(f, "info {field}: '{value}' is not {}", value_kind(field))
            }
            InfoError::InvalidMove { field, token } => write!(
                f,
                "info {field}: '{token}' is not a UCI move like e2e4, e7e8q or 0000"
            ),
        }
    }
}

impl std::error::Error for InfoError {}

/// What a field's value should look like, for error messages.
fn value_kind(field: &str) -> &'static str {
    match field {
        "score" => "cp or mate and a whole number",
        "wdl" => "three whole numbers (permille)",
        "pv" | "currmove" | "refutation" | "currline" => "UCI moves",
        _ => "a whole number (0 or more)",
    }
}

/// Every field word of an `info` line (UCI's, and `wdl`), for telling a
/// field from a move.
const FIELDS: [&str; 18] = [
    "depth",
    "seldepth",
    "multipv",
    "score",
    "wdl",
    "nodes",
    "nps",
    "hashfull",
    "tbhits",
    "time",
    "currmove",
    "currmovenumber",
    "pv",
    "sbhits",
    "cpuload",
    "refutation",
    "currline",
    "string",
];

/// The words of one line, read left to right.
struct Words<'a> {
    words: Vec<&'a str>,
    at: usize,
}

impl<'a> Words<'a> {
    fn next(&mut self) -> Option<&'a str> {
        let word = self.words.get(self.at).copied();
        self.at += 1;
        word
    }

    fn peek(&self) -> Option<&'a str> {
        self.words.get(self.at).copied()
    }

    /// The next word as a value of `field`: a word that is not itself a field.
    fn value(&mut self, field: &'static str) -> Result<&'a str, InfoError> {
        match self.peek() {
            Some(word) if !FIELDS.contains(&word) => {
                self.at += 1;
                Ok(word)
            }
            _ => Err(InfoError::MissingValue { field }),
        }
    }

    fn number<T: core::str::FromStr>(&mut self, field: &'static str) -> Result<T, InfoError> {
        let word = self.value(field)?;
        word.parse().map_err(|_| InfoError::InvalidValue {
            field,
            value: word.to_string(),
        })
    }

    fn uci_move(&mut self, field: &'static str) -> Result<UciMove, InfoError> {
        let word = self.value(field)?;
        word.parse().map_err(|_| InfoError::InvalidMove {
            field,
            token: word.to_string(),
        })
    }

    /// Moves up to the next field or the end of the line; at least one.
    fn moves(&mut self, field: &'static str) -> Result<Vec<UciMove>, InfoError> {
        let mut moves = vec![self.uci_move(field)?];
        while self.peek().is_some_and(|w| !FIELDS.contains(&w)) {
            moves.push(self.uci_move(field)?);
        }
        Ok(moves)
    }
}

/// Sets `slot` once; a second time is [`InfoError::RepeatedField`].
fn set<T>(slot: &mut Option<T>, field: &'static str, value: T) -> Result<(), InfoError> {
    if slot.is_some() {
        return Err(InfoError::RepeatedField(field));
    }
    *slot = Some(value);
    Ok(())
}

impl Info {
    /// Reads an `info` line: the inverse of [`Display`](fmt::Display), so
    /// whatever `Info` writes parses back equal (with a score; a `bound`
    /// without one is not written, so it reads back [`Bound::Exact`]).
    ///
    /// Lines from other engines read too: fields may come in any order,
    /// and UCI's fields that `Info` has no place for (`sbhits`, `cpuload`,
    /// `refutation`, `currline`) are checked and dropped. Anything else is
    /// an [`InfoError`]: an unknown word, a field given twice, a bad
    /// number or move, and `info string` (free text; see
    /// [`Response::parse_info`](crate::Response::parse_info)).
    ///
    /// ```
    /// use matewise_protocol::{Bound, Info, Score};
    ///
    /// let info = Info::parse("info depth 12 score mate 3 lowerbound nodes 5000 pv a1a8 g8h7 a8h8")?;
    /// assert_eq!(info.depth, Some(12));
    /// assert_eq!((info.score, info.bound), (Some(Score::Mate(3)), Bound::Lower));
    /// assert_eq!(info.pv.len(), 3);
    /// assert_eq!(info.to_string().parse::<Info>()?, info);
    /// # Ok::<(), matewise_protocol::InfoError>(())
    /// ```
    pub fn parse(line: &str) -> Result<Info, InfoError> {
        let mut words = Words {
            words: line.split_whitespace().collect(),
            at: 0,
        };
        match words.next() {
            Some("info") => {}
            first => return Err(InfoError::NotInfo(first.unwrap_or("").to_string())),
        }
        let mut info = Info::default();
        let mut pv = None;
        let (mut sbhits, mut cpuload, mut refutation, mut currline) = (None, None, None, None);
        while let Some(word) = words.next() {
            match word {
                "depth" => set(&mut info.depth, "depth", words.number("depth")?)?,
                "seldepth" => set(&mut info.seldepth, "seldepth", words.number("seldepth")?)?,
                "multipv" => set(&mut info.multipv, "multipv", words.number("multipv")?)?,
                "score" => {
                    let kind = words.value("score")?;
                    let value: i32 = words.number("score")?;
                    let score = match kind {
                        "cp" => Score::Cp(value),
                        "mate" => Score::Mate(value),
                        _ => {
                            return Err(InfoError::InvalidValue {
                                field: "score",
                                value: kind.to_string(),
                            });
                        }
                    };
                    set(&mut info.score, "score", score)?;
                    info.bound = match words.peek() {
                        Some("lowerbound") => Bound::Lower,
                        Some("upperbound") => Bound::Upper,
                        _ => Bound::Exact,
                    };
                    if info.bound != Bound::Exact {
                        words.at += 1;
                    }
                }
                "wdl" => {
                    let (win, draw, loss) = (
                        words.number("wdl")?,
                        words.number("wdl")?,
                        words.number("wdl")?,
                    );
                    set(&mut info.wdl, "wdl", Wdl { win, draw, loss })?;
                }
                "nodes" => set(&mut info.nodes, "nodes", words.number("nodes")?)?,
                "nps" => set(&mut info.nps, "nps", words.number("nps")?)?,
                "hashfull" => set(&mut info.hashfull, "hashfull", words.number("hashfull")?)?,
                "tbhits" => set(&mut info.tbhits, "tbhits", words.number("tbhits")?)?,
                "time" => set(&mut info.time, "time", words.number("time")?)?,
                "currmove" => set(&mut info.currmove, "currmove", words.uci_move("currmove")?)?,
                "currmovenumber" => set(
                    &mut info.currmovenumber,
                    "currmovenumber",
                    words.number("currmovenumber")?,
                )?,
                "pv" => set(&mut pv, "pv", words.moves("pv")?)?,
                "sbhits" => set(&mut sbhits, "sbhits", words.number::<u64>("sbhits")?)?,
                "cpuload" => set(&mut cpuload, "cpuload", words.number::<u32>("cpuload")?)?,
                "refutation" => set(&mut refutation, "refutation", words.moves("refutation")?)?,
                "currline" => {
                    // `currline [cpunr] moves`: a CPU number may come first.
                    if words.peek().is_some_and(|w| w.parse::<u32>().is_ok()) {
                        words.at += 1;
                    }
                    set(&mut currline, "currline", words.moves("currline")?)?;
                }
                "string" => return Err(InfoError::InfoString),
                other => return Err(InfoError::UnknownField(other.to_string())),
            }
        }
        info.pv = pv.unwrap_or_default();
        Ok(info)
    }
}

impl core::str::FromStr for Info {
    type Err = InfoError;

    /// [`Info::parse`].
    fn from_str(line: &str) -> Result<Info, InfoError> {
        Info::parse(line)
    }
}
