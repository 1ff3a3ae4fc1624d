//! `stop` and `ponderhit`: what the GUI tells a running search.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

/// Signals from the GUI to a running search: `stop` and `ponderhit`.
/// Shared by reference between the thread that reads input and the search.
///
/// # Examples
///
/// ```
/// use matewise_search::SearchControl;
///
/// let control = SearchControl::new(true); // `go ponder`
/// assert!(control.is_pondering() && !control.is_stopped());
/// control.ponderhit();
/// assert!(!control.is_pondering());
/// control.stop();
/// assert!(control.is_stopped());
/// ```
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    ponderhit_at: Mutex<Option<Instant>>,
}

impl SearchControl {
    /// A control for a new search; `pondering` for `go ponder`.
    pub fn new(pondering: bool) -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            ponderhit_at: Mutex::new(None),
        }
    }

    /// Asks the search to finish now.
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// True once stop was asked.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The opponent played the expected move: our clock runs from now.
    pub fn ponderhit(&self) {
        if let Ok(mut at) = self.ponderhit_at.lock() {
            *at = Some(Instant::now());
        }
        self.pondering.store(false, Relaxed);
    }

    /// True while the search is a ponder search not yet confirmed.
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }

    /// True once for each `ponderhit`: the clock is to restart.
    pub(crate) fn take_ponderhit(&self) -> bool {
        self.ponderhit_at
            .lock()
            .is_ok_and(|mut at| at.take().is_some())
    }
}
