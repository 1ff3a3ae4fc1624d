//! Shared helpers of the end-to-end tests: an [`Engine`] that drives the
//! built `matewise` binary over UCI with a deadline on every wait, parsers
//! for the lines it prints, and legality checks with `movegen`.
//!
//! Every wait has a deadline; when one passes (or the engine's output ends
//! early) the test fails with the whole transcript so far, the engine's
//! standard error included, so that no test can hang and every failure
//! shows what happened.

// Each test binary uses only part of this module.
#![allow(dead_code)]

use movegen::Board;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The default deadline for one expected line.
pub const LINE_TIMEOUT: Duration = Duration::from_secs(15);

/// The FEN of the standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// White mates in one with Ra1-a8 (back-rank mate).
pub const MATE_IN_ONE_FEN: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

/// King and rook against king: White mates in 8.
pub const KRK_FEN: &str = "8/7K/8/8/8/8/R7/7k w - - 0 1";

/// Black to move is checkmated (back rank).
pub const CHECKMATED_FEN: &str = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1";

/// Black to move is stalemated.
pub const STALEMATE_FEN: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

/// White is in check from the queen on b2 and has one legal move, Kxb2.
pub const ONE_LEGAL_MOVE_FEN: &str = "k7/8/8/8/8/8/1q6/K7 w - - 0 1";

/// The path of the binary under test.
pub fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_matewise")
}

/// A running `matewise` process.
///
/// Lines from its standard output are read on a thread and handed over a
/// channel, so a wait for a line can time out. The transcript records
/// every line sent (`>> `) and received (`<< `).
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
    stderr: Arc<Mutex<String>>,
    stderr_reader: Option<std::thread::JoinHandle<()>>,
    output_ended: bool,
}

impl Engine {
    /// Starts the engine in UCI mode.
    pub fn spawn() -> Engine {
        Engine::spawn_with_args(&[])
    }

    /// Starts the engine with command-line arguments.
    pub fn spawn_with_args(args: &[&str]) -> Engine {
        // Tables the engine solves go to a directory of the build's own,
        // never to the user's cache (a test that wants another sets
        // `EndgameCache`).
        let mut child = Command::new(binary())
            .args(args)
            .env_remove("RUST_LOG")
            .env("XDG_CACHE_HOME", env!("CARGO_TARGET_TMPDIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawning the matewise binary");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            // Bytes rather than `lines()`: a non-UTF-8 line must not end the reader.
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buffer);
                        let line = text.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut stderr_pipe = child.stderr.take().expect("piped stderr");
        let stderr_sink = Arc::clone(&stderr);
        let stderr_reader = std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = stderr_pipe.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                if let Ok(mut text) = stderr_sink.lock() {
                    text.push_str(&String::from_utf8_lossy(&chunk[..n]));
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
            stderr,
            stderr_reader: Some(stderr_reader),
            output_ended: false,
        }
    }

    /// The operating system's id of the engine process.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!(">> {line}"));
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.write_bytes(&bytes);
    }

    /// Sends raw bytes as they are (for malformed input).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.transcript
            .push(format!(">> (raw) {:?}", String::from_utf8_lossy(bytes)));
        self.write_bytes(bytes);
    }

    fn write_bytes(&mut self, bytes: &[u8]) {
        let result = match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(bytes).and_then(|()| stdin.flush()),
            None => self.fail("writing after stdin was closed"),
        };
        if let Err(error) = result {
            self.fail(&format!("could not write to the engine: {error}"));
        }
    }

    /// The next line within `timeout`, or `None` if none arrives in time.
    /// Fails the test if the engine's output ends.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(format!("<< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                self.output_ended = true;
                self.fail("the engine's output ended (did it exit?)")
            }
        }
    }

    /// Waits for a line matching `predicate`; lines before it are only
    /// recorded. Fails with the transcript when `timeout` passes.
    pub fn expect_line(
        &mut self,
        what: &str,
        predicate: impl Fn(&str) -> bool,
        timeout: Duration,
    ) -> String {
        self.collect_until(what, predicate, timeout)
            .pop()
            .expect("collect_until returns at least the matching line")
    }

    /// Every line up to and including the first matching `predicate`.
    pub fn collect_until(
        &mut self,
        what: &str,
        predicate: impl Fn(&str) -> bool,
        timeout: Duration,
    ) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                self.fail(&format!("no {what} within {timeout:?}"));
            }
            if let Some(line) = self.next_line(left) {
                let done = predicate(&line);
                lines.push(line);
                if done {
                    return lines;
                }
            }
        }
    }

    /// Waits for exactly this line.
    pub fn expect_exact(&mut self, expected: &str, timeout: Duration) -> String {
        self.expect_line(&format!("line '{expected}'"), |l| l == expected, timeout)
    }

    /// Every line that arrives within `duration` (none expected is fine).
    pub fn lines_within(&mut self, duration: Duration) -> Vec<String> {
        let deadline = Instant::now() + duration;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return lines;
            }
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("<< {line}"));
                    lines.push(line);
                }
                Err(RecvTimeoutError::Timeout) => return lines,
                Err(RecvTimeoutError::Disconnected) => {
                    self.output_ended = true;
                    return lines;
                }
            }
        }
    }

    /// Sends `isready` and returns every line printed before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.collect_until("readyok", |l| l == "readyok", LINE_TIMEOUT);
        lines.pop();
        lines
    }

    /// Asserts that the engine prints nothing but `readyok` after what was sent.
    pub fn expect_silence(&mut self, context: &str) {
        let lines = self.sync();
        if !lines.is_empty() {
            self.fail(&format!("{context}: expected no output, got {lines:?}"));
        }
    }

    /// Sends `line`, then `isready`; asserts that exactly `expected` came before `readyok`.
    pub fn expect_reply(&mut self, line: &str, expected: &[&str]) {
        self.send(line);
        let got = self.sync();
        if got != expected {
            self.fail(&format!(
                "after '{line}': expected {expected:?}, got {got:?}"
            ));
        }
    }

    /// Sends `uci` and returns every line up to and including `uciok`.
    pub fn handshake(&mut self) -> Vec<String> {
        self.send("uci");
        self.collect_until("uciok", |l| l == "uciok", LINE_TIMEOUT)
    }

    /// Sends `go_command` and collects the search output up to `bestmove`.
    pub fn go(&mut self, go_command: &str, timeout: Duration) -> SearchOutput {
        self.send(go_command);
        self.collect_search(timeout)
    }

    /// Collects the output of a search already started, up to `bestmove`.
    pub fn collect_search(&mut self, timeout: Duration) -> SearchOutput {
        let lines = self.collect_until("bestmove", |l| l.starts_with("bestmove"), timeout);
        self.search_output(lines)
    }

    /// Parses collected lines ending with `bestmove`, failing on malformed ones.
    pub fn search_output(&mut self, lines: Vec<String>) -> SearchOutput {
        let mut infos = Vec::new();
        let mut strings = Vec::new();
        let last = lines.last().cloned().unwrap_or_default();
        for line in &lines[..lines.len().saturating_sub(1)] {
            if let Some(text) = line.strip_prefix("info string ") {
                strings.push(text.to_string());
                continue;
            }
            match parse_info(line) {
                Ok(info) => infos.push(info),
                Err(error) => self.fail(&format!("bad search output line '{line}': {error}")),
            }
        }
        let bestmove = match parse_bestmove(&last) {
            Ok(b) => b,
            Err(error) => self.fail(&format!("bad bestmove line '{last}': {error}")),
        };
        SearchOutput {
            infos,
            strings,
            bestmove,
        }
    }

    /// Closes the engine's standard input (end of input).
    pub fn close_stdin(&mut self) {
        self.transcript.push(">> (end of input)".into());
        self.stdin = None;
    }

    /// True while the process runs.
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits for the process to exit; fails the test after `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.transcript.push(format!("(exited: {status})"));
                    return status;
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Ok(None) => self.fail(&format!("the engine did not exit within {timeout:?}")),
                Err(error) => self.fail(&format!("waiting for the engine: {error}")),
            }
        }
    }

    /// Every line left on the output once the process has exited (for
    /// checks after `quit` or end of input).
    pub fn remaining_lines(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(5);
        while !self.output_ended && Instant::now() < deadline {
            match self.lines.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => {
                    self.transcript.push(format!("<< {line}"));
                    lines.push(line);
                }
                Err(RecvTimeoutError::Disconnected) => self.output_ended = true,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
        lines
    }

    /// Standard error so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// All of standard error, once the process has exited (waits up to 5 s
    /// for the pipe to be drained).
    pub fn stderr_after_exit(&mut self) -> String {
        self.wait_exit(Duration::from_secs(5));
        let deadline = Instant::now() + Duration::from_secs(5);
        if let Some(reader) = self.stderr_reader.take() {
            while !reader.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
            if reader.is_finished() {
                let _ = reader.join();
            }
        }
        self.stderr()
    }

    /// The transcript so far, with any lines still in the channel.
    pub fn transcript(&mut self) -> String {
        while let Ok(line) = self.lines.try_recv() {
            self.transcript.push(format!("<< {line} (unread)"));
        }
        let mut text = self.transcript.join("\n");
        let stderr = self.stderr();
        if !stderr.is_empty() {
            let _ = write!(text, "\n--- stderr ---\n{stderr}");
        }
        text
    }

    /// Fails the test with `message` and the transcript.
    pub fn fail(&mut self, message: &str) -> ! {
        let transcript = self.transcript();
        panic!("{message}\n--- transcript ---\n{transcript}\n--- end ---");
    }

    /// Asserts `condition`, failing with the transcript otherwise.
    pub fn check(&mut self, condition: bool, message: impl FnOnce() -> String) {
        if !condition {
            let message = message();
            self.fail(&message);
        }
    }

    /// Sends `d` and returns the `Fen:` it prints.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let line = self.expect_line("Fen: line of d", |l| l.starts_with("Fen: "), LINE_TIMEOUT);
        self.expect_line(
            "Checkers: line of d",
            |l| l.starts_with("Checkers:"),
            LINE_TIMEOUT,
        );
        line["Fen: ".len()..].to_string()
    }

    /// Asserts that `d` shows `expected`.
    pub fn expect_fen(&mut self, expected: &str) {
        let fen = self.fen();
        if fen != expected {
            self.fail(&format!("d shows '{fen}', expected '{expected}'"));
        }
    }

    /// Checks a search's output against the position searched: every
    /// `pv` is legal, every reported line is well formed, and `bestmove`
    /// (with its ponder move) is legal, or `0000` with no legal move.
    pub fn check_search(&mut self, board: &Board, output: &SearchOutput) {
        for info in &output.infos {
            if let Err(error) = check_line(board, &info.pv) {
                self.fail(&format!("illegal pv in '{}': {error}", info.raw));
            }
        }
        if let Err(error) = check_bestmove(board, &output.bestmove) {
            self.fail(&format!("bad bestmove: {error}"));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The output of one search.
#[derive(Clone, Debug)]
pub struct SearchOutput {
    /// The `info` lines (not `info string`).
    pub infos: Vec<Info>,
    /// The text of the `info string` lines.
    pub strings: Vec<String>,
    /// The final `bestmove`.
    pub bestmove: BestMove,
}

impl SearchOutput {
    /// The last `info` line with a score, if any.
    pub fn last_info(&self) -> Option<&Info> {
        self.infos.iter().rev().find(|i| i.score.is_some())
    }
}

/// A score as printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// `score cp N`.
    Cp(i32),
    /// `score mate N`.
    Mate(i32),
}

/// The fields of an `info` line.
#[derive(Clone, Debug, Default)]
pub struct Info {
    /// The whole line.
    pub raw: String,
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `multipv`.
    pub multipv: Option<u32>,
    /// `score`.
    pub score: Option<Score>,
    /// `lowerbound` or `upperbound` after the score.
    pub bound: Option<String>,
    /// `wdl W D L`.
    pub wdl: Option<[u32; 3]>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `hashfull`.
    pub hashfull: Option<u32>,
    /// `time`.
    pub time: Option<u64>,
    /// `pv`.
    pub pv: Vec<String>,
}

/// Parses an `info` line (not `info string`) with `protocol`'s reader;
/// every field must be known and well formed, and the line exactly as
/// `protocol` writes it.
pub fn parse_info(line: &str) -> Result<Info, String> {
    let parsed = protocol::Info::parse(line).map_err(|e| e.to_string())?;
    if parsed.to_string() != line {
        return Err(format!("not written as protocol writes it: '{parsed}'"));
    }
    if let Some(h) = parsed.hashfull.filter(|&h| h > 1000) {
        return Err(format!("hashfull {h} is over 1000"));
    }
    Ok(Info {
        raw: line.to_string(),
        depth: parsed.depth,
        seldepth: parsed.seldepth,
        multipv: parsed.multipv,
        score: parsed.score.map(|score| match score {
            protocol::Score::Cp(cp) => Score::Cp(cp),
            protocol::Score::Mate(m) => Score::Mate(m),
        }),
        bound: match (parsed.score, parsed.bound) {
            (Some(_), protocol::Bound::Lower) => Some("lowerbound".into()),
            (Some(_), protocol::Bound::Upper) => Some("upperbound".into()),
            _ => None,
        },
        wdl: parsed.wdl.map(|w| [w.win, w.draw, w.loss]),
        nodes: parsed.nodes,
        nps: parsed.nps,
        hashfull: parsed.hashfull,
        time: parsed.time,
        pv: parsed.pv.iter().map(ToString::to_string).collect(),
    })
}

/// A `bestmove` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move (`0000` for none).
    pub best: String,
    /// The ponder move, if any.
    pub ponder: Option<String>,
}

/// Parses `bestmove <move> [ponder <move>]`.
pub fn parse_bestmove(line: &str) -> Result<BestMove, String> {
    let tokens: Vec<&str> = line.split(' ').collect();
    match tokens.as_slice() {
        ["bestmove", best] => Ok(BestMove {
            best: best.to_string(),
            ponder: None,
        }),
        ["bestmove", best, "ponder", ponder] => Ok(BestMove {
            best: best.to_string(),
            ponder: Some(ponder.to_string()),
        }),
        _ => Err("not 'bestmove <move> [ponder <move>]'".into()),
    }
}

/// A board from a FEN and moves; `chess960` switches on 960 castling notation.
pub fn board(fen: &str, moves: &[&str], chess960: bool) -> Board {
    let mut board = Board::from_fen(fen).unwrap_or_else(|e| panic!("test FEN '{fen}': {e}"));
    if chess960 {
        board.set_chess960(true);
    }
    for mv in moves {
        board = play(&board, mv).unwrap_or_else(|e| panic!("test move {mv}: {e}"));
    }
    board
}

/// Plays `text` if it is a legal move written exactly as the engine must
/// write it (castling in the board's notation).
pub fn play(board: &Board, text: &str) -> Result<Board, String> {
    let mv = board
        .parse_uci_move(text)
        .map_err(|e| format!("{text} in {}: {e}", board.to_fen()))?;
    let canonical = board.to_uci(mv).to_string();
    if canonical != text {
        return Err(format!(
            "{text} in {} should be written {canonical}",
            board.to_fen()
        ));
    }
    let mut next = board.clone();
    next.play(mv)
        .map_err(|e| format!("{text} in {}: {e:?}", board.to_fen()))?;
    Ok(next)
}

/// Checks that `moves` form a legal sequence from `board`; returns the end position.
pub fn check_line(board: &Board, moves: &[String]) -> Result<Board, String> {
    let mut position = board.clone();
    for (index, mv) in moves.iter().enumerate() {
        position = play(&position, mv).map_err(|e| format!("move {}: {e}", index + 1))?;
    }
    Ok(position)
}

/// Checks a bestmove: legal (and its ponder move legal after it), or
/// `0000` exactly when there is no legal move.
pub fn check_bestmove(board: &Board, bestmove: &BestMove) -> Result<(), String> {
    let legal_moves = board.legal_move_count();
    if bestmove.best == "0000" {
        if legal_moves != 0 {
            return Err(format!(
                "bestmove 0000 with {legal_moves} legal moves in {}",
                board.to_fen()
            ));
        }
        return match &bestmove.ponder {
            Some(p) => Err(format!("ponder {p} after bestmove 0000")),
            None => Ok(()),
        };
    }
    let after = play(board, &bestmove.best)?;
    if let Some(ponder) = &bestmove.ponder {
        play(&after, ponder).map_err(|e| format!("ponder move: {e}"))?;
    }
    Ok(())
}

/// Milliseconds since `start`, for messages.
pub fn millis(start: Instant) -> u128 {
    start.elapsed().as_millis()
}
