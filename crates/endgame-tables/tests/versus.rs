//! The tables of one piece against one piece checked without trusting the
//! generator: the published longest mates, and on random positions a
//! brute-force mate search over the legal moves (movegen only) that must
//! find each short mate at exactly the table's distance and no mate in
//! the drawn positions.
//!
//! The eight tables take a minute or more to build: these tests are
//! `#[ignore]`d and run by `cargo xtask verify`.

use matewise_endgame_tables::dtm::Ending;

mod common;

/// Published DTM maxima (Nalimov tables, e.g. as listed by Wikipedia
/// "Endgame tablebase" / "Chess endgames"): the longest forced mate with
/// the first-named side to move, in moves.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn longest_mates_are_the_published_ones() {
    for (ending, moves) in [
        (Ending::Kqkr, 35),
        (Ending::Krkb, 29),
        (Ending::Krkn, 40),
        (Ending::Kqkb, 17),
        (Ending::Kqkn, 21),
    ] {
        assert_eq!(common::build(ending).longest_mate(), moves, "{ending:?}");
    }
}

/// Checks `count` short wins, short losses, longer mates and draws each
/// of `ending`, drawn at random, against a brute-force search of five plies.
fn check_against_search(ending: Ending, men: &str, count: usize) {
    common::build(ending);
    let checked = common::check_against_search(men, count, 5);
    assert!(
        checked.iter().all(|&n| n == count),
        "{ending:?}: too few of some kind of position: {checked:?}"
    );
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn short_mates_and_draws_agree_with_a_brute_force_search() {
    for (ending, men) in [
        (Ending::Kqkr, "KQkr"),
        (Ending::Kqkr, "kqKR"),
        (Ending::Krkb, "KRkb"),
        (Ending::Krkn, "kRKn"),
        (Ending::Kqkb, "KQkb"),
        (Ending::Kqkn, "KQkn"),
        (Ending::Kqkq, "KQkq"),
        (Ending::Krkr, "KRkr"),
    ] {
        check_against_search(ending, men, 40);
    }
}
