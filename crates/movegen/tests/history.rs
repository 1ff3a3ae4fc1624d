//! `KeyHistory`: repetition counts against a scan of the whole game.

mod common;

use matewise_movegen::{Board, KeyHistory, SplitMix64};

#[test]
fn knight_shuffles_repeat_the_start_position() {
    let mut board = Board::default();
    let mut history = KeyHistory::with_capacity(32);
    assert!(history.is_empty());
    let mut counts = Vec::new();
    for _ in 0..3 {
        for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            history.push(board.hash());
            board.play(board.parse_uci_move(text).unwrap()).unwrap();
            counts.push(history.repetitions(&board));
        }
    }
    // Every position from the fifth ply on has been seen once more per cycle.
    assert_eq!(counts, [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3]);
    assert_eq!(history.len(), 12);
    history.pop();
    assert_eq!(history.len(), 11);
    history.clear();
    assert_eq!(history.repetitions(&board), 0);
}

#[test]
fn an_irreversible_move_ends_the_window() {
    let mut board = Board::default();
    let mut history = KeyHistory::default();
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5"] {
        history.push(board.hash());
        board.play(board.parse_uci_move(text).unwrap()).unwrap();
    }
    assert_eq!(board.halfmove_clock(), 0);
    assert_eq!(history.repetitions(&board), 0);
}

#[test]
fn repetitions_match_a_full_scan_in_random_games() {
    let mut rng = SplitMix64::new(0x4E9E_A7ED);
    let mut repeated = 0;
    for _ in 0..300 {
        let mut board = Board::default();
        let mut history = KeyHistory::with_capacity(256);
        let mut all_keys = Vec::new();
        for _ in 0..250 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            history.push(board.hash());
            all_keys.push(board.hash());
            board.play_unchecked(moves[rng.below(moves.len())]);
            let scanned = all_keys.iter().filter(|&&k| k == board.hash()).count();
            assert_eq!(history.repetitions(&board), scanned, "{}", board.to_fen());
            repeated += (scanned > 0) as usize;
        }
    }
    assert!(repeated > 50, "only {repeated} repetitions met");
}
