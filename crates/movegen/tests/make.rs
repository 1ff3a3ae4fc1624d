//! Making moves: copy-make leaves the parent alone, null moves, the move
//! counters, castling rights, en passant, promotions and castling itself.

mod common;

use common::{POSITIONS, random_games};
use matewise_movegen::{
    BitBoard, Board, CastleSide, Color, File, Move, MoveKind, Piece, PieceKind, SplitMix64, Square,
};

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// `fen` after the UCI move `text`, checked for legality.
fn play(fen: &str, text: &str) -> Board {
    let mut b = board(fen);
    let mv = b
        .parse_uci_move(text)
        .unwrap_or_else(|e| panic!("{text} at {fen}: {e}"));
    b.play(mv).unwrap();
    b
}

fn piece(c: char) -> Option<Piece> {
    Piece::from_char(c)
}

#[test]
fn play_unchecked_changes_only_the_copy() {
    for fen in POSITIONS {
        let parent = board(fen);
        let snapshot = parent.clone();
        let fen_before = parent.to_fen();
        for mv in parent.legal_moves() {
            let mut child = parent.clone();
            child.play_unchecked(mv);
            // The parent is untouched, field for field.
            assert_eq!(parent, snapshot);
            assert_eq!(parent.to_fen(), fen_before);
            // The child did move.
            assert_eq!(child.side_to_move(), !parent.side_to_move());
            assert_ne!(child.hash(), parent.hash(), "{mv:?} at {fen}");
            assert!(
                Square::ALL
                    .iter()
                    .any(|&sq| child.piece_on(sq) != parent.piece_on(sq)),
                "{mv:?} at {fen} moved nothing"
            );
            assert_eq!(
                child.keys_from_scratch(),
                (child.hash(), child.pawn_key(), child.material_key())
            );
            if !mv.is_castle() {
                assert_eq!(child.kind_on(mv.from()), None, "{mv:?} at {fen}");
                let landed = mv.promotion().or(parent.kind_on(mv.from()));
                assert_eq!(child.kind_on(mv.to()), landed, "{mv:?} at {fen}");
                assert_eq!(child.color_on(mv.to()), Some(parent.side_to_move()));
            }
        }
    }
}

#[test]
fn play_rejects_illegal_moves_and_leaves_the_board() {
    let mut b = Board::default();
    let before = b.clone();
    for mv in [
        Move::new(Square::E2, Square::E5, MoveKind::Normal),
        Move::new(Square::E7, Square::E5, MoveKind::Normal),
        Move::new(Square::E1, Square::H1, MoveKind::Castle),
        Move::new(Square::E2, Square::E4, MoveKind::EnPassant),
        Move::new(
            Square::G1,
            Square::F3,
            MoveKind::Promotion(PieceKind::Queen),
        ),
        Move::NULL,
    ] {
        assert!(b.play(mv).is_err(), "{mv:?}");
        assert_eq!(b, before);
    }
}

#[test]
fn null_move_passes_the_turn() {
    let b = board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(b.en_passant(), Some(Square::F6));
    let passed = b.null_move().expect("not in check");
    assert_eq!(passed.side_to_move(), Color::Black);
    assert_eq!(
        passed.en_passant(),
        None,
        "a null move ends the en-passant right"
    );
    assert_eq!(passed.occupied(), b.occupied());
    assert_eq!(passed.castling_rights(), b.castling_rights());
    assert_eq!(passed.halfmove_clock(), 1);
    assert_eq!(passed.fullmove_number(), 3);
    assert_eq!(
        passed.keys_from_scratch(),
        (passed.hash(), passed.pawn_key(), passed.material_key())
    );
    assert_eq!(
        passed.to_fen(),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"
    );
    // Passing twice returns to the same pieces, without the en-passant right.
    let twice = passed.null_move().unwrap();
    assert_eq!(twice.side_to_move(), Color::White);
    assert_eq!(twice.fullmove_number(), 4);
    let no_ep = board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    assert_eq!(twice.hash(), no_ep.hash());
    // In check there is no null move.
    assert!(
        board("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1")
            .null_move()
            .is_none()
    );
    assert!(
        board("4k3/8/8/b7/8/8/8/4K3 w - - 0 1")
            .null_move()
            .is_none()
    );
    // The other side's check information is computed for the new side to move.
    let pin = board("4k3/4r3/8/8/8/8/4B3/4K3 b - - 0 1")
        .null_move()
        .unwrap();
    assert!(pin.pinned().has(Square::E2));
    // A null move that would leave the opponent in check is still not offered
    // only when the mover is in check; a side not in check may always pass.
    for fen in POSITIONS {
        let b = board(fen);
        assert_eq!(b.null_move().is_none(), b.in_check(), "{fen}");
    }
}

/// Checkers and pins of either side, by brute force: the enemy pieces that
/// attack the king, and the own pieces whose removal lets a new slider attack
/// reach it.
fn naive_check_info(board: &Board, color: Color) -> (BitBoard, BitBoard) {
    let king = board.king(color);
    let theirs = board.colors(!color);
    let occupied = board.occupied();
    let checkers = board.attackers_to(king, occupied) & theirs;
    let mut pinned = BitBoard::EMPTY;
    for piece in board.colors(color) & !king.bitboard() {
        let without = occupied & !piece.bitboard();
        let revealed = board.attackers_to(king, without) & theirs & !checkers;
        if !revealed.is_empty() {
            pinned |= piece.bitboard();
        }
    }
    (checkers, pinned)
}

#[test]
fn check_info_for_either_side_matches_brute_force() {
    let start = |rng: &mut SplitMix64| board(POSITIONS[rng.below(POSITIONS.len())]);
    let positions = random_games(0xC4EC, 60, 120, start, |b| {
        let stm = b.side_to_move();
        assert_eq!(b.check_info_for(stm), (b.checkers(), b.pinned()), "{b}");
        for color in [Color::White, Color::Black] {
            assert_eq!(
                b.check_info_for(color),
                naive_check_info(b, color),
                "{b} {color:?}"
            );
        }
    });
    assert!(positions > 3_000, "{positions} positions");
}

#[test]
fn halfmove_clock_resets_on_captures_and_pawn_moves() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 7 20";
    let b = board(fen);
    for mv in b.legal_moves() {
        let next = common::after(&b, mv);
        let capture = b.color_on(mv.to()) == Some(Color::Black) && !mv.is_castle();
        let pawn = b.kind_on(mv.from()) == Some(PieceKind::Pawn);
        let expected = if capture || pawn || mv.is_en_passant() {
            0
        } else {
            8
        };
        assert_eq!(next.halfmove_clock(), expected, "{mv:?}");
        assert_eq!(
            next.fullmove_number(),
            20,
            "White's move does not advance it"
        );
    }
    // Black's move advances the move number; castling counts towards the clock.
    let after = play("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 30", "e8g8");
    assert_eq!((after.halfmove_clock(), after.fullmove_number()), (6, 31));
    // En passant resets it.
    let ep = play(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 4 3",
        "e5f6",
    );
    assert_eq!(ep.halfmove_clock(), 0);
    // Promotions reset it.
    let promo = play("8/P6k/8/8/8/8/8/K7 w - - 33 60", "a7a8n");
    assert_eq!(promo.halfmove_clock(), 0);
}

#[test]
fn castling_rights_drop_when_king_or_rook_moves() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        play(fen, "e1e2").to_fen(),
        "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1"
    );
    assert_eq!(
        play(fen, "e1g1").to_fen(),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
    assert_eq!(
        play(fen, "e1c1").to_fen(),
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );
    assert_eq!(
        play(fen, "h1h5").to_fen(),
        "r3k2r/8/8/7R/8/8/8/R3K3 b Qkq - 1 1"
    );
    assert_eq!(
        play(fen, "a1b1").to_fen(),
        "r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 1 1"
    );
    // Capturing a rook on its corner removes the opponent's right...
    assert_eq!(
        play(fen, "a1a8").to_fen(),
        "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"
    );
    assert_eq!(
        play(fen, "h1h8").to_fen(),
        "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1"
    );
    // ...for Black too.
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(
        play(black, "h8h1").to_fen(),
        "r3k3/8/8/8/8/8/8/R3K2r w Qq - 0 2"
    );
    assert_eq!(
        play(black, "e8d8").to_fen(),
        "r2k3r/8/8/8/8/8/8/R3K2R w KQ - 1 2"
    );
    // A rook captured away from its corner does not matter.
    let elsewhere = play("r3k2r/8/8/8/8/8/R7/4K2R b Kkq - 0 1", "a8a2");
    assert_eq!(elsewhere.to_fen(), "4k2r/8/8/8/8/8/r7/4K2R w Kk - 0 2");
    // A rook leaving and another rook arriving does not restore the right.
    let b = play("r3k2r/8/8/8/8/8/7R/4K2R w Kkq - 0 1", "h1g1");
    let b = play(&b.to_fen(), "a8b8");
    let b = play(&b.to_fen(), "h2h1");
    assert!(
        b.castling_rights()
            .rook(Color::White, CastleSide::Short)
            .is_none()
    );
    assert_eq!(
        b.castling_rights().rook(Color::Black, CastleSide::Long),
        None
    );
}

#[test]
fn castling_rights_in_chess960() {
    // King b1 between rooks a1 and c1... (id 921): moving the inner rook c1
    // removes only the short right named by C.
    let fen = "rkrqbbnn/pppp3p/8/4ppp1/1PP4P/8/P2PPPP1/RKRQBBNN w CAca - 0 9";
    let b = board(fen);
    assert_eq!(
        b.castling_rights().rook(Color::White, CastleSide::Short),
        Some(File::C)
    );
    assert_eq!(
        b.castling_rights().rook(Color::White, CastleSide::Long),
        Some(File::A)
    );
    // Capturing the c1 rook removes White's C right and keeps A.
    let taken = play("rkr5/8/8/8/8/8/8/RKR4q b CAca - 0 1", "h1c1");
    let rights = taken.castling_rights();
    assert_eq!(rights.rook(Color::White, CastleSide::Short), None);
    assert_eq!(rights.rook(Color::White, CastleSide::Long), Some(File::A));
    assert_eq!(rights.rook(Color::Black, CastleSide::Short), Some(File::C));
    assert_eq!(rights.rook(Color::Black, CastleSide::Long), Some(File::A));
    assert_eq!(taken.to_shredder_fen(), "rkr5/8/8/8/8/8/8/RKq5 w Aca - 0 2");
    // Moving the king removes both rights of that side only.
    let king = play(fen, "b1b2");
    assert_eq!(
        king.to_shredder_fen(),
        "rkrqbbnn/pppp3p/8/4ppp1/1PP4P/8/PK1PPPP1/R1RQBBNN b ca - 1 9"
    );
    // An inner rook with a second rook further out: moving the outer rook keeps the right.
    let two = "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1";
    assert_eq!(
        play(two, "a1a5")
            .castling_rights()
            .rook(Color::White, CastleSide::Long),
        Some(File::C)
    );
    assert_eq!(
        play(two, "c1c5")
            .castling_rights()
            .rook(Color::White, CastleSide::Long),
        None
    );
}

#[test]
fn castling_moves_king_and_rook() {
    // Standard, both sides and colours.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let short = play(fen, "e1g1");
    assert_eq!(short.piece_on(Square::G1), piece('K'));
    assert_eq!(short.piece_on(Square::F1), piece('R'));
    assert_eq!(short.kind_on(Square::E1), None);
    assert_eq!(short.kind_on(Square::H1), None);
    let long = play("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8");
    assert_eq!(long.piece_on(Square::C8), piece('k'));
    assert_eq!(long.piece_on(Square::D8), piece('r'));
    assert_eq!(long.kind_on(Square::A8), None);
    // Chess960: king f1 and rook g1 swap places on O-O (id 2, castle as f1g1).
    let swap = play(
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
        "f1g1",
    );
    assert_eq!(swap.piece_on(Square::G1), piece('K'));
    assert_eq!(swap.piece_on(Square::F1), piece('R'));
    assert_eq!(
        swap.to_fen(),
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRRKB b - - 2 9"
    );
    // Chess960: king b1, rook a1: O-O-O puts the king on c1 and the rook on d1.
    let castled = play("4k3/8/8/8/8/8/8/RK5R w HA - 0 1", "b1a1");
    assert_eq!(castled.piece_on(Square::C1), piece('K'));
    assert_eq!(castled.piece_on(Square::D1), piece('R'));
    assert_eq!(castled.kind_on(Square::A1), None);
    assert_eq!(castled.kind_on(Square::B1), None);
    // Chess960: the king already stands on its destination g1.
    let stay = play("4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "g1h1");
    assert_eq!(stay.piece_on(Square::G1), piece('K'));
    assert_eq!(stay.piece_on(Square::F1), piece('R'));
    assert_eq!(stay.kind_on(Square::H1), None);
}

#[test]
fn en_passant_removes_the_passed_pawn() {
    let b = play(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "e5f6",
    );
    assert_eq!(b.piece_on(Square::F6), piece('P'));
    assert_eq!(b.kind_on(Square::F5), None, "the f5 pawn is taken");
    assert_eq!(b.kind_on(Square::E5), None);
    assert_eq!(b.piece_on(Square::D5), piece('p'), "the d5 pawn stays");
    assert_eq!(
        b.to_fen(),
        "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );

    let b = play(
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
        "e4d3",
    );
    assert_eq!(b.piece_on(Square::D3), piece('p'));
    assert_eq!(b.kind_on(Square::D4), None);
    assert_eq!(b.colored_pieces(PieceKind::Pawn, Color::White).len(), 7);

    // A double step sets the square only when a pawn can take there.
    let d5 = play(
        "rnbqkbnr/pppp2pp/8/4Pp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
        "d7d5",
    );
    assert_eq!(d5.en_passant(), Some(Square::D6));
    let h5 = play(
        "rnbqkbnr/pppp2pp/8/4Pp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
        "h7h5",
    );
    assert_eq!(h5.en_passant(), None);
    // The right lasts one move.
    let later = play(&d5.to_fen(), "g1f3");
    assert_eq!(later.en_passant(), None);
}

#[test]
fn promotions_produce_the_chosen_piece() {
    let fen = "1n5k/P7/8/8/8/8/8/K7 w - - 0 1";
    for (letter, kind) in [
        ('q', PieceKind::Queen),
        ('r', PieceKind::Rook),
        ('b', PieceKind::Bishop),
        ('n', PieceKind::Knight),
    ] {
        let before = board(fen);
        let push = play(fen, &format!("a7a8{letter}"));
        assert_eq!(
            push.piece_on(Square::A8),
            Some(Piece::new(kind, Color::White))
        );
        assert_eq!(push.kind_on(Square::A7), None);
        assert_eq!(
            push.colored_pieces(PieceKind::Pawn, Color::White),
            BitBoard::EMPTY
        );
        assert_ne!(push.material_key(), before.material_key());
        assert_ne!(push.pawn_key(), before.pawn_key());
        let take = play(fen, &format!("a7b8{letter}"));
        assert_eq!(
            take.piece_on(Square::B8),
            Some(Piece::new(kind, Color::White))
        );
        assert_eq!(take.colors(Color::Black).len(), 1, "the knight is gone");
        assert_eq!(take.halfmove_clock(), 0);
    }
    // Black promotes on the first rank, giving check with the new queen.
    let b = play("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1q");
    assert_eq!(b.piece_on(Square::A1), piece('q'));
    assert!(b.in_check());
    assert_eq!(b.checkers(), Square::A1.bitboard());
    // Material keys of positions with the same material agree.
    assert_eq!(
        b.material_key(),
        board("4k3/8/8/8/8/8/8/q3K3 w - - 0 1").material_key()
    );
}
