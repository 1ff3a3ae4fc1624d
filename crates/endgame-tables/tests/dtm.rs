//! The distance-to-mate tables against facts found without them: the
//! published longest mates, and on sampled positions the rules of chess
//! played out with movegen (a mate scores 0, a stalemate or a capture
//! into a dead draw draws, and every value is one ply from its best
//! move's, captures into the smaller tables included).
//!
//! The four-man tables take a minute or more between them: those tests
//! are `#[ignore]`d here and run by `cargo xtask verify`.

use matewise_endgame_tables::dtm::{Dtm, Ending};
use movegen::Board;

mod common;
use common::{backed_up, board, random_positions};

/// Published maxima of the three-man endings, in moves.
#[test]
fn longest_mates_are_the_published_ones() {
    for (ending, moves) in [(Ending::Kqk, 10), (Ending::Krk, 16)] {
        assert_eq!(common::build(ending).longest_mate(), moves, "{ending:?}");
    }
}

/// Published maxima of the endings of two minor pieces, in moves.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn longest_four_man_mates_are_the_published_ones() {
    for (ending, moves) in [(Ending::Kbbk, 19), (Ending::Kbnk, 33)] {
        assert_eq!(common::build(ending).longest_mate(), moves, "{ending:?}");
    }
}

/// Checks `samples` random positions of `ending`, of which more than
/// `min_wins_percent` % at least must be won by the side to move, so that wins and
/// losses are tested, not only draws.
fn check_sample(ending: Ending, men: &str, samples: usize, min_wins_percent: usize) {
    common::build(ending);
    let mut wins = 0;
    for position in random_positions(men, men.len() as u64).take(samples) {
        let value = common::probe(&position).expect("a tabled position");
        assert_eq!(
            value,
            backed_up(&position),
            "{ending:?} {}",
            position.to_fen()
        );
        wins += usize::from(matches!(value, Dtm::MateIn(_)));
    }
    assert!(
        wins * 100 >= samples * min_wins_percent,
        "{ending:?}: {wins} wins of {samples}"
    );
}

/// Every legal placement of three men, both sides to move: agreeing
/// everywhere with the moves, from true mates up, makes the table exact.
fn check_every_position(ending: Ending, men: &str) {
    common::build(ending);
    let mut checked = 0;
    for a in 0..64 {
        for b in 0..64 {
            for c in 0..64 {
                for white_to_move in [true, false] {
                    let Some(position) = board(men, &[a, b, c], white_to_move) else {
                        continue;
                    };
                    let value = common::probe(&position).expect("a tabled position");
                    assert_eq!(value, backed_up(&position), "{}", position.to_fen());
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 300_000, "{checked}");
}

#[test]
fn kqk_agrees_with_the_moves_everywhere() {
    check_every_position(Ending::Kqk, "KQk");
}

#[test]
fn krk_agrees_with_the_moves_everywhere() {
    check_every_position(Ending::Krk, "KRk");
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn kbnk_agrees_with_the_moves() {
    check_sample(Ending::Kbnk, "KBNk", 3_000, 10);
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn kbbk_agrees_with_the_moves_and_black_pieces_probe_alike() {
    check_sample(Ending::Kbbk, "kbbK", 3_000, 10);
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn same_coloured_bishops_never_mate() {
    common::build(Ending::Kbbk);
    let light = Board::from_fen("8/8/8/3k4/8/8/2B5/KB6 w - - 0 1").unwrap();
    assert_eq!(common::probe(&light), Some(Dtm::Draw));
    let opposite = Board::from_fen("8/8/8/3k4/8/8/1B6/KB6 w - - 0 1").unwrap();
    assert!(matches!(common::probe(&opposite), Some(Dtm::MateIn(_))));
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn piece_against_piece_agrees_with_the_moves() {
    for (ending, men, min_wins_percent) in [
        (Ending::Kqkr, "KQkr", 30),
        (Ending::Kqkr, "kqKR", 30),
        (Ending::Krkb, "KRkb", 10),
        (Ending::Krkn, "KRkn", 10),
        (Ending::Kqkb, "KQkb", 30),
        (Ending::Kqkn, "KQkn", 30),
        (Ending::Kqkq, "KQkq", 10),
        (Ending::Krkr, "KRkr", 10),
    ] {
        check_sample(ending, men, 2_000, min_wins_percent);
    }
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn minor_against_minor_mates_only_with_help() {
    for (ending, men) in [
        (Ending::Kbkn, "KBkn"),
        (Ending::Kbkb, "KBkb"),
        (Ending::Knkn, "KNkn"),
    ] {
        check_sample(ending, men, 2_000, 0);
        // Mates exist only where the mated king's own piece blocks it in.
        assert_eq!(common::build(ending).longest_mate(), 1, "{ending:?}");
    }
    common::build(Ending::Kbkn);
    let smothered = Board::from_fen("kn6/1B6/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(common::probe(&smothered), Some(Dtm::MatedIn(0)));
}
