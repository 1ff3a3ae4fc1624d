//! The engine learns the GUI's lag from the clocks of a game: a transcript
//! whose clocks fall by more than the searches took.

use crate::{Output, Session};
use std::time::{Duration, Instant};
use test_kit::Buffer;

fn session() -> (Session, Buffer) {
    let buffer = Buffer::default();
    let session = Session::with_tablebases(
        Output::new(Box::new(buffer.clone())),
        test_kit::private_tables(),
    );
    (session, buffer)
}

/// Sends `go`, waits for its `bestmove` and returns the wall time between
/// the two: at least what the engine measured its search to take.
fn go(session: &mut Session, out: &Buffer, line: &str) -> Duration {
    let start = Instant::now();
    session.handle_line(line);
    while !out.text().contains("bestmove") {
        assert!(start.elapsed() < Duration::from_secs(30), "no bestmove");
        std::thread::sleep(Duration::from_millis(1));
    }
    out.take();
    start.elapsed()
}

#[test]
fn a_clock_that_falls_more_than_the_search_took_raises_the_overhead() {
    let (mut session, out) = session();
    session.handle_line("ucinewgame");
    session.handle_line("position startpos");
    let searched = go(&mut session, &out, "go wtime 2000 btime 2000");
    assert_eq!(session.planned_overhead_ms(), 10, "Move Overhead's default");
    // The GUI took 500 ms off White's clock; the search took less (on a
    // loaded machine, maybe not far less: the bound is what it took here).
    session.handle_line("position startpos moves e2e4 e7e5");
    go(&mut session, &out, "go wtime 1500 btime 1900");
    let lag = session.clock_lag().estimate();
    let rounding = Duration::from_millis(2);
    assert!(
        lag > Duration::ZERO
            && lag <= Duration::from_millis(500)
            && lag + searched + rounding >= Duration::from_millis(500),
        "{lag:?} after a search of at most {searched:?}"
    );
    assert_eq!(session.planned_overhead_ms(), lag.as_millis() as u64);
    // A new game keeps what the connection showed, but its first clock is
    // not read against the last game's.
    session.handle_line("ucinewgame");
    session.handle_line("position startpos moves e2e4 e7e5");
    go(&mut session, &out, "go wtime 300 btime 1900");
    assert_eq!(session.clock_lag().learned(), 1);
    assert_eq!(session.clock_lag().estimate(), lag);
}

#[test]
fn a_clock_charged_as_the_engine_measured_leaves_move_overhead() {
    let (mut session, out) = session();
    session.handle_line("position startpos");
    go(&mut session, &out, "go movetime 50");
    session.handle_line("position startpos moves e2e4 e7e5");
    // No clock before: nothing to read this one against.
    go(
        &mut session,
        &out,
        "go wtime 1000 btime 1000 winc 10 binc 10",
    );
    session.handle_line("position startpos moves e2e4 e7e5 g1f3 b8c6");
    // More than the last clock and its increment: a generous GUI.
    go(
        &mut session,
        &out,
        "go wtime 1010 btime 1000 winc 10 binc 10",
    );
    assert_eq!(session.clock_lag().learned(), 1);
    assert_eq!(session.clock_lag().estimate(), Duration::ZERO);
    assert_eq!(session.planned_overhead_ms(), 10);
}
