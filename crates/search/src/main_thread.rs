//! The main thread's jobs besides searching, as Stockfish's `SearchManager`:
//! it watches the clock, decides after each iteration whether another one
//! fits, and reports the lines to the GUI.

use crate::control::SearchControl;
use crate::limits::Limits;
use crate::options::SearchOptions;
use crate::root_move::RootMove;
use crate::score::{INFINITE, MATE_BOUND, Score, is_mate};
use crate::skill::Skill;
use crate::time::{SearchClock, SoftLimitStretch};
use crate::tt::Bound;
use crate::worker::{Shared, ThreadData, Worker};
use movegen::{Board, KeyHistory, Move};
use std::sync::atomic::Ordering::Relaxed;
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
}

impl SearchInfo {
    /// Nodes per second.
    ///
    /// ```
    /// use matewise_search::{Score, SearchInfo};
    /// use std::time::Duration;
    ///
    /// let info = SearchInfo { depth: 1, seldepth: 1, multipv: 1, score: Score::Centipawns(0),
    ///     bound: None, nodes: 3_000, time: Duration::from_millis(2), hashfull: 0, pv: Vec::new() };
    /// assert_eq!(info.nps(), 1_500_000);
    /// ```
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// The main thread: the clock, the stop rule and the reporting of one search.
pub(crate) struct MainThread<'a> {
    clock: SearchClock<'a>,
    stop_rule: StopRule<'a>,
    reporter: Reporter<'a>,
    /// Lines searched each iteration: the lines reported, or more for a
    /// limited strength to choose among.
    lines: usize,
}

impl<'a> MainThread<'a> {
    /// The main thread of a search of `root_count` root moves.
    pub(crate) fn new(
        control: &'a SearchControl,
        limits: &'a Limits,
        options: &SearchOptions,
        root_count: usize,
        skill: Option<&Skill>,
        report: &'a mut (dyn FnMut(&SearchInfo) + Send),
    ) -> MainThread<'a> {
        let multipv = options.multipv.clamp(1, root_count);
        MainThread {
            clock: SearchClock::new(control, limits, options.move_overhead()),
            stop_rule: StopRule {
                limits,
                single_reply_under_clock: root_count == 1 && limits.clock.is_some(),
                stretch: SoftLimitStretch::default(),
            },
            reporter: Reporter {
                report,
                started: Instant::now(),
                multipv,
                last_reported: None,
                mate_search: limits.mate.is_some(),
            },
            lines: skill.map_or(multipv, |skill| skill.lines(multipv, root_count)),
        }
    }

    /// Searches until the stop rule or the clock ends it, reporting each
    /// iteration, then stops the helpers. Returns the last completed depth.
    pub(crate) fn search(
        &mut self,
        shared: &Shared,
        data: &mut ThreadData,
        game: KeyHistory,
        root: &Board,
        moves: &mut [RootMove],
        mut skill: Option<&mut Skill>,
    ) -> u32 {
        let MainThread {
            clock,
            stop_rule,
            reporter,
            lines,
        } = self;
        let must_stop = |first_iteration| clock.must_stop(first_iteration);
        let mut worker = Worker::new(0, shared, data, game);
        worker.clock_check = Some(&must_stop);
        let depth = worker.iterate(root, moves, *lines, &mut |worker, moves| {
            let depth = worker.completed_depth;
            reporter.report(worker, moves, depth);
            if let Some(skill) = skill.as_deref_mut() {
                skill.record(&moves[..*lines]);
            }
            stop_rule.should_stop(moves, depth, clock)
        });
        reporter.report_interrupted(&worker, moves, depth, *lines);
        shared.stop.store(true, Relaxed);
        worker.publish_nodes();
        depth
    }
}

/// Whether another iteration is wanted and fits in the time left.
struct StopRule<'a> {
    limits: &'a Limits,
    /// One legal move under a clock: nothing to think about.
    single_reply_under_clock: bool,
    stretch: SoftLimitStretch,
}

impl StopRule<'_> {
    /// Called after each completed iteration with its best line.
    fn should_stop(&mut self, moves: &[RootMove], depth: u32, clock: &SearchClock) -> bool {
        let stretch = self.stretch.after_iteration(moves);
        let best = &moves[0];
        if self.limits.depth.is_some_and(|max| depth >= max) {
            return true;
        }
        // Either side's mate ends the search: a defender proved mated in
        // n has no better line to find.
        if let Some(n) = self.limits.mate
            && let Score::Mate(m) = Score::from_internal(best.score)
            && best.bound.is_none()
            && m.unsigned_abs() <= n
        {
            return true;
        }
        self.single_reply_under_clock || clock.should_stop_iterating(stretch)
    }
}

/// Sends the lines of each iteration to the GUI.
struct Reporter<'a> {
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

impl Reporter<'_> {
    /// Reports the first `multipv` lines of `moves` at `depth`.
    fn report(&mut self, worker: &Worker, moves: &[RootMove], depth: u32) {
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
                score: Score::from_internal(rm.score),
                bound: rm.bound,
                nodes: worker.nodes_all_threads(),
                time: self.started.elapsed(),
                hashfull: worker.shared.tt.hashfull(),
                pv: rm.pv.clone(),
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
    fn report_interrupted(
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
