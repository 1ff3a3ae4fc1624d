//! Engine-against-engine games over UCI, for SPSA and the `UCI_Elo`
//! calibration: one game from a given start to its end by the rules, a
//! fault, or (if asked) adjudication.

use crate::uci_engine::UciEngine;
use movegen::{Board, Color, KeyHistory, Move};
use std::time::{Duration, Instant};

/// What each move may spend.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) enum MoveLimit {
    /// `go nodes N`.
    Nodes(u64),
    /// A game clock: base and increment in milliseconds, kept here; a move
    /// that overruns its clock by more than `TIME_MARGIN` loses.
    Clock { base_ms: u64, increment_ms: u64 },
}

impl MoveLimit {
    /// The clock of `base+increment` in seconds (`10+0.1`, `60`).
    pub(crate) fn clock(tc: &str) -> Result<MoveLimit, String> {
        let (base, increment) = tc.split_once('+').unwrap_or((tc, "0"));
        let ms = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .map(|x| (x * 1000.0).round() as u64)
                .ok_or(format!("--tc {tc}: not base+increment in seconds"))
        };
        Ok(MoveLimit::Clock {
            base_ms: ms(base)?,
            increment_ms: ms(increment)?,
        })
    }
}

/// How far past its clock an engine's reply may arrive (pipe lag).
const TIME_MARGIN: Duration = Duration::from_millis(100);

/// How a game ended, from White's side: 1, 0.5 or 0.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Outcome(pub(crate) f64);

/// A game played: its result, its moves from the start, and why it ended
/// (`checkmate`, `time forfeit`, `adjudication` and the like).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Played {
    pub(crate) outcome: Outcome,
    pub(crate) moves: Vec<Move>,
    pub(crate) reason: String,
}

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
/// `limit`, adjudicated by the engines' scores if `adjudicate`. An engine
/// that fails, overruns its clock or plays an illegal move loses.
pub(crate) fn play(
    start: &Board,
    white: &mut UciEngine,
    black: &mut UciEngine,
    limit: MoveLimit,
    adjudicate: bool,
) -> Result<Played, String> {
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
    let mut moves = Vec::new();
    let end = |result: f64, reason: &str, moves: &mut Vec<Move>| {
        Ok(Played {
            outcome: Outcome(result),
            moves: std::mem::take(moves),
            reason: reason.to_string(),
        })
    };
    for ply in 0.. {
        if let Some(rule) = board.outcome(&history) {
            let result = match rule.winner() {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            let reason = match rule {
                movegen::Outcome::Decisive { .. } => "checkmate",
                movegen::Outcome::Draw(movegen::DrawReason::Stalemate) => "stalemate",
                movegen::Outcome::Draw(movegen::DrawReason::InsufficientMaterial) => {
                    "insufficient material"
                }
                movegen::Outcome::Draw(movegen::DrawReason::FiftyMoves) => "fifty moves",
                movegen::Outcome::Draw(movegen::DrawReason::Repetition) => "repetition",
            };
            return end(result, reason, &mut moves);
        }
        if ply >= MAX_PLIES {
            return end(0.5, "move limit", &mut moves);
        }
        let legal = board.legal_moves();
        let white_to_move = board.side_to_move() == Color::White;
        let engine = if white_to_move {
            &mut *white
        } else {
            &mut *black
        };
        let position = format!("position fen {fen} moves{moves_text}");
        let loser = if white_to_move { 0.0 } else { 1.0 };
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
            return end(loser, "engine failure", &mut moves);
        };
        if let MoveLimit::Clock { increment_ms, .. } = limit {
            let spent = asked.elapsed();
            if spent > clocks[side] + TIME_MARGIN {
                return end(loser, "time forfeit", &mut moves);
            }
            clocks[side] = clocks[side].saturating_sub(spent) + Duration::from_millis(increment_ms);
        }
        let Some(mv) = board
            .parse_uci_move(&text)
            .ok()
            .filter(|mv| legal.contains(mv))
        else {
            return end(loser, "illegal move", &mut moves);
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
        history.push(board.hash());
        board.play_unchecked(mv);
        moves.push(mv);
        if adjudicate && win_streak >= WIN_PLIES {
            let result = if last_white_score > 0 { 1.0 } else { 0.0 };
            return end(result, "adjudication", &mut moves);
        }
        if adjudicate && draw_streak >= DRAW_PLIES {
            return end(0.5, "adjudication", &mut moves);
        }
        moves_text.push(' ');
        moves_text.push_str(&text);
    }
    unreachable!("the loop returns by MAX_PLIES")
}
