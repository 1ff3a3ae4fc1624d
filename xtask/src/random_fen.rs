//! Structure-aware FEN fuzzing: random placements of up to 32 men (now and
//! then more, or a king too many or too few), random castling and
//! en-passant fields, side to move and clocks. Each FEN goes to
//! `Board::from_fen`; every board it accepts must write back to itself,
//! fit the fixed-size tables (move list, material key) and give the same
//! perft 1 and 2 counted three ways, with every move played.
//!
//! The generator draws from [`Choices`], so the same code runs from a
//! seeded generator here (`cargo xtask fuzz-fen`, and a short run in the
//! tests) and from libFuzzer's bytes in `fuzz/fuzz_targets/fen_structured.rs`,
//! which includes this file.

use movegen::{Board, Color, MoveList, Piece, PieceKind, perft};

/// A source of choices: a number in `0..n` for `n >= 1`.
pub trait Choices {
    /// A number below `n`.
    fn below(&mut self, n: u32) -> u32;
}

/// SplitMix64: a small seeded generator, the same sequence on every machine.
pub struct SplitMix64(pub u64);

impl Choices for SplitMix64 {
    fn below(&mut self, n: u32) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (((z >> 32) * u64::from(n)) >> 32) as u32
    }
}

const PIECE_LETTERS: [char; 5] = ['p', 'n', 'b', 'r', 'q'];

/// A random FEN shaped like a real one. Most have one king a side and at
/// most 16 men a side, with pawns off the back ranks, so that many pass
/// the parser and reach the move generator; the rest break one of those
/// rules, so that the refusals are exercised too.
pub fn random_fen(choices: &mut impl Choices) -> String {
    let mut cells: [Option<char>; 64] = [None; 64];
    let mut draw = |n: u32| choices.below(n);
    for color in [Color::White, Color::Black] {
        let kings = match draw(40) {
            0 => 0,
            1 => 2,
            _ => 1,
        };
        // Up to 15 men besides the king, and once in a while up to 24.
        let others = if draw(30) == 0 { draw(25) } else { draw(16) };
        // Queen-heavy sides stress the move list most.
        let queen_share = draw(4);
        let letters = (0..kings)
            .map(|_| 'k')
            .chain((0..others).map(|_| {
                if draw(4) < queen_share {
                    'q'
                } else {
                    PIECE_LETTERS[draw(5) as usize]
                }
            }))
            .collect::<Vec<_>>();
        let pawns_anywhere = draw(20) == 0;
        for letter in letters {
            // The n-th allowed square rather than tries until one is free:
            // a fuzzer's input that runs out answers 0 to every choice.
            let allowed = |square: &usize| {
                cells[*square].is_none()
                    && (letter != 'p' || pawns_anywhere || (8..56).contains(square))
            };
            let count = (0..64).filter(allowed).count() as u32;
            if count == 0 {
                break;
            }
            let nth = draw(count) as usize;
            let square = (0..64).filter(allowed).nth(nth).unwrap_or(0);
            cells[square] = Some(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    let placement = placement_text(&cells);
    let side = if draw(2) == 0 { "w" } else { "b" };
    let castling = castling_field(&mut draw);
    let en_passant = match draw(8) {
        0 => format!(
            "{}{}",
            (b'a' + draw(8) as u8) as char,
            if draw(2) == 0 { '3' } else { '6' }
        ),
        1 if draw(8) == 0 => format!("{}{}", (b'a' + draw(8) as u8) as char, 1 + draw(8)),
        _ => "-".to_string(),
    };
    match draw(10) {
        0 => format!("{placement} {side} {castling} {en_passant}"),
        _ => format!(
            "{placement} {side} {castling} {en_passant} {} {}",
            draw(120),
            1 + draw(300)
        ),
    }
}

fn placement_text(cells: &[Option<char>; 64]) -> String {
    let mut text = String::with_capacity(90);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match cells[rank * 8 + file] {
                Some(letter) => {
                    if empty > 0 {
                        text.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    text.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// `-`, a subset of `KQkq`, or (Shredder style) rook files.
fn castling_field(draw: &mut impl FnMut(u32) -> u32) -> String {
    let mut field = String::new();
    match draw(4) {
        0 | 1 => {}
        2 => {
            for letter in ['K', 'Q', 'k', 'q'] {
                if draw(2) == 0 {
                    field.push(letter);
                }
            }
        }
        _ => {
            for _ in 0..1 + draw(4) {
                let file = (b'a' + draw(8) as u8) as char;
                field.push(if draw(2) == 0 {
                    file.to_ascii_uppercase()
                } else {
                    file
                });
            }
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    field
}

/// What one FEN did: refused, or accepted with this many legal moves.
pub type Outcome = Option<usize>;

/// Parses `fen` and, if it is accepted, checks the board thoroughly;
/// panics (with the FEN) on any inconsistency.
pub fn check_fen(fen: &str) -> Outcome {
    let board = Board::from_fen(fen).ok()?;
    let written = board.to_fen();
    let again = Board::from_fen(&written).unwrap_or_else(|e| panic!("{fen} -> {written}: {e}"));
    assert_eq!(again, board, "{fen} -> {written}");
    check_material(fen, &board);
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    assert_eq!(perft(&board, 1), moves.len() as u64, "{fen}: perft 1");
    let mut leaves = 0;
    for &mv in &moves {
        let mut child = board.clone();
        child.play(mv).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(
            child.keys_from_scratch(),
            (child.hash(), child.pawn_key(), child.material_key()),
            "{fen}: keys after {}",
            board.to_uci(mv)
        );
        let mut replies = MoveList::new();
        child.generate_moves(&mut replies);
        leaves += replies.len() as u64;
    }
    assert_eq!(perft(&board, 2), leaves, "{fen}: perft 2");
    Some(moves.len())
}

/// An accepted board keeps what a game can reach: one king, at most 16 men
/// and 8 pawns a side, and a material key whose 4-bit counts are exact.
fn check_material(fen: &str, board: &Board) {
    for color in [Color::White, Color::Black] {
        assert!(board.colors(color).len() <= 16, "{fen}: {color:?} men");
        let pawns = board.colored_pieces(PieceKind::Pawn, color).len();
        assert!(pawns <= 8, "{fen}: {color:?} pawns");
        for kind in PieceKind::ALL {
            let count = u64::from(board.colored_pieces(kind, color).len());
            let field = board.material_key() >> (4 * Piece::new(kind, color).index()) & 15;
            assert_eq!(field, count, "{fen}: material key for {kind:?} {color:?}");
        }
    }
}

/// The totals of a run.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// FENs tried.
    pub runs: u64,
    /// FENs the parser accepted.
    pub accepted: u64,
    /// The most legal moves of an accepted board.
    pub most_moves: usize,
    /// Accepted boards with no legal move (mates and stalemates).
    pub no_moves: u64,
}

/// Checks `runs` random FENs from the generator seeded with `seed`.
pub fn run_seeded(seed: u64, runs: u64, mut on_each: impl FnMut(u64)) -> Summary {
    let mut choices = SplitMix64(seed);
    let mut summary = Summary::default();
    for run in 0..runs {
        let fen = random_fen(&mut choices);
        summary.runs += 1;
        if let Some(moves) = check_fen(&fen) {
            summary.accepted += 1;
            summary.most_moves = summary.most_moves.max(moves);
            summary.no_moves += u64::from(moves == 0);
        }
        on_each(run);
    }
    summary
}
