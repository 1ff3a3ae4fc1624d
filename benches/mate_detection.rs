//! Mate at a Glance against the brute-force mate-in-one search, on the same
//! positions.
//!
//! `cargo bench --bench mate_detection`. Each iteration runs over a whole
//! set of positions; with the element throughput criterion prints, the cost
//! per call is 1 / throughput. Three searches are timed:
//!
//! - `glance`: `mate_detection::mate_at_a_glance`, from patterns;
//! - `full`: `mate_detection::mate_in_one`, every legal move tried, the
//!   non-checking ones dismissed by `gives_check` before any copy-make;
//! - `full-naive`: every legal move played and the reply count taken.
//!
//! Two sets of positions, both from seeded random games in which one move
//! in three is a check or capture: `games` (every position, as a search
//! meets them, about 1% with a mate in one) and `mates` (only positions
//! with a mate in one, where the patterns must do their whole work).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use movegen::{Board, Move, MoveList, SplitMix64};
use std::hint::black_box;

const STARTS: [&str; 4] = [
    movegen::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1",
    "3r2k1/pp3ppp/2p5/8/8/2P5/PP3PPP/3R2K1 w - - 0 1",
];

/// Positions from random games until `keep` has accepted `count` of them.
fn positions(count: usize, keep: impl Fn(&Board) -> bool) -> Vec<Board> {
    let mut rng = SplitMix64::new(0xBE7C_4000);
    let mut out = Vec::with_capacity(count);
    let mut board = Board::from_fen(STARTS[0]).unwrap();
    let mut ply = 0;
    let mut moves = MoveList::new();
    while out.len() < count {
        if keep(&board) {
            out.push(board.clone());
        }
        moves.clear();
        board.generate_moves(&mut moves);
        if moves.is_empty() || ply >= 160 {
            board = Board::from_fen(STARTS[rng.below_scaled(STARTS.len())]).unwrap();
            ply = 0;
            continue;
        }
        let them = board.colors(!board.side_to_move());
        let forcing: MoveList = moves
            .iter()
            .copied()
            .filter(|&mv| them.has(mv.to()) || board.gives_check(mv))
            .collect();
        let pool = if rng.below_scaled(3) == 0 && !forcing.is_empty() {
            &forcing
        } else {
            &moves
        };
        board.play_unchecked(pool[rng.below_scaled(pool.len())]);
        ply += 1;
    }
    out
}

/// The plainest full search: play every legal move, count the replies.
fn naive_mate_in_one(board: &Board) -> Option<Move> {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    moves.into_iter().find(|&mv| {
        let mut next = board.clone();
        next.play_unchecked(mv);
        next.in_check() && next.count_legal_moves() == 0
    })
}

fn mate_detection(c: &mut Criterion) {
    let sets = [
        ("games", positions(4096, |_| true)),
        (
            "mates",
            positions(512, |b| mate_detection::mate_in_one(b).is_some()),
        ),
    ];
    let mut group = c.benchmark_group("mate-in-one");
    group.sample_size(20);
    for (name, boards) in &sets {
        let found = boards
            .iter()
            .filter(|b| mate_detection::mate_at_a_glance(b).is_some())
            .count();
        let mates = boards
            .iter()
            .filter(|b| mate_detection::mate_in_one(b).is_some())
            .count();
        println!(
            "{name}: {} positions, {mates} with a mate in one, {found} found at a glance",
            boards.len()
        );
        group.throughput(Throughput::Elements(boards.len() as u64));
        group.bench_function(BenchmarkId::new("glance", name), |b| {
            b.iter(|| {
                boards
                    .iter()
                    .filter(|p| mate_detection::mate_at_a_glance(black_box(p)).is_some())
                    .count()
            })
        });
        group.bench_function(BenchmarkId::new("full", name), |b| {
            b.iter(|| {
                boards
                    .iter()
                    .filter(|p| mate_detection::mate_in_one(black_box(p)).is_some())
                    .count()
            })
        });
        group.bench_function(BenchmarkId::new("full-naive", name), |b| {
            b.iter(|| {
                boards
                    .iter()
                    .filter(|p| naive_mate_in_one(black_box(p)).is_some())
                    .count()
            })
        });
    }
    group.finish();
}

/// The benchmark group (a module, so the macro's generated function has docs to inherit).
mod groups {
    #![allow(missing_docs)]
    use super::*;
    criterion_group!(benches, mate_detection);
}
criterion_main!(groups::benches);
