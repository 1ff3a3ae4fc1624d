//! Shared by the property and recall tests: a seeded generator of positions
//! (random games, constructed king attacks), the brute-force mate search and
//! a classification of mates by pattern.

#![allow(dead_code)]

use movegen::{
    BitBoard, Board, Color, File, Move, MoveList, PieceKind, Rank, SplitMix64, Square, attacks,
};

/// Where random games start: the start position and a few middlegames and
/// endings with castled kings and back ranks.
const STARTS: [&str; 8] = [
    movegen::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 1",
    "2r2rk1/pp3ppp/2n1bn2/q2p4/3P4/P1NBBN2/1PQ2PPP/2R2RK1 b - - 0 1",
    "3r2k1/pp3ppp/2p5/8/8/2P5/PP3PPP/3R2K1 w - - 0 1",
    "r4rk1/5ppp/p1q5/1p1b4/3B4/1P1Q4/P4PPP/R4RK1 w - - 0 1",
    "2kr3r/ppp2ppp/2n5/2b1q3/4N3/2P1B3/PP2QPPP/R4RK1 w - - 0 1",
];

/// Calls `visit` on `count` positions from random games (seeded). One move
/// in three is picked among the checks and captures, if there are any, so
/// that kings get exposed and mates come up; games restart after 160 plies
/// or when over.
pub fn random_game_positions(seed: u64, count: usize, mut visit: impl FnMut(&Board)) {
    let mut rng = SplitMix64::new(seed);
    let new_game =
        |rng: &mut SplitMix64| Board::from_fen(STARTS[rng.below_scaled(STARTS.len())]).unwrap();
    let mut board = new_game(&mut rng);
    let mut ply = 0;
    let mut seen = 0;
    let mut moves = MoveList::new();
    let mut forcing = MoveList::new();
    while seen < count {
        visit(&board);
        seen += 1;
        moves.clear();
        board.generate_moves(&mut moves);
        if moves.is_empty() || ply >= 160 || board.halfmove_clock() >= 100 {
            board = new_game(&mut rng);
            ply = 0;
            continue;
        }
        forcing.clear();
        if rng.below_scaled(3) == 0 {
            let them = board.colors(!board.side_to_move());
            forcing.extend(
                moves
                    .iter()
                    .copied()
                    .filter(|&mv| them.has(mv.to()) || board.gives_check(mv)),
            );
        }
        let pool = if forcing.is_empty() { &moves } else { &forcing };
        let mv = pool[rng.below_scaled(pool.len())];
        board.play_unchecked(mv);
        ply += 1;
    }
}

/// Calls `visit` on `count` constructed positions (seeded): the defending
/// king, often on its back rank, half-walled in by its own pieces, facing a
/// handful of random attackers (pawns about to promote among them). FENs the
/// board rejects (the side not to move in check, say) are skipped.
pub fn king_hunt_positions(seed: u64, count: usize, mut visit: impl FnMut(&Board)) {
    let mut rng = SplitMix64::new(seed);
    let mut seen = 0;
    while seen < count {
        if let Some(board) = king_hunt(&mut rng) {
            visit(&board);
            seen += 1;
        }
    }
}

fn king_hunt(rng: &mut SplitMix64) -> Option<Board> {
    let mut cells: [Option<(PieceKind, Color)>; 64] = [None; 64];
    let attacker = if rng.below_scaled(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    let defender = !attacker;
    let king = if rng.below_scaled(10) < 6 {
        Square::new(File::ALL[rng.below_scaled(8)], defender.back_rank())
    } else {
        Square::ALL[rng.below_scaled(64)]
    };
    cells[king as usize] = Some((PieceKind::King, defender));
    for sq in attacks::king(king) {
        if rng.below_scaled(100) < 45 {
            let kind = match rng.below_scaled(10) {
                0..=4 => PieceKind::Pawn,
                5 | 6 => PieceKind::Rook,
                7 => PieceKind::Bishop,
                8 => PieceKind::Knight,
                _ => PieceKind::Queen,
            };
            let kind = match (kind, sq.rank()) {
                (PieceKind::Pawn, Rank::First | Rank::Eighth) => PieceKind::Rook,
                _ => kind,
            };
            cells[sq as usize] = Some((kind, defender));
        }
    }
    let mut place = |rng: &mut SplitMix64, kind: PieceKind, color: Color| {
        for _ in 0..8 {
            let sq = if kind == PieceKind::Pawn && color == attacker && rng.below_scaled(4) == 0 {
                Square::new(
                    File::ALL[rng.below_scaled(8)],
                    attacker.relative_rank(Rank::Seventh),
                )
            } else {
                Square::ALL[rng.below_scaled(64)]
            };
            if cells[sq as usize].is_none() {
                cells[sq as usize] = Some((kind, color));
                return;
            }
        }
    };
    place(rng, PieceKind::King, attacker);
    const KINDS: [PieceKind; 8] = [
        PieceKind::Queen,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
    ];
    for _ in 0..1 + rng.below_scaled(4) {
        let kind = KINDS[rng.below_scaled(KINDS.len())];
        place(rng, kind, attacker);
    }
    for _ in 0..rng.below_scaled(4) {
        let kind = KINDS[rng.below_scaled(KINDS.len())];
        place(rng, kind, defender);
    }
    let side = if attacker == Color::White { 'w' } else { 'b' };
    Board::from_fen(&format!("{} {side} - - 0 1", placement(&cells))).ok()
}

fn placement(cells: &[Option<(PieceKind, Color)>; 64]) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match cells[rank * 8 + file] {
                None => empty += 1,
                Some((kind, color)) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let c = kind.to_char();
                    fen.push(if color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    });
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}

/// Every mate in one, the plainest way: play each legal move and look.
pub fn full_mates(board: &Board) -> MoveList {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    moves.retain(|mv| {
        let mut next = board.clone();
        next.play_unchecked(*mv);
        next.is_checkmate()
    });
    moves
}

/// Kinds of mate in one, for the recall table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// A queen checking from next to the king.
    CloseQueen,
    /// A queen checking from two squares away on a rank or file, the two
    /// squares beside the king (across the line of check) its own pieces.
    Epaulette,
    /// A rook or queen checking from two or more squares away along the
    /// rank of a king on its back rank.
    BackRank,
    /// A bishop checking while another of the attacker's bishops covers a
    /// square next to the king that is not blocked.
    Boden,
    /// A knight checking a king whose every neighbour is its own piece.
    Smothered,
    /// Any other mate by a rook, bishop or queen checking directly.
    OtherSlider,
    /// Any other mate by a knight checking directly.
    OtherKnight,
    /// Pawns, kings, castling, en passant, discovered and double checks.
    Rest,
}

impl Class {
    pub const ALL: [Class; 8] = [
        Class::CloseQueen,
        Class::Epaulette,
        Class::BackRank,
        Class::Boden,
        Class::Smothered,
        Class::OtherSlider,
        Class::OtherKnight,
        Class::Rest,
    ];
}

/// The class of the mating move `mv` on `board`.
pub fn classify(board: &Board, mv: Move) -> Class {
    let us = board.side_to_move();
    let mut next = board.clone();
    next.play_unchecked(mv);
    let king = next.king(!us);
    let to = mv.to();
    if mv.is_castle() || mv.is_en_passant() || next.checkers() != to.bitboard() {
        return Class::Rest;
    }
    let kind = next.kind_on(to).expect("the mating piece");
    let ring = attacks::king(king);
    let own = next.colors(!us);
    let distance = to.distance(king);
    match kind {
        PieceKind::Queen if distance == 1 => Class::CloseQueen,
        PieceKind::Queen if distance == 2 && epaulette_sides(king, to, ring, own) => {
            Class::Epaulette
        }
        PieceKind::Rook | PieceKind::Queen
            if distance >= 2 && to.rank() == king.rank() && king.rank() == (!us).back_rank() =>
        {
            Class::BackRank
        }
        PieceKind::Bishop => {
            let flight = ring - own;
            let others = next.colored_pieces(PieceKind::Bishop, us) - to.bitboard();
            let occ = next.occupied() - king.bitboard();
            if others
                .iter()
                .any(|b| attacks::bishop(b, occ).intersects(flight))
            {
                Class::Boden
            } else {
                Class::OtherSlider
            }
        }
        PieceKind::Knight if ring.is_subset(own) => Class::Smothered,
        PieceKind::Knight => Class::OtherKnight,
        PieceKind::Rook | PieceKind::Queen => Class::OtherSlider,
        _ => Class::Rest,
    }
}

/// True if the queen on `to` checks along a rank or file and both squares
/// beside the king across that line hold the king's own pieces.
fn epaulette_sides(king: Square, to: Square, ring: BitBoard, own: BitBoard) -> bool {
    let across = if to.file() == king.file() {
        BitBoard::rank(king.rank())
    } else if to.rank() == king.rank() {
        BitBoard::file(king.file())
    } else {
        return false;
    };
    let sides = ring & across;
    sides.len() == 2 && sides.is_subset(own)
}
