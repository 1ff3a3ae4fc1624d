//! Pair-o-Max's mating-potential rules at work, at fixed depth, on
//! positions built from the seed's examples (`mating-potential-pair-o-max.txt`).

mod common;

use common::{Engine, Score};
use std::time::Duration;

const SEARCH_TIMEOUT: Duration = Duration::from_secs(30);

/// The bestmove and final score after `go depth <depth>` from `fen`, with
/// the rules on or off.
fn best(fen: &str, depth: u32, rules: bool) -> (String, Score) {
    let mut engine = Engine::spawn();
    engine.send(&format!("setoption name MatingPotential value {rules}"));
    engine.send(&format!("position fen {fen}"));
    let output = engine.go(&format!("go depth {depth}"), SEARCH_TIMEOUT);
    let score = output
        .last_info()
        .and_then(|i| i.score)
        .expect("a scored info line");
    (output.bestmove.best.clone(), score)
}

#[test]
fn keeps_its_pawns_rather_than_winning_the_knight_for_them() {
    // K+N+2P vs K+N. hxg7 wins the knight, but Kxg7 and Kxg6 leave K+N vs K:
    // no mating potential. Keeping the pawns keeps the win.
    let (mv, score) = best("6k1/6n1/6PP/8/8/8/8/1K1N4 w - - 0 1", 10, true);
    assert_ne!(mv, "h6g7");
    assert!(matches!(score, Score::Cp(cp) if cp > 150), "{score:?}");
}

#[test]
fn the_defender_gives_its_knight_for_the_last_pawn() {
    // K+N vs K+N+P: Nxe4 Kxe4 leaves K vs K+N, a dead draw; the seed's
    // "mating potential in jeopardy".
    let (mv, score) = best("8/1n6/8/5k2/4p3/2N5/8/7K w - - 0 1", 10, true);
    assert_eq!(mv, "c3e4");
    assert!(
        matches!(score, Score::Cp(cp) if cp.abs() <= 30),
        "{score:?}"
    );
}

#[test]
fn the_defender_gives_the_rook_for_the_bishop() {
    // K+B+2N vs K+R: Rxd4 Nxd4 leaves K+2N vs K, a non-mating pair (score / 8)
    // instead of a pawnless ending a piece down (score / 2).
    let (mv, _) = best("7k/8/8/3r4/3B4/5N2/4N3/2K5 b - - 0 1", 8, true);
    assert_eq!(mv, "d5d4");
    // Without the rules the same search keeps the rook: the test measures the rules.
    let (without, _) = best("7k/8/8/3r4/3B4/5N2/4N3/2K5 b - - 0 1", 8, false);
    assert_ne!(without, "d5d4");
}

#[test]
fn eval_shows_the_rule_that_fired() {
    let mut engine = Engine::spawn();
    for (fen, divisor) in [
        ("8/8/4k3/8/8/8/2K5/1NN5 w - - 0 1", "divisor 8"), // K+N+N vs K
        ("8/8/4k3/8/8/8/2K5/1NB5 w - - 0 1", "divisor 1"), // K+B+N vs K
        ("8/8/4kn2/8/8/8/2K5/1R6 w - - 0 1", "divisor 8"), // K+R vs K+N
        ("8/8/4kr2/8/8/8/2K5/1Q6 w - - 0 1", "divisor 2"), // K+Q vs K+R: pawnless
    ] {
        engine.send(&format!("position fen {fen}"));
        engine.send("eval");
        let lines = engine.collect_until(
            "final evaluation",
            |l| l.starts_with("Final evaluation"),
            SEARCH_TIMEOUT,
        );
        let rule = lines
            .iter()
            .find(|l| l.starts_with("Mating potential:"))
            .expect("a mating potential line");
        assert!(rule.contains(divisor), "{fen}: {rule}");
    }
}

#[test]
fn mates_with_king_and_bishop_and_knight() {
    // KBN vs K from the middle of the board: the engine must head for the
    // corner of the bishop's colour and report a mate once in reach.
    let mut engine = Engine::spawn();
    // The search's own technique is under test, not the KBNK table.
    engine.send("setoption name UseEndgameTables value false");
    engine.send("position fen 8/8/3k4/8/8/3K4/8/5BN1 w - - 0 1");
    // A node budget, not a depth: the single-reply extension makes each
    // depth here dearer (depth 26 took 7.2M nodes before it, 15.9M after).
    let output = engine.go("go nodes 4000000", Duration::from_secs(60));
    let score = output.last_info().and_then(|i| i.score).expect("a score");
    assert!(
        matches!(score, Score::Cp(cp) if cp > 400) || matches!(score, Score::Mate(m) if m > 0),
        "{score:?}"
    );
}
