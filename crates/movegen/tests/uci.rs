//! UCI move text: round trips for every legal move in both castling
//! notations, castling text, and every kind of bad input.

mod common;

use common::{POSITIONS, chess960_fen, random_games};
use matewise_movegen::{Board, MoveTextError, PieceKind, START_FEN, Square, UciMove};

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every legal move prints as text that parses back to it, and texts are unique.
fn assert_round_trip(board: &Board) {
    let moves = board.legal_moves();
    let mut texts = std::collections::HashSet::new();
    for &mv in &moves {
        let uci = board.to_uci(mv);
        let text = uci.to_string();
        assert!(
            texts.insert(text.clone()),
            "two moves print as {text} at {}",
            board.to_fen()
        );
        assert_eq!(text.parse::<UciMove>(), Ok(uci));
        assert_eq!(board.from_uci(uci), Ok(mv), "{text} at {}", board.to_fen());
        assert_eq!(
            board.parse_uci_move(&text),
            Ok(mv),
            "{text} at {}",
            board.to_fen()
        );
    }
}

#[test]
fn every_legal_move_round_trips_in_standard_and_chess960_notation() {
    for fen in POSITIONS {
        let mut b = board(fen);
        assert_round_trip(&b);
        if !b.chess960() {
            // Standard positions read the same in Chess960 (king-takes-rook) notation.
            b.set_chess960(true);
            assert_round_trip(&b);
        }
    }
    // Random games: standard in both notations, Chess960 in its own.
    let start = board(START_FEN);
    random_games(
        0x00C1_0001,
        100,
        150,
        |_| start.clone(),
        |b| {
            assert_round_trip(b);
            let mut other = b.clone();
            other.set_chess960(true);
            assert_round_trip(&other);
        },
    );
    random_games(
        0x00C1_0960,
        100,
        150,
        |rng| board(&chess960_fen(rng.below(960))),
        |b| {
            let mut b = b.clone();
            b.set_chess960(true);
            assert_round_trip(&b);
        },
    );
}

#[test]
fn castling_text_depends_on_the_mode() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut b = board(fen);
    let short = b.parse_uci_move("e1g1").unwrap();
    let long = b.parse_uci_move("e1c1").unwrap();
    assert!(short.is_castle() && long.is_castle());
    assert_eq!((short.from(), short.to()), (Square::E1, Square::H1));
    assert_eq!((long.from(), long.to()), (Square::E1, Square::A1));
    assert_eq!(b.to_uci(short).to_string(), "e1g1");
    assert_eq!(b.to_uci(long).to_string(), "e1c1");
    // King-takes-rook text is accepted in standard mode too.
    assert_eq!(b.parse_uci_move("e1h1"), Ok(short));
    assert_eq!(b.parse_uci_move("e1a1"), Ok(long));

    b.set_chess960(true);
    assert_eq!(b.to_uci(short).to_string(), "e1h1");
    assert_eq!(b.to_uci(long).to_string(), "e1a1");
    assert_eq!(b.parse_uci_move("e1h1"), Ok(short));
    // The standard text is still understood where it cannot mean anything else.
    assert_eq!(b.parse_uci_move("e1g1"), Ok(short));

    // Black.
    let black = board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert!(black.parse_uci_move("e8g8").unwrap().is_castle());
    assert!(black.parse_uci_move("e8c8").unwrap().is_castle());

    // Chess960 (id 2): king f1, rook g1; castling is f1g1 either way.
    let c960 = board("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9");
    assert!(c960.chess960());
    let castle = c960.parse_uci_move("f1g1").unwrap();
    assert!(castle.is_castle());
    assert_eq!(c960.to_uci(castle).to_string(), "f1g1");

    // Chess960: king b1, rook a1, c1 empty: b1a1 castles, b1c1 is a king step.
    let b1 = board("4k3/8/8/8/8/8/8/RK5R w HA - 0 1");
    let castle = b1.parse_uci_move("b1a1").unwrap();
    assert!(castle.is_castle());
    assert_eq!(b1.to_uci(castle).to_string(), "b1a1");
    let step = b1.parse_uci_move("b1c1").unwrap();
    assert!(!step.is_castle());
    let short = b1.parse_uci_move("b1h1").unwrap();
    assert!(short.is_castle());
}

#[test]
fn promotion_text() {
    let b = board("1n5k/P7/8/8/8/8/8/K7 w - - 0 1");
    for (letter, kind) in [
        ('q', PieceKind::Queen),
        ('r', PieceKind::Rook),
        ('b', PieceKind::Bishop),
        ('n', PieceKind::Knight),
    ] {
        let mv = b.parse_uci_move(&format!("a7b8{letter}")).unwrap();
        assert_eq!(mv.promotion(), Some(kind));
        assert_eq!(b.to_uci(mv).to_string(), format!("a7b8{letter}"));
    }
    // A promotion needs its letter, and only a promotion may have one.
    assert_eq!(
        b.parse_uci_move("a7a8"),
        Err(MoveTextError::Illegal(UciMove::Move {
            from: Square::A7,
            to: Square::A8,
            promotion: None
        }))
    );
    assert!(matches!(
        b.parse_uci_move("a1a2q"),
        Err(MoveTextError::Illegal(_))
    ));
    assert!(matches!(
        b.parse_uci_move("a7a8k"),
        Err(MoveTextError::Malformed(_))
    ));
    assert!(matches!(
        b.parse_uci_move("a7a8p"),
        Err(MoveTextError::Malformed(_))
    ));
    assert!(matches!(
        b.parse_uci_move("a7a8Q"),
        Err(MoveTextError::Malformed(_))
    ));
}

#[test]
fn malformed_text_is_rejected() {
    let b = Board::default();
    for text in [
        "", "e", "e2", "e2e", "e9e4", "e2e9", "i2e4", "e0e4", "E2E4", "e2e4x", "e2e4qq", "e2 e4",
        " e2e4", "e2-e4", "é2e4", "e2é4", "e2e4é", "€2e4", "0000x", "00000", "e2e4\n",
    ] {
        assert_eq!(
            b.parse_uci_move(text),
            Err(MoveTextError::Malformed(text.to_string())),
            "{text:?}"
        );
        assert!(text.parse::<UciMove>().is_err(), "{text:?}");
    }
    assert_eq!(b.parse_uci_move("0000"), Err(MoveTextError::NullMove));
    assert_eq!("0000".parse::<UciMove>(), Ok(UciMove::Null));
    assert_eq!(b.to_uci(matewise_movegen::Move::NULL), UciMove::Null);
}

#[test]
fn wrong_pieces_and_illegal_moves_are_named() {
    let b = Board::default();
    assert_eq!(
        b.parse_uci_move("e3e4"),
        Err(MoveTextError::NoPiece(Square::E3))
    );
    assert_eq!(
        b.parse_uci_move("a6a5"),
        Err(MoveTextError::NoPiece(Square::A6))
    );
    assert_eq!(
        b.parse_uci_move("e7e5"),
        Err(MoveTextError::NotYourPiece(Square::E7))
    );
    assert_eq!(
        b.parse_uci_move("g8f6"),
        Err(MoveTextError::NotYourPiece(Square::G8))
    );
    let illegal = |from, to| {
        Err(MoveTextError::Illegal(UciMove::Move {
            from,
            to,
            promotion: None,
        }))
    };
    assert_eq!(b.parse_uci_move("e2e5"), illegal(Square::E2, Square::E5));
    assert_eq!(b.parse_uci_move("e1g1"), illegal(Square::E1, Square::G1));
    assert_eq!(b.parse_uci_move("e1h1"), illegal(Square::E1, Square::H1));
    assert_eq!(b.parse_uci_move("d1d3"), illegal(Square::D1, Square::D3));
    assert_eq!(b.parse_uci_move("e2e2"), illegal(Square::E2, Square::E2));
    // Black to move: White's pieces are not Black's.
    let black = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(
        black.parse_uci_move("e4e5"),
        Err(MoveTextError::NotYourPiece(Square::E4))
    );
    // A pinned piece and a king walking into check.
    let pinned = board("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        pinned.parse_uci_move("e2c3"),
        illegal(Square::E2, Square::C3)
    );
    assert_eq!(
        pinned.parse_uci_move("e1e2"),
        illegal(Square::E1, Square::E2)
    );
    // Castling through an attacked square or while in check.
    let through = board("4k3/8/8/8/8/8/3r1r2/R3K2R w KQ - 0 1");
    assert_eq!(
        through.parse_uci_move("e1g1"),
        illegal(Square::E1, Square::G1)
    );
    assert_eq!(
        through.parse_uci_move("e1c1"),
        illegal(Square::E1, Square::C1)
    );
    let only_long = board("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert_eq!(
        only_long.parse_uci_move("e1g1"),
        illegal(Square::E1, Square::G1)
    );
    assert!(only_long.parse_uci_move("e1c1").unwrap().is_castle());
    let in_check = board("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        in_check.parse_uci_move("e1g1"),
        illegal(Square::E1, Square::G1)
    );
    assert_eq!(
        in_check.parse_uci_move("e1c1"),
        illegal(Square::E1, Square::C1)
    );
    // Every error prints something.
    for e in [
        MoveTextError::Malformed("x".into()),
        MoveTextError::NullMove,
        MoveTextError::NoPiece(Square::A1),
        MoveTextError::NotYourPiece(Square::A1),
        MoveTextError::Illegal(UciMove::Null),
    ] {
        assert!(!e.to_string().is_empty());
    }
}
