//! A UCI engine run as a child process: the one wrapper behind `mates
//! --engine` (any engine, judged like Matewise in-process), `mates --check`
//! (every line Matewise prints) and the SPSA games. Its output is read on a
//! thread of its own, so that an engine that stops answering costs a
//! timeout, never a hang.

use protocol::{Bound, Info, Score};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to answer anything before it is given up.
pub(crate) const REPLY_TIMEOUT: Duration = Duration::from_secs(60);

/// A started engine that has answered `uciok` and `readyok` with its
/// options set.
pub(crate) struct UciEngine {
    program: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

/// What one `go nodes N` ended with.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SearchEnd {
    /// The mate claimed by the last score reported, if it claims one.
    pub(crate) mate: Option<i32>,
    /// The last node count reported.
    pub(crate) nodes: u64,
}

impl UciEngine {
    /// Starts `program` (its stderr discarded) and sets each `(name,
    /// value)` of `options`; an option the engine answers with an error is
    /// an error here.
    pub(crate) fn start(program: &str, options: &[(String, String)]) -> Result<UciEngine, String> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{program}: {e}"))?;
        let input = child.stdin.take().expect("stdin is piped");
        let output = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            program: program.to_string(),
            child,
            input,
            lines,
        };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        let seen = engine.ready()?;
        if let Some(error) = seen
            .iter()
            .find(|l| l.starts_with("info string") && l.contains("rror"))
        {
            return Err(format!("{program} refused an option: {error}"));
        }
        Ok(engine)
    }

    pub(crate) fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.program))
    }

    /// `isready`, and the lines up to `readyok`.
    pub(crate) fn ready(&mut self) -> Result<Vec<String>, String> {
        self.send("isready")?;
        self.wait_for("readyok")
    }

    /// The lines up to and including the first whose first word is `word`,
    /// within [`REPLY_TIMEOUT`].
    pub(crate) fn wait_for(&mut self, word: &str) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + REPLY_TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(word);
                    seen.push(line);
                    if done {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("{}: no '{word}' in time", self.program));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{} exited before '{word}'", self.program));
                }
            }
        }
    }

    /// Sends `position` and `go`, and returns every line up to and
    /// including `bestmove`. A search still running after `limit` is sent
    /// `stop`; the flag says so.
    pub(crate) fn go(
        &mut self,
        position: &str,
        go: &str,
        limit: Duration,
    ) -> Result<(Vec<String>, bool), String> {
        self.send(position)?;
        self.send(go)?;
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some("bestmove");
                    seen.push(line);
                    if done {
                        return Ok((seen, false));
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.send("stop")?;
                    let rest = self
                        .wait_for("bestmove")
                        .map_err(|e| format!("{e} after 'stop', on '{position}'"))?;
                    seen.extend(rest);
                    return Ok((seen, true));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "{} exited during a search on '{position}'",
                        self.program
                    ));
                }
            }
        }
    }

    /// A fresh game (`ucinewgame`, `isready`), then `go` (`go nodes N`, say) on `fen`.
    pub(crate) fn search(&mut self, fen: &str, go: &str) -> Result<SearchEnd, String> {
        self.send("ucinewgame")?;
        self.ready()?;
        let (lines, _) = self.go(&format!("position fen {fen}"), go, REPLY_TIMEOUT)?;
        let mut end = SearchEnd::default();
        for line in &lines {
            if let Some(mate) = claimed_mate(line) {
                end.mate = mate;
            }
            if let Some(nodes) = info(line).and_then(|i| i.nodes) {
                end.nodes = nodes;
            }
        }
        Ok(end)
    }

    /// The engine's move for `position` under `go`, and its last reported
    /// score in centipawns from the mover's side (mates as +-100000).
    pub(crate) fn best_move(
        &mut self,
        position: &str,
        go: &str,
    ) -> Result<(String, Option<i32>), String> {
        let (seen, _) = self.go(position, go, REPLY_TIMEOUT)?;
        let mv = seen
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .ok_or("an empty bestmove")?
            .to_string();
        let score = seen.iter().rev().find_map(|line| centipawns(line));
        Ok((mv, score))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // An engine that ignores `quit` is killed rather than waited on forever.
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The search data of an `info` line, by `protocol`'s reader; `None` for
/// any other line, for `info string` and for a line it cannot read (a
/// field outside UCI's, say).
pub(crate) fn info(line: &str) -> Option<Info> {
    Info::parse(line).ok()
}

/// `None` when `line` reports no score; else the mate its score claims, if
/// any. As in-process, a bound claims a mate only in its own direction: a
/// lower bound that we mate, never an upper bound.
pub(crate) fn claimed_mate(line: &str) -> Option<Option<i32>> {
    let info = info(line)?;
    let mate = match (info.score?, info.bound) {
        (Score::Mate(_), Bound::Upper) => None,
        (Score::Mate(m), Bound::Lower) if m < 0 => None,
        (Score::Mate(m), _) => Some(m),
        (Score::Cp(_), _) => None,
    };
    Some(mate)
}

/// The score of an `info ... score cp X` or `score mate N` line, mates as
/// +-100000.
fn centipawns(line: &str) -> Option<i32> {
    match info(line)?.score? {
        Score::Cp(cp) => Some(cp),
        Score::Mate(n) => Some(if n > 0 { 100_000 } else { -100_000 }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_claim_mates_as_in_process() {
        let line = |score: &str| format!("info depth 9 {score} nodes 1234 pv e2e4");
        assert_eq!(claimed_mate(&line("score mate 3")), Some(Some(3)));
        assert_eq!(claimed_mate(&line("score mate -2")), Some(Some(-2)));
        assert_eq!(
            claimed_mate(&line("score mate 3 lowerbound")),
            Some(Some(3))
        );
        assert_eq!(claimed_mate(&line("score mate -3 lowerbound")), Some(None));
        assert_eq!(claimed_mate(&line("score mate 3 upperbound")), Some(None));
        assert_eq!(claimed_mate(&line("score cp 250")), Some(None));
        assert_eq!(claimed_mate("info string score mate 1"), None);
        assert_eq!(claimed_mate("info depth 3 nodes 10"), None);
        assert_eq!(info(&line("score cp 1")).unwrap().nodes, Some(1234));
        assert_eq!(info("bestmove e2e4"), None);
    }

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            centipawns("info depth 3 score cp -25 nodes 10 pv e2e4"),
            Some(-25)
        );
        assert_eq!(
            centipawns("info depth 9 score mate 3 pv a1a8"),
            Some(100_000)
        );
        assert_eq!(
            centipawns("info depth 9 score mate -2 pv a1a8"),
            Some(-100_000)
        );
        assert_eq!(centipawns("info string hello"), None);
    }
}
