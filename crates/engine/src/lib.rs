//! # engine
//!
//! Matewise as a UCI engine: it reads commands on one thread, searches on
//! others, and writes every line through one synchronised output. `isready`
//! is answered at once even during a search; `stop` gets its `bestmove` at
//! once; `quit` and end of input end cleanly.
//!
//! ```
//! use matewise_engine::{Output, Session};
//! use std::sync::{Arc, Mutex};
//!
//! // Capture the output in a buffer instead of stdout.
//! #[derive(Clone, Default)]
//! struct Buffer(Arc<Mutex<Vec<u8>>>);
//! impl std::io::Write for Buffer {
//!     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().write(b) }
//!     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
//! }
//! let buffer = Buffer::default();
//! let mut session = Session::new(Output::new(Box::new(buffer.clone())));
//! session.handle_line("position startpos moves e2e4");
//! session.handle_line("go depth 3");
//! session.shutdown(); // waits for the bestmove
//! let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
//! assert!(text.lines().last().unwrap().starts_with("bestmove "));
//! ```

mod job;
#[cfg(test)]
mod lag_learning_tests;
mod options;
mod output;
mod session;
mod table_build;

pub use options::{ENGINE_OPTIONS, SEARCH_OPTIONS, declarations};
pub use output::{Output, info_line, wdl};
/// The depth [`bench()`] searches to unless told otherwise.
pub use search::BENCH_DEPTH;
pub use session::{Flow, Session};
pub use table_build::build_tables;

/// The Matewise crates this API takes, re-exported whole: the board
/// ([`perft_text`], [`info_line`]), the protocol's lines ([`Output::send`],
/// [`declarations`]) and the search ([`bench_until`], [`wdl`]).
pub use {movegen, protocol, search};

use movegen::{Board, perft, perft_divide_until};
use search::SearchControl;
use std::io::BufRead;

/// Runs the UCI loop on standard input and output until `quit` or end of input.
pub fn run() {
    let out = Output::stdout();
    let mut session = Session::new(out);
    let (lines_tx, lines_rx) = std::sync::mpsc::channel::<String>();
    // Input is read on its own thread so that a blocked read never holds up the engine.
    let reader = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            // Bytes, not `lines()`: a line that is not UTF-8 is garbage to
            // report, not the end of the input.
            let mut input = std::io::stdin().lock();
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match input.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buffer)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        if lines_tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        })
        .expect("spawning the input thread");
    for line in lines_rx {
        if session.handle_line(&line) == Flow::Quit {
            break;
        }
    }
    // End of input or quit: finish cleanly (a running search prints its
    // bestmove) and end at once. A table build under way stops at its next
    // checkpoint and keeps its progress for the next process, within a
    // moment; a cache file is written whole and renamed into place, so none
    // is left half written, and `matewise tables build` readies them all
    // ahead of play.
    session.shutdown();
    session.stop_table_builds();
    drop(reader);
}

/// Sets up tracing to standard error, filtered by `RUST_LOG` (default: warnings).
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// The `go perft N` text: `move: count` per root move, then the total;
/// `None` if `stop` turned true before it was done.
pub fn perft_text(board: &Board, depth: u32, stop: &dyn Fn() -> bool) -> Option<String> {
    let mut text = String::new();
    let total = if depth == 0 {
        perft(board, 0)
    } else {
        let mut sum = 0;
        for (mv, nodes) in perft_divide_until(board, depth, stop)? {
            text.push_str(&format!("{}: {nodes}\n", board.to_uci(mv)));
            sum += nodes;
        }
        sum
    };
    text.push_str(&format!("\nNodes searched: {total}"));
    Some(text)
}

/// Runs the bench and prints its result; the last line is `N nodes M nps`.
pub fn bench(out: &Output, depth: Option<u32>) {
    bench_until(out, depth, &SearchControl::new(false));
}

/// [`bench()`] that `control.stop()` interrupts; a stopped bench prints
/// only an `info string` saying so.
pub fn bench_until(out: &Output, depth: Option<u32>, control: &SearchControl) {
    let depth = depth.unwrap_or(search::BENCH_DEPTH);
    let Some(result) = search::run_bench_until(depth, control) else {
        out.info_string(format!("bench {depth} stopped before it finished"));
        return;
    };
    out.line(&format!(
        "Positions searched: {} at depth {depth}",
        search::BENCH_POSITIONS.len()
    ));
    out.line(&format!("Total time (ms) : {}", result.time.as_millis()));
    out.line(&format!("Nodes searched  : {}", result.nodes));
    out.line(&format!("Nodes/second    : {}", result.nps()));
    out.line(&format!("{} nodes {} nps", result.nodes, result.nps()));
}

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
