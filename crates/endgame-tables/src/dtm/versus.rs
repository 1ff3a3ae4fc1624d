//! The solver for one piece against one piece (K+Q against K+R, ...),
//! where either side may win. Retrograde analysis from the mates, ply by
//! ply: every position one move before a lost one is won, and a position
//! is lost once every one of its quiet moves leads to a won one. Captures
//! leave the table for a smaller ending (K+Q or K+R against K, solved
//! first, or a dead draw); their values are known before the first ply,
//! so a capture that wins in `p` plies seeds its position at ply `p`, and
//! one that draws means the position can never be lost.

use super::gate::CHUNK;
use super::retrograde::{BitSet, in_index_order, piece_attacks, square};
use super::store::{Build, Cancelled};
use super::symmetry::Share;
use super::{Ending, Squares, Table, moved, squares};
use movegen::{BitBoard, PieceKind, Square, attacks};

/// Placements per side to move: four squares.
const SIZE: usize = 1 << 24;

/// The quiet-move count of a position that is never lost: one of its
/// captures draws or wins, or it is stalemate.
const CANNOT_LOSE: u8 = u8::MAX;

/// The longest distance stored: plies plus one fits in a byte.
const MAX_PLIES: usize = 253;

/// A placement with its side to move (0: the strong side), in one word.
fn tag(side: usize, index: usize) -> u32 {
    (side << 24 | index) as u32
}

fn untag(entry: u32) -> (usize, usize) {
    ((entry >> 24) as usize, (entry & 0xFF_FFFF) as usize)
}

/// Plies to mate plus one for each placement (0: a draw, or illegal),
/// with the strong side to move and with the weak side to move; an odd
/// number of plies is a win for the side to move.
pub(super) fn solve(ending: Ending, build: &Build) -> Result<(Vec<u8>, Vec<u8>), Cancelled> {
    let kinds = [ending.pieces()[0], ending.weak_pieces()[0]];
    let [first, second] = kinds.map(Ending::with_lone);
    let captures_into = [
        first.map(|e| build.table(e)).transpose()?,
        second.map(|e| build.table(e)).transpose()?,
    ];
    let mut values = [vec![0u8; SIZE], vec![0u8; SIZE]];
    let mut quiet = [vec![0u8; SIZE], vec![0u8; SIZE]];
    let mut illegal = [BitSet::new(SIZE), BitSet::new(SIZE)];
    // seeds[p]: positions whose value is p plies unless a quicker win is
    // found first, from their captures or from having no move left.
    let mut seeds: Vec<Vec<u32>> = vec![Vec::new(); MAX_PLIES + 2];
    let share = Share::new(false);
    for (side, quiet) in quiet.iter_mut().enumerate() {
        for (index, quiet) in quiet.iter_mut().enumerate() {
            if index % CHUNK == 0 {
                build.checkpoint()?;
            }
            if !share.holds(2, index) {
                continue;
            }
            let Some(position) = Placement::at(index, kinds).filter(|p| p.legal_with(side)) else {
                illegal[side].insert(index);
                continue;
            };
            let moves = position.moves(side, &captures_into);
            *quiet = if let Some(plies) = moves.quickest_win {
                seeds[plies].push(tag(side, index));
                CANNOT_LOSE
            } else if moves.can_draw {
                CANNOT_LOSE
            } else if moves.quiet > 0 {
                moves.quiet
            } else if let Some(plies) = moves.longest_loss {
                seeds[plies].push(tag(side, index));
                0
            } else if moves.in_check {
                seeds[0].push(tag(side, index));
                0
            } else {
                CANNOT_LOSE
            };
        }
    }
    let mut frontier: Vec<u32> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    for plies in 0..=MAX_PLIES {
        for &entry in &seeds[plies] {
            let (side, i) = untag(entry);
            if values[side][i] == 0 {
                values[side][i] = plies as u8 + 1;
                frontier.push(entry);
            }
        }
        if frontier.is_empty() && seeds[plies..].iter().all(Vec::is_empty) {
            break;
        }
        in_index_order(&mut frontier);
        for (n, &entry) in frontier.iter().enumerate() {
            if n % CHUNK == 0 {
                build.checkpoint()?;
            }
            let (side, i) = untag(entry);
            let mover = 1 - side;
            let position = Placement::at(i, kinds).expect("a solved placement");
            position.for_each_unmove(mover, |before| {
                let j = share.image_index(before, 2);
                if values[mover][j] != 0 || illegal[mover].contains(j) {
                    return;
                }
                if plies % 2 == 0 {
                    values[mover][j] = plies as u8 + 2;
                    next.push(tag(mover, j));
                } else if quiet[mover][j] != CANNOT_LOSE && quiet[mover][j] > 0 {
                    quiet[mover][j] -= 1;
                    if quiet[mover][j] == 0 {
                        // Lost: as late as its longest line, a capture's included.
                        let before = Placement::at(j, kinds).expect("a legal placement");
                        let by_capture = before.moves(mover, &captures_into).longest_loss;
                        let lost_in = by_capture.unwrap_or(0).max(plies + 1);
                        seeds[lost_in.min(MAX_PLIES + 1)].push(tag(mover, j));
                    }
                }
            });
        }
        frontier.clear();
        std::mem::swap(&mut frontier, &mut next);
    }
    let [mut strong_to_move, mut weak_to_move] = values;
    share.fill(&mut strong_to_move, 2);
    share.fill(&mut weak_to_move, 2);
    Ok((strong_to_move, weak_to_move))
}

/// What a position's legal moves lead to.
#[derive(Default)]
struct Moves {
    /// Moves that capture nothing, staying in the table.
    quiet: u8,
    /// Plies to mate by the quickest winning capture.
    quickest_win: Option<usize>,
    /// Plies to being mated after the slowest losing capture.
    longest_loss: Option<usize>,
    /// Some capture leads to a drawn position.
    can_draw: bool,
    /// The side to move stands in check.
    in_check: bool,
}

/// Four men on distinct squares, the kings apart: kings first (strong,
/// weak), then the strong piece and the weak piece.
struct Placement {
    squares: Squares,
    /// The placement's index in the table.
    index: usize,
    kinds: [PieceKind; 2],
    occupied: BitBoard,
}

impl Placement {
    /// The placement at `index`, if no two men share a square and the
    /// kings stand apart.
    fn at(index: usize, kinds: [PieceKind; 2]) -> Option<Placement> {
        let squares = squares(2, index);
        let mut occupied = BitBoard::EMPTY;
        for &s in &squares {
            if occupied.has(square(s)) {
                return None;
            }
            occupied |= square(s).bitboard();
        }
        if attacks::king(square(squares[0])).has(square(squares[1])) {
            return None;
        }
        Some(Placement {
            squares,
            index,
            kinds,
            occupied,
        })
    }

    fn king(&self, side: usize) -> Square {
        square(self.squares[side])
    }

    fn piece(&self, side: usize) -> Square {
        square(self.squares[2 + side])
    }

    /// Whether `side`'s piece attacks `target` through `occupied`.
    fn piece_attacks(&self, side: usize, target: Square, occupied: BitBoard) -> bool {
        piece_attacks(self.kinds[side], self.piece(side), occupied).has(target)
    }

    /// Whether the placement is legal with `side` to move: the other king
    /// is not in check (the kings are never next to each other).
    fn legal_with(&self, side: usize) -> bool {
        !self.piece_attacks(side, self.king(1 - side), self.occupied)
    }

    /// The legal moves of `side` (to move), and what each capture leads to
    /// in `captures_into[side]`, the table of `side`'s piece against a bare
    /// king (`None`: a dead draw).
    fn moves(&self, side: usize, captures_into: &[Option<&Table>; 2]) -> Moves {
        let enemy = 1 - side;
        let (king, piece) = (self.king(side), self.piece(side));
        let enemy_piece = self.piece(enemy);
        let mut moves = Moves {
            in_check: self.piece_attacks(enemy, king, self.occupied),
            ..Moves::default()
        };
        let mut record = |after: Squares, capture: bool| {
            if !capture {
                moves.quiet += 1;
                return;
            }
            let value = captures_into[side].map_or(0, |table| {
                table.value(1, &[after[side], after[enemy], after[2 + side], 0])
            });
            // The value is the bare king's, to move: odd plies lose for it.
            let plies = usize::from(value);
            match value {
                0 => moves.can_draw = true,
                v if v % 2 == 1 => {
                    moves.quickest_win = Some(moves.quickest_win.map_or(plies, |p| p.min(plies)))
                }
                _ => moves.longest_loss = Some(moves.longest_loss.map_or(plies, |p| p.max(plies))),
            }
        };
        // The enemy piece's attacks with the king lifted: the king cannot
        // step back along a checking line, and where it lands blocks only
        // squares beyond.
        let attacked = piece_attacks(
            self.kinds[enemy],
            enemy_piece,
            self.occupied - king.bitboard(),
        );
        for to in attacks::king(king) - piece.bitboard() - attacks::king(self.king(enemy)) {
            let capture = to == enemy_piece;
            if capture || !attacked.has(to) {
                let mut after = self.squares;
                after[side] = to.index();
                record(after, capture);
            }
        }
        let targets = piece_attacks(self.kinds[side], piece, self.occupied)
            - king.bitboard()
            - self.king(enemy).bitboard();
        // Unless the enemy piece reaches the king with this piece lifted,
        // no move of it leaves the king in check.
        let pinned_or_checked = self.piece_attacks(enemy, king, self.occupied - piece.bitboard());
        for to in targets {
            let capture = to == enemy_piece;
            let occupied = (self.occupied - piece.bitboard()) | to.bitboard();
            if capture || !pinned_or_checked || !self.piece_attacks(enemy, king, occupied) {
                let mut after = self.squares;
                after[2 + side] = to.index();
                record(after, capture);
            }
        }
        moves
    }

    /// The indices of the placements, `mover` to move, from which a quiet
    /// move of `mover` reaches this one. Whether the other king would stand
    /// in check there is the caller's to judge.
    fn for_each_unmove(&self, mover: usize, mut visit: impl FnMut(usize)) {
        let king = self.king(mover);
        for origin in attacks::king(king) - self.occupied - attacks::king(self.king(1 - mover)) {
            visit(moved(2, self.index, mover, king.index(), origin.index()));
        }
        let piece = self.piece(mover);
        for origin in piece_attacks(self.kinds[mover], piece, self.occupied) - self.occupied {
            visit(moved(
                2,
                self.index,
                2 + mover,
                piece.index(),
                origin.index(),
            ));
        }
    }
}
