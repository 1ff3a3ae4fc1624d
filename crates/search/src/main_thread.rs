//! The main thread's jobs besides searching, as Stockfish's `SearchManager`:
//! it watches the clock, decides after each iteration whether another one
//! fits, and has the lines reported to the GUI ([`crate::report`]).

use crate::control::SearchControl;
use crate::limits::Limits;
use crate::options::SearchOptions;
use crate::report::{Reporter, SearchInfo};
use crate::root_move::RootMove;
use crate::score::Score;
use crate::skill::Skill;
use crate::time::{SearchClock, SoftLimitStretch};
use crate::worker::{Shared, ThreadData, Worker};
use movegen::{Board, KeyHistory};
use std::sync::atomic::Ordering::Relaxed;

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
            reporter: Reporter::new(report, multipv, limits.mate.is_some()),
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
