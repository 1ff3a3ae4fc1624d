//! The rules against chess facts: known checkmates and stalemates, the
//! material that cannot mate, the fifty-move rule and threefold repetition,
//! captures and promotions, the colour-flipped position, and the text forms
//! (FEN through `FromStr`, moves through `Display`).

mod common;

use common::{POSITIONS, random_games};
use matewise_movegen::{Board, Color, DrawReason, KeyHistory, Move, MoveList, Outcome, perft};

fn board(fen: &str) -> Board {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// `fen` after the UCI moves `moves`, with the history of keys they leave.
fn play(fen: &str, moves: &[&str]) -> (Board, KeyHistory) {
    let mut board = board(fen);
    let mut history = KeyHistory::default();
    for text in moves {
        let mv = board
            .parse_uci_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        history.push(board.hash());
        board.play_unchecked(mv);
    }
    (board, history)
}

fn outcome(board: &Board) -> Option<Outcome> {
    board.outcome(&KeyHistory::default())
}

/// The board of `fen`, checked to be a draw for `reason` (with no history).
fn drawn(fen: &str, reason: DrawReason) -> Board {
    let b = board(fen);
    assert_eq!(outcome(&b), Some(Outcome::Draw(reason)), "{fen}");
    assert_eq!(outcome(&b).unwrap().to_string(), "1/2-1/2", "{fen}");
    b
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn fools_mate_is_checkmate_and_black_wins() {
    let (mated, _) = play(START, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(mated.is_checkmate());
    assert!(!mated.is_stalemate());
    assert_eq!(
        outcome(&mated),
        Some(Outcome::Decisive {
            winner: Color::Black
        })
    );
    assert_eq!(outcome(&mated).unwrap().to_string(), "0-1");
}

#[test]
fn scholars_mate_is_checkmate_and_white_wins() {
    let (mated, _) = play(
        START,
        &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
    );
    assert!(mated.is_checkmate());
    assert_eq!(
        outcome(&mated),
        Some(Outcome::Decisive {
            winner: Color::White
        })
    );
    assert_eq!(outcome(&mated).unwrap().to_string(), "1-0");
}

#[test]
fn back_rank_mate_and_its_near_misses() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let (mated, _) = play(fen, &["a1a8"]);
    assert!(mated.is_checkmate());
    // A check the king walks out of, with a pawn moved: h7-h6 gives it h7.
    let (escapes, _) = play("6k1/5pp1/7p/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]);
    assert!(escapes.in_check());
    assert!(!escapes.is_checkmate());
    // Smothered: Nf7 with the king boxed in by its own rook and pawns.
    let (smothered, _) = play("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", &["g5f7"]);
    assert!(smothered.is_checkmate());
    // Not mate before the move, nor in the start position.
    assert!(!board(fen).is_checkmate());
    assert!(!board(START).is_checkmate());
    assert_eq!(outcome(&board(START)), None);
}

#[test]
fn classic_stalemates_are_draws() {
    for fen in [
        // King and queen against king: the queen on f7 takes every square.
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
        // A king blocked by a pawn it may not take.
        "8/8/8/8/8/6k1/6p1/6K1 w - - 0 1",
        // Every piece pinned or blocked.
        "kb5R/8/1K6/8/8/8/8/8 b - - 0 1",
    ] {
        let b = drawn(fen, DrawReason::Stalemate);
        assert!(b.is_stalemate(), "{fen}");
        assert!(!b.is_checkmate(), "{fen}");
    }
    // The queen one square off leaves the king a move.
    assert!(!board("7k/4Q3/6K1/8/8/8/8/8 b - - 0 1").is_stalemate());
}

#[test]
fn insufficient_material_is_bare_kings_or_a_lone_minor() {
    for fen in [
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KN2/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KB2/8/8 b - - 0 1",
        "8/8/4kb2/8/8/4K3/8/8 w - - 0 1",
        "8/8/4kn2/8/8/4K3/8/8 b - - 0 1",
    ] {
        let b = drawn(fen, DrawReason::InsufficientMaterial);
        assert!(b.is_insufficient_material(), "{fen}");
    }
    for fen in [
        "8/8/4k3/8/8/4KP2/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KR2/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KQ2/8/8 w - - 0 1",
        // Two minors count as enough, even two knights or bishops of one
        // colour each: the rule is the simple one the search has always used.
        "8/8/4k3/8/8/3NKN2/8/8 w - - 0 1",
        "8/8/4kb2/8/8/4KB2/8/8 w - - 0 1",
        "8/8/4kn2/8/8/4KB2/8/8 w - - 0 1",
        START,
    ] {
        let b = board(fen);
        assert!(!b.is_insufficient_material(), "{fen}");
        assert_eq!(outcome(&b), None, "{fen}");
    }
}

#[test]
fn the_fifty_move_rule_draws_at_a_hundred_plies_unless_it_is_mate() {
    drawn("8/8/4k3/8/8/4K3/8/R7 b - - 100 80", DrawReason::FiftyMoves);
    let (drawn, history) = play("8/8/4k3/8/8/4K3/8/R7 w - - 99 80", &["a1a2"]);
    assert_eq!(drawn.halfmove_clock(), 100);
    assert_eq!(
        drawn.outcome(&history),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
    // A capture or pawn move on the hundredth ply resets the count.
    let (reset, _) = play("8/8/4k3/8/8/4K3/P7/8 w - - 99 80", &["a2a4"]);
    assert_eq!(outcome(&reset), None);
    // Mate on the hundredth ply wins.
    let (mated, history) = play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", &["a1a8"]);
    assert_eq!(mated.halfmove_clock(), 100);
    assert_eq!(
        mated.outcome(&history),
        Some(Outcome::Decisive {
            winner: Color::White
        })
    );
}

#[test]
fn the_third_occurrence_draws_by_repetition() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let (twice, history) = play(START, &shuffle);
    assert_eq!(history.repetitions(&twice), 1);
    assert_eq!(twice.outcome(&history), None);
    let (thrice, history) = play(START, &[shuffle, shuffle].concat());
    assert_eq!(
        thrice.outcome(&history),
        Some(Outcome::Draw(DrawReason::Repetition))
    );
    // The same moves in another order repeat the same positions.
    let (thrice, history) = play(
        START,
        &[
            "b1c3", "b8c6", "c3b1", "c6b8", "g1f3", "g8f6", "f3g1", "f6g8",
        ],
    );
    assert_eq!(
        thrice.outcome(&history),
        Some(Outcome::Draw(DrawReason::Repetition))
    );
    // Without the history there is nothing to repeat.
    assert_eq!(outcome(&thrice), None);
    // A pawn move in between makes the earlier positions unreachable.
    let (fresh, history) = play(
        START,
        &[
            "g1f3", "g8f6", "f3g1", "f6g8", "e2e3", "g8f6", "g1f3", "f6g8", "f3g1",
        ],
    );
    assert_eq!(fresh.outcome(&history), None);
}

#[test]
fn captures_and_promotions_are_exactly_what_changes_material() {
    for fen in POSITIONS {
        let b = board(fen);
        let mut captures = MoveList::new();
        b.generate_captures(&mut captures);
        for mv in b.legal_moves() {
            let material_changes = {
                let mut next = b.clone();
                next.play_unchecked(mv);
                next.material_key() != b.material_key()
            };
            assert_eq!(
                b.is_capture_or_promotion(mv),
                material_changes,
                "{fen} {mv}"
            );
            assert_eq!(
                b.is_capture_or_promotion(mv),
                captures.contains(&mv) || mv.promotion().is_some(),
                "{fen} {mv}"
            );
        }
    }
}

#[test]
fn mirroring_twice_gives_the_position_back_with_its_perft() {
    let kiwipete = board(KIWIPETE);
    assert_eq!(perft(&kiwipete, 3), 97_862);
    assert_eq!(perft(&kiwipete.mirrored(), 3), 97_862);
    assert_eq!(
        kiwipete.mirrored().to_fen(),
        "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1"
    );
    for fen in POSITIONS {
        let b = board(fen);
        let mirror = b.mirrored();
        assert_eq!(mirror.mirrored(), b, "{fen}");
        assert_ne!(mirror.side_to_move(), b.side_to_move(), "{fen}");
        // The keys, checkers and pins as the FEN parser works them out.
        assert_eq!(board(&mirror.to_fen()), mirror, "{fen}");
        assert_eq!(perft(&mirror, 3), perft(&b, 3), "{fen}");
    }
}

#[test]
fn the_rules_see_a_mirrored_position_with_colours_exchanged() {
    let flip = |o: Option<Outcome>| match o {
        Some(Outcome::Decisive { winner }) => Some(Outcome::Decisive { winner: !winner }),
        other => other,
    };
    let (mut mates, mut stalemates) = (0, 0);
    random_games(
        70,
        200,
        300,
        |_| Board::default(),
        |b| {
            let mirror = b.mirrored();
            assert_eq!(mirror.mirrored(), *b);
            assert_eq!(mirror.is_checkmate(), b.is_checkmate());
            assert_eq!(mirror.is_stalemate(), b.is_stalemate());
            assert_eq!(
                mirror.is_insufficient_material(),
                b.is_insufficient_material()
            );
            assert_eq!(outcome(&mirror), flip(outcome(b)), "{}", b.to_fen());
            assert_eq!(mirror.legal_move_count(), b.legal_move_count());
            mates += usize::from(b.is_checkmate());
            stalemates += usize::from(b.is_stalemate());
        },
    );
    // The games reach real endings, not only positions in play.
    assert!(
        mates > 0 && stalemates > 0,
        "{mates} mates, {stalemates} stalemates"
    );
}

#[test]
fn fen_text_round_trips_through_from_str() {
    for fen in POSITIONS {
        let b = board(fen);
        assert_eq!(b.to_fen().parse::<Board>(), Ok(b.clone()), "{fen}");
        assert_eq!(Board::from_fen(fen), fen.parse::<Board>(), "{fen}");
    }
    assert!("8/8/8 w - - 0 1".parse::<Board>().is_err());
    assert!("".parse::<Board>().is_err());
}

#[test]
fn move_text_round_trips_through_display() {
    for fen in POSITIONS {
        let b = board(fen);
        let moves = b.legal_moves();
        let mut generated = MoveList::new();
        b.generate_moves(&mut generated);
        assert_eq!(moves, generated, "{fen}");
        for mv in moves {
            let text = mv.to_string();
            assert_eq!(b.parse_uci_move(&text), Ok(mv), "{fen} {text}");
            if !b.chess960() {
                assert_eq!(text, b.to_uci(mv).to_string(), "{fen}");
            }
            assert_eq!(Move::from_bits(mv.to_bits()).to_string(), text);
        }
    }
    assert_eq!(Move::NULL.to_string(), "0000");
}
