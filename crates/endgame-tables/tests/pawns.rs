//! The tables with pawns (K+P against K, the pieces and a pawn against a
//! bare king, K+P+P against K, and a piece or a pawn against a pawn)
//! checked without trusting the generator: on random positions of each,
//! either colour strong and either side to move, every value is one ply
//! from its best move's by the rules of chess played out with movegen
//! (promotions, captures into the smaller tables, en passant and mates by
//! a promoted knight included), and a brute-force search over the legal
//! moves finds every short mate at exactly the table's distance and none
//! in the positions the table calls drawn or longer.
//!
//! Only K+P against K is small enough for every `cargo test`; the others
//! (minutes to build) are `#[ignore]`d here and run by `cargo xtask verify`.

use matewise_endgame_tables::dtm::{Dtm, Ending};
use movegen::Board;

mod common;
use common::{backed_up, random_positions};

/// The endings, with their men as FEN letters (the strong side white).
const ENDINGS: [(Ending, &str); 11] = [
    (Ending::Kpk, "KPk"),
    (Ending::Kqpk, "KQPk"),
    (Ending::Krpk, "KRPk"),
    (Ending::Kbpk, "KBPk"),
    (Ending::Knpk, "KNPk"),
    (Ending::Kppk, "KPPk"),
    (Ending::Kqkp, "KQkp"),
    (Ending::Krkp, "KRkp"),
    (Ending::Kbkp, "KBkp"),
    (Ending::Knkp, "KNkp"),
    (Ending::Kpkp, "KPkp"),
];

/// The same men with the colours swapped.
fn swapped(men: &str) -> String {
    men.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

/// K+P against K, the one pawn table small enough for every `cargo test`.
#[test]
fn kpk_agrees_with_the_moves_on_random_positions() {
    agrees_with_the_moves_on_random_positions(&ENDINGS[..1]);
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn every_value_agrees_with_the_moves_on_random_positions() {
    agrees_with_the_moves_on_random_positions(&ENDINGS);
}

fn agrees_with_the_moves_on_random_positions(endings: &[(Ending, &str)]) {
    for &(ending, men) in endings {
        common::build(ending);
        let black = swapped(men);
        // [won, drawn, lost] for the side to move, to show every kind was
        // checked where the ending has it.
        let mut kinds = [0; 3];
        for (men, seed) in [(men, 5), (black.as_str(), 6)] {
            for position in random_positions(men, seed).take(500) {
                let value = common::probe(&position).expect("a tabled position");
                assert_eq!(
                    value,
                    backed_up(&position),
                    "{ending:?} {}",
                    position.to_fen()
                );
                kinds[match value {
                    Dtm::MateIn(_) => 0,
                    Dtm::Draw => 1,
                    Dtm::MatedIn(_) => 2,
                }] += 1;
            }
        }
        // Either side to move wins somewhere in every one of these endings
        // (rarely, the bishop's side against a pawn: 20 losses in 1,000).
        assert!(kinds[0] >= 10 && kinds[2] >= 10, "{ending:?}: {kinds:?}");
    }
}

#[test]
fn kpk_short_mates_agree_with_a_brute_force_search() {
    short_mates_agree_with_a_brute_force_search_in(&ENDINGS[..1]);
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn short_mates_agree_with_a_brute_force_search() {
    short_mates_agree_with_a_brute_force_search_in(&ENDINGS);
}

fn short_mates_agree_with_a_brute_force_search_in(endings: &[(Ending, &str)]) {
    for &(ending, men) in endings {
        common::build(ending);
        let checked = common::check_against_search(men, 20, 3);
        // Every ending has short wins and longer ones; the others are
        // rarer (a bishop and a pawn never lose, for one).
        assert!(
            checked[0] == 20 && checked[2] == 20,
            "{ending:?}: too few of some kind of position: {checked:?}"
        );
    }
}

/// Every position where a pawn's double step lands beside the other pawn
/// (and so gives the right to take it in passing, a position apart in the
/// solver), all king placements, both colours: the double step is valued
/// with the capture in passing among the replies.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn double_steps_beside_the_other_pawn_agree_with_the_moves() {
    common::build(Ending::Kpkp);
    let mut checked = 0;
    for file in 0..8usize {
        for other in [file.wrapping_sub(1), file + 1] {
            if other > 7 {
                continue;
            }
            // White's pawn on its second rank with Black's on the fourth
            // beside where it lands; Black's on its seventh with White's on
            // the fifth.
            for (white_pawn, black_pawn, white_to_move) in
                [(8 + file, 24 + other, true), (32 + other, 48 + file, false)]
            {
                for kings in 0..64 * 64 {
                    let squares = [kings / 64, kings % 64, white_pawn, black_pawn];
                    let Some(position) = common::board("KkPp", &squares, white_to_move) else {
                        continue;
                    };
                    let value = common::probe(&position).expect("a tabled position");
                    assert_eq!(value, backed_up(&position), "{}", position.to_fen());
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 90_000, "{checked}");
}

/// A position with the right to take en passant is valued by its moves,
/// the capture in passing among them: here it wins at once.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn a_position_with_the_right_to_take_en_passant_is_valued_by_its_moves() {
    common::build(Ending::Kpkp);
    // 1...c7-c5 was just played: 2.bxc6 leaves a pawn the black king on a2
    // cannot catch.
    let board = Board::from_fen("8/8/8/1Pp5/8/8/k7/6K1 w - c6 0 2").unwrap();
    let after = Board::from_fen("8/8/2P5/8/8/8/k7/6K1 b - - 0 2").unwrap();
    let Some(Dtm::MatedIn(plies)) = common::probe(&after) else {
        panic!("K+P against K is won here");
    };
    let value = common::probe(&board);
    assert_eq!(value, Some(backed_up(&board)));
    assert!(
        matches!(value, Some(Dtm::MateIn(p)) if p <= plies + 1),
        "{value:?}"
    );
}
