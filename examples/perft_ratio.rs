//! Perft speed of Matewise against cozy-chess, measured by alternating runs
//! in one process so machine noise hits both alike.
//!
//! `cargo run --release --example perft_ratio [rounds]` prints the median
//! time of each and the ratio Matewise / cozy-chess (the movegen issue's
//! target is at most 0.8).

use std::time::Instant;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(7);
    for (name, fen, depth) in [
        ("startpos", movegen::START_FEN, 6),
        ("kiwipete", KIWIPETE, 5),
    ] {
        let ours = movegen::Board::from_fen(fen).expect("valid FEN");
        let theirs: cozy_chess::Board = fen.parse().expect("valid FEN");
        let (mut ours_t, mut theirs_t) = (vec![], vec![]);
        for _ in 0..rounds {
            let t = Instant::now();
            let a = movegen::perft(&ours, depth);
            ours_t.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let b = cozy_perft(&theirs, depth);
            theirs_t.push(t.elapsed().as_secs_f64());
            assert_eq!(a, b, "node counts differ");
        }
        let (a, b) = (median(ours_t), median(theirs_t));
        println!(
            "{name} depth {depth}: matewise {:.3}s  cozy-chess {:.3}s  ratio {:.3}",
            a,
            b,
            a / b
        );
    }
}
