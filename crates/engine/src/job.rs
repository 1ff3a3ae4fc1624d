//! A search, perft or bench running on its own thread, so that the input
//! loop stays free for `isready`, `stop` and `quit`: the job owns the
//! `Searcher` while it runs and hands it back when joined.

use crate::output::{Output, info_line};
use movegen::{Board, KeyHistory};
use protocol::Response;
use search::{Limits, SearchControl, SearchOptions, Searcher};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A running search, perft or bench.
pub struct SearchJob {
    control: Arc<SearchControl>,
    handle: JoinHandle<Searcher>,
    /// Perft and bench run to their end at end of input (`echo bench |
    /// matewise` is how the bench is taken); a search is stopped.
    finishes_at_end_of_input: bool,
}

/// What a job does.
pub enum Work {
    /// A search, ending in `bestmove`.
    Search(Box<JobSpec>),
    /// `go perft N`: the split per root move and the total.
    Perft {
        /// The position counted.
        board: Board,
        /// Plies.
        depth: u32,
    },
    /// `bench [depth]`.
    Bench {
        /// The depth, or the default bench depth.
        depth: Option<u32>,
    },
}

/// Everything a search thread needs, moved into it.
pub struct JobSpec {
    pub board: Board,
    pub history: KeyHistory,
    pub limits: Limits,
    pub options: SearchOptions,
    pub show_wdl: bool,
    pub ponder: bool,
    /// Set when the `bestmove` is written, for the engine to learn the
    /// GUI's lag from the next clock.
    pub answered: Arc<OnceLock<Instant>>,
}

impl SearchJob {
    /// Starts the work; a search prints `bestmove` when it ends (and,
    /// for `infinite` and `ponder`, only after `stop` or `ponderhit`, as
    /// UCI requires), perft and bench print their results.
    pub fn start(searcher: Searcher, work: Work, out: Output) -> SearchJob {
        let pondering = matches!(&work, Work::Search(spec) if spec.ponder);
        let finishes_at_end_of_input = !matches!(work, Work::Search(_));
        let control = Arc::new(SearchControl::new(pondering));
        let thread_control = Arc::clone(&control);
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || match work {
                Work::Search(spec) => search(searcher, *spec, &thread_control, &out),
                Work::Perft { board, depth } => {
                    let stop = || thread_control.is_stopped();
                    match crate::perft_text(&board, depth, &stop) {
                        Some(text) => out.line(&text),
                        None => {
                            out.info_string(format!("perft {depth} stopped before it finished"))
                        }
                    }
                    searcher
                }
                Work::Bench { depth } => {
                    crate::bench_until(&out, depth, &thread_control);
                    searcher
                }
            })
            .expect("spawning the search thread");
        SearchJob {
            control,
            handle,
            finishes_at_end_of_input,
        }
    }

    /// The control shared with the job (stop, ponderhit).
    pub fn control(&self) -> &SearchControl {
        &self.control
    }

    /// Stops the job (if still running) and takes the searcher back;
    /// `None` if the job's thread panicked. The release profile aborts on
    /// panic, so that only happens in debug builds, where the caller starts
    /// afresh rather than die.
    pub fn stop_and_join(self) -> Option<Searcher> {
        self.control.stop();
        self.handle.join().ok()
    }

    /// At end of input: lets a perft or bench finish, stops a search;
    /// takes the searcher back as [`SearchJob::stop_and_join`] does.
    pub fn end_of_input(self) -> Option<Searcher> {
        if !self.finishes_at_end_of_input {
            self.control.stop();
        }
        self.handle.join().ok()
    }
}

/// Searches and prints `bestmove` (for `infinite` and `ponder`, only once
/// released by `stop` or `ponderhit`, as UCI requires).
fn search(
    mut searcher: Searcher,
    spec: JobSpec,
    thread_control: &SearchControl,
    out: &Output,
) -> Searcher {
    let board = spec.board;
    let report_out = out.clone();
    let report_board = board.clone();
    let show_wdl = spec.show_wdl;
    let result = searcher.search(
        &board,
        &spec.history,
        &spec.limits,
        &spec.options,
        thread_control,
        &mut move |info| report_out.send(&info_line(info, &report_board, show_wdl)),
    );
    // A finished infinite or ponder search waits to be released.
    while (spec.limits.infinite || thread_control.is_pondering()) && !thread_control.is_stopped() {
        std::thread::sleep(Duration::from_millis(1));
    }
    let best = result.best_move.map(|m| board.to_uci(m));
    let ponder = result.best_move.zip(result.ponder).map(|(b, p)| {
        let mut after = board.clone();
        after.play_unchecked(b);
        after.to_uci(p)
    });
    tracing::debug!(
        nodes = result.nodes,
        depth = result.depth,
        "search finished"
    );
    out.send(&Response::BestMove { best, ponder });
    let _ = spec.answered.set(Instant::now());
    searcher
}
