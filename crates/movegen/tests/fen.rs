//! FEN in and out: round trips (standard, X-FEN, Shredder-FEN), the
//! en-passant field, every `FenError` variant, and no panics on any input.

mod common;

use matewise_movegen::{Board, CastleSide, Color, FenError, File, Rank, START_FEN, Square};
use proptest::prelude::*;

/// FENs that `to_fen` must print back exactly as given.
const ROUND_TRIP: &[&str] = &[
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4k3/8/8/8/8/8/8/4K2R b K - 99 200",
    "r3k3/8/8/8/8/8/8/4K3 w q - 0 65535",
    "8/8/8/8/8/8/8/k6K b - - 65535 1",
    // En passant where a capture is possible (for either side, and for two pawns).
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
    "4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    // Chess960 in X-FEN: K/Q name the outermost rook...
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
    "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
    "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
    // ...and a file letter names an inner rook.
    "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1",
    "1r2k1rr/8/8/8/8/8/8/R3K1RR w Gg - 0 1",
];

#[test]
fn to_fen_round_trips() {
    for fen in ROUND_TRIP {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.to_fen(), *fen);
        let again = Board::from_fen(&board.to_fen()).unwrap();
        assert_eq!(again, board, "{fen}");
    }
}

#[test]
fn shredder_fen_round_trips() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
        "nnrkbbqr/1p2pppp/p2p4/2p5/8/1N2P1P1/PPPP1P1P/1NKRBBQR w hc - 0 9",
        "n1rk1qbb/pppprpp1/2n4p/4p3/2PP3P/8/PP2PPP1/NNRKRQBB w ECc - 1 9",
        "qr1kbbnr/ppp1pp1p/4n1p1/2Pp4/6P1/4N3/PP1PPP1P/QRK1BBNR w HB d6 0 9",
        "rkqbr1bn/p2ppppp/1pp2n2/8/5P2/3P1N2/PPP1PRPP/RKQB2BN w Aa - 3 9",
    ] {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.to_shredder_fen(), fen);
    }
    for n in 0..960 {
        let fen = common::chess960_fen(n);
        let board = Board::from_fen(&fen).unwrap();
        // The helper writes the rights short side first, as to_shredder_fen does.
        assert_eq!(board.to_shredder_fen(), fen);
        // X-FEN names each start position's rights KQkq (the rooks are outermost).
        assert_eq!(board.to_fen().split(' ').nth(2), Some("KQkq"), "{fen}");
    }
}

#[test]
fn castling_notations_name_the_same_rights() {
    // Standard: KQkq, HAha and mixtures all mean the a- and h-rooks.
    let standard = Board::from_fen(START_FEN).unwrap();
    for field in ["HAha", "KAhq", "HQkq", "AHah"] {
        let fen = START_FEN.replace("KQkq", field);
        let board = Board::from_fen(&fen).unwrap();
        assert_eq!(board.hash(), standard.hash(), "{field}");
        assert_eq!(
            board.castling_rights(),
            standard.castling_rights(),
            "{field}"
        );
        assert!(!board.chess960(), "{field}");
        assert_eq!(board.to_fen(), START_FEN);
    }
    // Chess960: Shredder-FEN in, X-FEN and Shredder-FEN out.
    let board =
        Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
            .unwrap();
    assert!(board.chess960());
    let rights = board.castling_rights();
    assert_eq!(rights.rook(Color::White, CastleSide::Short), Some(File::H));
    assert_eq!(rights.rook(Color::White, CastleSide::Long), Some(File::F));
    assert_eq!(
        rights.rook_square(Color::Black, CastleSide::Long),
        Some(Square::F8)
    );
    assert_eq!(
        board.to_fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    // With two rooks on one side, K means the outermost and a letter the inner one.
    let outer = Board::from_fen("4k3/8/8/8/8/8/8/4KRR1 w K - 0 1").unwrap();
    assert_eq!(
        outer
            .castling_rights()
            .rook(Color::White, CastleSide::Short),
        Some(File::G)
    );
    let inner = Board::from_fen("4k3/8/8/8/8/8/8/4KRR1 w F - 0 1").unwrap();
    assert_eq!(
        inner
            .castling_rights()
            .rook(Color::White, CastleSide::Short),
        Some(File::F)
    );
    assert_eq!(inner.to_fen(), "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
    assert_ne!(
        inner.hash(),
        Board::from_fen("4k3/8/8/8/8/8/8/4KRR1 w - - 0 1")
            .unwrap()
            .hash()
    );
}

#[test]
fn to_fen_omits_an_en_passant_square_no_pawn_can_use() {
    // After 1. e4 the FEN field says e3, but no black pawn can capture there:
    // the square is dropped, so the position hashes like any other with no
    // en-passant right.
    let with =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    let without =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(with.en_passant(), None);
    assert_eq!(with.to_fen(), without.to_fen());
    assert_eq!(
        with.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(with.hash(), without.hash());
    // Playing e2e4 gives the same board.
    let mut played = Board::default();
    played.play(played.parse_uci_move("e2e4").unwrap()).unwrap();
    assert_eq!(played, without);

    // With a black pawn on d4 the square stays, and changes the hash.
    let capturable =
        Board::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(capturable.en_passant(), Some(Square::E3));
    assert!(capturable.to_fen().contains(" e3 "));
    let no_right =
        Board::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_ne!(capturable.hash(), no_right.hash());
}

#[test]
fn move_counters_are_optional_and_fullmove_zero_reads_as_one() {
    let four = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    assert_eq!((four.halfmove_clock(), four.fullmove_number()), (0, 1));
    let five = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 12").unwrap();
    assert_eq!((five.halfmove_clock(), five.fullmove_number()), (12, 1));
    let zero = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 3 0").unwrap();
    assert_eq!(zero.fullmove_number(), 1);
    // Extra whitespace between fields is accepted.
    assert!(Board::from_fen("  4k3/8/8/8/8/8/8/4K3   w  -  -  0  1 ").is_ok());
}

fn err(fen: &str) -> FenError {
    match Board::from_fen(fen) {
        Ok(board) => panic!("{fen} parsed as {}", board.to_fen()),
        Err(e) => e,
    }
}

#[test]
fn wrong_field_count() {
    assert_eq!(err(""), FenError::WrongFieldCount(0));
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w -"), FenError::WrongFieldCount(3));
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x"),
        FenError::WrongFieldCount(7)
    );
}

#[test]
fn wrong_rank_count() {
    assert_eq!(err("8/8/8 w - - 0 1"), FenError::WrongRankCount(3));
    assert_eq!(
        err("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::WrongRankCount(9)
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3/ w - - 0 1"),
        FenError::WrongRankCount(9)
    );
}

#[test]
fn bad_piece_letter() {
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K2X w - - 0 1"),
        FenError::BadPieceLetter('X')
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K2x w - - 0 1"),
        FenError::BadPieceLetter('x')
    );
    assert_eq!(
        err("4k3/8/8/8/9/8/8/4K3 w - - 0 1"),
        FenError::BadPieceLetter('9')
    );
    assert_eq!(
        err("4k3/8/8/8/08/8/8/4K3 w - - 0 1"),
        FenError::BadPieceLetter('0')
    );
    assert_eq!(
        err("4k3/8/8/8/8/é7/8/4K3 w - - 0 1"),
        FenError::BadPieceLetter('é')
    );
}

#[test]
fn rank_length() {
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K2 w - - 0 1"),
        FenError::RankLength {
            rank: Rank::First,
            squares: 7
        }
    );
    assert_eq!(
        err("4k3/8/8/8/44P/8/8/4K3 w - - 0 1"),
        FenError::RankLength {
            rank: Rank::Fourth,
            squares: 9
        }
    );
    assert_eq!(
        err("/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::RankLength {
            rank: Rank::Eighth,
            squares: 0
        }
    );
}

#[test]
fn bad_side_to_move() {
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        FenError::BadSideToMove("x".into())
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 W - - 0 1"),
        FenError::BadSideToMove("W".into())
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 wb - - 0 1"),
        FenError::BadSideToMove("wb".into())
    );
}

#[test]
fn bad_castling() {
    let base = "r3k2r/8/8/8/8/8/8/R3K2R w";
    for field in ["KQkqK", "KK", "x", "KX", "Kkk", "AQ", "1"] {
        assert_eq!(
            err(&format!("{base} {field} - 0 1")),
            FenError::BadCastling(field.into()),
            "castling field {field}"
        );
    }
}

#[test]
fn bad_en_passant_square() {
    let base = "4k3/8/8/8/8/8/8/4K3 w -";
    for field in ["e9", "i6", "E6", "e", "e66", "66"] {
        assert_eq!(
            err(&format!("{base} {field} 0 1")),
            FenError::BadEnPassantSquare(field.into()),
            "en-passant field {field}"
        );
    }
}

#[test]
fn bad_counter() {
    let base = "4k3/8/8/8/8/8/8/4K3 w - -";
    for counters in ["-1 1", "x 1", "65536 1", "0 -3", "0 y", "0 70000", "1.5 1"] {
        let bad = counters
            .split(' ')
            .find(|c| c.parse::<u16>().is_err())
            .unwrap();
        assert_eq!(
            err(&format!("{base} {counters}")),
            FenError::BadCounter(bad.into()),
            "counters {counters}"
        );
    }
}

#[test]
fn king_count() {
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"),
        FenError::KingCount {
            color: Color::White,
            count: 0
        }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w Qkq - 0 1"),
        FenError::KingCount {
            color: Color::White,
            count: 2
        }
    );
    assert_eq!(
        err("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::KingCount {
            color: Color::Black,
            count: 0
        }
    );
    assert_eq!(
        err("k6k/8/8/8/8/8/8/4K2k b - - 0 1"),
        FenError::KingCount {
            color: Color::Black,
            count: 3
        }
    );
}

/// The FEN of issue 42: 27 white men, 258 legal moves, more than a move list holds.
const TWENTY_SEVEN_WHITE_MEN: &str = "QQQQQQQQ/Q6Q/Q6R/Q6Q/Q6Q/Q5QQ/Q4Qbn/KQQQQQnk w - - 0 1";

#[test]
fn material_no_game_can_reach_is_refused() {
    assert_eq!(
        err(TWENTY_SEVEN_WHITE_MEN),
        FenError::TooManyMen {
            color: Color::White,
            count: 27
        }
    );
    // Seventeen black men: all the starting ones and a knight.
    assert_eq!(
        err("rnbqkbnr/pppppppp/n7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::TooManyMen {
            color: Color::Black,
            count: 17
        }
    );
    assert_eq!(
        err("4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1"),
        FenError::TooManyPawns {
            color: Color::White,
            count: 9
        }
    );
    // Two queens with all eight pawns: the second queen was never a pawn.
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKQNR w KQkq - 0 1"),
        FenError::TooManyPromotedPieces {
            color: Color::White,
            promoted: 1,
            missing_pawns: 0
        }
    );
    // A third rook, a third knight and a second dark bishop need three
    // promotions; Black is missing only two pawns.
    assert_eq!(
        err("rnrbk1nr/pppppp2/n7/8/8/6b1/8/K7 b - - 0 1"),
        FenError::TooManyPromotedPieces {
            color: Color::Black,
            promoted: 3,
            missing_pawns: 2
        }
    );
    // Fifteen queens and a king: every field of the material key overflowed.
    assert_eq!(
        err("QQQQQQQQ/QQQQQQQ1/8/8/8/8/8/k6K w - - 0 1"),
        FenError::TooManyPromotedPieces {
            color: Color::White,
            promoted: 14,
            missing_pawns: 8
        }
    );
    for e in [
        err(TWENTY_SEVEN_WHITE_MEN),
        err("4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1"),
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKQNR w KQkq - 0 1"),
    ] {
        assert!(
            [
                "27 men, at most 16",
                "9 pawns, at most 8",
                "1 pieces beyond its starting set but only 0 missing pawns"
            ]
            .iter()
            .any(|text| e.to_string().contains(text)),
            "{e}"
        );
    }
}

#[test]
fn the_most_material_a_game_can_reach_is_accepted() {
    // Petrovic's 218-move position: nine queens, every other white piece, no pawn.
    let petrovic = Board::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1").unwrap();
    let mut moves = matewise_movegen::MoveList::new();
    petrovic.generate_moves(&mut moves);
    assert_eq!(moves.len(), 218);
    for fen in [
        // Six pawns and two promotions: a third knight and a second dark bishop.
        "4k3/8/8/8/8/1NB1B3/PPPPPP2/RN2K1NR w - - 0 1",
        // Ten rooks, no pawns.
        "RRRRRRRR/8/8/3k4/8/8/8/R3K2R b - - 0 1",
        // Nine queens each.
        "qqqqqqqq/7q/4k3/8/8/4K3/7Q/QQQQQQQQ w - - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.to_fen(), fen);
        let (_, _, material_key) = board.keys_from_scratch();
        assert_eq!(material_key, board.material_key());
    }
}

#[test]
fn pawn_on_back_rank() {
    assert_eq!(
        err("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::PawnOnBackRank(Square::H8)
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/p3K3 b - - 0 1"),
        FenError::PawnOnBackRank(Square::A1)
    );
}

#[test]
fn opponent_in_check() {
    // White to move while the black king stands in the e1 rook's line.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
        FenError::OpponentInCheck
    );
    // Black to move while the white king is attacked by a pawn, a knight, a bishop.
    assert_eq!(
        err("4k3/8/8/8/8/8/3p4/4K3 b - - 0 1"),
        FenError::OpponentInCheck
    );
    assert_eq!(
        err("4k3/8/8/8/8/5n2/8/4K3 b - - 0 1"),
        FenError::OpponentInCheck
    );
    assert_eq!(
        err("4k3/8/8/b7/8/8/8/4K3 b - - 0 1"),
        FenError::OpponentInCheck
    );
    // Kings side by side: whoever is to move, the other is in check.
    assert_eq!(
        err("8/8/8/8/8/8/8/3kK3 w - - 0 1"),
        FenError::OpponentInCheck
    );
    // The side to move may be in check, though.
    assert!(
        Board::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
            .unwrap()
            .in_check()
    );
}

#[test]
fn castling_without_king_and_rook() {
    // No h1 rook for K.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        FenError::CastlingWithoutKingAndRook('K')
    );
    // No a8 rook for q (the only black rook is on the king's short side).
    assert_eq!(
        err("4k2r/8/8/8/8/8/8/4K3 w q - 0 1"),
        FenError::CastlingWithoutKingAndRook('q')
    );
    // A file letter without a rook on that file.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K2R w G - 0 1"),
        FenError::CastlingWithoutKingAndRook('G')
    );
    // A black piece that is not a rook on the named square.
    assert_eq!(
        err("4k2n/8/8/8/8/8/8/4K3 w h - 0 1"),
        FenError::CastlingWithoutKingAndRook('h')
    );
    // The king off its back rank.
    assert_eq!(
        err("r6r/8/8/8/4k3/8/8/R3K2R w KQkq - 0 1"),
        FenError::CastlingWithoutKingAndRook('k')
    );
    assert_eq!(
        err("r3k2r/8/8/8/8/8/4K3/R6R w A - 0 1"),
        FenError::CastlingWithoutKingAndRook('A')
    );
}

#[test]
fn impossible_en_passant() {
    // Wrong rank for the side to move.
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1"),
        FenError::ImpossibleEnPassant(Square::E3)
    );
    // No black pawn on e5 to have made the double step.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        FenError::ImpossibleEnPassant(Square::E6)
    );
    // The pawn is White's own.
    assert_eq!(
        err("4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1"),
        FenError::ImpossibleEnPassant(Square::E6)
    );
    // The pawn's origin square e7 is occupied.
    assert_eq!(
        err("4k3/4p3/8/3Pp3/8/8/8/4K3 w - e6 0 1"),
        FenError::ImpossibleEnPassant(Square::E6)
    );
    // The target square is occupied.
    assert_eq!(
        err("4k3/8/4n3/3Pp3/8/8/8/4K3 w - e6 0 1"),
        FenError::ImpossibleEnPassant(Square::E6)
    );
    // Black to move: the target must be on rank 3.
    assert_eq!(
        err("4k3/8/8/8/3pP3/8/8/4K3 b - e6 0 1"),
        FenError::ImpossibleEnPassant(Square::E6)
    );
}

#[test]
fn errors_display_something() {
    for e in [
        err(""),
        err("8/8 w - - 0 1"),
        err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2 3"),
        err("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
    ] {
        assert!(!e.to_string().is_empty());
    }
}

fn never_panics(text: &str) {
    // A parse may fail but must not panic; a success must print a FEN that
    // parses back to the same position.
    if let Ok(board) = Board::from_fen(text) {
        let fen = board.to_fen();
        let again = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{text:?} -> {fen}: {e}"));
        assert_eq!(again.to_fen(), fen, "{text:?}");
        assert_eq!(again.hash(), board.hash(), "{text:?}");
        // Whatever position was accepted, the generator copes with it.
        let mut moves = matewise_movegen::MoveList::new();
        board.generate_moves(&mut moves);
        assert_eq!(board.legal_move_count(), moves.len(), "{text:?}");
        assert_eq!(board.count_legal_moves() as usize, moves.len(), "{text:?}");
        for mv in moves {
            let mut next = board.clone();
            next.play_unchecked(mv);
            assert_eq!(
                next.keys_from_scratch(),
                (next.hash(), next.pawn_key(), next.material_key())
            );
            assert_eq!(
                next.count_legal_moves() as usize,
                next.legal_move_count(),
                "{text:?} {mv:?}"
            );
        }
    }
}

/// FEN-shaped text: a placement built square by square (usually with one
/// king each, so that parsing gets past the piece checks), then plausible
/// other fields.
fn fen_shaped() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        4 => Just(None),
        1 => prop::sample::select(&b"pnbrqPNBRQ"[..]).prop_map(|c| Some(c as char)),
    ];
    (
        prop::collection::vec(cell, 64),
        (0..64usize, 0..64usize, 0..16u8),
        "[wb]",
        prop_oneof![2 => Just("-".to_string()), 1 => "[KQkqA-Ha-h]{1,4}"],
        prop_oneof![3 => Just("-".to_string()), 1 => "[a-h][36]"],
        "[0-9]{1,3}",
        "[0-9]{1,3}",
    )
        .prop_map(
            |(mut cells, (white_king, black_king, mess), side, castling, ep, half, full)| {
                if mess != 0 {
                    // Usually no pawn on the first and last ranks.
                    for (i, cell) in cells.iter_mut().enumerate() {
                        if !(8..56).contains(&i) && matches!(cell, Some('p' | 'P')) {
                            *cell = None;
                        }
                    }
                }
                cells[white_king] = Some('K');
                cells[black_king] = Some('k');
                match mess {
                    1 => cells[(white_king + 1) % 64] = Some('K'),
                    2 => cells[white_king] = None,
                    _ => {}
                }
                let ranks: Vec<String> = cells
                    .chunks(8)
                    .map(|rank| {
                        let mut text = String::new();
                        let mut empty = 0;
                        for cell in rank {
                            match cell {
                                Some(c) => {
                                    if empty > 0 {
                                        text.push_str(&empty.to_string());
                                        empty = 0;
                                    }
                                    text.push(*c);
                                }
                                None => empty += 1,
                            }
                        }
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                        }
                        text
                    })
                    .collect();
                format!("{} {side} {castling} {ep} {half} {full}", ranks.join("/"))
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn from_fen_never_panics_on_any_string(text in any::<String>()) {
        never_panics(&text);
    }

    #[test]
    fn from_fen_never_panics_on_fen_characters(text in "[pnbrqkPNBRQK1-8/ wbKQkqa-h0-9-]{0,90}") {
        never_panics(&text);
    }

    #[test]
    fn from_fen_never_panics_on_fen_shaped_text(text in fen_shaped()) {
        never_panics(&text);
    }
}
