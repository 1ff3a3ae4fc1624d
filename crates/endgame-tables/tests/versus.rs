//! The tables of one piece against one piece checked without trusting the
//! generator: the published longest mates, and on random positions a
//! brute-force mate search over the legal moves (movegen only) that must
//! find each short mate at exactly the table's distance and no mate in
//! the drawn positions.

use matewise_endgame_tables::dtm::{self, Dtm, Ending};
use movegen::{Board, MoveList};

mod common;
use common::random_positions;

/// Published DTM maxima (Nalimov tables, e.g. as listed by Wikipedia
/// "Endgame tablebase" / "Chess endgames"): the longest forced mate with
/// the first-named side to move, in moves.
#[test]
fn longest_mates_are_the_published_ones() {
    for (ending, moves) in [
        (Ending::Kqkr, 35),
        (Ending::Krkb, 29),
        (Ending::Krkn, 40),
        (Ending::Kqkb, 17),
        (Ending::Kqkn, 21),
    ] {
        assert_eq!(dtm::build_now(ending).longest_mate(), moves, "{ending:?}");
    }
}

fn children(board: &Board) -> impl Iterator<Item = Board> + '_ {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    moves.into_iter().map(move |mv| {
        let mut child = board.clone();
        child.play_unchecked(mv);
        child
    })
}

/// Whether the side to move can force mate within `plies` plies.
fn mates_within(board: &Board, plies: u32) -> bool {
    plies > 0 && children(board).any(|child| mated_within(&child, plies - 1))
}

/// Whether the side to move is mated, or can be forced into mate, within
/// `plies` plies.
fn mated_within(board: &Board, plies: u32) -> bool {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    if moves.is_empty() {
        return board.in_check();
    }
    plies > 0 && children(board).all(|child| mates_within(&child, plies - 1))
}

/// The table's value of `board` against the brute-force search, for mates
/// within `horizon` plies; a longer mate or a draw must have no mate
/// within the horizon for either side.
fn agrees_with_search(board: &Board, value: Dtm, horizon: u32) -> bool {
    match value {
        Dtm::MateIn(p) if p <= horizon => {
            mates_within(board, p) && (p < 2 || !mates_within(board, p - 2))
        }
        Dtm::MatedIn(p) if p <= horizon => {
            mated_within(board, p) && (p < 2 || !mated_within(board, p - 2))
        }
        _ => !mates_within(board, horizon) && !mated_within(board, horizon),
    }
}

/// Checks `count` short wins, short losses, longer mates and draws each
/// of `ending`, drawn at random.
fn check_against_search(ending: Ending, men: &str, count: usize) {
    const HORIZON: u32 = 5;
    dtm::build_now(ending);
    // Short wins, short losses, longer mates, draws.
    let mut checked = [0; 4];
    for position in random_positions(men, 43).take(1_000_000) {
        let value = dtm::probe(&position).expect("a tabled position");
        let kind = match value {
            Dtm::MateIn(p) if p <= HORIZON => 0,
            Dtm::MatedIn(p) if p <= HORIZON => 1,
            Dtm::Draw => 3,
            _ => 2,
        };
        if checked[kind] == count {
            continue;
        }
        checked[kind] += 1;
        assert!(
            agrees_with_search(&position, value, HORIZON),
            "{ending:?} {} {value:?}",
            position.to_fen()
        );
        if checked.iter().all(|&n| n == count) {
            return;
        }
    }
    panic!("{ending:?}: too few of some kind of position: {checked:?}");
}

#[test]
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
