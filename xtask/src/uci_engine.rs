//! Another UCI engine run as a child process, so that `mates --suite
//! --engine PROGRAM` measures any engine on the very sample, and with the
//! very judging, that Matewise is measured with in-process.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A started engine that has answered `uciok` and has its options set.
pub(crate) struct UciEngine {
    program: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
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
    /// Starts `program` (its stderr discarded), sets `Hash` to `hash_mb`
    /// and each `(name, value)` of `options`.
    pub(crate) fn start(
        program: &str,
        hash_mb: usize,
        options: &[(String, String)],
    ) -> Result<UciEngine, String> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{program}: {e}"))?;
        let input = child.stdin.take().expect("stdin is piped");
        let output = BufReader::new(child.stdout.take().expect("stdout is piped"));
        let mut engine = UciEngine {
            program: program.to_string(),
            child,
            input,
            output,
        };
        engine.send("uci")?;
        engine.read_until("uciok", |_| {})?;
        engine.send(&format!("setoption name Hash value {hash_mb}"))?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.program))
    }

    /// Reads lines up to the first whose first word is `word`, passing each
    /// one before it to `each`.
    fn read_until(&mut self, word: &str, mut each: impl FnMut(&str)) -> Result<(), String> {
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("{}: {e}", self.program))?;
            if read == 0 {
                return Err(format!("{} closed its output", self.program));
            }
            if line.split_whitespace().next() == Some(word) {
                return Ok(());
            }
            each(&line);
        }
    }

    /// A fresh game (`ucinewgame`), then `go nodes N` on `fen`.
    pub(crate) fn search(&mut self, fen: &str, nodes: u64) -> Result<SearchEnd, String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.read_until("readyok", |_| {})?;
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go nodes {nodes}"))?;
        let mut end = SearchEnd::default();
        self.read_until("bestmove", |line| {
            if let Some(mate) = claimed_mate(line) {
                end.mate = mate;
            }
            if let Some(nodes) = field(line, "nodes") {
                end.nodes = nodes;
            }
        })?;
        Ok(end)
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // An engine that ignores `quit` is killed rather than waited on forever.
        for _ in 0..100 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The number after `name` on an `info` line.
fn field(line: &str, name: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") || line.split_whitespace().nth(1) == Some("string") {
        return None;
    }
    words.skip_while(|w| *w != name).nth(1)?.parse().ok()
}

/// `None` when `line` reports no score; else the mate its score claims, if
/// any. As in-process, a bound claims a mate only in its own direction: a
/// lower bound that we mate, never an upper bound.
fn claimed_mate(line: &str) -> Option<Option<i32>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
        return None;
    }
    let at = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    let mate = match (words[at + 1], words.get(at + 3).copied()) {
        ("mate", Some("upperbound")) => None,
        ("mate", Some("lowerbound")) if value < 0 => None,
        ("mate", _) => Some(value),
        _ => None,
    };
    Some(mate)
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
        assert_eq!(field(&line("score cp 1"), "nodes"), Some(1234));
        assert_eq!(field("bestmove e2e4", "nodes"), None);
    }
}
