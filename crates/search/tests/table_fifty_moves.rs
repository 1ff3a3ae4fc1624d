//! Table results under the fifty-move rule: a mate further away than the
//! halfmove clock allows is a draw, and a root the tables decide is
//! reported at the depth actually searched.

use endgame_tables::dtm::Ending;
use matewise_search::{Limits, Score, SearchOptions};
use movegen::Board;

/// The result and the deepest iteration reported for `fen` at 100,000 nodes.
fn search(fen: &str) -> (Score, u32) {
    let board = Board::from_fen(fen).unwrap();
    let limits = Limits {
        nodes: Some(100_000),
        ..Limits::default()
    };
    let (result, lines) = test_kit::search_lines(&board, &limits, &SearchOptions::default());
    let deepest = lines.iter().map(|info| info.depth).max().unwrap_or(0);
    (result.score, deepest)
}

#[test]
fn a_table_mate_beyond_the_fifty_move_count_is_a_draw() {
    test_kit::build(Ending::Kqk);
    // White mates in 8 (15 plies) at best: with the clock at 85 the mating
    // move is the hundredth ply and counts; one ply later the game is drawn
    // first. The same holds for Black, mated in 14 plies after 1.Qe4.
    let cases = [
        ("8/K7/8/8/Q7/6k1/8/8 w - - 85 1", Score::Mate(8)),
        ("8/K7/8/8/Q7/6k1/8/8 w - - 86 1", Score::Centipawns(0)),
        ("8/K7/8/8/Q7/6k1/8/8 w - - 90 1", Score::Centipawns(0)),
        ("8/K7/8/8/4Q3/6k1/8/8 b - - 86 1", Score::Mate(-7)),
        ("8/K7/8/8/4Q3/6k1/8/8 b - - 87 1", Score::Centipawns(0)),
    ];
    for (fen, expected) in cases {
        assert_eq!(search(fen).0, expected, "{fen}");
    }
}

#[test]
fn the_count_holds_below_a_root_outside_the_tables() {
    test_kit::build(Ending::Krk);
    // Castling rights keep the root out of the KRK table; every move gives
    // them up without resetting the count, and no rook mate fits in the 9
    // plies left. With the count at 0 the same position is mate in 10.
    let root = "4k3/8/8/8/8/8/8/R3K3 w Q - 90 1";
    assert_eq!(search(root).0, Score::Centipawns(0));
    assert!(matches!(search("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").0, Score::Mate(m) if m > 0));
}

#[test]
fn a_root_decided_by_the_tables_is_not_deepened() {
    test_kit::build(Ending::Kqk);
    // Every move reaches a table position: a second iteration confirms
    // that and the search ends, instead of reporting 120 plies searched.
    for fen in [
        "8/K7/8/8/Q7/6k1/8/8 w - - 0 1",
        "8/K7/8/8/Q7/6k1/8/8 w - - 90 1",
    ] {
        let (_, depth) = search(fen);
        assert_eq!(depth, 2, "{fen}");
    }
}
