//! Zero false positives: every move `mate_at_a_glance` returns, and every
//! threat `mate_threat` names, is among the mates the brute-force search
//! finds, over 200,000 seeded positions and a hand list of classic mates.

mod common;

use common::{full_mates, king_hunt_positions, random_game_positions};
use matewise_mate_detection::{
    Pattern, find_mate, mate_at_a_glance, mate_threat, mate_threat_pattern, mating_moves,
};
use movegen::{Board, MoveList};

/// Checks one position; returns (has a mate, the detector found one, a
/// threat was named).
fn check(board: &Board) -> (bool, bool, bool) {
    let fen = board.to_fen();
    let mates = full_mates(board);
    let mut reference = MoveList::new();
    mating_moves(board, &mut reference);
    assert_eq!(
        reference, mates,
        "the crate's reference search differs: {fen}"
    );
    let found = mate_at_a_glance(board);
    if let Some(mv) = found {
        assert!(
            mates.contains(&mv),
            "false positive {} in {fen}",
            board.to_uci(mv)
        );
    }
    let threat = mate_threat(board);
    match board.null_move() {
        None => assert_eq!(threat, None, "threat while in check: {fen}"),
        Some(passed) => {
            if let Some(mv) = threat {
                assert!(
                    full_mates(&passed).contains(&mv),
                    "false threat {} in {fen}",
                    passed.to_uci(mv)
                );
            }
        }
    }
    (!mates.is_empty(), found.is_some(), threat.is_some())
}

fn sweep(name: &str, positions: impl FnOnce(&mut dyn FnMut(&Board))) {
    let (mut total, mut with_mate, mut found, mut threats) = (0u32, 0u32, 0u32, 0u32);
    positions(&mut |board: &Board| {
        let (mate, hit, threat) = check(board);
        total += 1;
        with_mate += mate as u32;
        found += hit as u32;
        threats += threat as u32;
    });
    println!(
        "{name}: {total} positions, {with_mate} with a mate in one, {found} found, \
         {threats} threats named; no false positive"
    );
    assert!(with_mate > 0);
}

#[test]
fn no_false_positive_in_random_games() {
    sweep("random games", |visit| {
        random_game_positions(0x5EED_0001, 100_000, visit)
    });
}

#[test]
fn no_false_positive_in_king_hunts() {
    sweep("king hunts", |visit| {
        king_hunt_positions(0x5EED_0002, 100_000, visit)
    });
}

/// Classic mates in one, each with the pattern expected to find it.
const MATES: [(&str, &str, Pattern); 15] = [
    // Back rank, by rook, queen, capture, promotion; a pinned would-be blocker.
    (
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "a1a8",
        Pattern::SlidingPiece,
    ),
    (
        "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1",
        "d1d8",
        Pattern::SlidingPiece,
    ),
    (
        "1r4k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
        "b8b1",
        Pattern::SlidingPiece,
    ),
    (
        "3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "d1d8",
        Pattern::SlidingPiece,
    ),
    (
        "6k1/P4ppp/8/8/8/8/8/6K1 w - - 0 1",
        "a7a8q",
        Pattern::SlidingPiece,
    ),
    (
        "6k1/5p1p/6nP/8/8/8/8/RK4R1 w - - 0 1",
        "a1a8",
        Pattern::SlidingPiece,
    ),
    // Boden's mate, both colours.
    (
        "4k3/4b3/8/5b2/8/2P5/3P4/2KR4 b - - 0 1",
        "e7a3",
        Pattern::SlidingPiece,
    ),
    (
        "2kr4/3p4/8/8/5B2/8/4B3/6K1 w - - 0 1",
        "e2a6",
        Pattern::SlidingPiece,
    ),
    // Epaulette, both colours.
    (
        "3rkr2/8/8/8/8/8/Q7/6K1 w - - 0 1",
        "a2e6",
        Pattern::Epaulette,
    ),
    (
        "6k1/8/8/8/8/q7/8/3RKR2 b - - 0 1",
        "a3e3",
        Pattern::Epaulette,
    ),
    // Smothered, both colours.
    ("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7", Pattern::Knight),
    ("6k1/8/8/8/4n3/8/6PP/6RK b - - 0 1", "e4f2", Pattern::Knight),
    // Close queen: pawn support, battery through the queen's square,
    // Scholar's mate, a capturing promotion protected by a rook.
    (
        "6k1/5p1p/5P1Q/8/8/8/8/6K1 w - - 0 1",
        "h6g7",
        Pattern::CloseQueen,
    ),
    (
        "7k/6pp/8/8/8/7Q/8/6KR w - - 0 1",
        "h3h7",
        Pattern::CloseQueen,
    ),
    (
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "h5f7",
        Pattern::CloseQueen,
    ),
];

#[test]
fn classic_mates_are_found_by_their_pattern() {
    let mut all = MATES.to_vec();
    all.push((
        "3kn3/2p2P2/8/8/8/8/8/4R1K1 w - - 0 1",
        "f7e8q",
        Pattern::CloseQueen,
    ));
    for (fen, expected, pattern) in all {
        let board = Board::from_fen(fen).unwrap();
        let mates = full_mates(&board);
        let mv = board.parse_uci_move(expected).unwrap();
        assert!(mates.contains(&mv), "{expected} is no mate in {fen}");
        let mate = find_mate(&board).unwrap_or_else(|| panic!("no mate found in {fen}"));
        assert_eq!(mate.pattern, pattern, "{fen}");
        assert!(mates.contains(&mate.mv), "{fen}");
        check(&board);
    }
}

#[test]
fn near_misses_are_not_mate() {
    for fen in [
        // A knight can block the back-rank check.
        "6k1/4nppp/8/8/8/8/8/R5K1 w - - 0 1",
        // Qe7 would be taken by the a3 bishop, through the queen's square.
        "4k3/8/8/3N4/1Q6/b7/8/6K1 w - - 0 1",
        // The queen is pinned to its king along the h-file.
        "6kr/5p2/5P1Q/8/8/8/8/7K w - - 0 1",
        // The start position.
        movegen::START_FEN,
    ] {
        let board = Board::from_fen(fen).unwrap();
        assert!(full_mates(&board).is_empty(), "{fen} has a mate");
        assert_eq!(mate_at_a_glance(&board), None, "{fen}");
        check(&board);
    }
}

#[test]
fn threats() {
    // Black to move; White threatens Qg7 mate.
    let board = Board::from_fen("6k1/5p1p/5P1Q/8/8/8/8/6K1 b - - 0 1").unwrap();
    let threat = mate_threat_pattern(&board).unwrap();
    assert_eq!(threat.pattern, Pattern::CloseQueen);
    let passed = board.null_move().unwrap();
    assert_eq!(passed.to_uci(threat.mv).to_string(), "h6g7");
    // In check there is no passing, hence no threat.
    let board = Board::from_fen("6k1/5ppp/8/8/8/8/6q1/R5K1 w - - 0 1").unwrap();
    assert_eq!(mate_threat(&board), None);
    // Nothing threatened at the start.
    assert_eq!(mate_threat(&Board::default()), None);
}
