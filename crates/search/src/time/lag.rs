//! The lag a GUI's clock shows beyond the engine's own time: the clock the
//! GUI sends at a side's next `go` is what it sent before, plus the
//! increment, less what the move cost as the GUI saw it. What that is
//! beyond the time from `go` to `bestmove` that the engine measured is the
//! pipe's, the GUI's and the scheduler's delay. GUIs, match tools and
//! lichess lag by 10 to 100 ms and more, and `Move Overhead` is a guess
//! made before the game; the time plan takes the larger of the two.

use crate::limits::Clock;
use movegen::Color;
use std::time::Duration;

/// How many of the latest moves' lags the estimate looks back over: the
/// estimate is their largest, so a slow spell is met at once and a single
/// hiccup is forgotten after this many moves.
pub const LAG_SAMPLES: usize = 8;

/// One side's last timed search, as the next `go` needs it.
#[derive(Copy, Clone, Debug)]
struct LastSearch {
    /// The game's ply at the `go` (moves played from the set-up position).
    ply: usize,
    clock: Clock,
    moves_to_go: Option<u32>,
    /// From the `go` to the `bestmove`, as the engine measured it; unset
    /// until the search has answered.
    spent: Option<Duration>,
}

/// The lag learned from the clocks of a game. The engine keeps one for
/// its life: the lag is its connection's, game after game.
///
/// ```
/// use matewise_search::{Clock, ClockLag};
/// use movegen::Color;
/// use std::time::Duration;
///
/// let ms = Duration::from_millis;
/// let clock = |time| Some(Clock { time: ms(time), increment: ms(100) });
/// let mut lag = ClockLag::default();
/// lag.go(Color::White, 0, clock(10_000), None, false);
/// lag.answered(Color::White, ms(300));
/// // The GUI took 300 ms and 40 more off, and added the increment.
/// lag.go(Color::White, 2, clock(9_760), None, false);
/// assert_eq!(lag.estimate(), ms(40));
/// ```
#[derive(Clone, Debug, Default)]
pub struct ClockLag {
    last: [Option<LastSearch>; 2],
    /// The latest lags, oldest overwritten first.
    samples: [Duration; LAG_SAMPLES],
    seen: usize,
}

impl ClockLag {
    /// Forgets the last moves (`ucinewgame`), not the lags learned: they
    /// are the connection's.
    pub fn new_game(&mut self) {
        self.last = [None; 2];
    }

    /// Records a `go` for `side` at game ply `ply` with its `clock` (none:
    /// a search without one) and `movestogo`. If it continues the game of
    /// the side's last timed search, two plies on, that move's lag is
    /// learned. A `ponder` search's time runs from the `ponderhit`, not
    /// from the `go`, so its clock teaches nothing.
    pub fn go(
        &mut self,
        side: Color,
        ply: usize,
        clock: Option<Clock>,
        moves_to_go: Option<u32>,
        ponder: bool,
    ) {
        let entry = &mut self.last[side.index()];
        let previous = entry.take();
        let Some(clock) = clock else {
            return;
        };
        if let Some(lag) = previous.and_then(|last| last.lag_until(ply, clock)) {
            self.samples[self.seen % LAG_SAMPLES] = lag;
            self.seen += 1;
        }
        if !ponder {
            *entry = Some(LastSearch {
                ply,
                clock,
                moves_to_go,
                spent: None,
            });
        }
    }

    /// The search of `side`'s last `go` answered `spent` after it.
    pub fn answered(&mut self, side: Color, spent: Duration) {
        if let Some(last) = &mut self.last[side.index()] {
            last.spent.get_or_insert(spent);
        }
    }

    /// The lag to plan with: the largest of the latest [`LAG_SAMPLES`]
    /// moves' (zero before any is learned).
    pub fn estimate(&self) -> Duration {
        let learned = self.seen.min(LAG_SAMPLES);
        self.samples[..learned]
            .iter()
            .copied()
            .max()
            .unwrap_or_default()
    }

    /// How many moves' lags were learned.
    pub fn learned(&self) -> usize {
        self.seen
    }
}

impl LastSearch {
    /// The lag of this move, seen from the clock at the side's next `go`
    /// at `ply`; `None` where that is not the next move of the same game,
    /// the clock passed a control, or the search had not answered.
    fn lag_until(&self, ply: usize, now: Clock) -> Option<Duration> {
        let spent = self.spent?;
        // A control passed adds a period the clock does not name.
        if ply != self.ply + 2 || self.moves_to_go == Some(1) {
            return None;
        }
        let expected = (self.clock.time + self.clock.increment).checked_sub(spent)?;
        // A GUI that charges less than the engine measured lags nothing.
        let lag = expected.saturating_sub(now.time);
        // More than half the clock is no lag but another clock: a takeback,
        // an edited clock, another game at the same ply.
        (lag <= self.clock.time / 2).then_some(lag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    fn clock(time: u64, increment: u64) -> Option<Clock> {
        Some(Clock {
            time: ms(time),
            increment: ms(increment),
        })
    }

    /// Plays `moves` moves of one side at 10+0.1, each spending `spent` ms
    /// as the engine measures it and `lag` more as the GUI does.
    fn played(lag: &mut ClockLag, moves: usize, spent: u64, lags: impl Fn(usize) -> u64) {
        let mut time = 10_000;
        for n in 0..moves {
            lag.go(Color::White, 2 * n, clock(time, 100), None, false);
            lag.answered(Color::White, ms(spent));
            time = time + 100 - spent - lags(n);
        }
        lag.go(Color::White, 2 * moves, clock(time, 100), None, false);
    }

    #[test]
    fn a_steady_lag_is_learned_exactly() {
        let mut lag = ClockLag::default();
        played(&mut lag, 20, 250, |_| 35);
        assert_eq!(lag.estimate(), ms(35));
        assert_eq!(lag.learned(), 20);
    }

    #[test]
    fn a_hiccup_counts_for_the_next_few_moves_then_is_forgotten() {
        let mut lag = ClockLag::default();
        played(&mut lag, 10, 200, |n| if n == 5 { 400 } else { 20 });
        assert_eq!(lag.estimate(), ms(400));
        let mut later = ClockLag::default();
        played(&mut later, 20, 200, |n| if n == 5 { 400 } else { 20 });
        assert_eq!(later.estimate(), ms(20));
    }

    #[test]
    fn a_clock_from_another_move_or_game_teaches_nothing() {
        let mut lag = ClockLag::default();
        // The same side's next go, but four plies on (a takeback and more).
        lag.go(Color::Black, 1, clock(5_000, 50), None, false);
        lag.answered(Color::Black, ms(100));
        lag.go(Color::Black, 5, clock(4_000, 50), None, false);
        // A new game at the same time control.
        lag.new_game();
        lag.go(Color::Black, 7, clock(3_000, 50), None, false);
        // A search without a clock in between.
        lag.answered(Color::Black, ms(100));
        lag.go(Color::Black, 9, None, None, false);
        lag.go(Color::Black, 11, clock(2_000, 50), None, false);
        // The search had not answered (the engine was still searching).
        lag.go(Color::Black, 13, clock(1_500, 50), None, false);
        // An edited clock: far more gone than the move spent.
        lag.answered(Color::Black, ms(10));
        lag.go(Color::Black, 15, clock(300, 50), None, false);
        assert_eq!(lag.learned(), 0, "{lag:?}");
        assert_eq!(lag.estimate(), Duration::ZERO);
    }

    #[test]
    fn a_ponder_search_and_a_passed_control_teach_nothing() {
        let mut lag = ClockLag::default();
        lag.go(Color::White, 0, clock(5_000, 0), None, true);
        lag.answered(Color::White, ms(100));
        lag.go(Color::White, 2, clock(4_000, 0), Some(1), false);
        lag.answered(Color::White, ms(100));
        // 40/10 s: the control added its period.
        lag.go(Color::White, 4, clock(13_800, 0), Some(40), false);
        assert_eq!(lag.learned(), 0);
        lag.answered(Color::White, ms(100));
        lag.go(Color::White, 6, clock(13_650, 0), Some(39), false);
        assert_eq!(lag.estimate(), ms(50));
    }

    #[test]
    fn each_side_is_learned_from_its_own_clock() {
        let mut lag = ClockLag::default();
        lag.go(Color::White, 10, clock(5_000, 0), None, false);
        lag.answered(Color::White, ms(100));
        lag.go(Color::Black, 11, clock(6_000, 0), None, false);
        lag.answered(Color::Black, ms(200));
        lag.go(Color::White, 12, clock(4_870, 0), None, false);
        lag.go(Color::Black, 13, clock(5_790, 0), None, false);
        assert_eq!(lag.learned(), 2);
        assert_eq!(lag.estimate(), ms(30));
    }
}
