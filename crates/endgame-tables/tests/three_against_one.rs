//! The tables of a king and two pieces against a bare king (K+Q+Q, K+Q+R,
//! K+Q+B, K+Q+N, K+R+R, K+R+B and K+R+N against K), whose captures by the
//! bare king lead into K+Q or K+R against K or a dead draw, checked without
//! trusting the generator: the published longest mates, the rules of chess
//! played out with movegen on sampled positions (captures into the smaller
//! tables included), and a brute-force mate search over the legal moves.
//!
//! Five-man tables take minutes to build: every test here is `#[ignore]`d
//! and run by `cargo xtask verify`.

use matewise_endgame_tables::dtm::{Dtm, Ending};
use movegen::Board;

mod common;
use common::{backed_up, random_positions};

/// The endings, with their men as FEN letters (the strong side white).
const ENDINGS: [(Ending, &str); 7] = [
    (Ending::Kqqk, "KQQk"),
    (Ending::Kqrk, "KQRk"),
    (Ending::Kqbk, "KQBk"),
    (Ending::Kqnk, "KQNk"),
    (Ending::Krrk, "KRRk"),
    (Ending::Krbk, "KRBk"),
    (Ending::Krnk, "KRNk"),
];

/// The DTM maxima of Nalimov's tables: the longest forced mate with the
/// strong side to move, in moves. KQQK's mate in 4 is the answer to
/// "Forced mate - 2 queens vs king" on Chess Stack Exchange
/// (<https://chess.stackexchange.com/questions/31745/forced-mate-2-queens-vs-king>);
/// the other six are the Nalimov maxima as Matewise's issue 43 lists them,
/// for which no page in reach gave the figures (Peter Karrer's maxDTM
/// statistics, <http://kirill-kryukov.com/chess/discussion-board/viewtopic.php?t=920>,
/// are an attachment). Their tables' win/draw/loss counts do match the
/// published ones exactly (`tests/published_counts.rs`), and `dtm_verify`
/// checks every position against its moves.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn longest_mates_are_the_published_ones() {
    for (ending, moves) in [
        (Ending::Kqqk, 4),
        (Ending::Kqrk, 6),
        (Ending::Kqbk, 8),
        (Ending::Kqnk, 9),
        (Ending::Krrk, 7),
        (Ending::Krbk, 16),
        (Ending::Krnk, 16),
    ] {
        assert_eq!(common::build(ending).longest_mate(), moves, "{ending:?}");
    }
}

/// On random positions of each ending, both colours and both sides to
/// move, every value is one ply from its best move's (a capture into
/// K+Q or K+R against K by that table's value, a capture into a minor
/// piece against a bare king a draw), and a mate scores 0.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn three_against_one_agrees_with_the_moves() {
    for (ending, men) in ENDINGS {
        common::build(ending);
        let black = men
            .chars()
            .map(|c| c.to_ascii_lowercase())
            .collect::<String>();
        let black = format!("{}K", &black[..3]);
        for (men, seed) in [(men, 3), (black.as_str(), 4)] {
            let mut wins = 0;
            for position in random_positions(men, seed).take(1_500) {
                let value = common::probe(&position).expect("a tabled position");
                assert_eq!(
                    value,
                    backed_up(&position),
                    "{ending:?} {}",
                    position.to_fen()
                );
                wins += usize::from(matches!(value, Dtm::MateIn(_)));
            }
            assert!(wins > 300, "{ending:?} {men}: {wins} wins");
        }
    }
}

/// Every mate of up to three plies is found by a brute-force search at
/// exactly the table's distance, and none in the positions the table
/// calls longer or drawn.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn short_mates_agree_with_a_brute_force_search() {
    for (ending, men) in ENDINGS {
        common::build(ending);
        let checked = common::check_against_search(men, 25, 3);
        // Short wins, short losses and longer mates occur in every one of
        // these endings; draws (stalemates, a piece lost) in most.
        assert!(
            checked[..3].iter().all(|&n| n == 25),
            "{ending:?}: too few of some kind of position: {checked:?}"
        );
    }
}

/// The bare king's only move takes the queen and leaves K+R against K: it
/// is mated one ply later than the rook's side mates from there.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn a_forced_capture_takes_the_smaller_tables_value() {
    common::build(Ending::Kqrk);
    common::build(Ending::Krk);
    // Qb1 checks a1; a2 and b2 are the queen's, b1 is unguarded.
    let forced = Board::from_fen("7R/8/8/8/8/7K/8/kQ6 b - - 0 1").unwrap();
    let after = Board::from_fen("7R/8/8/8/8/7K/8/1k6 w - - 0 2").unwrap();
    let Some(Dtm::MateIn(plies)) = common::probe(&after) else {
        panic!("K+R against K is won");
    };
    assert_eq!(common::probe(&forced), Some(Dtm::MatedIn(plies + 1)));
    // Guarded by the rook, the queen mates instead.
    let mated = Board::from_fen("8/8/8/8/8/7K/8/kQ5R b - - 0 1").unwrap();
    assert_eq!(common::probe(&mated), Some(Dtm::MatedIn(0)));
    // Taking the rook leaves a queen: a win still; taking the bishop of
    // K+R+B leaves a rook; taking the rook leaves a bishop, a dead draw.
    common::build(Ending::Krbk);
    let rook_lost = Board::from_fen("8/8/8/8/8/6BK/8/kR6 b - - 0 1").unwrap();
    assert_eq!(common::probe(&rook_lost), Some(Dtm::Draw));
}
