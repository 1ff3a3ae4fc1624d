//! A search running on its own thread: it owns the `Searcher` while it
//! runs and hands it back when joined.

use crate::output::{Output, info_line};
use movegen::{Board, KeyHistory};
use protocol::Response;
use search::{Limits, SearchControl, SearchOptions, Searcher};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A running search.
pub struct SearchJob {
    control: Arc<SearchControl>,
    handle: JoinHandle<Searcher>,
}

/// Everything a search thread needs, moved into it.
pub struct JobSpec {
    pub board: Board,
    pub history: KeyHistory,
    pub limits: Limits,
    pub options: SearchOptions,
    pub show_wdl: bool,
    pub ponder: bool,
}

impl SearchJob {
    /// Starts searching; `bestmove` is printed when the search ends (and,
    /// for `infinite` and `ponder`, only after `stop` or `ponderhit`, as
    /// UCI requires).
    pub fn start(mut searcher: Searcher, spec: JobSpec, out: Output) -> SearchJob {
        let control = Arc::new(SearchControl::new(spec.ponder));
        let thread_control = Arc::clone(&control);
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let board = spec.board;
                let report_out = out.clone();
                let report_board = board.clone();
                let show_wdl = spec.show_wdl;
                let result = searcher.search(
                    &board,
                    &spec.history,
                    &spec.limits,
                    &spec.options,
                    &thread_control,
                    &mut move |info| report_out.send(&info_line(info, &report_board, show_wdl)),
                );
                // A finished infinite or ponder search waits to be released.
                while (spec.limits.infinite || thread_control.is_pondering())
                    && !thread_control.is_stopped()
                {
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
                searcher
            })
            .expect("spawning the search thread");
        SearchJob { control, handle }
    }

    /// The control shared with the search (stop, ponderhit).
    pub fn control(&self) -> &SearchControl {
        &self.control
    }

    /// Stops the search (if still running) and takes the searcher back;
    /// `None` if the search thread panicked. The release profile aborts on
    /// panic, so that only happens in debug builds, where the caller starts
    /// afresh rather than die.
    pub fn stop_and_join(self) -> Option<Searcher> {
        self.control.stop();
        self.handle.join().ok()
    }
}
