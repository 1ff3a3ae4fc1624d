//! Matewise, the UCI binary.
//!
//! Understands `uci`, `isready`, `ucinewgame`, `position`, `go perft N`, `d`
//! and `quit`; the full engine arrives with the engine crate.

use movegen::{Board, perft};
use std::io::{self, BufRead, Write};

fn main() {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut board = Board::default();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.first().copied() {
            None => continue,
            Some("quit") => break,
            Some("uci") => "id name Matewise\nid author the Matewise developers\nuciok".to_string(),
            Some("isready") => "readyok".to_string(),
            Some("ucinewgame") => {
                board = Board::default();
                continue;
            }
            Some("d") => board.to_string(),
            Some("position") => match set_position(&mut board, &words[1..]) {
                Ok(()) => continue,
                Err(e) => format!("info string {e}"),
            },
            Some("go") if words.get(1) == Some(&"perft") => {
                match words.get(2).and_then(|d| d.parse::<u32>().ok()) {
                    Some(depth) => divide(&board, depth),
                    None => "info string go perft needs a depth".to_string(),
                }
            }
            Some(other) => format!("info string unknown command '{other}'"),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}

fn divide(board: &Board, depth: u32) -> String {
    let mut text = String::new();
    let mut total = 0;
    if depth > 0 {
        for (mv, nodes) in movegen::perft_divide(board, depth) {
            text.push_str(&format!("{}: {nodes}\n", board.to_uci(mv)));
            total += nodes;
        }
    } else {
        total = perft(board, 0);
    }
    text.push_str(&format!("\nNodes searched: {total}"));
    text
}

/// `position startpos|fen <FEN> [moves ...]`; on a bad move the board stays
/// at the last legal position and the error names the move.
fn set_position(board: &mut Board, words: &[&str]) -> Result<(), String> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut next = match words.first().copied() {
        Some("startpos") => Board::default(),
        Some("fen") => Board::from_fen(&words[1..moves_at].join(" "))
            .map_err(|e| format!("invalid FEN: {e}"))?,
        _ => return Err("position needs 'startpos' or 'fen <FEN>'".to_string()),
    };
    let chess960 = board.chess960() || next.chess960();
    next.set_chess960(chess960);
    *board = next;
    for text in words.iter().skip(moves_at + 1) {
        let mv = board
            .parse_uci_move(text)
            .map_err(|e| format!("move {text}: {e}"))?;
        board.play_unchecked(mv);
    }
    Ok(())
}
