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

/// FNV-1a over 64-bit words.
struct Fingerprint(u64);

impl Fingerprint {
    fn add(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The `UCI_Elo` ratings (`docs/uci-elo-calibration.md`) were measured on
/// one search. A change to the search (pruning, move order, evaluation) or
/// to the handicaps changes what a node budget buys, and the ratings no
/// longer hold. This test
/// fingerprints the limited search on fixed positions with a fixed seed:
/// every setting's budget and temperature, every iteration's depth, score
/// and nodes, and the move chosen.
///
/// When it fails, the search has changed since the calibration: measure the
/// ratings again (`docs/uci-elo-calibration.md`), then record the
/// new signature printed here in `CALIBRATED_SIGNATURE`.
#[test]
fn calibrated_search_is_unchanged() {
    let mut fingerprint = Fingerprint(0xcbf2_9ce4_8422_2325);
    let elos = std::iter::once(MIN_ELO).chain(CALIBRATION.iter().map(|point| point.elo));
    for elo in elos {
        let limit = StrengthLimit::new(elo);
        fingerprint.add(u64::from(elo));
        fingerprint.add(limit.node_budget());
        fingerprint.add(limit.temperature().to_bits());
        // The strongest setting's budget is the slowest to search in a
        // debug build; two positions of it still cover every handicap.
        let positions = if elo == CALIBRATION[CALIBRATION.len() - 1].elo {
            2
        } else {
            5
        };
        // Whether a table is ready depends on the cache, not the search.
        let options = SearchOptions {
            endgame_tables: false,
            ..limited(elo)
        };
        let mut searcher = Searcher::new(16, 1);
        searcher.seed_move_choice(44);
        for fen in &BENCH_POSITIONS[..positions] {
            searcher.clear();
            let board = Board::from_fen(fen).unwrap();
            let mut lines = Vec::new();
            let result = test_kit::search_with(
                &mut searcher,
                &board,
                &Limits::default(),
                &options,
                &mut |info| lines.push((info.depth, info.multipv, info.score, info.nodes)),
            );
            for (depth, multipv, score, nodes) in lines {
                fingerprint.add(u64::from(depth) << 32 | u64::from(multipv));
                fingerprint.add(score_word(score));
                fingerprint.add(nodes);
            }
            fingerprint.add(u64::from(result.best_move.map_or(0, |mv| mv.to_bits())));
        }
    }
    assert_eq!(
        fingerprint.0, CALIBRATED_SIGNATURE,
        "the limited search differs from the one UCI_Elo was calibrated on: \
         recalibrate (README, \"How UCI_Elo is calibrated\"), then set \
         CALIBRATED_SIGNATURE to {:#x}",
        fingerprint.0
    );
}

fn score_word(score: Score) -> u64 {
    match score {
        Score::Centipawns(cp) => cp as u32 as u64,
        Score::Mate(moves) => 1 << 40 | moves as u32 as u64,
    }
}
