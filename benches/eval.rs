//! The Compendium evaluation's cost per call, and the pawn table's hit rate.
//!
//! `cargo bench --bench eval`. The positions are the engine's bench
//! positions followed by short seeded random walks from each (the kind of
//! neighbouring positions a search evaluates one after another), so the
//! pawn table sees a realistic mix of repeated and new structures. Three
//! timings over the same positions:
//!
//! - `evaluator`: `Evaluator::evaluate` as search calls it (pawn and material tables);
//! - `uncached`: `evaluate` without tables (every pawn term recomputed);
//! - `traced`: `evaluate` with a `Trace` (what the tuner pays).
//!
//! Before timing, the pawn-table hit rate over one pass is printed.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use eval_terms::{Evaluator, NoTrace, Trace, Weights, evaluate};
use movegen::Board;
use std::hint::black_box;

fn positions() -> Vec<Board> {
    let mut out = Vec::new();
    for fen in search::BENCH_POSITIONS {
        let start = Board::from_fen(fen).unwrap();
        out.push(start.clone());
        test_kit::random_games(&start, 0x2545_F491_4F6C_DD1D, 8, 11, |board| {
            out.push(board.clone())
        });
    }
    out
}

fn bench(c: &mut Criterion) {
    let boards = positions();
    let mut evaluator = Evaluator::new();
    for board in &boards {
        black_box(evaluator.evaluate(board));
    }
    let (probes, hits) = evaluator.pawn_table_stats();
    println!(
        "pawn table: {hits} hits of {probes} probes = {:.1}% over {} positions (one cold pass)",
        100.0 * hits as f64 / probes as f64,
        boards.len()
    );

    let weights = Weights::default();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("evaluator", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|p| evaluator.evaluate(black_box(p)))
                .sum::<i32>()
        })
    });
    group.bench_function("uncached", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|p| evaluate(black_box(p), &weights, None, &mut NoTrace).white_score)
                .sum::<i32>()
        })
    });
    group.bench_function("traced", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|p| {
                    let mut trace = Trace::default();
                    evaluate(black_box(p), &weights, None, &mut trace).white_score
                })
                .sum::<i32>()
        })
    });
    group.finish();
}

/// The benchmark group (a module, so the macro's generated function has docs to inherit).
mod groups {
    #![allow(missing_docs)]
    use super::*;
    criterion_group!(benches, bench);
}
criterion_main!(groups::benches);
