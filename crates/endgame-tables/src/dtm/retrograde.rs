//! The solver for a king and pieces against a bare king: retrograde
//! analysis from the mates. Strong-side moves taken back from a lost
//! position mark wins, and a weak-side position is lost once every one of
//! its moves has been taken back from a win.
//!
//! The weak king's captures leave the table. With two pieces, taking one
//! leaves the other against a bare king: a queen or a rook still wins, in
//! the smaller table's distance (solved or loaded first), so such a capture
//! only decides when the position is lost, never whether; a minor piece
//! alone is a dead draw, so a capture into it is an escape that never
//! counts down (all of K+B+B's and K+B+N's captures, and every capture of
//! a lone piece).
//!
//! One pass over every placement first counts the weak king's moves and
//! notes where it stands in check (a placement illegal with the strong side
//! to move); after that, taking a move back needs no attack computation,
//! only the squares a man may have come from.

use super::gate::CHUNK;
use super::store::{Build, Cancelled};
use super::symmetry::Share;
use super::{Ending, Squares, Table, moved, squares};
use movegen::{BitBoard, PieceKind, Square, attacks};

/// Plies to mate plus one for each placement (0: a draw, or illegal),
/// with the strong side to move and with the weak side to move.
pub(super) fn solve(ending: Ending, build: &Build) -> Result<(Vec<u8>, Vec<u8>), Cancelled> {
    let kinds = ending.pieces();
    let pieces = kinds.len();
    // captures_into[i]: the table the capture of piece i leads into, the
    // other piece against a bare king (`None`: a dead draw).
    let captures_into: [Option<&Table>; 2] = match kinds {
        &[first, second] => [
            Ending::with_lone(second)
                .map(|e| build.table(e))
                .transpose()?,
            Ending::with_lone(first)
                .map(|e| build.table(e))
                .transpose()?,
        ],
        _ => [None, None],
    };
    let size = 1usize << (6 * (2 + pieces));
    let mut strong_to_move = vec![0u8; size];
    let mut weak_to_move = vec![0u8; size];
    let mut escapes = vec![0u8; size];
    let mut checked = BitSet::new(size);
    // seeds[p]: weak-side positions lost in p plies that only their
    // captures keep from being lost sooner, held back until ply p.
    let mut seeds: Vec<Vec<u32>> = vec![Vec::new(); 256];
    let mut lost: Vec<u32> = Vec::new();
    let share = Share::new(false);
    for (index, escape) in escapes.iter_mut().enumerate() {
        if index % CHUNK == 0 {
            build.checkpoint()?;
        }
        if !share.holds(pieces, index) {
            continue;
        }
        let Some(position) = Position::at(index, kinds) else {
            continue;
        };
        let moves = position.weak_king_moves(&captures_into);
        if moves.in_check {
            checked.insert(index);
        }
        *escape = moves.escapes;
        if moves.escapes == 0 {
            if let Some(plies) = moves.longest_loss {
                weak_to_move[index] = plies + 1;
                seeds[usize::from(plies)].push(index as u32);
            } else if moves.in_check {
                weak_to_move[index] = 1;
                lost.push(index as u32);
            }
        }
    }
    let mut plies = 0u8;
    let mut won = Vec::new();
    while !lost.is_empty() || seeds[usize::from(plies)..].iter().any(|s| !s.is_empty()) {
        lost.append(&mut seeds[usize::from(plies)]);
        in_index_order(&mut lost);
        won.clear();
        for (n, &lost_index) in lost.iter().enumerate() {
            if n % CHUNK == 0 {
                build.checkpoint()?;
            }
            let position =
                Position::at(lost_index as usize, kinds).expect("a solved placement is legal");
            position.for_each_strong_unmove(|before| {
                let i = share.image_index(before, pieces);
                // With the strong side to move, the weak king may not stand in check.
                if strong_to_move[i] == 0 && !checked.contains(i) {
                    strong_to_move[i] = plies + 2;
                    won.push(i as u32);
                }
            });
        }
        lost.clear();
        in_index_order(&mut won);
        for (n, &won_index) in won.iter().enumerate() {
            if n % CHUNK == 0 {
                build.checkpoint()?;
            }
            let position =
                Position::at(won_index as usize, kinds).expect("a solved placement is legal");
            position.for_each_weak_unmove(|before| {
                let i = share.image_index(before, pieces);
                if weak_to_move[i] == 0 && escapes[i] > 0 {
                    escapes[i] -= 1;
                    if escapes[i] == 0 {
                        // Lost: as late as its longest line, a capture's included.
                        let before = Position::at(i, kinds).expect("a legal placement");
                        let by_capture = before.weak_king_moves(&captures_into).longest_loss;
                        match by_capture.filter(|&capture| capture > plies + 2) {
                            Some(capture) => {
                                weak_to_move[i] = capture + 1;
                                seeds[usize::from(capture)].push(i as u32);
                            }
                            None => {
                                weak_to_move[i] = plies + 3;
                                lost.push(i as u32);
                            }
                        }
                    }
                }
            });
        }
        plies += 2;
    }
    share.fill(&mut strong_to_move, pieces);
    share.fill(&mut weak_to_move, pieces);
    Ok((strong_to_move, weak_to_move))
}

/// Sorts a ply's work list by node: taken in index order, neighbouring
/// entries' predecessors share cache lines, and a solve is bound by those
/// random reads (a third less CPU with another program on the memory, a
/// seventh less on a quiet machine). The solvers' values do not depend on
/// the order.
pub(super) fn in_index_order(list: &mut [u32]) {
    list.sort_unstable();
}

/// What the weak king's moves from a placement lead to.
struct WeakMoves {
    /// Moves that do not lose (yet): quiet moves, and captures into a draw.
    escapes: u8,
    /// Plies to being mated after the slowest losing capture.
    longest_loss: Option<u8>,
    /// The weak king stands in check.
    in_check: bool,
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

    /// The bits as bytes, to keep a stopped build's progress.
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        self.0.iter().flat_map(|word| word.to_le_bytes()).collect()
    }

    /// The set `to_bytes` made of `bytes`, if it holds `size` bits.
    pub(super) fn from_bytes(bytes: &[u8], size: usize) -> Option<BitSet> {
        (bytes.len() == 8 * size.div_ceil(64)).then(|| {
            BitSet(
                bytes
                    .chunks_exact(8)
                    .map(|word| u64::from_le_bytes(word.try_into().expect("eight bytes")))
                    .collect(),
            )
        })
    }
}

/// A legal placement of the table's men (kings apart, no square twice).
struct Position<'a> {
    squares: Squares,
    /// The placement's index in the table.
    index: usize,
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
    /// The placement at `index`, if it is legal.
    fn at(index: usize, kinds: &'a [PieceKind]) -> Option<Position<'a>> {
        let squares = &squares(kinds.len(), index);
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
            index,
            kinds,
            occupied,
        })
    }

    /// The weak king's legal moves, captures included, and whether it
    /// stands in check. The strong side's attacks are worked out once,
    /// through the weak king's square (so that it cannot step back along a
    /// checking line): a piece never attacks its own square, nor does
    /// taking it open a line onto that square, so the same attacks judge
    /// the captures too. The capture of piece `i` leads into
    /// `captures_into[i]` (`None`: a dead draw), with the strong side to
    /// move.
    fn weak_king_moves(&self, captures_into: &[Option<&Table>; 2]) -> WeakMoves {
        let king = square(self.squares[1]);
        let occupied = self.occupied - king.bitboard();
        let mut attacked = attacks::king(square(self.squares[0]));
        for (&kind, &from) in self.kinds.iter().zip(&self.squares[2..]) {
            attacked |= piece_attacks(kind, square(from), occupied);
        }
        // The strong king is never next to the weak one, so every square
        // the weak king reaches is empty or holds a piece it may take.
        let targets = attacks::king(king) - attacked;
        let mut moves = WeakMoves {
            escapes: targets.len() as u8,
            longest_loss: None,
            in_check: attacked.has(king),
        };
        // Only two pieces have a table to capture into.
        for (i, table) in captures_into.iter().enumerate() {
            let Some(table) = table else {
                continue;
            };
            let taken = self.squares[2 + i];
            if !targets.has(square(taken)) {
                continue;
            }
            let after = [self.squares[0], taken, self.squares[3 - i], 0];
            // The strong side to move wins in `value - 1` plies, so the
            // capture loses in `value` (0: a draw, an escape like a quiet move).
            let value = table.value(0, &after);
            debug_assert!(value % 2 == 0, "the bare king never wins");
            if value > 0 {
                moves.escapes -= 1;
                moves.longest_loss = Some(moves.longest_loss.map_or(value, |l| l.max(value)));
            }
        }
        moves
    }

    /// The indices of the placements, strong side to move, from which a
    /// strong move reaches this one (weak side to move): every man of the
    /// strong side stepped back to an empty square it could have come
    /// from. Whether the weak king would stand in check there is the
    /// caller's to judge.
    fn for_each_strong_unmove(&self, mut visit: impl FnMut(usize)) {
        let pieces = self.kinds.len();
        let weak_king = square(self.squares[1]);
        for slot in std::iter::once(0).chain(2..2 + self.kinds.len()) {
            let from = square(self.squares[slot]);
            let origins = match slot {
                0 => attacks::king(from) - attacks::king(weak_king),
                _ => piece_attacks(self.kinds[slot - 2], from, self.occupied),
            } - self.occupied;
            for origin in origins {
                visit(moved(
                    pieces,
                    self.index,
                    slot,
                    from.index(),
                    origin.index(),
                ));
            }
        }
    }

    /// The indices of the placements, weak side to move, from which a weak
    /// king move (not a capture) reaches this one (strong side to move).
    fn for_each_weak_unmove(&self, mut visit: impl FnMut(usize)) {
        let pieces = self.kinds.len();
        let strong_king = square(self.squares[0]);
        let king = square(self.squares[1]);
        for origin in attacks::king(king) - self.occupied - attacks::king(strong_king) {
            visit(moved(pieces, self.index, 1, king.index(), origin.index()));
        }
    }
}
