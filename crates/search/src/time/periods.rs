//! Where each side's `movestogo` period began: a UCI clock says how many
//! moves are left to the control, not what the period started with, and
//! the time plan sizes the reserve it keeps at the control from that.

use movegen::Color;
use std::time::Duration;

/// One side's current period.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Period {
    /// `movestogo` at the last `go`.
    moves_to_go: u32,
    /// The clock at the period's first `go`.
    start: Duration,
}

/// The period each side is in, as seen from the `go` commands. The engine
/// keeps one across a game and passes what it says as
/// [`Limits::period_start`](crate::Limits::period_start).
///
/// ```
/// use matewise_search::ControlPeriods;
/// use movegen::Color;
/// use std::time::Duration;
///
/// let mut periods = ControlPeriods::default();
/// let s = Duration::from_secs;
/// // 40 moves in 60 s: the period began with 60 s, and still did 10 moves on.
/// assert_eq!(periods.observe(Color::White, Some(s(60)), Some(40)), Some(s(60)));
/// assert_eq!(periods.observe(Color::White, Some(s(45)), Some(30)), Some(s(60)));
/// // Past the control, movestogo rises again: a new period.
/// assert_eq!(periods.observe(Color::White, Some(s(70)), Some(40)), Some(s(70)));
/// // No movestogo: no period.
/// assert_eq!(periods.observe(Color::White, Some(s(70)), None), None);
/// ```
#[derive(Clone, Debug, Default)]
pub struct ControlPeriods {
    sides: [Option<Period>; 2],
}

impl ControlPeriods {
    /// Forgets every period (`ucinewgame`).
    pub fn clear(&mut self) {
        self.sides = [None; 2];
    }

    /// Records a `go` for `side` and returns the clock its period began
    /// with. A period begins at the first `go` seen, when `movestogo`
    /// rises (a control was passed, or a new game began), or when the clock
    /// shows more than the period began with. A `go` without a clock or
    /// without `movestogo` ends the period.
    pub fn observe(
        &mut self,
        side: Color,
        time: Option<Duration>,
        moves_to_go: Option<u32>,
    ) -> Option<Duration> {
        let entry = &mut self.sides[side.index()];
        let (Some(time), Some(moves_to_go)) = (time, moves_to_go) else {
            *entry = None;
            return None;
        };
        // The period goes on while movestogo counts down and the clock
        // does not grow; otherwise this move begins a new one.
        let start = match *entry {
            Some(p) if moves_to_go <= p.moves_to_go && time <= p.start => p.start,
            _ => time,
        };
        *entry = Some(Period { moves_to_go, start });
        Some(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(seconds: f64) -> Option<Duration> {
        Some(Duration::from_secs_f64(seconds))
    }

    #[test]
    fn a_period_starts_at_its_first_move_and_again_after_the_control() {
        let mut periods = ControlPeriods::default();
        // 40/10: the first period, then the control adds 10 s to what is left.
        assert_eq!(periods.observe(Color::White, s(10.0), Some(40)), s(10.0));
        assert_eq!(periods.observe(Color::White, s(9.7), Some(39)), s(10.0));
        assert_eq!(periods.observe(Color::White, s(1.4), Some(1)), s(10.0));
        assert_eq!(periods.observe(Color::White, s(11.3), Some(40)), s(11.3));
        assert_eq!(periods.observe(Color::White, s(11.0), Some(39)), s(11.3));
    }

    #[test]
    fn each_side_keeps_its_own_period() {
        let mut periods = ControlPeriods::default();
        assert_eq!(periods.observe(Color::White, s(5.0), Some(20)), s(5.0));
        assert_eq!(periods.observe(Color::Black, s(4.0), Some(12)), s(4.0));
        assert_eq!(periods.observe(Color::White, s(4.6), Some(19)), s(5.0));
        assert_eq!(periods.observe(Color::Black, s(3.8), Some(11)), s(4.0));
    }

    #[test]
    fn a_repeated_go_stays_in_the_period() {
        // The GUI sends the same move's clock twice (a takeback, a re-search).
        let mut periods = ControlPeriods::default();
        periods.observe(Color::Black, s(10.0), Some(40));
        assert_eq!(periods.observe(Color::Black, s(8.0), Some(30)), s(10.0));
        assert_eq!(periods.observe(Color::Black, s(8.0), Some(30)), s(10.0));
    }

    #[test]
    fn a_new_game_or_a_clock_without_movestogo_ends_the_period() {
        let mut periods = ControlPeriods::default();
        periods.observe(Color::White, s(10.0), Some(40));
        periods.observe(Color::White, s(6.0), Some(20));
        // A new game at the same control, without ucinewgame: more time.
        assert_eq!(periods.observe(Color::White, s(10.0), Some(20)), s(10.0));
        periods.clear();
        assert_eq!(periods.observe(Color::White, s(7.0), Some(15)), s(7.0));
        assert_eq!(periods.observe(Color::White, s(60.0), None), None);
        assert_eq!(periods.observe(Color::White, None, Some(10)), None);
        assert_eq!(periods.observe(Color::White, s(5.0), Some(10)), s(5.0));
    }
}
