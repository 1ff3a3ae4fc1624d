//! Helpers shared by the table tests and the `dtm_verify` example.

// Each test file uses only some of them.
#![allow(dead_code)]

use matewise_endgame_tables::dtm::{Dtm, Ending, Table};
use matewise_endgame_tables::{Ready, Tablebases};
use movegen::{Board, MoveList, SplitMix64};
use std::path::PathBuf;
use std::sync::LazyLock;

/// The tables this test binary's table checks share (cached in the build's
/// own directory, never the user's: see [`test_kit::private_tables`]), so
/// that a table is loaded once, not once per test.
pub fn tables() -> &'static Tablebases {
    static TABLES: LazyLock<Tablebases> = LazyLock::new(test_kit::private_tables);
    &TABLES
}

/// The table of `ending` in [`tables`], built or loaded now.
pub fn build(ending: Ending) -> &'static Table {
    tables()
        .table(ending, Ready::Now)
        .expect("a table built on request")
}

/// The answer of [`tables`] for `board`.
pub fn probe(board: &Board) -> Option<Dtm> {
    tables().dtm(board)
}

/// An empty directory of this test process's own, `name` telling it from
/// the others (not created; whatever an earlier run left there is removed).
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("endgame-tables-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A position from `men` (FEN letters) on `squares`, or `None` if illegal.
pub fn board(men: &str, squares: &[usize], white_to_move: bool) -> Option<Board> {
    test_kit::placed(men, squares, white_to_move)
}

/// Random legal positions of `men`, both sides to move, the same ones on
/// every run for a given `seed`.
pub fn random_positions(men: &str, seed: u64) -> impl Iterator<Item = Board> + '_ {
    let mut rng = SplitMix64::new(seed);
    let mut next = move || rng.below(64);
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
        match probe(&child) {
            // Out of the tables: a capture or a promotion left a dead draw
            // (a minor piece, two knights or nothing against a bare king),
            // unless it mates on the spot.
            None if child.is_checkmate() => best_win = Some(1),
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

fn children(board: &Board) -> impl Iterator<Item = Board> + '_ {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    moves.into_iter().map(move |mv| {
        let mut child = board.clone();
        child.play_unchecked(mv);
        child
    })
}

/// Whether the side to move can force mate within `plies` plies, by a
/// brute-force search over the legal moves (no table).
pub fn mates_within(board: &Board, plies: u32) -> bool {
    plies > 0 && children(board).any(|child| mated_within(&child, plies - 1))
}

/// Whether the side to move is mated, or can be forced into mate, within
/// `plies` plies.
pub fn mated_within(board: &Board, plies: u32) -> bool {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    if moves.is_empty() {
        return board.in_check();
    }
    plies > 0 && children(board).all(|child| mates_within(&child, plies - 1))
}

/// The table's value of `board` against the brute-force search, for mates
/// within `horizon` plies; a longer mate or a draw must have no mate
/// within the horizon for either side.
pub fn agrees_with_search(board: &Board, value: Dtm, horizon: u32) -> bool {
    match value {
        Dtm::MateIn(p) if p <= horizon => {
            mates_within(board, p) && (p < 2 || !mates_within(board, p - 2))
        }
        Dtm::MatedIn(p) if p <= horizon => {
            mated_within(board, p) && (p < 2 || !mated_within(board, p - 2))
        }
        _ => !mates_within(board, horizon) && !mated_within(board, horizon),
    }
}

/// Checks `count` short wins, short losses, longer mates and draws each
/// of the positions of `men` (whose table is built), drawn at random,
/// against the brute-force search up to `horizon` plies. Kinds that never
/// occur (no draws in K+Q+R against K with the strong side to move, say)
/// are skipped after a million positions.
pub fn check_against_search(men: &str, count: usize, horizon: u32) -> [usize; 4] {
    // Short wins, short losses, longer mates, draws.
    let mut checked = [0; 4];
    for position in random_positions(men, 43).take(1_000_000) {
        let value = probe(&position).expect("a tabled position");
        let kind = match value {
            Dtm::MateIn(p) if p <= horizon => 0,
            Dtm::MatedIn(p) if p <= horizon => 1,
            Dtm::Draw => 3,
            _ => 2,
        };
        if checked[kind] == count {
            continue;
        }
        checked[kind] += 1;
        assert!(
            agrees_with_search(&position, value, horizon),
            "{men} {} {value:?}",
            position.to_fen()
        );
        if checked.iter().all(|&n| n == count) {
            break;
        }
    }
    checked
}
