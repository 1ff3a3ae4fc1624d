//! The first evaluation: signs, stages, symmetry, and the `eval` table.

use matewise_eval_terms::{Evaluator, Phase};
use movegen::Board;

mod common;
use common::flip;

fn eval(fen: &str) -> i32 {
    Evaluator::new().evaluate(&Board::from_fen(fen).unwrap())
}

#[test]
fn material_decides_the_sign() {
    assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
    assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
    assert!(eval("3rk3/8/8/8/8/8/8/4K3 w - - 0 1") < -400);
    assert!(eval("4k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1") < -500);
}

#[test]
fn the_start_position_is_level() {
    assert!(eval(movegen::START_FEN).abs() <= 30);
}

#[test]
fn a_centralised_knight_beats_a_cornered_one() {
    // Pawns on: a lone knight against a bare king is a known draw, scored 0 wherever it stands.
    assert!(
        eval("4k3/4p3/8/8/3N4/8/4P3/4K3 w - - 0 1") > eval("4k3/4p3/8/8/8/8/4P3/N3K3 w - - 0 1")
    );
}

#[test]
fn a_bare_king_belongs_on_the_edge() {
    // Same material; the defending king in the corner is worse for it.
    assert!(eval("7k/8/5K2/8/8/8/8/R7 w - - 0 1") > eval("8/8/8/3k4/8/8/8/R3K3 w - - 0 1"));
}

#[test]
fn stages_follow_the_compendium() {
    let phase = |fen| Phase::of(&Board::from_fen(fen).unwrap());
    assert_eq!(phase(movegen::START_FEN).piece_strength(), 60.0);
    assert_eq!(phase(movegen::START_FEN).name(), "early middlegame");
    assert_eq!(
        phase("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").piece_strength(),
        4.5
    );
    assert_eq!(
        phase("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").name(),
        "late endgame"
    );
    assert_eq!(
        phase("r2qk2r/8/8/8/8/8/8/R2QK2R w - - 0 1").name(),
        "late middlegame"
    ); // 36
    assert_eq!(
        phase("r3k3/8/8/8/8/8/8/R2QK3 w - - 0 1").name(),
        "early endgame"
    ); // 18
}

#[test]
fn report_ends_with_the_final_evaluation() {
    let board = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
    let mut evaluator = Evaluator::new();
    let report = evaluator.report(&board, false);
    let text = report.to_string();
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("Final evaluation: +") && last.ends_with(" cp (white side)"),
        "{last}"
    );
    // White's view in the report, side to move's view from evaluate().
    assert_eq!(report.evaluation.white_score, -evaluator.evaluate(&board));
}

#[test]
fn colour_flip_negates_the_score_over_random_games() {
    let mut evaluator = Evaluator::new();
    let mut checked = 0;
    test_kit::random_games(&Board::default(), 0x1234_5678_9ABC_DEF0, 60, 80, |board| {
        let flipped = Board::from_fen(&flip(&board.to_fen())).unwrap();
        assert_eq!(
            evaluator.evaluate(board),
            evaluator.evaluate(&flipped),
            "{}",
            board.to_fen()
        );
        checked += 1;
    });
    assert!(checked > 2_000);
}
