//! Everything the engine prints goes through here: one line at a time,
//! flushed, from whichever thread, never interleaved.

use protocol::{Bound as UciBound, Info, Response, Score as UciScore, Wdl};
use search::{Bound, Score, SearchInfo};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared line writer (stdout in the binary, a buffer in tests).
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Writes to standard output.
    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Writes to any sink.
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Sends one response line. A closed pipe is not an error worth dying for.
    pub fn send(&self, response: &Response) {
        self.line(&response.to_string());
    }

    /// Sends raw text (multi-line output of `d`, `eval`, perft).
    pub fn line(&self, text: &str) {
        if let Ok(mut sink) = self.sink.lock() {
            let _ = writeln!(sink, "{text}").and_then(|()| sink.flush());
        }
    }

    /// Sends `info string <text>`.
    pub fn info_string(&self, text: impl Into<String>) {
        self.send(&Response::InfoString(text.into()));
    }
}

/// Win/draw/loss per mille from a score, by a logistic model (a 200 cp
/// lead wins about half the time).
pub fn wdl(score: Score) -> Wdl {
    match score {
        Score::Mate(m) if m > 0 => Wdl {
            win: 1000,
            draw: 0,
            loss: 0,
        },
        Score::Mate(_) => Wdl {
            win: 0,
            draw: 0,
            loss: 1000,
        },
        Score::Centipawns(cp) => {
            let p = |x: f64| 1000.0 / (1.0 + ((200.0 - x) / 80.0).exp());
            let win = p(f64::from(cp)).round() as u32;
            let loss = p(-f64::from(cp)).round() as u32;
            Wdl {
                win,
                draw: 1000 - win - loss,
                loss,
            }
        }
    }
}

/// Converts a search report to an `info` line.
pub fn info_line(info: &SearchInfo, board: &movegen::Board, show_wdl: bool) -> Response {
    let score = match info.score {
        Score::Centipawns(cp) => UciScore::Cp(cp),
        Score::Mate(m) => UciScore::Mate(m),
    };
    let bound = match info.bound {
        Some(Bound::Lower) => UciBound::Lower,
        Some(Bound::Upper) => UciBound::Upper,
        _ => UciBound::Exact,
    };
    let mut position = board.clone();
    let mut pv = Vec::with_capacity(info.pv.len());
    for &mv in &info.pv {
        if !position.is_legal(mv) {
            break;
        }
        pv.push(position.to_uci(mv));
        position.play_unchecked(mv);
    }
    Response::Info(Info {
        depth: Some(info.depth),
        seldepth: Some(info.seldepth),
        multipv: Some(info.multipv),
        score: Some(score),
        bound,
        wdl: show_wdl.then(|| wdl(info.score)),
        nodes: Some(info.nodes),
        nps: Some(info.nps()),
        hashfull: Some(info.hashfull),
        tbhits: Some(info.tb_hits),
        time: Some(info.time.as_millis() as u64),
        pv,
        ..Info::default()
    })
}
