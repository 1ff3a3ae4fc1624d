//! Perft suites: every line of `suites/standard.epd` and `suites/chess960.epd`,
//! checked against the published leaf counts at every depth of at most
//! [`MAX_NODES`] leaves. `cargo xtask verify` checks every depth (about 10⁹
//! leaves in all).

use matewise_movegen::{Board, perft};
use std::fmt::Write as _;
use std::time::Instant;

/// The largest count checked here: a few seconds for both suites.
const MAX_NODES: u64 = 1_000_000;

/// One EPD line: the FEN and the `(depth, expected count)` pairs after it.
struct Case {
    line: usize,
    fen: String,
    depths: Vec<(u32, u64)>,
}

/// Parses `FEN ;D1 n ;D2 n ...` lines, skipping blank and `#` comment lines.
fn read_suite(name: &str) -> Vec<Case> {
    let path = format!("{}/suites/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let mut cases = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts
            .next()
            .expect("split yields one part")
            .trim()
            .to_string();
        let depths: Vec<(u32, u64)> = parts
            .map(|part| {
                let part = part.trim();
                let (depth, count) = part
                    .strip_prefix('D')
                    .and_then(|rest| rest.split_once(' '))
                    .unwrap_or_else(|| panic!("{name}:{}: bad depth entry '{part}'", index + 1));
                (
                    depth.trim().parse().expect("depth is a number"),
                    count.trim().parse().expect("count is a number"),
                )
            })
            .collect();
        assert!(!depths.is_empty(), "{name}:{}: no depths", index + 1);
        for (i, &(depth, _)) in depths.iter().enumerate() {
            assert_eq!(
                depth as usize,
                i + 1,
                "{name}:{}: depths must run 1, 2, 3, ...",
                index + 1
            );
        }
        cases.push(Case {
            line: index + 1,
            fen,
            depths,
        });
    }
    cases
}

/// Runs a whole suite, collecting every mismatch before failing.
fn run_suite(name: &str, min_cases: usize) {
    let cases = read_suite(name);
    assert!(
        cases.len() >= min_cases,
        "{name}: only {} positions read, expected at least {min_cases}",
        cases.len()
    );
    let start = Instant::now();
    let mut failures = String::new();
    let mut nodes = 0u64;
    for case in &cases {
        let board = match Board::from_fen(&case.fen) {
            Ok(board) => board,
            Err(e) => {
                writeln!(
                    failures,
                    "{name}:{}: {} does not parse: {e}",
                    case.line, case.fen
                )
                .unwrap();
                continue;
            }
        };
        for &(depth, expected) in case.depths.iter().filter(|&&(_, n)| n <= MAX_NODES) {
            let got = perft(&board, depth);
            nodes += got;
            if got != expected {
                writeln!(
                    failures,
                    "{name}:{}: {} depth {depth}: expected {expected}, got {got}",
                    case.line, case.fen
                )
                .unwrap();
            }
        }
    }
    eprintln!(
        "{name}: {} positions, {nodes} nodes in {:.2?}",
        cases.len(),
        start.elapsed()
    );
    assert!(failures.is_empty(), "perft mismatches:\n{failures}");
}

#[test]
fn standard_suite() {
    run_suite("standard.epd", 16);
}

#[test]
fn chess960_suite() {
    run_suite("chess960.epd", 30);
}

#[test]
fn perft_divide_splits_perft_by_root_move() {
    for (fen, depth, total) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
            8_902,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
            97_862,
        ),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            3,
            12_189,
        ),
    ] {
        let board = Board::from_fen(fen).unwrap();
        let split = matewise_movegen::perft_divide(&board, depth);
        let mut moves = matewise_movegen::MoveList::new();
        board.generate_moves(&mut moves);
        assert_eq!(
            split.iter().map(|&(mv, _)| mv).collect::<Vec<_>>(),
            moves.to_vec()
        );
        for &(mv, nodes) in &split {
            let mut child = board.clone();
            child.play_unchecked(mv);
            assert_eq!(nodes, perft(&child, depth - 1), "{mv:?} at {fen}");
        }
        assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), total, "{fen}");
    }
    // Depth 0 is one leaf; perft_divide at depth 1 gives one leaf per move.
    let start = Board::default();
    assert_eq!(perft(&start, 0), 1);
    assert!(
        matewise_movegen::perft_divide(&start, 1)
            .iter()
            .all(|&(_, n)| n == 1)
    );
}
