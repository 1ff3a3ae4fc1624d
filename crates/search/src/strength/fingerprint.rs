//! The signature of the limited search: what ties a calibration table to
//! the search it was measured on.
//!
//! A rating holds only for the search it was measured with: a change to
//! pruning, move order, evaluation or the handicaps changes what a node
//! budget buys. The signature fingerprints the limited search at every
//! setting of a table (and at [`MIN_ELO`], the bottom of the range) on fixed
//! positions with a fixed seed: each setting's rating, budget and
//! temperature, every iteration's depth, line, score and nodes, and the move
//! chosen. `cargo xtask calibrate-elo` writes it beside the table it
//! measured; a test compares it with today's search.

use super::{CalibrationPoint, MIN_ELO, StrengthLimit, handicaps_at};
use crate::{BENCH_POSITIONS, Limits, Score, SearchControl, SearchOptions, Searcher};
use movegen::{Board, KeyHistory};

/// The seed of the move choice while fingerprinting.
const SEED: u64 = 44;
/// Positions searched at each setting; the strongest setting, the slowest
/// in a debug build, searches [`TOP_POSITIONS`] of them.
const POSITIONS: usize = 5;
const TOP_POSITIONS: usize = 2;

/// FNV-1a over 64-bit words.
struct Fingerprint(u64);

impl Fingerprint {
    fn add(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The signature of the limited search with `table`'s settings (at least
/// two, weakest first). Deterministic: one thread, a fixed seed, no
/// endgame tables (whether one is ready depends on the cache, not the
/// search). Searches seventeen positions at their node budgets.
///
/// ```no_run
/// use matewise_search::strength::{CALIBRATION, signature};
///
/// println!("{:#x}", signature(&CALIBRATION));
/// ```
pub fn signature(table: &[CalibrationPoint]) -> u64 {
    let mut fingerprint = Fingerprint(0xcbf2_9ce4_8422_2325);
    // The handicaps the engine plays at each rating: at a point itself the
    // interpolation may differ from the point's temperature in the last bit.
    let elos = std::iter::once(MIN_ELO).chain(table.iter().map(|point| point.elo));
    for (i, elo) in elos.enumerate() {
        let (nodes, temperature) = handicaps_at(table, elo);
        let limit = StrengthLimit::with_handicaps(nodes, temperature);
        fingerprint.add(u64::from(elo));
        fingerprint.add(limit.node_budget());
        fingerprint.add(limit.temperature().to_bits());
        let positions = if i == table.len() {
            TOP_POSITIONS
        } else {
            POSITIONS
        };
        let options = SearchOptions {
            limit_strength: true,
            strength_setting: Some(limit),
            endgame_tables: false,
            ..SearchOptions::default()
        };
        let mut searcher = Searcher::new(16, 1);
        searcher.seed_move_choice(SEED);
        for fen in &BENCH_POSITIONS[..positions] {
            searcher.clear();
            let board = Board::from_fen(fen).expect("a bench position");
            let mut lines = Vec::new();
            let result = searcher.search(
                &board,
                &KeyHistory::default(),
                &Limits::default(),
                &options,
                &SearchControl::new(false),
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
    fingerprint.0
}

fn score_word(score: Score) -> u64 {
    match score {
        Score::Centipawns(cp) => cp as u32 as u64,
        Score::Mate(moves) => 1 << 40 | moves as u32 as u64,
    }
}
