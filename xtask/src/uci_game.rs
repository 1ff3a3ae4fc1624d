//! Engine-against-engine games over UCI, for SPSA: engine processes with
//! a reply timeout, and one game from a given start to its end by the
//! rules or by adjudication.

use crate::datagen::insufficient_material;
use movegen::{Board, Color, KeyHistory, MoveList};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to answer anything before it is given up.
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);

/// A running UCI engine.
pub(crate) struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `path`, sets `options` (name, value) and waits until ready.
    pub(crate) fn start(path: &str, options: &[(String, String)]) -> Result<Engine, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{path}: {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
        };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("isready")?;
        let seen = engine.wait_for("readyok")?;
        if let Some(error) = seen
            .iter()
            .find(|l| l.starts_with("info string") && l.contains("rror"))
        {
            return Err(format!("{path} refused an option: {error}"));
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("engine input: {e}"))
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn wait_for(&mut self, prefix: &str) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + REPLY_TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(format!("no '{prefix}' in time")),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("the engine exited before '{prefix}'"));
                }
            }
        }
    }

    /// The engine's move for `position` under `go`, and its last reported
    /// score in centipawns from the mover's side (mates as +-100000).
    fn best_move(&mut self, position: &str, go: &str) -> Result<(String, Option<i32>), String> {
        self.send(position)?;
        self.send(go)?;
        let seen = self.wait_for("bestmove")?;
        let mv = seen
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .ok_or("an empty bestmove")?
            .to_string();
        let score = seen.iter().rev().find_map(|line| score_of(line));
        Ok((mv, score))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The score of an `info ... score cp X` or `score mate N` line.
fn score_of(line: &str) -> Option<i32> {
    let mut words = line
        .split_whitespace()
        .skip_while(|&w| w != "score")
        .skip(1);
    match (words.next()?, words.next()?.parse::<i32>().ok()?) {
        ("cp", cp) => Some(cp),
        ("mate", n) => Some(if n > 0 { 100_000 } else { -100_000 }),
        _ => None,
    }
}

/// What each move may spend.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) enum MoveLimit {
    /// `go nodes N`.
    Nodes(u64),
    /// A game clock: base and increment in milliseconds, kept here; a move
    /// that overruns its clock by more than `TIME_MARGIN` loses.
    Clock { base_ms: u64, increment_ms: u64 },
}

/// How far past its clock an engine's reply may arrive (pipe lag).
const TIME_MARGIN: Duration = Duration::from_millis(100);

/// How a game ended, from White's side: 1, 0.5 or 0.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Outcome(pub(crate) f64);

/// Win adjudication: both engines agree on at least this many centipawns
/// for the same side, for `WIN_PLIES` plies in a row.
const WIN_SCORE: i32 = 1000;
const WIN_PLIES: usize = 8;
/// Draw adjudication: from `DRAW_FROM_PLY` on, both report at most
/// `DRAW_SCORE` for `DRAW_PLIES` plies in a row.
const DRAW_FROM_PLY: usize = 80;
const DRAW_SCORE: i32 = 10;
const DRAW_PLIES: usize = 16;
/// A game this long is a draw.
const MAX_PLIES: usize = 400;

/// Plays one game from `start`, `white` and `black` searching under
/// `limit`. An engine that fails, overruns its clock or plays an illegal
/// move loses.
pub(crate) fn play(
    start: &Board,
    white: &mut Engine,
    black: &mut Engine,
    limit: MoveLimit,
) -> Result<Outcome, String> {
    let fen = start.to_fen();
    for engine in [&mut *white, &mut *black] {
        engine.send("ucinewgame")?;
    }
    let mut board = start.clone();
    let mut history = KeyHistory::with_capacity(MAX_PLIES + 1);
    let mut moves_text = String::new();
    let (mut win_streak, mut draw_streak) = (0usize, 0usize);
    let mut last_white_score: i32 = 0;
    let mut clocks = match limit {
        MoveLimit::Clock { base_ms, .. } => [Duration::from_millis(base_ms); 2],
        MoveLimit::Nodes(_) => [Duration::ZERO; 2],
    };
    for ply in 0.. {
        let mut legal = MoveList::new();
        board.generate_moves(&mut legal);
        if legal.is_empty() {
            let white_mated = board.in_check() && board.side_to_move() == Color::White;
            let score = if !board.in_check() {
                0.5
            } else if white_mated {
                0.0
            } else {
                1.0
            };
            return Ok(Outcome(score));
        }
        if history.repetitions(&board) >= 2
            || board.halfmove_clock() >= 100
            || insufficient_material(&board)
            || ply >= MAX_PLIES
        {
            return Ok(Outcome(0.5));
        }
        let white_to_move = board.side_to_move() == Color::White;
        let engine = if white_to_move {
            &mut *white
        } else {
            &mut *black
        };
        let position = format!("position fen {fen} moves{moves_text}");
        let loser = Outcome(if white_to_move { 0.0 } else { 1.0 });
        let side = usize::from(!white_to_move);
        let go = match limit {
            MoveLimit::Nodes(nodes) => format!("go nodes {nodes}"),
            MoveLimit::Clock { increment_ms, .. } => format!(
                "go wtime {} btime {} winc {increment_ms} binc {increment_ms}",
                clocks[0].as_millis(),
                clocks[1].as_millis()
            ),
        };
        let asked = Instant::now();
        let Ok((text, score)) = engine.best_move(&position, &go) else {
            return Ok(loser);
        };
        if let MoveLimit::Clock { increment_ms, .. } = limit {
            let spent = asked.elapsed();
            if spent > clocks[side] + TIME_MARGIN {
                return Ok(loser);
            }
            clocks[side] = clocks[side].saturating_sub(spent) + Duration::from_millis(increment_ms);
        }
        let Some(mv) = board
            .parse_uci_move(&text)
            .ok()
            .filter(|mv| legal.contains(mv))
        else {
            return Ok(loser);
        };
        let white_score = score.map(|s| if white_to_move { s } else { -s });
        match white_score {
            Some(s) if s.abs() >= WIN_SCORE && s.signum() == last_white_score.signum() => {
                win_streak += 1;
            }
            Some(s) if s.abs() >= WIN_SCORE => win_streak = 1,
            _ => win_streak = 0,
        }
        match white_score {
            Some(s) if s.abs() <= DRAW_SCORE && ply >= DRAW_FROM_PLY => draw_streak += 1,
            _ => draw_streak = 0,
        }
        last_white_score = white_score.unwrap_or(0);
        if win_streak >= WIN_PLIES {
            return Ok(Outcome(if last_white_score > 0 { 1.0 } else { 0.0 }));
        }
        if draw_streak >= DRAW_PLIES {
            return Ok(Outcome(0.5));
        }
        history.push(board.hash());
        board.play_unchecked(mv);
        moves_text.push(' ');
        moves_text.push_str(&text);
    }
    unreachable!("the loop returns by MAX_PLIES")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            score_of("info depth 3 score cp -25 nodes 10 pv e2e4"),
            Some(-25)
        );
        assert_eq!(score_of("info depth 9 score mate 3 pv a1a8"), Some(100_000));
        assert_eq!(
            score_of("info depth 9 score mate -2 pv a1a8"),
            Some(-100_000)
        );
        assert_eq!(score_of("info string hello"), None);
    }
}
