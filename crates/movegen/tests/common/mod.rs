//! Helpers shared by the integration tests: the seeded generator,
//! Chess960 start positions, a list of varied positions and random games.

#![allow(dead_code)]

use matewise_movegen::{Board, Move, SplitMix64};

/// The back rank of Chess960 start position `n` (0..960) in Scharnagl's
/// numbering, upper case, a-file first. Position 518 is `RNBQKBNR`.
pub fn chess960_back_rank(n: usize) -> [char; 8] {
    assert!(n < 960);
    let mut rank = [' '; 8];
    let (n, light) = (n / 4, n % 4);
    rank[2 * light + 1] = 'B';
    let (n, dark) = (n / 4, n % 4);
    rank[2 * dark] = 'B';
    let (n, queen) = (n / 6, n % 6);
    place_on_nth_empty(&mut rank, queen, 'Q');
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n];
    // Place the second knight first so the first one's index is unaffected.
    place_on_nth_empty(&mut rank, second, 'N');
    place_on_nth_empty(&mut rank, first, 'N');
    for piece in ['R', 'K', 'R'] {
        place_on_nth_empty(&mut rank, 0, piece);
    }
    rank
}

fn place_on_nth_empty(rank: &mut [char; 8], n: usize, piece: char) {
    let index = (0..8)
        .filter(|&i| rank[i] == ' ')
        .nth(n)
        .expect("enough empty squares");
    rank[index] = piece;
}

/// The FEN of Chess960 start position `n`, castling rights in Shredder-FEN.
pub fn chess960_fen(n: usize) -> String {
    let white: String = chess960_back_rank(n).iter().collect();
    let black = white.to_ascii_lowercase();
    let rook_files: Vec<char> = white
        .char_indices()
        .filter(|&(_, c)| c == 'R')
        .map(|(i, _)| (b'a' + i as u8) as char)
        .collect();
    let (long, short) = (rook_files[0], rook_files[1]);
    format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {}{}{short}{long} - 0 1",
        short.to_ascii_uppercase(),
        long.to_ascii_uppercase(),
    )
}

/// Varied legal positions: standard (with en passant, promotions, checks,
/// castling of every kind) and Chess960.
pub const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
    "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
    "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
    "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
    "4k3/8/8/2b5/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    "nnrkbbqr/1p2pppp/p2p4/2p5/8/1N2P1P1/PPPP1P1P/1NKRBBQR w hc - 0 9",
    "n1rk1qbb/pppprpp1/2n4p/4p3/2PP3P/8/PP2PPP1/NNRKRQBB w ECc - 1 9",
    "nqr1krbn/pppp1ppp/8/8/3pP3/5P2/PPPb1NPP/NQRBKRB1 w FCfc - 3 9",
    "rkqnbbnr/ppppppp1/8/7p/3N4/6PP/PPPPPP2/RKQNBB1R w HAa - 0 9",
    "qr1kbbnr/ppp1pp1p/4n1p1/2Pp4/6P1/4N3/PP1PPP1P/QRK1BBNR w HB d6 0 9",
    "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
    "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
];

/// `board` after `mv` (copy-make).
pub fn after(board: &Board, mv: Move) -> Board {
    let mut next = board.clone();
    next.play_unchecked(mv);
    next
}

/// Plays `games` random games of up to `max_plies` plies, each from a start
/// picked by `start`, and calls `visit` with every position reached
/// (the start included). Games stop at mate, stalemate or the fifty-move rule.
pub fn random_games(
    seed: u64,
    games: usize,
    max_plies: usize,
    mut start: impl FnMut(&mut SplitMix64) -> Board,
    mut visit: impl FnMut(&Board),
) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut positions = 0;
    for _ in 0..games {
        let mut board = start(&mut rng);
        for _ in 0..=max_plies {
            visit(&board);
            positions += 1;
            let moves = board.legal_moves();
            if moves.is_empty() || board.halfmove_clock() >= 100 {
                break;
            }
            board.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    positions
}
