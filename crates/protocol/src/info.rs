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
