//! Random-game invariants: incremental keys match keys from scratch, FEN
//! round trips, check and pin information, king flight squares, move
//! counts, generator splits and `gives_check` (with and without
//! `CheckSquares`), after every move of thousands of random games; and
//! `is_legal` against the move list for every 16-bit move.

mod common;

use common::{after, chess960_fen, random_games};
use matewise_movegen::{Board, Color, Move, MoveKind, MoveList, PieceKind, START_FEN, SplitMix64};
use std::collections::HashSet;

/// Every invariant checked at every ply.
fn check_position(board: &Board) {
    let fen = board.to_fen();

    // Incremental keys against a recomputation.
    assert_eq!(
        board.keys_from_scratch(),
        (board.hash(), board.pawn_key(), board.material_key()),
        "incremental keys drifted at {fen}"
    );
    assert_eq!(
        board.non_pawn_keys_from_scratch(),
        [
            board.non_pawn_key(Color::White),
            board.non_pawn_key(Color::Black)
        ],
        "incremental non-pawn keys drifted at {fen}"
    );
    let mirror = board.mirrored();
    assert_eq!(
        mirror.non_pawn_keys_from_scratch(),
        [
            mirror.non_pawn_key(Color::White),
            mirror.non_pawn_key(Color::Black)
        ],
        "mirrored non-pawn keys at {fen}"
    );

    // FEN round trip: the same position, the same keys.
    let reparsed = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen} does not re-parse: {e}"));
    assert_eq!(reparsed.hash(), board.hash(), "hash after re-parsing {fen}");
    assert_eq!(reparsed.to_fen(), fen);
    let mut same_mode = reparsed.clone();
    // Whether a board prints the Chess960 way is a setting, not part of the position.
    same_mode.set_chess960(board.chess960());
    assert_eq!(&same_mode, board, "re-parsed board differs at {fen}");

    // Counting with a limit: exact up to the limit, above it once past.
    let moves = board.legal_moves().len() as u32;
    assert_eq!(board.count_legal_moves(), moves, "count at {fen}");
    for limit in 0..4 {
        let counted = board.count_legal_moves_up_to(limit);
        if moves <= limit {
            assert_eq!(counted, moves, "count up to {limit} at {fen}");
        } else {
            assert!(counted > limit, "count up to {limit} at {fen}: {counted}");
        }
    }

    // Checkers: the enemy pieces that attack our king.
    let us = board.side_to_move();
    let king = board.king(us);
    let occupied = board.occupied();
    let attackers = board.attackers_to(king, occupied) & board.colors(!us);
    assert_eq!(board.checkers(), attackers, "checkers at {fen}");
    assert_eq!(board.in_check(), !attackers.is_empty());

    // Pinned: our pieces whose removal uncovers a new attack on our king.
    let mut pinned = matewise_movegen::BitBoard::EMPTY;
    for sq in board.colors(us) - king.bitboard() {
        let uncovered = board.attackers_to(king, occupied - sq.bitboard()) & board.colors(!us);
        if !(uncovered - attackers).is_empty() {
            pinned |= sq.bitboard();
        }
    }
    assert_eq!(board.pinned(), pinned, "pinned pieces at {fen}");

    // Attack queries agree with attackers_to on every square.
    let mut attacked = matewise_movegen::BitBoard::EMPTY;
    for sq in matewise_movegen::Square::ALL {
        let by_them = !(board.attackers_to(sq, occupied) & board.colors(!us)).is_empty();
        assert_eq!(
            board.is_attacked(sq, !us, occupied),
            by_them,
            "{sq} at {fen}"
        );
        if by_them {
            attacked |= sq.bitboard();
        }
    }
    assert_eq!(
        board.attacked_within(matewise_movegen::BitBoard::FULL, !us, occupied),
        attacked,
        "attacked_within at {fen}"
    );

    // Move counts, three ways.
    let moves = board.legal_moves();
    assert_eq!(
        board.count_legal_moves() as usize,
        moves.len(),
        "count_legal_moves at {fen}"
    );
    assert_eq!(
        board.legal_move_count(),
        moves.len(),
        "legal_move_count at {fen}"
    );
    let unique: HashSet<Move> = moves.iter().copied().collect();
    assert_eq!(unique.len(), moves.len(), "duplicate moves at {fen}");

    // Flight squares are where the king's legal steps (not castling) land.
    let steps = moves
        .iter()
        .filter(|mv| mv.from() == king && mv.kind() != MoveKind::Castle)
        .fold(matewise_movegen::BitBoard::EMPTY, |set, mv| {
            set | mv.to().bitboard()
        });
    assert_eq!(board.king_flight_squares(us), steps, "flights at {fen}");

    // Per-piece destination sets expand to the same moves.
    let mut from_sets = MoveList::new();
    let mut counted = 0;
    let stopped = board.generate_piece_moves(|pm| {
        assert!(!pm.is_empty());
        assert_eq!(board.kind_on(pm.from), Some(pm.piece));
        counted += pm.len();
        from_sets.extend(pm);
        false
    });
    assert!(!stopped);
    assert_eq!(counted, moves.len(), "PieceMoves::len at {fen}");
    assert_eq!(from_sets.into_iter().collect::<HashSet<_>>(), unique);
    if !moves.is_empty() {
        let mut calls = 0;
        assert!(board.generate_piece_moves(|_| {
            calls += 1;
            true
        }));
        assert_eq!(calls, 1, "stopping after the first piece at {fen}");
    }

    // Captures and quiets split the moves.
    let mut captures = MoveList::new();
    board.generate_captures(&mut captures);
    let mut quiets = MoveList::new();
    board.generate_quiets(&mut quiets);
    let captures: HashSet<Move> = captures.into_iter().collect();
    let quiets: HashSet<Move> = quiets.into_iter().collect();
    assert!(
        captures.is_disjoint(&quiets),
        "captures and quiets overlap at {fen}"
    );
    let union: HashSet<Move> = captures.union(&quiets).copied().collect();
    assert_eq!(union, unique, "captures + quiets != all moves at {fen}");
    for &mv in &unique {
        let takes = mv.is_en_passant() || (!mv.is_castle() && board.color_on(mv.to()) == Some(!us));
        let queen_promotion = mv.promotion() == Some(PieceKind::Queen);
        assert_eq!(
            captures.contains(&mv),
            takes && mv.promotion().is_none() || queen_promotion,
            "{mv:?} on the wrong side of the capture/quiet split at {fen}"
        );
    }

    // Evasions are the moves when in check.
    if board.in_check() {
        let mut evasions = MoveList::new();
        board.generate_evasions(&mut evasions);
        assert_eq!(evasions.into_iter().collect::<HashSet<_>>(), unique);
    }

    // Every move: its own properties, and gives_check (and its table form)
    // against the result.
    let checks = board.check_squares();
    for &mv in &moves {
        assert!(
            board.is_legal(mv),
            "{mv:?} generated but not is_legal at {fen}"
        );
        let next = after(board, mv);
        assert_eq!(next.side_to_move(), !us);
        assert_eq!(
            board.gives_check(mv),
            next.in_check(),
            "gives_check({mv:?}) wrong at {fen}"
        );
        assert_eq!(
            board.gives_check_with(&checks, mv),
            next.in_check(),
            "gives_check_with({mv:?}) wrong at {fen}"
        );
        // The prefetch key leaves out lost castling rights, a new en-passant
        // square and castling's piece moves, so it is exact for the rest.
        if next.castling_rights() == board.castling_rights()
            && next.en_passant().is_none()
            && mv.kind() != MoveKind::Castle
        {
            assert_eq!(
                board.approximate_hash_after(mv),
                next.hash(),
                "approximate_hash_after({mv:?}) wrong at {fen}"
            );
        }
    }
}

fn chess960_start(rng: &mut SplitMix64) -> Board {
    // A few fixed start positions plus random ones.
    const FIXED: [usize; 4] = [0, 2, 959, 333];
    let n = if rng.below(2) == 0 {
        FIXED[rng.below(FIXED.len())]
    } else {
        rng.below(960)
    };
    Board::from_fen(&chess960_fen(n)).expect("960 start positions are valid")
}

/// How often the special moves came up, so that the games are known to reach them.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    in_check: usize,
    castles: usize,
    en_passant: usize,
    promotions: usize,
}

impl Coverage {
    fn visit(&mut self, board: &Board) {
        check_position(board);
        self.positions += 1;
        self.in_check += board.in_check() as usize;
        let moves = board.legal_moves();
        self.castles += moves.iter().any(|m| m.is_castle()) as usize;
        self.en_passant += moves.iter().any(|m| m.is_en_passant()) as usize;
        self.promotions += moves.iter().any(|m| m.promotion().is_some()) as usize;
    }

    fn assert_reached(&self, positions: usize) {
        assert!(self.positions >= positions, "{self:?}");
        assert!(self.in_check >= 1_000, "{self:?}");
        assert!(self.castles >= 1_000, "{self:?}");
        assert!(self.en_passant >= 100, "{self:?}");
        assert!(self.promotions >= 1_000, "{self:?}");
    }
}

#[test]
fn random_standard_games_keep_every_invariant() {
    let start = Board::from_fen(START_FEN).unwrap();
    let mut coverage = Coverage::default();
    random_games(
        0x5EED_0001,
        1_200,
        200,
        |_| start.clone(),
        |b| coverage.visit(b),
    );
    eprintln!("{coverage:?}");
    coverage.assert_reached(100_000);
}

#[test]
fn random_chess960_games_keep_every_invariant() {
    let mut coverage = Coverage::default();
    random_games(0x5EED_0960, 800, 200, chess960_start, |b| coverage.visit(b));
    eprintln!("{coverage:?}");
    coverage.assert_reached(60_000);
}

#[test]
fn chess960_start_position_generator_is_right() {
    // Sanity check of the test helper itself: 518 is the standard array, 0 is BBQNNRKR.
    assert_eq!(
        chess960_fen(518),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert!(chess960_fen(0).starts_with("bbqnnrkr/"));
    let mut seen = HashSet::new();
    for n in 0..960 {
        let board = Board::from_fen(&chess960_fen(n)).unwrap();
        assert!(seen.insert(board.hash()), "start position {n} repeats");
        // The 16 pawn moves, plus knight moves (never castling at the start).
        assert!(board.legal_move_count() >= 18);
        // Chess960 notation is switched on unless the king is on e and the rooks on a and h.
        let standard_geometry = fen_back_rank_is_standard(&chess960_fen(n));
        assert_eq!(board.chess960(), !standard_geometry, "position {n}");
    }
}

fn fen_back_rank_is_standard(fen: &str) -> bool {
    let back = fen.split(['/', ' ']).nth(7).expect("eight ranks");
    back.starts_with('R') && back.ends_with('R') && back.as_bytes()[4] == b'K'
}

/// `is_legal` must accept exactly the generated moves among all 65,536 encodings.
fn is_legal_matches_move_list(fen: &str) {
    let board = Board::from_fen(fen).unwrap();
    let moves: HashSet<Move> = board.legal_moves().into_iter().collect();
    let mut accepted = 0;
    for bits in 0..=u16::MAX {
        let mv = Move::from_bits(bits);
        let legal = board.is_legal(mv);
        assert_eq!(
            legal,
            moves.contains(&mv),
            "is_legal({mv:?}) = {legal} at {fen}"
        );
        accepted += legal as usize;
    }
    assert_eq!(accepted, moves.len());
}

#[test]
fn is_legal_agrees_with_generation_for_every_encoding() {
    for fen in [
        START_FEN,
        // Kiwipete: castling both ways, pins, many captures.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // Chess960 with the king between two rooks.
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        // Chess960: king f1, rook g1; castling swaps them.
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
        // En passant available.
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        // En passant for Black, giving check.
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        // Promotions, with and without capture.
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        // In check.
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
    ] {
        is_legal_matches_move_list(fen);
    }
}

#[test]
fn move_encoding_round_trips() {
    // Move::new/from/to/kind/to_bits agree for every move of many positions.
    for fen in common::POSITIONS {
        let board = Board::from_fen(fen).unwrap();
        for mv in board.legal_moves() {
            assert_eq!(Move::from_bits(mv.to_bits()), mv);
            assert_eq!(Move::new(mv.from(), mv.to(), mv.kind()), mv);
            assert_eq!(mv.is_castle(), mv.kind() == MoveKind::Castle);
            assert_eq!(mv.is_en_passant(), mv.kind() == MoveKind::EnPassant);
            assert!(!mv.is_null());
            if mv.is_castle() {
                assert_eq!(board.kind_on(mv.to()), Some(PieceKind::Rook));
                assert_eq!(board.color_on(mv.to()), Some(board.side_to_move()));
            }
        }
    }
}

/// Positions chosen for tricky en passant, pins and discovered checks.
const TRICKY: &[&str] = &[
    // En passant would expose the own king along the rank: not legal.
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
    // En passant uncovers check along the rank on the enemy king.
    "8/8/8/k1pP3R/8/8/8/4K3 w - c6 0 1",
    // En passant uncovers a diagonal check, through the capturer's square
    // and through the victim's.
    "6k1/8/8/2pP4/8/8/B7/K7 w - c6 0 1",
    "5k2/8/8/2pP4/8/B7/8/K7 w - c6 0 1",
    // En passant takes the pawn that gives check.
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    // En passant by a diagonally pinned pawn: along the pin line it is
    // legal, off it it is not.
    "8/7k/8/8/3Pp3/8/2B5/4K3 b - d3 0 1",
    "k7/8/8/8/3Pp3/8/8/4K2B b - d3 0 1",
    // Promotion with capture giving check, and a pinned promoter.
    "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "3rk3/8/8/8/8/8/3p4/3K3R b - - 0 1",
    // Castling that gives check by the rook, standard and Chess960.
    "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
    "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
    "5k2/8/8/8/8/8/8/RK5R w HA - 0 1",
    // Double check.
    "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
];

/// Every invariant on every node of a shallow tree.
fn walk(board: &Board, depth: u32) {
    check_position(board);
    if depth > 0 {
        for mv in board.legal_moves() {
            walk(&after(board, mv), depth - 1);
        }
    }
}

#[test]
fn every_invariant_holds_in_shallow_trees_of_chosen_positions() {
    for fen in common::POSITIONS.iter().chain(TRICKY) {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        walk(&board, 2);
    }
}

#[test]
fn tricky_positions_have_the_expected_special_moves() {
    let moves = |fen: &str| {
        let board = Board::from_fen(fen).unwrap();
        let list = board.legal_moves();
        (board, list)
    };
    let (board, list) = moves(TRICKY[0]);
    assert_eq!(board.en_passant(), Some(matewise_movegen::Square::C6));
    assert!(
        !list.iter().any(|m| m.is_en_passant()),
        "b5xc6 exposes the king"
    );
    for fen in &TRICKY[1..4] {
        let (board, list) = moves(fen);
        let ep = list
            .iter()
            .find(|m| m.is_en_passant())
            .expect("d5xc6 is legal");
        assert!(board.gives_check(*ep), "{fen}");
    }
    let (_, list) = moves(TRICKY[4]);
    assert!(
        list.iter().any(|m| m.is_en_passant()),
        "exd3 removes the checker"
    );
    let (_, list) = moves(TRICKY[5]);
    assert!(
        list.iter().any(|m| m.is_en_passant()),
        "exd3 stays on the pin line"
    );
    let (board, list) = moves(TRICKY[6]);
    assert_eq!(board.en_passant(), Some(matewise_movegen::Square::D3));
    assert!(
        !list.iter().any(|m| m.is_en_passant()),
        "exd3 leaves the pin line"
    );
    let (board, list) = moves(TRICKY[7]);
    let checks = list
        .iter()
        .filter(|m| m.promotion().is_some() && board.gives_check(**m))
        .count();
    assert_eq!(
        checks, 4,
        "b7xa8=Q and b7xa8=R, b7b8=Q and b7b8=R give check"
    );
    let (_, list) = moves(TRICKY[12]);
    assert!(
        list.iter()
            .all(|m| board_kind(TRICKY[12], m.from()) == Some(PieceKind::King))
    );
}

fn board_kind(fen: &str, sq: matewise_movegen::Square) -> Option<PieceKind> {
    Board::from_fen(fen).unwrap().kind_on(sq)
}
