//! Time management: a soft limit (don't start another iteration past it) and
//! a hard limit (abort the search), both well inside the clock.

use crate::limits::{Clock, Limits};
use crate::params::{TIME_HARD_MULTIPLE, TIME_SOFT_PERCENT, TIME_SUDDEN_DEATH_RESERVE_MOVES};
use std::time::{Duration, Instant};

/// Moves of reserve a clock plan keeps back when it knows no period: the
/// clock is shared over the moves to the control plus these (without
/// `movestogo`, see [`SUDDEN_DEATH_MOVES`]), so a part of it is still there
/// however the moves before overran their share.
pub const RESERVE_MOVES: u32 = 10;

/// The increments an increment control keeps on its clock
/// ([`TimePlan::new`]): a search that overruns spends at most one
/// increment of it before the next arrives, so a few are all that lag and
/// overruns need. Ten kept a second at 10+0.1 that was never spent.
pub const INCREMENT_RESERVE: u32 = 4;

/// The overheads an increment control keeps at the least, where the
/// increment is small beside the lag (1+0.01 with 10 ms of lag): the
/// reserve is then the lag's, not the increment's.
pub const LAG_RESERVE: u32 = 8;

/// With `movestogo` and a known period, the part of the clock at the
/// period's first move that is kept back at its control: an eighth. Unlike
/// [`RESERVE_MOVES`], which scales with whatever is left and so shrinks as
/// searches overrun, this is fixed for the period, so the moves before the
/// control may spend all the rest and the hard limit never digs into it.
/// Since the reserve carries over, later periods spend their whole time.
pub const PERIOD_RESERVE_DIVISOR: u32 = 8;

/// How many moves a clock without `movestogo` is planned over, before the
/// reserve: sudden death and increment controls are planned as if a control
/// came this many moves ahead, with a reserve of
/// `TIME_SUDDEN_DEATH_RESERVE_MOVES` moves beyond it.
pub const SUDDEN_DEATH_MOVES: u32 = 20;

/// The soft and hard limits a clock allows for one move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimePlan {
    /// Past this, no new iteration starts (before stability scaling).
    pub soft: Duration,
    /// Past this, the search is aborted.
    pub hard: Duration,
}

impl TimePlan {
    /// Plans one move on `clock`, with `moves_to_go` moves to the next
    /// control (`None`: sudden death or increment), taking `overhead` (the
    /// GUI's and the pipe's lag, `Move Overhead`) off every move to come.
    ///
    /// ```
    /// use matewise_search::{Clock, TimePlan};
    /// use std::time::Duration;
    /// // 20 moves in 5 s, the last move before the control: a reserve stays.
    /// let clock = Clock { time: Duration::from_secs(1), increment: Duration::ZERO };
    /// let plan = TimePlan::new(clock, Some(1), Duration::from_millis(10));
    /// assert!(plan.hard < Duration::from_millis(300));
    /// assert!(plan.soft < plan.hard);
    /// ```
    pub fn new(clock: Clock, moves_to_go: Option<u32>, overhead: Duration) -> TimePlan {
        Self::plan(clock, moves_to_go, None, overhead)
    }

    /// Plans one move of a `movestogo` period whose first move saw
    /// `period_start` on the clock. An eighth of that is kept for the
    /// control, whatever the searches before it spent, and the rest is
    /// shared over the moves to go. A clock that has already fallen below
    /// that reserve is shared as [`TimePlan::new`] shares it, with no
    /// search allowed past its share.
    ///
    /// ```
    /// use matewise_search::{Clock, TimePlan};
    /// use std::time::Duration;
    /// // 40 moves in 10 s, the last move before the control with 3 s left:
    /// // the move may spend most of what is above the 1.25 s reserve.
    /// let clock = Clock { time: Duration::from_secs(3), increment: Duration::ZERO };
    /// let overhead = Duration::from_millis(10);
    /// let plan = TimePlan::in_period(clock, 1, Duration::from_secs(10), overhead);
    /// assert!(plan.hard <= Duration::from_millis(1_740));
    /// assert!(plan.hard > TimePlan::new(clock, Some(1), overhead).hard);
    /// ```
    pub fn in_period(
        clock: Clock,
        moves_to_go: u32,
        period_start: Duration,
        overhead: Duration,
    ) -> TimePlan {
        Self::plan(clock, Some(moves_to_go), Some(period_start), overhead)
    }

    fn plan(
        clock: Clock,
        moves_to_go: Option<u32>,
        period_start: Option<Duration>,
        overhead: Duration,
    ) -> TimePlan {
        if let (Some(to_control), Some(start)) = (moves_to_go, period_start) {
            return Self::plan_period(clock, to_control.clamp(1, 50), start, overhead);
        }
        let (share, ceiling) = Self::stateless(clock, moves_to_go, overhead);
        TimePlan::from_share(share, ceiling)
    }

    /// The share of a move and the most it may spend, planned from the
    /// clock alone.
    fn stateless(
        clock: Clock,
        moves_to_go: Option<u32>,
        overhead: Duration,
    ) -> (Duration, Duration) {
        // Plan over the moves to the control and the reserve: the clock
        // plus the increments still to come, less the overhead every one of
        // those moves will cost. An increment no larger than the overhead
        // then buys nothing, and a low clock is rebuilt instead of spent.
        let (to_control, reserve_moves) = match moves_to_go {
            Some(m) => (m.clamp(1, 50), RESERVE_MOVES),
            None => (
                SUDDEN_DEATH_MOVES,
                TIME_SUDDEN_DEATH_RESERVE_MOVES.get() as u32,
            ),
        };
        let moves = to_control + reserve_moves;
        // Before a control only its moves' increments count: the period
        // after it pays for the reserve's moves. Without a control every
        // move planned brings its increment. Counting only the first
        // twenty, as the plan once did, held the clock where the searches'
        // spending met the increment, near eleven increments (a second at
        // 10+0.1) that were never spent; counted all, it settles at the
        // reserve the ceiling below keeps, and spends the difference in
        // the middlegame.
        let coming = match moves_to_go {
            Some(_) => clock.increment * (to_control - 1),
            None => clock.increment * moves,
        };
        let planned = (clock.time + coming)
            .saturating_sub(overhead * (moves + 2))
            .max(Duration::from_millis(1));
        let share = planned / moves;
        // Never more than half of what is on the clock now.
        let mut ceiling = clock.time.saturating_sub(overhead) / 2;
        // With an increment, never into the reserve by more than one
        // increment brings back: searches often run to their hard limit,
        // three to five times the soft one, and the share alone would let
        // them spend the reserve down to a few tens of milliseconds. At the
        // reserve a move spends at most the increment, less the overhead,
        // and below it less again, by the square of the part left: lag
        // beyond the overhead (a loaded machine, a slow GUI, before the
        // lag is learned) then only lowers the level the clock settles at,
        // where a fixed allowance would let it fall a little every move
        // until it flagged. The square keeps that level high in a reserve
        // of a few increments: at 10+0.1 with 75 ms of lag unknown to the
        // plan, 0.21 s rather than the 0.11 s a proportion would.
        if !clock.increment.is_zero() {
            let reserve = (clock.increment * INCREMENT_RESERVE).max(overhead * LAG_RESERVE);
            let allowance = clock.increment.saturating_sub(overhead);
            let keeps_reserve = if clock.time >= reserve {
                clock.time - reserve + allowance
            } else {
                let left = clock.time.as_secs_f64() / reserve.as_secs_f64();
                allowance.mul_f64(left * left)
            };
            ceiling = ceiling.min(keeps_reserve.max(Duration::from_millis(1)));
        }
        (share, ceiling)
    }

    /// The limits of a move whose planned time is `share`, neither past
    /// `ceiling`.
    fn from_share(share: Duration, ceiling: Duration) -> TimePlan {
        TimePlan {
            soft: share.min(ceiling) * TIME_SOFT_PERCENT.get() as u32 / 100,
            hard: (share * TIME_HARD_MULTIPLE.get() as u32).min(ceiling),
        }
    }

    fn plan_period(
        clock: Clock,
        to_control: u32,
        period_start: Duration,
        overhead: Duration,
    ) -> TimePlan {
        let reserve = period_start / PERIOD_RESERVE_DIVISOR;
        if clock.time < reserve {
            // Lag beyond the overhead has eaten into the reserve: there is
            // nothing above it to share, so share what is left as a plan
            // without a period does, over the moves to go and ten more. No
            // search may overrun that share, though: a clock a few
            // milliseconds below the reserve would otherwise let the last
            // move before the control spend a quarter of it.
            let (share, ceiling) = Self::stateless(clock, Some(to_control), overhead);
            return TimePlan::from_share(share, ceiling.min(share));
        }
        let coming = clock.increment * (to_control - 1);
        let planned = (clock.time + coming)
            .saturating_sub(reserve + overhead * (to_control + 2))
            .max(Duration::from_millis(1));
        let share = planned / to_control;
        // Neither more than half the clock nor into the reserve: a search
        // running to its hard limit then cannot spend what the control keeps.
        let ceiling = (clock.time.saturating_sub(overhead) / 2).min(
            clock
                .time
                .saturating_sub(reserve + overhead)
                .max(Duration::from_millis(1)),
        );
        TimePlan::from_share(share, ceiling)
    }
}

/// The time budget of one search.
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// A clock budget may stretch or shrink; a `movetime` may not.
    flexible: bool,
}

impl TimeManager {
    /// Budgets a search that starts now. `overhead` is the GUI's and the
    /// pipe's lag (`Move Overhead`), taken off every limit.
    ///
    /// ```
    /// use matewise_search::{Clock, Limits, TimeManager};
    /// use std::time::Duration;
    /// let limits = Limits {
    ///     clock: Some(Clock { time: Duration::from_secs(10), increment: Duration::from_millis(100) }),
    ///     ..Limits::default()
    /// };
    /// let tm = TimeManager::new(&limits, Duration::from_millis(10));
    /// assert!(tm.hard_limit().unwrap() < Duration::from_secs(5));
    /// assert!(tm.soft_limit().unwrap() < tm.hard_limit().unwrap());
    /// ```
    pub fn new(limits: &Limits, overhead: Duration) -> TimeManager {
        let (mut soft, mut hard) = (None, None);
        if let Some(clock) = limits.clock {
            let plan = TimePlan::plan(clock, limits.moves_to_go, limits.period_start, overhead);
            soft = Some(plan.soft);
            hard = Some(plan.hard);
        }
        if let Some(move_time) = limits.move_time {
            let budget = move_time
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            soft = Some(soft.map_or(budget, |s: Duration| s.min(budget)));
            hard = Some(hard.map_or(budget, |h: Duration| h.min(budget)));
        }
        TimeManager {
            start: Instant::now(),
            soft,
            hard,
            flexible: limits.move_time.is_none(),
        }
    }

    /// Restarts the clock (on `ponderhit`, when our own time starts running).
    pub fn restart(&mut self) {
        self.start = Instant::now();
    }

    /// Time since the search (or the ponderhit) started.
    #[inline]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The soft limit, if any.
    pub fn soft_limit(&self) -> Option<Duration> {
        self.soft
    }

    /// The hard limit, if any.
    pub fn hard_limit(&self) -> Option<Duration> {
        self.hard
    }

    /// True once past the hard limit: abort now.
    ///
    /// ```
    /// use matewise_search::{Limits, TimeManager};
    /// use std::time::Duration;
    /// let limits = Limits { move_time: Some(Duration::from_millis(20)), ..Limits::default() };
    /// let tm = TimeManager::new(&limits, Duration::ZERO);
    /// assert!(!tm.out_of_time());
    /// std::thread::sleep(Duration::from_millis(25));
    /// assert!(tm.out_of_time() && tm.should_stop_iterating(1.0));
    /// // No limit, no end.
    /// assert!(!TimeManager::new(&Limits::default(), Duration::ZERO).out_of_time());
    /// ```
    #[inline]
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// True if another iteration should not start. `scale` stretches the
    /// soft limit: above 1 when the best move is unstable, below when it is settled.
    #[inline]
    pub fn should_stop_iterating(&self, scale: f64) -> bool {
        match (self.soft, self.hard) {
            (Some(soft), Some(hard)) => {
                let scale = if self.flexible { scale } else { 1.0 };
                self.elapsed() >= soft.mul_f64(scale).min(hard)
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::ClockLag;

    /// The `Move Overhead` every test plans with: the engine's default.
    const OVERHEAD: Duration = Duration::from_millis(10);

    /// A clock of `ms` with no increment, as at a `movestogo` control.
    fn no_increment(ms: u64) -> Clock {
        Clock {
            time: Duration::from_millis(ms),
            increment: Duration::ZERO,
        }
    }

    fn budget(time_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> (Duration, Duration) {
        let limits = Limits {
            clock: Some(Clock {
                time: Duration::from_millis(time_ms),
                increment: Duration::from_millis(increment_ms),
            }),
            moves_to_go,
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, OVERHEAD);
        (tm.soft_limit().unwrap(), tm.hard_limit().unwrap())
    }

    /// Plays `moves` moves, each spending the hard limit (`worst`: every
    /// search runs to its abort) or the soft one, plus `lag` (the pipe's
    /// delay, which the GUI's clock sees too); returns the lowest clock.
    fn lowest_clock(time_ms: u64, increment_ms: u64, lag_ms: u64, moves: u32, worst: bool) -> i64 {
        let mut clock = time_ms as i64;
        let mut lowest = clock;
        for _ in 0..moves {
            let (soft, hard) = budget(clock.max(0) as u64, increment_ms, None);
            let spent = if worst { hard } else { soft };
            clock -= spent.as_millis() as i64 + lag_ms as i64;
            lowest = lowest.min(clock);
            clock += increment_ms as i64;
        }
        lowest
    }

    #[test]
    fn a_clock_with_increment_never_runs_out_with_a_lag_up_to_the_overhead() {
        // 1+0.01 and 10+0.1 for 300 moves, every search to its hard limit,
        // lag as large as Move Overhead.
        for (time, increment) in [(1_000, 10), (10_000, 100)] {
            for lag in [0, 5, 10] {
                let lowest = lowest_clock(time, increment, lag, 300, true);
                assert!(
                    lowest > 0,
                    "{time}+{increment} lag {lag}: clock fell to {lowest} ms"
                );
            }
        }
    }

    /// As [`lowest_clock`], each search overrunning its soft limit by
    /// `overrun` (the iteration it started), capped by the hard limit,
    /// with 10 ms of lag.
    fn lowest_clock_after(time_ms: u64, increment_ms: u64, overrun: f64, moves: u32) -> i64 {
        let mut clock = time_ms as i64;
        let mut lowest = clock;
        for _ in 0..moves {
            let (soft, hard) = budget(clock.max(0) as u64, increment_ms, None);
            let spent = soft.mul_f64(overrun).min(hard);
            clock -= spent.as_millis() as i64 + 10;
            lowest = lowest.min(clock);
            clock += increment_ms as i64;
        }
        lowest
    }

    /// The reserve an increment control keeps at [`OVERHEAD`], in ms.
    fn reserve_ms(increment_ms: u64) -> i64 {
        let increment = Duration::from_millis(increment_ms);
        (increment * INCREMENT_RESERVE)
            .max(OVERHEAD * LAG_RESERVE)
            .as_millis() as i64
    }

    #[test]
    fn an_increment_clock_settles_near_its_reserve_not_above_it() {
        // Against Ethereal 12 at 10+0.1 the searches after move 50 spent
        // about four thirds of their soft limit, and Matewise's clock sat
        // at 1.0-1.3 s for the rest of the game while the opponent's sat
        // near 0.5 s: time held and never used. Spending like that, the
        // clock must settle between the reserve and half as much again.
        for (time, increment) in [(10_000, 100), (60_000, 1_000)] {
            let mut clock = time as i64;
            for _ in 0..300 {
                let (soft, hard) = budget(clock.max(0) as u64, increment, None);
                clock -= soft.mul_f64(4.0 / 3.0).min(hard).as_millis() as i64 + 10;
                clock += increment as i64;
            }
            let reserve = reserve_ms(increment);
            assert!(
                (reserve..=reserve * 3 / 2).contains(&clock),
                "{time}+{increment} settled at {clock} ms"
            );
        }
    }

    #[test]
    fn an_increment_control_keeps_a_reserve_of_several_increments() {
        // 10+0.1, 1+0.01 and 60+1 over 300 moves, searches overrunning
        // their soft limit by half again, 10 ms of lag a move: the clock
        // never falls more than an increment below the reserve.
        for (time, increment) in [(10_000, 100), (1_000, 10), (60_000, 1_000)] {
            let lowest = lowest_clock_after(time, increment, 1.5, 300);
            assert!(
                lowest >= reserve_ms(increment) - increment as i64,
                "{time}+{increment}: clock fell to {lowest} ms"
            );
        }
    }

    #[test]
    fn an_increment_reserve_holds_when_every_search_runs_to_its_hard_limit() {
        // In self-play at 10+0.1 on a loaded machine the searches ran to
        // their hard limit, three to five times the soft one, and a clock
        // sat at 0.1-0.4 s for seventy moves until a hiccup flagged it.
        // Every search at its hard limit, lag as large as the overhead:
        // the clock stays within an increment of the reserve. (An
        // increment no larger than the overhead buys nothing; the clock
        // then falls a millisecond a move, as tested above.)
        for (time, increment) in [
            (10_000, 100),
            (3_000, 30),
            (60_000, 1_000),
            (180_000, 2_000),
        ] {
            for lag in [0, 10] {
                let lowest = lowest_clock(time, increment, lag, 300, true);
                assert!(
                    lowest >= reserve_ms(increment) - increment as i64,
                    "{time}+{increment} lag {lag}: clock fell to {lowest} ms"
                );
            }
        }
    }

    /// As [`lowest_clock`] with every search at its hard limit, the GUI
    /// charging `lag(move)` beyond it, and the plan's overhead the larger
    /// of `Move Overhead` and the lag a [`ClockLag`] learned from the
    /// clocks, as the engine plans.
    fn lowest_clock_learning(time_ms: u64, increment_ms: u64, lag: impl Fn(u32) -> u64) -> i64 {
        let mut learned = ClockLag::default();
        let mut clock = time_ms as i64;
        let mut lowest = clock;
        let increment = Duration::from_millis(increment_ms);
        for n in 0..1_000 {
            let now = Clock {
                time: Duration::from_millis(clock.max(0) as u64),
                increment,
            };
            learned.go(
                movegen::Color::White,
                2 * n as usize,
                Some(now),
                None,
                false,
            );
            let overhead = OVERHEAD.max(learned.estimate());
            let spent = TimePlan::new(now, None, overhead).hard;
            learned.answered(movegen::Color::White, spent);
            clock -= spent.as_millis() as i64 + lag(n) as i64;
            lowest = lowest.min(clock);
            clock += increment_ms as i64;
        }
        lowest
    }

    #[test]
    fn a_clock_that_lags_beyond_the_overhead_keeps_a_reserve_once_learned() {
        // Self-play at 10+0.1, two games on two cores: in a long ending
        // every move ran to its 90 ms hard limit and the GUI saw 115 to
        // 170 ms. GUIs and lichess lag 10-100 ms and more. With the lag
        // learned from the clocks, steady or jittering up to three
        // quarters of the increment, every search at its hard limit: the
        // clock keeps most of its reserve.
        for (time, increment) in [(10_000, 100), (3_000, 30), (60_000, 1_000)] {
            let steady = increment * 3 / 4;
            let jitter = move |n: u32| increment / 4 + u64::from(n * 37 % 11) * increment / 20;
            for (name, lowest) in [
                ("steady", lowest_clock_learning(time, increment, |_| steady)),
                ("jittering", lowest_clock_learning(time, increment, jitter)),
            ] {
                assert!(
                    lowest >= reserve_ms(increment) / 2,
                    "{time}+{increment} {name} lag: clock fell to {lowest} ms"
                );
            }
        }
    }

    #[test]
    fn an_increment_clock_settles_above_zero_when_lag_exceeds_the_overhead() {
        // The first moves, before any lag is learned, or a GUI whose clock
        // says nothing: lag up to three quarters of the increment beyond
        // a 10 ms overhead, every search at its hard limit. A clock below
        // the reserve must settle, not fall a little every move until it
        // flags.
        let overhead = OVERHEAD.as_millis() as u64;
        for (time, increment) in [(10_000, 100), (3_000, 30), (60_000, 1_000)] {
            for lag in [overhead + (increment - overhead) / 2, increment * 3 / 4] {
                let lowest = lowest_clock(time, increment, lag, 1_000, true);
                assert!(
                    lowest >= increment as i64 * 3 / 4,
                    "{time}+{increment} lag {lag}: clock fell to {lowest} ms"
                );
            }
        }
    }

    #[test]
    fn sudden_death_lasts_a_long_game() {
        // One minute, no increment, 200 moves at the soft limit.
        let lowest = lowest_clock(60_000, 0, 5, 200, false);
        assert!(lowest > 0, "clock fell to {lowest} ms");
    }

    #[test]
    fn a_low_clock_is_rebuilt_not_spent() {
        // 60 ms left with a 10 ms increment and 10 ms overhead: the
        // increment buys nothing, so the move must be quick.
        let (soft, hard) = budget(60, 10, None);
        assert!(hard <= Duration::from_millis(5), "hard {hard:?}");
        assert!(soft <= hard);
    }

    #[test]
    fn the_budget_grows_with_the_clock_and_the_increment() {
        let (_, small) = budget(1_000, 10, None);
        let (_, large) = budget(10_000, 100, None);
        assert!(large > small * 5, "{small:?} vs {large:?}");
    }

    #[test]
    fn a_clock_far_below_the_increment_spends_only_part_of_itself() {
        // 50 ms left, 1 s increment: the increment arrives only after the
        // move, so the move may not spend what is not on the clock yet.
        let (soft, hard) = budget(50, 1_000, None);
        assert!(hard <= Duration::from_millis(20), "hard {hard:?}");
        assert!(soft <= hard);
    }

    #[test]
    fn the_last_move_before_a_control_keeps_the_reserve() {
        let (soft, hard) = budget(1_000, 0, Some(1));
        assert!(soft >= Duration::from_millis(30), "soft {soft:?}");
        assert!(hard <= Duration::from_millis(300), "hard {hard:?}");
    }

    /// What five periods of a repeating control left on the clock, in ms.
    struct Periods {
        /// The lowest clock just before any control.
        at_control: i64,
        /// The lowest clock at any moment.
        lowest: i64,
        /// The part of the first period spent.
        first_spent: f64,
    }

    /// Plays five periods of a repeating control (`moves` moves in
    /// `period_ms`), each move spending `overrun` times its soft limit (a
    /// search finishing the iteration it started), capped by the hard
    /// limit, plus `lag_ms`. With `remember`, each move is planned as the
    /// engine plans it, by [`TimePlan::in_period`] from the clock at the
    /// period's first move; without, by [`TimePlan::new`] from the clock
    /// alone.
    fn repeating(period_ms: u64, moves: u32, overrun: f64, lag_ms: u64, remember: bool) -> Periods {
        let mut clock = period_ms as i64;
        let mut seen = Periods {
            at_control: i64::MAX,
            lowest: i64::MAX,
            first_spent: 0.0,
        };
        for period in 0..5 {
            let start = Duration::from_millis(clock.max(0) as u64);
            for played in 0..moves {
                let now = no_increment(clock.max(0) as u64);
                let plan = if remember {
                    TimePlan::in_period(now, moves - played, start, OVERHEAD)
                } else {
                    TimePlan::new(now, Some(moves - played), OVERHEAD)
                };
                let spent = plan.soft.mul_f64(overrun).min(plan.hard).as_millis() as i64;
                clock -= spent + lag_ms as i64;
                seen.lowest = seen.lowest.min(clock);
                if period == 0 {
                    seen.first_spent += (spent + lag_ms as i64) as f64 / period_ms as f64;
                }
            }
            seen.at_control = seen.at_control.min(clock);
            clock += period_ms as i64;
        }
        seen
    }

    #[test]
    fn a_remembered_period_keeps_its_reserve_even_at_the_hard_limit() {
        // Searches stopping at the soft limit, overrunning it by half again
        // or twice, or always running to the hard limit; lag as large as
        // the overhead. The reserve is an eighth of the period's start,
        // which the overhead the plan sets aside for lag protects.
        for (period, moves) in [(5_000, 20), (10_000, 40), (240_000, 40), (900_000, 40)] {
            for overrun in [1.0, 1.5, 2.0, 1e6] {
                let Periods {
                    at_control, lowest, ..
                } = repeating(period, moves, overrun, 10, true);
                assert!(
                    at_control >= period as i64 / 8 - 10,
                    "{moves}/{period} ms, overrun {overrun}: {at_control} ms at a control"
                );
                assert!(
                    lowest >= at_control - 10,
                    "{moves}/{period} ms: lowest {lowest}"
                );
            }
        }
    }

    #[test]
    fn a_remembered_period_spends_all_but_its_reserve() {
        // Nearly seven eighths of the first period are spent when searches
        // overrun their soft limit as they do in play (about a third).
        for (period, moves) in [(5_000, 20), (10_000, 40), (900_000, 40)] {
            let spent = repeating(period, moves, 1.33, 10, true).first_spent;
            assert!(
                (0.8..=0.875).contains(&spent),
                "{moves}/{period} ms: {spent:.3} of the first period spent"
            );
        }
    }

    #[test]
    fn a_clock_below_its_period_reserve_is_shared_without_overruns() {
        // 1 s left of a 10 s period with 10 moves to go: the 1.25 s reserve
        // is gone, so the moves share the clock as a plan without a period
        // does, rather than a millisecond each, but none may run past its
        // share.
        let clock = no_increment(1_000);
        let remembered = TimePlan::in_period(clock, 10, Duration::from_secs(10), OVERHEAD);
        let without = TimePlan::new(clock, Some(10), OVERHEAD);
        assert_eq!(remembered.soft, without.soft);
        assert!(remembered.hard < without.hard, "{remembered:?}");
        assert!(
            remembered.hard >= Duration::from_millis(30),
            "{remembered:?}"
        );
    }

    #[test]
    fn a_clock_just_below_its_period_reserve_keeps_nearly_all_of_it() {
        // The last move before a 40/10 control with 5 ms less than the
        // 1.25 s reserve (a search overran its hard limit by more than the
        // overhead): it once planned as if no reserve were kept and spent
        // a quarter of the clock, leaving 9 % of the period.
        let clock = no_increment(1_245);
        let plan = TimePlan::in_period(clock, 1, Duration::from_secs(10), OVERHEAD);
        let left = clock.time - plan.hard;
        assert!(left >= Duration::from_millis(1_100), "{plan:?}");
    }

    #[test]
    fn repeating_controls_reach_every_control_with_a_tenth_of_the_period() {
        // 20/5 s, 40/10 s, 40/4 min and 40/15 min, searches overrunning
        // their soft limit by half again, the lag as large as the overhead.
        for (period, moves) in [(5_000, 20), (10_000, 40), (240_000, 40), (900_000, 40)] {
            let at_control = repeating(period, moves, 1.5, 10, false).at_control;
            assert!(
                at_control >= period as i64 / 10,
                "{moves}/{period} ms: {at_control} ms left at a control"
            );
        }
    }

    #[test]
    fn repeating_controls_survive_searches_that_always_run_to_the_hard_limit() {
        for (period, moves) in [(5_000, 20), (10_000, 40), (900_000, 40)] {
            let lowest = repeating(period, moves, 1e6, 10, false).lowest;
            assert!(
                lowest > 0,
                "{moves}/{period} ms: the clock fell to {lowest} ms"
            );
        }
    }

    #[test]
    fn a_hiccup_of_a_few_hundred_ms_at_a_control_does_not_flag() {
        // 20/5 s: what the last move before each control leaves is at least
        // 300 ms more than that move's own hard limit needs.
        let at_control = repeating(5_000, 20, 2.0, 10, false).at_control;
        assert!(at_control >= 300, "{at_control} ms left at a control");
    }
}
