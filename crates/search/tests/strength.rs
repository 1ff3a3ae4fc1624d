//! The limited-strength search (`UCI_LimitStrength`, `UCI_Elo`).

use matewise_search::strength::{CALIBRATION, MIN_ELO};
use matewise_search::{
    BENCH_POSITIONS, Limits, Score, SearchOptions, SearchResult, Searcher, StrengthLimit,
};
use movegen::Board;

/// The signature of the limited search that the `UCI_Elo` table of
/// `docs/uci-elo-calibration.md` was last measured or checked with (see
/// `calibrated_search_is_unchanged` and that page).
const CALIBRATED_SIGNATURE: u64 = 0x4976_66e8_7be2_1cab;

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

/// Plays `fen` out: the side to move at the weakest limited strength, the
/// other at full strength, both with the tables, 1,000 nodes a move for
/// the defender; returns the plies until mate, or `None` if the fifty-move
/// rule (or a repetition) came first.
fn limited_attacker_mates(fen: &str, seed: u64) -> Option<usize> {
    let mut board = Board::from_fen(fen).unwrap();
    let attacker = board.side_to_move();
    let mut history = movegen::KeyHistory::default();
    let mut weak = test_kit::searcher(16, 1);
    weak.seed_move_choice(seed);
    let mut strong = test_kit::searcher(16, 1);
    for ply in 0..100 {
        if board.is_checkmate() {
            return Some(ply);
        }
        if board.outcome(&history).is_some() {
            return None;
        }
        let (searcher, options, limits) = if board.side_to_move() == attacker {
            (&mut weak, limited(MIN_ELO), Limits::default())
        } else {
            (
                &mut strong,
                SearchOptions::default(),
                test_kit::nodes(1_000),
            )
        };
        let result = searcher.search(
            &board,
            &history,
            &limits,
            &options,
            &matewise_search::SearchControl::new(false),
            &mut |_| {},
        );
        history.push(board.hash());
        board.play_unchecked(result.best_move.expect("a move"));
    }
    None
}

#[test]
fn a_limited_engine_still_mates_with_a_queen_or_a_rook() {
    // KQK and KRK from a central king (no mate in either is longer than
    // 10 or 16 moves): the weakest setting chooses among its lines, a move
    // of delay weighed as MATE_DELAY_CP, and mates within a few moves of
    // the best. Weighed as plain centipawns, KRK took 99 plies here.
    for (fen, best) in [
        ("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1", 10),
        ("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", 16),
    ] {
        for seed in 0..3 {
            let plies = limited_attacker_mates(fen, seed);
            assert!(
                plies.is_some_and(|p| p <= 2 * best + 10),
                "{fen}, seed {seed}: {plies:?} plies (best mate in {best})"
            );
        }
    }
}
