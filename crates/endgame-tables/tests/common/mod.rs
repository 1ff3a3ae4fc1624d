//! Helpers shared by the table tests and the `dtm_verify` example.

// Each test file uses only some of them.
#![allow(dead_code)]

use matewise_endgame_tables::dtm::{self, Dtm};
use movegen::{Board, MoveList};

/// A position from `men` (FEN letters) on `squares`, or `None` if illegal.
pub fn board(men: &str, squares: &[usize], white_to_move: bool) -> Option<Board> {
    let mut grid = [['1'; 8]; 8];
    for (man, &square) in men.chars().zip(squares) {
        if grid[7 - square / 8][square % 8] != '1' {
            return None;
        }
        grid[7 - square / 8][square % 8] = man;
    }
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    let side = if white_to_move { "w" } else { "b" };
    Board::from_fen(&format!("{} {side} - - 0 1", rows.join("/"))).ok()
}

/// Random legal positions of `men`, both sides to move, the same ones on
/// every run for a given `seed`.
pub fn random_positions(men: &str, seed: u64) -> impl Iterator<Item = Board> + '_ {
    let mut state = 0x2545_F491_4F6C_DD1Du64 ^ seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 64) as usize
    };
    std::iter::repeat_with(move || {
        let squares: Vec<usize> = men.chars().map(|_| next()).collect();
        board(men, &squares, next() % 2 == 0)
    })
    .flatten()
}

/// The value a position must have given its successors' values.
pub fn backed_up(board: &Board) -> Dtm {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    if moves.is_empty() {
        return if board.in_check() {
            Dtm::MatedIn(0)
        } else {
            Dtm::Draw
        };
    }
    let mut best_win: Option<u32> = None;
    let mut longest_loss: Option<u32> = None;
    let mut can_draw = false;
    for &mv in &moves {
        let mut child = board.clone();
        child.play_unchecked(mv);
        match dtm::probe(&child) {
            // Out of the tables: a capture left a dead draw (a minor piece
            // or nothing against a bare king).
            None => can_draw = true,
            Some(Dtm::Draw) => can_draw = true,
            Some(Dtm::MatedIn(p)) => best_win = Some(best_win.map_or(p + 1, |b| b.min(p + 1))),
            Some(Dtm::MateIn(p)) => {
                longest_loss = Some(longest_loss.map_or(p + 1, |l| l.max(p + 1)))
            }
        }
    }
    match (best_win, can_draw, longest_loss) {
        (Some(p), _, _) => Dtm::MateIn(p),
        (None, true, _) => Dtm::Draw,
        (None, false, Some(p)) => Dtm::MatedIn(p),
        (None, false, None) => unreachable!("moves exist"),
    }
}
