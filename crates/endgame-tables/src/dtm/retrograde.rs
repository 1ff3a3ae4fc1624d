//! The solver: retrograde analysis from the mates. Strong-side moves taken
//! back from a lost position mark wins, and a weak-side position is lost
//! once every one of its moves has been taken back from a win. The weak
//! king's captures leave the table for a drawn ending, so they never count
//! down.
//!
//! One pass over every placement first counts the weak king's moves and
//! notes where it stands in check (a placement illegal with the strong side
//! to move); after that, taking a move back needs no attack computation,
//! only the squares a man may have come from.

use super::gate::{CHUNK, checkpoint};
use super::{Ending, Squares, index, squares};
use movegen::{BitBoard, PieceKind, Square, attacks};

/// Plies to mate plus one for each placement (0: a draw, or illegal),
/// with the strong side to move and with the weak side to move.
pub(super) fn solve(ending: Ending) -> (Vec<u8>, Vec<u8>) {
    let kinds = ending.pieces();
    let pieces = kinds.len();
    let size = 1usize << (6 * (2 + pieces));
    let mut strong_to_move = vec![0u8; size];
    let mut weak_to_move = vec![0u8; size];
    let mut escapes = vec![0u8; size];
    let mut checked = BitSet::new(size);
    let mut lost: Vec<u32> = Vec::new();
    for (index, escape) in escapes.iter_mut().enumerate() {
        if index % CHUNK == 0 {
            checkpoint();
        }
        let Some(position) = Position::new(&squares(pieces, index), kinds) else {
            continue;
        };
        let (moves, in_check) = position.weak_king_moves();
        if in_check {
            checked.insert(index);
        }
        if moves == 0 {
            if in_check {
                weak_to_move[index] = 1;
                lost.push(index as u32);
            }
        } else {
            *escape = moves;
        }
    }
    let mut plies = 0u8;
    let mut won = Vec::new();
    while !lost.is_empty() {
        won.clear();
        for (n, &lost_index) in lost.iter().enumerate() {
            if n % CHUNK == 0 {
                checkpoint();
            }
            let position = Position::new(&squares(pieces, lost_index as usize), kinds)
                .expect("a solved placement is legal");
            position.for_each_strong_unmove(|before| {
                let i = index(pieces, &before);
                // With the strong side to move, the weak king may not stand in check.
                if strong_to_move[i] == 0 && !checked.contains(i) {
                    strong_to_move[i] = plies + 2;
                    won.push(i as u32);
                }
            });
        }
        lost.clear();
        for (n, &won_index) in won.iter().enumerate() {
            if n % CHUNK == 0 {
                checkpoint();
            }
            let position = Position::new(&squares(pieces, won_index as usize), kinds)
                .expect("a solved placement is legal");
            position.for_each_weak_unmove(|before| {
                let i = index(pieces, &before);
                if weak_to_move[i] == 0 && escapes[i] > 0 {
                    escapes[i] -= 1;
                    if escapes[i] == 0 {
                        weak_to_move[i] = plies + 3;
                        lost.push(i as u32);
                    }
                }
            });
        }
        plies += 2;
    }
    (strong_to_move, weak_to_move)
}

/// One bit per placement.
pub(super) struct BitSet(Vec<u64>);

impl BitSet {
    pub(super) fn new(size: usize) -> BitSet {
        BitSet(vec![0; size.div_ceil(64)])
    }

    pub(super) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub(super) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
}

/// A legal placement of the table's men (kings apart, no square twice).
struct Position<'a> {
    squares: Squares,
    kinds: &'a [PieceKind],
    occupied: BitBoard,
}

pub(super) fn square(index: usize) -> Square {
    Square::try_index(index).expect("a board square")
}

/// Squares a strong piece of `kind` on `from` attacks (and, the moves
/// being the same backwards, the squares it may have come from).
pub(super) fn piece_attacks(kind: PieceKind, from: Square, occupied: BitBoard) -> BitBoard {
    match kind {
        PieceKind::Knight => attacks::knight(from),
        PieceKind::Bishop => attacks::bishop(from, occupied),
        PieceKind::Rook => attacks::rook(from, occupied),
        _ => attacks::queen(from, occupied),
    }
}

impl<'a> Position<'a> {
    fn new(squares: &Squares, kinds: &'a [PieceKind]) -> Option<Position<'a>> {
        let men = 2 + kinds.len();
        let mut occupied = BitBoard::EMPTY;
        for &s in &squares[..men] {
            if occupied.has(square(s)) {
                return None;
            }
            occupied |= square(s).bitboard();
        }
        if attacks::king(square(squares[0])).has(square(squares[1])) {
            return None;
        }
        Some(Position {
            squares: *squares,
            kinds,
            occupied,
        })
    }

    /// The weak king's legal moves, captures included, and whether it
    /// stands in check. The strong side's attacks are worked out once,
    /// through the weak king's square (so that it cannot step back along a
    /// checking line): a piece never attacks its own square, nor does
    /// taking it open a line onto that square, so the same attacks judge
    /// the captures too.
    fn weak_king_moves(&self) -> (u8, bool) {
        let king = square(self.squares[1]);
        let occupied = self.occupied - king.bitboard();
        let mut attacked = attacks::king(square(self.squares[0]));
        for (&kind, &from) in self.kinds.iter().zip(&self.squares[2..]) {
            attacked |= piece_attacks(kind, square(from), occupied);
        }
        // The strong king is never next to the weak one, so every square
        // the weak king reaches is empty or holds a piece it may take.
        let moves = (attacks::king(king) - attacked).len() as u8;
        (moves, attacked.has(king))
    }

    /// Placements, strong side to move, from which a strong move reaches
    /// this one (weak side to move): every man of the strong side stepped
    /// back to an empty square it could have come from. Whether the weak
    /// king would stand in check there is the caller's to judge.
    fn for_each_strong_unmove(&self, mut visit: impl FnMut(Squares)) {
        let weak_king = square(self.squares[1]);
        for slot in std::iter::once(0).chain(2..2 + self.kinds.len()) {
            let from = square(self.squares[slot]);
            let origins = match slot {
                0 => attacks::king(from) - attacks::king(weak_king),
                _ => piece_attacks(self.kinds[slot - 2], from, self.occupied),
            } - self.occupied;
            for origin in origins {
                let mut before = self.squares;
                before[slot] = origin.index();
                visit(before);
            }
        }
    }

    /// Placements, weak side to move, from which a weak king move (not a
    /// capture) reaches this one (strong side to move).
    fn for_each_weak_unmove(&self, mut visit: impl FnMut(Squares)) {
        let strong_king = square(self.squares[0]);
        let king = square(self.squares[1]);
        for origin in attacks::king(king) - self.occupied - attacks::king(strong_king) {
            let mut before = self.squares;
            before[1] = origin.index();
            visit(before);
        }
    }
}
