//! Endings with pawns scored by the tables: a fresh search reports the
//! table's exact distance to mate, its line runs to the checkmate, and the
//! fifty-move count is respected where a capture or a pawn move could
//! reset it on the way.

use endgame_tables::dtm::{Dtm, Ending};
use matewise_search::{Limits, Score, SearchOptions};
use movegen::{Board, Move, MoveList, SplitMix64};

/// The result and the last line reported for `fen` at 100,000 nodes.
fn search(fen: &str) -> (Score, Vec<Move>) {
    let board = Board::from_fen(fen).unwrap();
    let limits = Limits {
        nodes: Some(100_000),
        ..Limits::default()
    };
    let (result, lines) = test_kit::search_lines(&board, &limits, &SearchOptions::default());
    let line = lines.last().map(|info| info.pv.clone()).unwrap_or_default();
    (result.score, line)
}

/// The table's answer for `fen` as the search reports it: a mate in moves,
/// positive when the side to move mates.
fn table_mate(fen: &str) -> Score {
    match test_kit::tables().dtm(&Board::from_fen(fen).unwrap()) {
        Some(Dtm::MateIn(plies)) => Score::Mate(plies.div_ceil(2) as i32),
        Some(Dtm::MatedIn(plies)) => Score::Mate(-((plies / 2) as i32)),
        other => panic!("{fen}: not a mate in the table: {other:?}"),
    }
}

/// Whether `line`, played from `fen`, is legal and ends in checkmate.
fn ends_in_mate(fen: &str, line: &[Move]) -> bool {
    let mut board = Board::from_fen(fen).unwrap();
    for &mv in line {
        if !board.is_legal(mv) {
            return false;
        }
        board.play_unchecked(mv);
    }
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    moves.is_empty() && board.in_check()
}

#[test]
fn king_and_pawn_against_king_is_looked_up_exactly_with_the_line_to_mate() {
    test_kit::build(Ending::Kpk);
    for fen in [
        // The pawn on its second rank; one a step from queening, with
        // either side to move.
        "8/8/8/8/8/8/4P3/4K1k1 w - - 0 1",
        "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
        "8/4P3/8/8/8/8/k7/4K3 b - - 0 1",
    ] {
        let expected = table_mate(fen);
        let (score, line) = search(fen);
        assert_eq!(score, expected, "{fen}");
        assert!(ends_in_mate(fen, &line), "{fen}: {line:?}");
    }
}

/// The four-man pawn tables: minutes to build from scratch.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn pawn_endings_are_looked_up_exactly_with_the_line_to_mate() {
    for ending in [Ending::Kqkp, Ending::Kpkp, Ending::Krpk, Ending::Kpk] {
        test_kit::build(ending);
    }
    for fen in [
        // The queen against a pawn on the seventh, its king beside it (the
        // longest win of K+Q against K+P in the Syzygy statistics), with
        // either side to move.
        "3Q4/3K4/8/8/3k4/8/3p4/8 b - - 0 1",
        "3Q4/3K4/8/8/3k4/8/3p4/8 w - - 0 1",
        // Pawn races: White queens first and wins; Black's king takes
        // White's pawn and Black wins.
        "8/5p2/8/8/8/8/1P6/k6K w - - 0 1",
        "8/8/1p6/8/8/1P6/k6K/8 w - - 0 1",
        // The rook's pawn with the rook behind it.
        "8/8/8/8/6k1/P7/8/R3K3 w - - 0 1",
        // King and pawn against king, the pawn on its second rank.
        "8/8/8/8/8/8/4P3/4K1k1 w - - 0 1",
    ] {
        let expected = table_mate(fen);
        let (score, line) = search(fen);
        assert_eq!(score, expected, "{fen}");
        assert!(ends_in_mate(fen, &line), "{fen}: {line:?}");
    }
}

#[test]
fn random_won_and_lost_positions_of_king_and_pawn_against_king_are_exact() {
    test_kit::build(Ending::Kpk);
    won_and_lost_positions_are_exact(&[(Ending::Kpk, "KkP")]);
}

/// Every table built first: minutes from scratch.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn random_won_and_lost_positions_of_every_pawn_ending_are_exact() {
    // Every table ready first, as an engine with a full cache has them.
    for ending in Ending::ALL {
        test_kit::build(ending);
    }
    won_and_lost_positions_are_exact(&[
        (Ending::Kpk, "KkP"),
        (Ending::Kqpk, "KkQP"),
        (Ending::Krpk, "KkRP"),
        (Ending::Kbpk, "KkBP"),
        (Ending::Knpk, "KkNP"),
        (Ending::Kppk, "KkPP"),
        (Ending::Kqkp, "KkQp"),
        (Ending::Krkp, "KkRp"),
        (Ending::Kbkp, "KkBp"),
        (Ending::Knkp, "KkNp"),
        (Ending::Kpkp, "KkPp"),
    ]);
}

/// Ten random positions of each of `endings` (whose tables are ready) won
/// by the side to move and ten lost: the search reports each table mate
/// with its line to the checkmate.
fn won_and_lost_positions_are_exact(endings: &[(Ending, &str)]) {
    let mut rng = SplitMix64::new(0x9E37_79B9_7F4A_7C15);
    for &(ending, men) in endings {
        // Ten positions the side to move wins and ten it loses.
        let mut wanted = [10, 10];
        while wanted != [0, 0] {
            let squares: Vec<usize> = men.chars().map(|_| rng.below(64)).collect();
            let Some(board) = test_kit::placed(men, &squares, rng.below(2) == 0) else {
                continue;
            };
            let kind = match test_kit::tables().dtm(&board) {
                Some(Dtm::MateIn(_)) => 0,
                Some(Dtm::MatedIn(plies)) if plies > 0 => 1,
                _ => continue,
            };
            if wanted[kind] == 0 {
                continue;
            }
            wanted[kind] -= 1;
            let fen = board.to_fen();
            let (score, line) = search(&fen);
            assert_eq!(score, table_mate(&fen), "{ending:?} {fen}");
            assert!(ends_in_mate(&fen, &line), "{ending:?} {fen}: {line:?}");
        }
    }
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn a_capture_or_a_pawn_move_resets_the_fifty_move_count() {
    test_kit::build(Ending::Kqkp);
    // The queen mates in more plies than the count leaves (three), and no
    // capture or pawn move is in reach at once; but the pawn, too far from
    // its king, falls a move later (or moves), and the count starts again.
    // A table answer beyond the count is not a draw here: the search looks
    // on and finds the mate behind the reset.
    let fen = "7K/8/8/7k/8/1p6/8/6Q1 w - - 97 1";
    let table = table_mate("7K/8/8/7k/8/1p6/8/6Q1 w - - 0 1");
    assert!(matches!(table, Score::Mate(m) if m > 2), "{table:?}");
    let (score, line) = search(fen);
    assert!(matches!(score, Score::Mate(m) if m > 2), "{score:?}");
    assert!(ends_in_mate(fen, &line), "{line:?}");
    // With the king beside its pawn it is a draw: after 1.Qb1 Ka4 the
    // queen cannot take in time.
    let defended = "7K/8/8/k7/8/1p6/8/7Q w - - 97 1";
    assert_eq!(search(defended).0, Score::Centipawns(0));
}

/// `docs/results.md`'s sweep of every ending (minutes, so not in the
/// suite, nor in `cargo xtask verify`): `cargo test --release -p
/// matewise-search --test pawn_tables -- --ignored --nocapture
/// every_ending_is_exact_on_random_positions`. Random positions of each of the 32 endings, 100
/// won and 100 lost by the side to move (at most 20,000,000 placements
/// tried: the minor-piece endings win only by rare mates in one) and up to
/// 100 drawn ones met on the way: every mate exact with its line to
/// checkmate, no draw reported as a mate.
#[test]
#[ignore]
fn every_ending_is_exact_on_random_positions() {
    let endings = [
        "KkQ", "KkR", "KkBB", "KkBN", "KkQQ", "KkQR", "KkQB", "KkQN", "KkRR", "KkRB", "KkRN",
        "KkQr", "KkRb", "KkRn", "KkQb", "KkQn", "KkQq", "KkRr", "KkBn", "KkBb", "KkNn", "KkP",
        "KkQP", "KkRP", "KkBP", "KkNP", "KkPP", "KkQp", "KkRp", "KkBp", "KkNp", "KkPp",
    ];
    for ending in Ending::ALL {
        test_kit::build(ending);
    }
    let mut rng = SplitMix64::new(0x2545_F491_4F6C_DD1D);
    let (mut searched, mut wrong) = (0, Vec::new());
    for men in endings {
        let (mut wanted, mut draws) = ([100, 100], 0);
        let mut tries = 0u64;
        while wanted != [0, 0] && tries < 20_000_000 {
            tries += 1;
            let squares: Vec<usize> = men.chars().map(|_| rng.below(64)).collect();
            let Some(board) = test_kit::placed(men, &squares, rng.below(2) == 0) else {
                continue;
            };
            let fen = board.to_fen();
            let ok = match test_kit::tables().dtm(&board) {
                Some(Dtm::MateIn(_)) if wanted[0] > 0 => {
                    wanted[0] -= 1;
                    let (score, line) = search(&fen);
                    score == table_mate(&fen) && ends_in_mate(&fen, &line)
                }
                Some(Dtm::MatedIn(plies)) if plies > 0 && wanted[1] > 0 => {
                    wanted[1] -= 1;
                    let (score, line) = search(&fen);
                    score == table_mate(&fen) && ends_in_mate(&fen, &line)
                }
                Some(Dtm::Draw) if draws < 100 => {
                    draws += 1;
                    !matches!(search(&fen).0, Score::Mate(_))
                }
                _ => continue,
            };
            searched += 1;
            if !ok {
                wrong.push(fen);
            }
        }
        let won = 100 - wanted[0];
        let lost = 100 - wanted[1];
        println!("{men}: won {won} lost {lost} drawn {draws} ({tries} placements)");
    }
    println!("{searched} positions searched, {} wrong", wrong.len());
    assert!(wrong.is_empty(), "{wrong:?}");
}
