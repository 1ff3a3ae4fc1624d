//! Every line reported with a mate score runs, legally, to the checkmate it
//! announces: 2N-1 plies for a mate in N, 2N for a mated in N.

use endgame_tables::dtm::Ending;
use endgame_tables::{Ready, Tablebases};
use matewise_search::{Bound, Limits, Score, SearchInfo, SearchOptions, Searcher};
use movegen::{Board, Move};

/// `line` in UCI notation, as far as it is legal from `board`.
fn uci_line(board: &Board, line: &[Move]) -> Vec<String> {
    let mut position = board.clone();
    let mut shown = Vec::new();
    for &mv in line {
        if !position.is_legal(mv) {
            break;
        }
        shown.push(position.to_uci(mv).to_string());
        position.play_unchecked(mv);
    }
    shown
}

/// Searches `fen` within `limits` and checks each exact mate line reported;
/// returns the last line's score.
fn check_mate_lines(fen: &str, limits: Limits, options: SearchOptions) -> Score {
    check_mate_lines_with(fen, limits, options, test_kit::tables())
}

/// [`check_mate_lines`] with `tables`.
fn check_mate_lines_with(
    fen: &str,
    limits: Limits,
    options: SearchOptions,
    tables: &Tablebases,
) -> Score {
    let board = Board::from_fen(fen).unwrap();
    let mut searcher = Searcher::new(16, 1);
    searcher.set_tablebases(tables.clone());
    let mut lines = Vec::new();
    test_kit::search_with(
        &mut searcher,
        &board,
        &limits,
        &options,
        &mut |info: &SearchInfo| lines.push(info.clone()),
    );
    for info in &lines {
        let Score::Mate(moves) = info.score else {
            continue;
        };
        if info.bound.is_some() {
            continue;
        }
        let shown = uci_line(&board, &info.pv);
        let plies = if moves > 0 { 2 * moves - 1 } else { -2 * moves };
        assert_eq!(
            info.pv.len(),
            plies as usize,
            "{fen}: mate {moves} at depth {} with {shown:?}",
            info.depth
        );
        let mut position = board.clone();
        for &mv in &info.pv {
            assert!(position.is_legal(mv), "{fen}: illegal {shown:?}");
            position.play_unchecked(mv);
        }
        assert!(
            position.is_checkmate(),
            "{fen}: {shown:?} ends in no checkmate"
        );
    }
    lines.last().expect("a line").score
}

fn at_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn at_nodes(nodes: u64) -> Limits {
    Limits {
        nodes: Some(nodes),
        ..Limits::default()
    }
}

#[test]
fn lines_in_the_three_man_tables_run_to_the_mate() {
    test_kit::build(Ending::Kqk);
    test_kit::build(Ending::Krk);
    for (fen, mate) in [
        ("8/K7/8/8/Q7/6k1/8/8 w - - 0 1", 8),
        ("8/K7/8/8/4Q3/6k1/8/8 b - - 1 1", -7),
        ("8/7K/8/8/8/8/R7/7k w - - 0 1", 8),
    ] {
        for limits in [at_depth(10), at_nodes(100_000)] {
            let score = check_mate_lines(fen, limits, SearchOptions::default());
            assert_eq!(score, Score::Mate(mate), "{fen}");
        }
    }
}

/// With the four- and five-man tables these lines end in (minutes to
/// build from scratch).
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn lines_cut_by_a_table_or_the_hash_run_to_the_mate() {
    for ending in [
        Ending::Kqk,
        Ending::Krk,
        Ending::Kbbk,
        Ending::Kqrk,
        Ending::Krbk,
    ] {
        test_kit::build(ending);
    }
    // Their lines once stopped at `h7h6 g7g8q`, `g8h8` and `h5h4`.
    for (fen, mate) in [
        ("8/6Pk/5K1N/8/8/8/8/8 b - - 0 1", -2),
        ("6k1/8/6KB/5B2/8/8/8/8 b - - 0 1", -2),
        ("8/8/5R2/7k/7P/5K2/8/8 b - - 0 1", -2),
        // Inside the tables, from both sides.
        ("8/K7/8/8/Q7/6k1/8/8 w - - 0 1", 8),
        ("8/K7/8/8/4Q3/6k1/8/8 b - - 1 1", -7),
        ("8/7K/8/8/8/8/R7/7k w - - 0 1", 8),
        // Two pieces against a bare king, whose captures lead into KRK or
        // a dead draw: K+Q+R and K+R+B, from both sides.
        ("8/8/8/3k4/8/8/8/KQR5 w - - 0 1", 5),
        ("8/8/8/8/3k4/8/2K5/1QR5 b - - 0 1", -5),
        ("8/8/8/4k3/8/8/8/KRB5 w - - 0 1", 12),
        ("8/8/8/B7/8/3R1k2/8/K7 b - - 0 1", -12),
    ] {
        for limits in [at_depth(10), at_nodes(100_000)] {
            let score = check_mate_lines(fen, limits, SearchOptions::default());
            assert_eq!(score, Score::Mate(mate), "{fen}");
        }
    }
}

#[test]
fn searched_mates_are_shown_to_the_end_from_both_sides() {
    let without_tables = SearchOptions {
        endgame_tables: false,
        ..SearchOptions::default()
    };
    for (fen, mate, nodes) in [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1i32, 100_000u64),
        ("6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2, 100_000),
        ("6k1/R7/8/8/8/8/8/1R4K1 b - - 1 1", -1, 100_000),
        ("r5rk/6pp/7N/4Q3/8/8/8/6K1 w - - 0 1", 1, 100_000),
        // Mate in 4 by the quiet 1.Kd6, and Black's side after it.
        ("7k/1p3p2/4pNpB/1b2K3/3p4/8/8/8 w - - 0 1", 4, 100_000),
        ("7k/1p3p2/3KpNpB/1b6/3p4/8/8/8 b - - 1 1", -3, 100_000),
        // Lines a hash cut once ended early: 8 plies of mate in 6, 7 of
        // mated in 5, 6 of a mate in 8 (7 at best), 5 of mated in 7 (6).
        // The mate in 7 behind the black queen is found late, and how late
        // moves with the weights: at 92,048 nodes with the table of 50b8870,
        // at 327,573 with the third pass's.
        ("6k1/8/7P/5R1P/7P/8/6K1/8 w - - 0 1", 6, 100_000),
        ("6k1/8/7P/5R1P/7P/5K2/8/8 b - - 1 1", -5, 100_000),
        ("6Bk/4q2P/8/7K/5BQ1/8/8/8 w - - 0 1", 7, 500_000),
        ("6Bk/4q2P/4Q3/7K/5B2/8/8/8 b - - 1 1", -6, 100_000),
        // The rook mate in 8, searched to the end without the tables.
        ("8/7K/8/8/8/8/R7/7k w - - 0 1", 8, 100_000),
    ] {
        // The search may find a longer mate than the best, never a shorter.
        let score = check_mate_lines(fen, at_nodes(nodes), without_tables.clone());
        assert!(
            matches!(score, Score::Mate(m) if m.signum() == mate.signum() && m.abs() >= mate.abs()),
            "{fen}: {score:?}"
        );
    }
}

#[test]
fn lines_that_capture_into_a_three_man_table_run_to_the_mate() {
    let tables = test_kit::private_tables();
    tables.table(Ending::Kqk, Ready::Now);
    tables.table(Ending::Krk, Ready::Now);
    // No other table: none is built on demand (the roots of four men, and
    // the tables a root of five would have built beside the search, take
    // minutes from scratch; the test below has them).
    tables.set_memory_limit(0);
    // Each line once stopped short at a table position or a hash cut
    // after the captures that lead into KQK or KRK. The side that mates:
    for (fen, mating) in [
        ("8/8/p7/p7/p7/R7/8/K6k w - - 0 1", 1),
        ("8/8/8/1R6/p6k/8/n5RK/2r5 w - - 0 1", 1),
        ("k6K/qq6/1q6/8/4Q3/5Q2/6Q1/8 w - - 0 1", 1),
        ("8/8/1Q6/p7/kp1np3/8/1K6/8 w - - 0 1", 1),
        ("6k1/8/7P/5R1P/7P/8/6K1/8 w - - 0 1", 1),
        ("6k1/8/7P/5R1P/7P/5K2/8/8 b - - 1 1", -1),
    ] {
        let score =
            check_mate_lines_with(fen, at_nodes(100_000), SearchOptions::default(), &tables);
        assert!(
            matches!(score, Score::Mate(m) if m.signum() == mating),
            "{fen}: {score:?}"
        );
    }
}

/// With every table the searches meet: minutes to build from scratch.
#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn lines_that_capture_into_a_table_run_to_the_mate() {
    test_kit::build(Ending::Kqk);
    test_kit::build(Ending::Krk);
    // Each line once stopped short at a table position or a hash cut
    // after the captures that lead into KQK or KRK. The side that mates:
    for (fen, mating) in [
        ("1Q6/8/8/1K6/8/8/1p6/1k6 w - - 0 1", 1),
        ("8/8/p7/8/8/3K4/1R6/4k3 w - - 0 1", 1),
        ("8/8/p7/p7/p7/R7/8/K6k w - - 0 1", 1),
        ("8/8/8/1R6/p6k/8/n5RK/2r5 w - - 0 1", 1),
        ("8/8/8/8/8/2r5/6R1/1k4KR w - - 0 1", 1),
        ("k6K/qq6/1q6/8/4Q3/5Q2/6Q1/8 w - - 0 1", 1),
        ("8/8/1Q6/p7/kp1np3/8/1K6/8 w - - 0 1", 1),
        ("7k/5p2/1Q3K2/8/8/8/4q3/8 w - - 0 1", 1),
        ("8/6R1/7K/8/7p/8/8/6Bk b - - 0 1", -1),
        ("6k1/8/7P/5R1P/7P/8/6K1/8 w - - 0 1", 1),
        ("6k1/8/7P/5R1P/7P/5K2/8/8 b - - 1 1", -1),
    ] {
        let score = check_mate_lines(fen, at_nodes(100_000), SearchOptions::default());
        assert!(
            matches!(score, Score::Mate(m) if m.signum() == mating),
            "{fen}: {score:?}"
        );
    }
}

#[test]
#[ignore = "exhaustive: run by `cargo xtask verify`"]
fn a_line_whose_only_defence_repeats_takes_another_way_to_the_mate() {
    test_kit::build(Ending::Kqkr);
    // The third line, 1.Qe5 Ka7 2.Qa1+, keeps the distance, but its only
    // reply 2...Kb8 repeats the start: the line once stopped there.
    let options = SearchOptions {
        multipv: 3,
        ..SearchOptions::default()
    };
    // The last line reported is the third, a mate in 10 (8 at best).
    let score = check_mate_lines("1k6/1r6/2K5/8/8/8/8/Q7 w - - 0 1", at_depth(3), options);
    assert!(matches!(score, Score::Mate(m) if m >= 8), "{score:?}");
}

#[test]
fn a_pass_cut_short_after_a_fail_low_claims_nothing_for_the_position() {
    // Black is mated in 6 at best. Stopped at 10,000 nodes inside a pass
    // whose first move had failed low, the search once reported
    // `score mate -5 upperbound`: a bound on that move, not the position.
    for (fen, mated_in) in [
        ("1R5k/3N3r/4r3/6p1/6KN/8/6b1/8 b - - 1 1", 6),
        ("8/R6k/4N2p/3p4/2pNbR2/1r2n2P/3r2P1/7K b - - 1 1", 6),
        ("6kr/1P2p1pr/4P1Kp/4P2P/4n1N1/8/5p2/8 b - - 0 1", 10),
    ] {
        let board = Board::from_fen(fen).unwrap();
        let (_, lines) =
            test_kit::search_lines(&board, &at_nodes(10_000), &SearchOptions::default());
        for info in &lines {
            if let Score::Mate(m) = info.score {
                let claims_mated_sooner =
                    m < 0 && -m < mated_in && info.bound != Some(Bound::Lower);
                assert!(
                    !claims_mated_sooner,
                    "{fen}: {:?} {:?}",
                    info.score, info.bound
                );
            }
        }
    }
}
