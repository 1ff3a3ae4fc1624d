//! Move generation speed, side by side with cozy-chess in the same run.
//!
//! `cargo bench --bench movegen`. Both perfts bulk-count at the leaves; the
//! ratio Matewise / cozy-chess is what the movegen issue asks for (target <= 0.8).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// cozy-chess's idiomatic bulk-counting perft (as in its own examples).
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

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, expected) in [
        ("startpos-6", movegen::START_FEN, 6, 119_060_324u64),
        ("kiwipete-5", KIWIPETE, 5, 193_690_690),
    ] {
        let ours = movegen::Board::from_fen(fen).unwrap();
        let theirs: cozy_chess::Board = fen.parse().unwrap();
        assert_eq!(movegen::perft(&ours, depth), expected);
        assert_eq!(cozy_perft(&theirs, depth), expected);
        group.bench_function(BenchmarkId::new("matewise", name), |b| {
            b.iter(|| movegen::perft(black_box(&ours), depth))
        });
        group.bench_function(BenchmarkId::new("cozy-chess", name), |b| {
            b.iter(|| cozy_perft(black_box(&theirs), depth))
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate_moves");
    for (name, fen) in [("startpos", movegen::START_FEN), ("kiwipete", KIWIPETE)] {
        let board = movegen::Board::from_fen(fen).unwrap();
        group.bench_function(BenchmarkId::new("matewise", name), |b| {
            b.iter(|| {
                let mut list = movegen::MoveList::new();
                black_box(&board).generate_moves(&mut list);
                list.len()
            })
        });
        let theirs: cozy_chess::Board = fen.parse().unwrap();
        group.bench_function(BenchmarkId::new("cozy-chess", name), |b| {
            b.iter(|| {
                let mut list = Vec::with_capacity(64);
                black_box(&theirs).generate_moves(|moves| {
                    list.extend(moves);
                    false
                });
                list.len()
            })
        });
    }
    group.finish();
}

/// The benchmark groups (a module, so the macro's generated function has docs to inherit).
mod groups {
    #![allow(missing_docs)]
    use super::*;
    criterion_group!(benches, perft, legal_moves);
}
criterion_main!(groups::benches);
