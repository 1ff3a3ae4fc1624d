//! The limited-strength search (`UCI_LimitStrength`, `UCI_Elo`).

use matewise_search::strength::{CALIBRATION, MIN_ELO};
use matewise_search::{
    BENCH_POSITIONS, Limits, Score, SearchOptions, SearchResult, Searcher, StrengthLimit,
};
use movegen::Board;

/// The signature of the limited search that the `UCI_Elo` table of
/// `docs/uci-elo-calibration.md` was last measured or checked with (see
/// `calibrated_search_is_unchanged` and that page).
const CALIBRATED_SIGNATURE: u64 = 0xea6d_522b_de64_466d;

fn limited(elo: u32) -> SearchOptions {
    SearchOptions {
        limit_strength: true,
        elo,
        ..SearchOptions::default()
    }
}

/// One limited search of `fen` without a clock: the node budget ends it.
fn search(searcher: &mut Searcher, fen: &str, options: &SearchOptions) -> SearchResult {
    let board = Board::from_fen(fen).unwrap();
    test_kit::search_with(searcher, &board, &Limits::default(), options, &mut |_| {})
}

#[test]
fn the_node_budget_counts_every_thread() {
    let elo = CALIBRATION[1].elo;
    let budget = StrengthLimit::new(elo).node_budget();
    let threads = 4;
    let mut searcher = Searcher::new(16, threads);
    for fen in &BENCH_POSITIONS[1..4] {
        searcher.clear();
        let nodes = search(&mut searcher, fen, &limited(elo)).nodes;
        // Threads publish their counts every 256 nodes, so the total may
        // pass the budget by a few hundred nodes a thread; a budget for
        // each thread would give about four budgets.
        let slack = 1_024 * threads as u64;
        assert!(
            nodes >= budget / 2 && nodes <= budget + slack,
            "{fen}: {nodes} nodes for a budget of {budget}"
        );
    }
}

#[test]
fn a_limited_search_still_takes_a_mate_in_one() {
    let mut searcher = Searcher::new(16, 1);
    for seed in 0..20 {
        searcher.seed_move_choice(seed);
        searcher.clear();
        let result = search(
            &mut searcher,
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            &limited(MIN_ELO),
        );
        assert_eq!(result.score, Score::Mate(1), "seed {seed}");
    }
}

/// The `UCI_Elo` ratings were measured on one search
/// (`matewise_search::strength::signature` says what a signature covers).
/// When this fails, the search has changed since the calibration: measure
/// the table again with `cargo xtask calibrate-elo`, which writes the table,
/// this signature and the README's table from the one run.
#[test]
fn calibrated_search_is_unchanged() {
    let signature = matewise_search::strength::signature(&CALIBRATION);
    assert_eq!(
        signature, CALIBRATED_SIGNATURE,
        "the limited search differs from the one UCI_Elo was calibrated on \
         ({signature:#x}): recalibrate with `cargo xtask calibrate-elo` \
         (docs/uci-elo-calibration.md)"
    );
}
