//! The main thread's jobs besides searching, as Stockfish's `SearchManager`:
//! it watches the clock, decides after each iteration whether another one
//! fits, and reports the lines to the GUI.

use crate::control::SearchControl;
use crate::limits::Limits;
use crate::options::SearchOptions;
use crate::params::{
    TIME_NODES_OFFSET_PERCENT, TIME_NODES_SCALE_PERCENT, TIME_SCORE_DROP_CAP,
    TIME_SCORE_DROP_PERMILLE, TIME_STABLE_STEP_PERCENT, TIME_UNSTABLE_PERCENT,
};
use crate::root::RootMove;
use crate::score::{INFINITE, MATE_BOUND, Score};
use crate::strength::Skill;
use crate::time::TimeManager;
use crate::tt::Bound;
use crate::worker::{Shared, ThreadData, Worker};
use movegen::{Board, KeyHistory, Move};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Mutex, MutexGuard};
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
    clock: Clock<'a>,
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
            clock: Clock {
                control,
                limits,
                time: Mutex::new(TimeManager::new(limits, options.move_overhead())),
            },
            stop_rule: StopRule {
                limits,
                single_reply_under_clock: root_count == 1 && limits.clock.is_some(),
                stability: 0,
                last_best: Move::NULL,
                earlier_scores: [None; 3],
            },
            reporter: Reporter {
                report,
                started: Instant::now(),
                multipv,
                last_reported: None,
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

/// The clock of one search, restarted by a `ponderhit`.
struct Clock<'a> {
    control: &'a SearchControl,
    limits: &'a Limits,
    time: Mutex<TimeManager>,
}

impl Clock<'_> {
    /// True while no clock runs: an unconfirmed ponder search or `go infinite`.
    fn unbounded(&self) -> bool {
        self.control.is_pondering() || self.limits.infinite
    }

    /// The time manager, restarted first if a ponderhit arrived: our own
    /// clock runs from that moment.
    fn running(&self) -> MutexGuard<'_, TimeManager> {
        let mut time = self.time.lock().expect("time manager lock");
        if self.control.take_ponderhit() {
            time.restart();
        }
        time
    }

    /// Checked every few hundred nodes: true once the search must end now,
    /// stopped by the GUI or out of time. The first iteration runs on past
    /// the hard limit, up to twice it: a flag is still far off, and a
    /// search stopped before any iteration completed has no proven score.
    fn must_stop(&self, first_iteration: bool) -> bool {
        if self.control.is_stopped() {
            return true;
        }
        if self.unbounded() {
            return false;
        }
        let time = self.running();
        if first_iteration {
            time.hard_limit()
                .is_some_and(|hard| time.elapsed() >= hard * 2)
        } else {
            time.out_of_time()
        }
    }
}

/// Whether another iteration is wanted and fits in the time left.
struct StopRule<'a> {
    limits: &'a Limits,
    /// One legal move under a clock: nothing to think about.
    single_reply_under_clock: bool,
    /// Iterations in a row with the same best move, up to 6.
    stability: u32,
    last_best: Move,
    /// The best score of each of the last three iterations, oldest first.
    earlier_scores: [Option<i32>; 3],
}

impl StopRule<'_> {
    /// Called after each completed iteration with its best line.
    fn should_stop(&mut self, moves: &[RootMove], depth: u32, clock: &Clock) -> bool {
        let best = &moves[0];
        if best.mv == self.last_best {
            self.stability = (self.stability + 1).min(6);
        } else {
            self.stability = 0;
            self.last_best = best.mv;
        }
        let trend = score_trend_scale(self.earlier_scores.into_iter().flatten().next(), best.score);
        self.earlier_scores.rotate_left(1);
        self.earlier_scores[2] = Some(best.score);
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
        if self.single_reply_under_clock {
            return true;
        }
        if clock.unbounded() {
            return false;
        }
        // A best move that keeps changing earns more time, and so do one
        // the search spent few of its nodes on and a falling score.
        let stability = f64::from(
            TIME_UNSTABLE_PERCENT.get() - TIME_STABLE_STEP_PERCENT.get() * self.stability as i32,
        ) / 100.0;
        clock
            .running()
            .should_stop_iterating(stability * node_share_scale(moves) * trend)
    }
}

/// The soft limit's stretch for how the best score moved since `earlier`
/// (three iterations back, or the oldest there is): a falling score means
/// the search is finding trouble, and more time may find the way out; a
/// rising one, that it has found what it was looking for. Mates count as
/// the largest change. 1 with nothing to compare.
///
/// The defaults stretch by 1.3 for a fall of 30 cp or more, 0.7 for a rise.
fn score_trend_scale(earlier: Option<i32>, now: i32) -> f64 {
    let Some(earlier) = earlier else {
        return 1.0;
    };
    let cap = TIME_SCORE_DROP_CAP.get();
    let drop = (earlier - now).clamp(-cap, cap);
    1.0 + f64::from(drop * TIME_SCORE_DROP_PERMILLE.get()) / 1000.0
}

/// The soft limit's stretch for how the root's nodes were shared: the
/// smaller the best move's share, the more the others still contest it.
/// 1 before any node is counted.
///
/// The defaults stretch by 0.81 at a 90 % share and 1.35 at 50 %.
fn node_share_scale(moves: &[RootMove]) -> f64 {
    let total: u64 = moves.iter().map(|m| m.nodes).sum();
    if total == 0 {
        return 1.0;
    }
    let share = moves[0].nodes as f64 / total as f64;
    (f64::from(TIME_NODES_OFFSET_PERCENT.get()) / 100.0 - share)
        * f64::from(TIME_NODES_SCALE_PERCENT.get())
        / 100.0
}

/// Sends the lines of each iteration to the GUI.
struct Reporter<'a> {
    report: &'a mut (dyn FnMut(&SearchInfo) + Send),
    started: Instant,
    multipv: usize,
    /// The first line last reported: its move and score.
    last_reported: Option<(Move, i32)>,
}

impl Reporter<'_> {
    /// Reports the first `multipv` lines of `moves` at `depth`.
    fn report(&mut self, worker: &Worker, moves: &[RootMove], depth: u32) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn spent(nodes: &[u64]) -> Vec<RootMove> {
        nodes
            .iter()
            .enumerate()
            .map(|(i, &n)| RootMove {
                nodes: n,
                ..RootMove::new(Move::from_bits(i as u16 + 1))
            })
            .collect()
    }

    #[test]
    fn a_best_move_with_most_of_the_nodes_shortens_the_search() {
        let settled = node_share_scale(&spent(&[900, 60, 40]));
        let contested = node_share_scale(&spent(&[500, 450, 50]));
        assert!((settled - 0.81).abs() < 1e-9, "{settled}");
        assert!((contested - 1.35).abs() < 1e-9, "{contested}");
        assert_eq!(node_share_scale(&spent(&[0, 0])), 1.0);
    }

    #[test]
    fn a_falling_score_lengthens_the_search_and_a_rising_one_shortens_it() {
        assert_eq!(score_trend_scale(None, 50), 1.0);
        assert_eq!(score_trend_scale(Some(50), 50), 1.0);
        assert!((score_trend_scale(Some(50), 40) - 1.1).abs() < 1e-9);
        assert!((score_trend_scale(Some(50), 70) - 0.8).abs() < 1e-9);
        // A mate is just the largest change, either way.
        assert!((score_trend_scale(Some(0), crate::mated_in(5)) - 1.3).abs() < 1e-9);
        assert!((score_trend_scale(Some(0), crate::mate_in(5)) - 0.7).abs() < 1e-9);
    }
}
