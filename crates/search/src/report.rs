//! What a search tells the GUI: [`SearchInfo`], one line of progress, and
//! the main thread's `Reporter`, which sends the lines of each iteration
//! and, after a stop, the line the move played comes from.

use crate::root_move::RootMove;
use crate::score::{INFINITE, MATE_BOUND, Score, is_mate};
use crate::tt::Bound;
use crate::worker::Worker;
use movegen::Move;
use std::time::{Duration, Instant};

/// One line of search progress, for `info`.
///
/// # Examples
///
/// ```
/// use movegen::{Board, KeyHistory};
/// use matewise_search::{Limits, SearchControl, SearchInfo, SearchOptions, Searcher};
///
/// let board = Board::default();
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// let mut lines: Vec<SearchInfo> = Vec::new();
/// Searcher::new(1, 1).search(&board, &KeyHistory::default(), &limits, &SearchOptions::default(),
///                            &SearchControl::new(false), &mut |info| lines.push(info.clone()));
/// // One line per completed depth, each with a legal principal variation.
/// assert_eq!(lines.iter().map(|info| info.depth).collect::<Vec<_>>(), [1, 2, 3]);
/// assert!(lines.iter().all(|info| board.is_legal(info.pv[0]) && info.nodes > 0));
/// ```
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line (1-based) for MultiPV.
    pub multipv: u32,
    /// The score from the side to move's view.
    pub score: Score,
    /// Set when the score is only a bound (aspiration fail).
    pub bound: Option<Bound>,
    /// Nodes, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Per mille of the hash table in use.
    pub hashfull: u32,
    /// The principal variation, legal from the root.
    pub pv: Vec<Move>,
    /// Positions the endgame tables answered, all threads.
    pub tb_hits: u64,
}

impl SearchInfo {
    /// Nodes per second.
    ///
    /// ```
    /// use matewise_search::{Score, SearchInfo};
    /// use std::time::Duration;
    ///
    /// let info = SearchInfo { depth: 1, seldepth: 1, multipv: 1, score: Score::Centipawns(0),
    ///     bound: None, nodes: 3_000, time: Duration::from_millis(2), hashfull: 0, pv: Vec::new(),
    ///     tb_hits: 0 };
    /// assert_eq!(info.nps(), 1_500_000);
    /// ```
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// Sends the lines of each iteration to the GUI.
pub(crate) struct Reporter<'a> {
    report: &'a mut (dyn FnMut(&SearchInfo) + Send),
    started: Instant,
    multipv: usize,
    /// The first line last reported: its move and score.
    last_reported: Option<(Move, i32)>,
    /// `go mate N`: a search that goes on for a shorter mate than the one
    /// it found reports that one once, not again at every depth that only
    /// confirms it.
    mate_search: bool,
}

impl<'a> Reporter<'a> {
    /// A reporter of `multipv` lines to `report`, from now; `mate_search`
    /// for `go mate`.
    pub(crate) fn new(
        report: &'a mut (dyn FnMut(&SearchInfo) + Send),
        multipv: usize,
        mate_search: bool,
    ) -> Reporter<'a> {
        Reporter {
            report,
            started: Instant::now(),
            multipv,
            last_reported: None,
            mate_search,
        }
    }

    /// Reports the first `multipv` lines of `moves` at `depth`.
    pub(crate) fn report(&mut self, worker: &Worker, moves: &[RootMove], depth: u32) {
        let best = &moves[0];
        let confirms_a_mate = self.mate_search
            && self.multipv == 1
            && best.bound.is_none()
            && is_mate(best.score)
            && self.last_reported == Some((best.mv, best.score));
        if confirms_a_mate {
            return;
        }
        for (i, rm) in moves.iter().take(self.multipv).enumerate() {
            (self.report)(&SearchInfo {
                depth,
                seldepth: rm.seldepth as u32,
                multipv: i as u32 + 1,
                score: Score::from_internal(match worker.shared.root_tb_score {
                    Some(tb) if !is_mate(rm.score) => tb,
                    _ => rm.score,
                }),
                bound: rm.bound,
                nodes: worker.nodes_all_threads(),
                time: self.started.elapsed(),
                hashfull: worker.shared.tt.hashfull(),
                pv: rm.pv.clone(),
                tb_hits: worker.tb_hits_all_threads(),
            });
        }
        self.last_reported = Some((moves[0].mv, moves[0].score));
    }

    /// After the last iteration, `depth`: a stop inside the next one can
    /// leave a better line than the last one reported (a mate found at the
    /// new depth, say); the GUI is told of it, as the move played will be
    /// that line's. Below the last iteration's score, the line is exact for
    /// its own move only: the moves not yet searched may hold the position
    /// higher (a mated side's longest defence, say). It bounds the position
    /// from below, and is reported so.
    pub(crate) fn report_interrupted(
        &mut self,
        worker: &Worker,
        moves: &mut [RootMove],
        depth: u32,
        lines: usize,
    ) {
        // A first move that failed low in a pass cut short bounds that
        // move alone, not the position: the line would claim too much.
        if moves[0].bound == Some(Bound::Upper) && !worker.root_pass_complete {
            return;
        }
        match self.last_reported {
            Some((_, completed)) if moves[0].bound.is_none() && moves[0].score < completed => {
                moves[0].bound = Some(Bound::Lower);
            }
            // Stopped inside the first iteration: the first line is exact
            // for its own move and bounds the position from below. A loss
            // found there says nothing of the moves not yet searched, so
            // one of those is played, and no score is reported.
            None if moves[0].score > -INFINITE => {
                moves[0].bound = Some(Bound::Lower);
                if moves[0].score <= -MATE_BOUND {
                    if let Some(unsearched) = moves.iter().position(|rm| rm.score == -INFINITE) {
                        moves.swap(0, unsearched);
                    }
                    return;
                }
            }
            _ => {}
        }
        let best = &moves[0];
        let changed = self.last_reported != Some((best.mv, best.score));
        if lines == 1 && changed && best.score > -INFINITE {
            self.report(worker, &moves[..1], depth + 1);
        }
    }
}
