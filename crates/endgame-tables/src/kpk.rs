//! King and pawn against king: which positions win, solved exactly once on
//! first use (a 24 KiB bitbase built in a few milliseconds) by iterating
//! to a fixed point over every placement with the pawn on files a–d (the
//! other files are mirror images), one pawn square at a time from the
//! seventh rank down.
//!
//! Promotion is resolved exactly rather than by rule of thumb: K+Q and K+R
//! against a bare king win from every position with the lone king to move
//! except when it can take the new piece or is stalemated, so a promotion
//! wins when either of those two pieces survives and leaves a legal move.
//!
//! ```
//! use matewise_endgame_tables::kpk;
//! use movegen::Board;
//!
//! // The defending king in front of the pawn with the opposition: drawn.
//! let opposition = Board::from_fen("8/3k4/8/3K4/3P4/8/8/8 w - - 0 1").unwrap();
//! assert_eq!(kpk::probe(&opposition), Some(false));
//! // The same with the defender to move: he must give way, and White wins.
//! let zugzwang = Board::from_fen("8/3k4/8/3K4/3P4/8/8/8 b - - 0 1").unwrap();
//! assert_eq!(kpk::probe(&zugzwang), Some(true));
//! ```

use movegen::{BitBoard, Board, Color, PieceKind, Rank, Square, attacks};
use std::sync::OnceLock;

/// Pawn squares a2–d7 times both kings times the side to move.
const POSITIONS: usize = 2 * 24 * 64 * 64;

/// Wins for the pawn's side, one bit per position (see `index`).
pub struct Bitbase {
    wins: Vec<u64>,
}

impl Bitbase {
    /// Whether the pawn's side wins, with White's pawn on files a–d.
    fn wins(
        &self,
        strong_to_move: bool,
        strong_king: Square,
        weak_king: Square,
        pawn: Square,
    ) -> bool {
        let i = index(strong_to_move, strong_king, weak_king, pawn);
        self.wins[i / 64] >> (i % 64) & 1 == 1
    }

    /// Bytes the bitbase holds.
    pub fn bytes(&self) -> usize {
        self.wins.len() * 8
    }

    /// How many legal positions win and how many draw, for the pawn's side
    /// to move and for the bare king to move.
    pub fn counts(&self) -> [(u32, u32); 2] {
        let mut counts = [(0, 0); 2];
        for (slot, strong_to_move) in [true, false].into_iter().enumerate() {
            for pawn in pawn_squares() {
                for strong_king in Square::ALL {
                    for weak_king in Square::ALL {
                        if !is_legal(strong_to_move, strong_king, weak_king, pawn) {
                            continue;
                        }
                        if self.wins(strong_to_move, strong_king, weak_king, pawn) {
                            counts[slot].0 += 1;
                        } else {
                            counts[slot].1 += 1;
                        }
                    }
                }
            }
        }
        counts
    }
}

fn index(strong_to_move: bool, strong_king: Square, weak_king: Square, pawn: Square) -> usize {
    let pawn_slot = (pawn.rank().index() - 1) * 4 + pawn.file().index();
    ((usize::from(!strong_to_move) * 24 + pawn_slot) * 64 + strong_king.index()) * 64
        + weak_king.index()
}

fn pawn_squares() -> impl Iterator<Item = Square> {
    Square::ALL
        .into_iter()
        .filter(|s| s.file().index() < 4 && (1..=6).contains(&s.rank().index()))
}

static BITBASE: OnceLock<Bitbase> = OnceLock::new();

/// The bitbase, solved on first use.
pub fn bitbase() -> &'static Bitbase {
    BITBASE.get_or_init(solve)
}

/// Whether the bitbase has been solved yet, so a program can solve it
/// ahead of play (calling [`bitbase`]) rather than on its first probe.
///
/// ```
/// matewise_endgame_tables::kpk::bitbase();
/// assert!(matewise_endgame_tables::kpk::is_solved());
/// ```
pub fn is_solved() -> bool {
    BITBASE.get().is_some()
}

/// For a K+P vs K position: does the side with the pawn win? `None` for
/// any other material.
pub fn probe(board: &Board) -> Option<bool> {
    let pawns = board.pieces(PieceKind::Pawn);
    let pawn = pawns.single()?;
    if board.occupied().len() != 3 {
        return None;
    }
    let strong = board.color_on(pawn)?;
    // Seen from the pawn's side, pawn on files a–d.
    let orient = |square: Square| {
        let square = square.relative_to(strong);
        if pawn.file().index() >= 4 {
            square.flip_file()
        } else {
            square
        }
    };
    Some(bitbase().wins(
        board.side_to_move() == strong,
        orient(board.king(strong)),
        orient(board.king(!strong)),
        orient(pawn),
    ))
}

fn is_legal(strong_to_move: bool, strong_king: Square, weak_king: Square, pawn: Square) -> bool {
    strong_king != pawn
        && weak_king != pawn
        && strong_king.distance(weak_king) > 1
        && !(strong_to_move && attacks::pawn(Color::White, pawn).has(weak_king))
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Value {
    Unknown,
    Draw,
    Win,
}

fn solve() -> Bitbase {
    let mut values = vec![Value::Unknown; POSITIONS];
    // A pawn only moves up its file, so the positions with the pawn on one
    // square depend on no others but those with it further up (and on the
    // promotion, judged directly). Solving square by square from the
    // seventh rank down, each to its own fixed point, settles every
    // position once its successors are final, instead of passing over all
    // of them until the slowest conversion is found.
    let mut squares: Vec<Square> = pawn_squares().collect();
    squares.sort_by_key(|pawn| std::cmp::Reverse(pawn.rank().index()));
    let mut unresolved = Vec::new();
    for pawn in squares {
        unresolved.clear();
        for strong_to_move in [true, false] {
            for strong_king in Square::ALL {
                for weak_king in Square::ALL {
                    if is_legal(strong_to_move, strong_king, weak_king, pawn) {
                        unresolved.push((strong_to_move, strong_king, weak_king));
                    }
                }
            }
        }
        // Every pass settles at least the positions one ply further from a
        // conversion; the unresolved rest when nothing changes are draws
        // (the pawn's side can only repeat).
        loop {
            let before = unresolved.len();
            unresolved.retain(|&(strong_to_move, strong_king, weak_king)| {
                let value = if strong_to_move {
                    strong_move_value(&values, strong_king, weak_king, pawn)
                } else {
                    weak_move_value(&values, strong_king, weak_king, pawn)
                };
                values[index(strong_to_move, strong_king, weak_king, pawn)] = value;
                value == Value::Unknown
            });
            if unresolved.len() == before {
                break;
            }
        }
        for &(strong_to_move, strong_king, weak_king) in &unresolved {
            values[index(strong_to_move, strong_king, weak_king, pawn)] = Value::Draw;
        }
    }
    let mut wins = vec![0u64; POSITIONS / 64];
    for (i, value) in values.iter().enumerate() {
        if *value == Value::Win {
            wins[i / 64] |= 1 << (i % 64);
        }
    }
    Bitbase { wins }
}

/// The pawn's side moves: a win if any move wins, a draw if every move draws.
fn strong_move_value(
    values: &[Value],
    strong_king: Square,
    weak_king: Square,
    pawn: Square,
) -> Value {
    let mut all_draw = true;
    let mut outcome = |value: Value| match value {
        Value::Win => true,
        Value::Unknown => {
            all_draw = false;
            false
        }
        Value::Draw => false,
    };
    let kings = strong_king.bitboard() | weak_king.bitboard();
    let king_steps = attacks::king(strong_king) - attacks::king(weak_king) - pawn.bitboard();
    for to in king_steps {
        if outcome(values[index(false, to, weak_king, pawn)]) {
            return Value::Win;
        }
    }
    if let Some(push) = pawn.offset(8).filter(|s| !kings.has(*s)) {
        if push.rank() == Rank::Eighth {
            if promotion_wins(strong_king, weak_king, push) {
                return Value::Win;
            }
        } else {
            if outcome(values[index(false, strong_king, weak_king, push)]) {
                return Value::Win;
            }
            let double = push.offset(8).filter(|s| !kings.has(*s));
            if let Some(double) = double.filter(|_| pawn.rank() == Rank::Second) {
                if outcome(values[index(false, strong_king, weak_king, double)]) {
                    return Value::Win;
                }
            }
        }
    }
    if all_draw {
        Value::Draw
    } else {
        Value::Unknown
    }
}

/// The bare king moves: a draw if it can take the pawn or reach a drawn
/// position (or has no move while not in check), a win if every move loses.
fn weak_move_value(
    values: &[Value],
    strong_king: Square,
    weak_king: Square,
    pawn: Square,
) -> Value {
    let guarded = attacks::king(strong_king) | attacks::pawn(Color::White, pawn);
    let steps = attacks::king(weak_king) - guarded;
    if steps.has(pawn) {
        return Value::Draw;
    }
    if steps.is_empty() {
        let in_check = attacks::pawn(Color::White, pawn).has(weak_king);
        return if in_check { Value::Win } else { Value::Draw };
    }
    let mut all_win = true;
    for to in steps {
        match values[index(true, strong_king, to, pawn)] {
            Value::Draw => return Value::Draw,
            Value::Unknown => all_win = false,
            Value::Win => {}
        }
    }
    if all_win { Value::Win } else { Value::Unknown }
}

/// Whether promoting on `square` (to a queen, or to a rook where the queen
/// would stalemate) leaves the bare king to move in a won K+Q or K+R vs K.
fn promotion_wins(strong_king: Square, weak_king: Square, square: Square) -> bool {
    let defended = strong_king.distance(square) == 1;
    if weak_king.distance(square) == 1 && !defended {
        return false;
    }
    let blockers = strong_king.bitboard();
    [
        attacks::queen(square, blockers),
        attacks::rook(square, blockers),
    ]
    .into_iter()
    .any(|covered| {
        let in_check = covered.has(weak_king);
        // The new piece's lines end only at the strong king, so they
        // already cover the squares behind a checked king.
        let escapes: BitBoard =
            attacks::king(weak_king) - attacks::king(strong_king) - covered - square.bitboard();
        in_check || !escapes.is_empty()
    })
}
