//! A root move with what the latest search of it found: score, line,
//! bound and nodes.

use crate::score::INFINITE;
use crate::tt::Bound;
use movegen::{Board, Move, MoveList};

/// A legal root move with its score and line from the latest search of it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    pub(crate) score: i32,
    pub(crate) previous_score: i32,
    pub(crate) pv: Vec<Move>,
    pub(crate) seldepth: usize,
    /// Set when `score` is only a bound: the last search of this move
    /// failed outside the window (an aspiration fail, or a stop before the
    /// re-search).
    pub(crate) bound: Option<Bound>,
    /// Nodes this thread has spent below this move, all iterations together.
    pub(crate) nodes: u64,
}

impl RootMove {
    /// A move not searched yet.
    pub(crate) fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INFINITE,
            previous_score: -INFINITE,
            pv: vec![mv],
            seldepth: 0,
            bound: None,
            nodes: 0,
        }
    }

    /// The legal moves of `root`, only those of `search_moves` unless it is empty.
    pub(crate) fn list(root: &Board, search_moves: &[Move]) -> Vec<RootMove> {
        let mut legal = MoveList::new();
        root.generate_moves(&mut legal);
        legal
            .iter()
            .filter(|m| search_moves.is_empty() || search_moves.contains(m))
            .map(|&mv| RootMove::new(mv))
            .collect()
    }
}
