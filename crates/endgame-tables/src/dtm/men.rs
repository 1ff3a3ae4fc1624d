//! The men of a table and the rules they move by, for the general solver
//! (`general`): two kings and up to two more men of any kind, pawns
//! included. Side 0 is the table's strong side, whose pawns move up the
//! board (as White's); side 1's pawns move down. A probe of a position
//! whose strong side is Black mirrors the ranks first.
//!
//! Moves are generated forwards (for what a position's moves lead to) and
//! taken back (for the positions one move before a solved one); both read
//! the same geometry here, so that every quiet move found forwards is
//! found again backwards, exactly once.

use super::retrograde::square;
use super::{Ending, Squares, index, moved};
use movegen::{BitBoard, Color, PieceKind, Square, attacks};

/// No slot (a man never captured, a move that promotes nothing).
pub(super) const NONE: usize = usize::MAX;

/// The pieces a pawn may promote to, in the order exit keys number them.
pub(super) const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// Exit keys: a capture of slot 0 to 3 (0: none; slot 0 is a king, never
/// taken) times a promotion (0: none, else 1 + 4 x (slot - 2) + piece).
pub(super) const EXIT_KEYS: usize = 4 * 9;

/// The exit key of a move taking slot `taken` and promoting slot
/// `promoted` to `PROMOTIONS[piece]` (either may be [`NONE`]).
pub(super) fn exit_key(taken: usize, promoted: usize, piece: usize) -> usize {
    let taken = if taken == NONE { 0 } else { taken };
    let promotion = if promoted == NONE {
        0
    } else {
        1 + 4 * (promoted - 2) + piece
    };
    taken * 9 + promotion
}

/// The kinds and sides of a table's men, in slot order: the two kings
/// (side 0's first), then side 0's pieces, then side 1's.
#[derive(Copy, Clone, Debug)]
pub(super) struct Men {
    pub(super) kinds: [PieceKind; 4],
    pub(super) sides: [usize; 4],
    pub(super) count: usize,
}

impl Men {
    pub(super) fn of(ending: Ending) -> Men {
        Men::new(ending.pieces(), ending.weak_pieces())
    }

    /// Kings, then `strong`'s pieces (side 0), then `weak`'s (side 1).
    pub(super) fn new(strong: &[PieceKind], weak: &[PieceKind]) -> Men {
        let mut men = Men {
            kinds: [PieceKind::King; 4],
            sides: [0, 1, 0, 0],
            count: 2,
        };
        for (side, pieces) in [(0, strong), (1, weak)] {
            for &kind in pieces {
                men.kinds[men.count] = kind;
                men.sides[men.count] = side;
                men.count += 1;
            }
        }
        men
    }

    /// The one pawn of each side, if each has exactly one: the only case
    /// of up to four men where en passant can arise.
    pub(super) fn pawn_pair(&self) -> Option<[usize; 2]> {
        let mut pair = [NONE; 2];
        for slot in 2..self.count {
            if self.kinds[slot] == PieceKind::Pawn {
                let side = self.sides[slot];
                if pair[side] != NONE {
                    return None;
                }
                pair[side] = slot;
            }
        }
        (pair[0] != NONE && pair[1] != NONE).then_some(pair)
    }
}

/// The colour whose pawns move as `side`'s do.
fn color(side: usize) -> Color {
    if side == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// A pawn's step forward for `side`.
fn forward(side: usize) -> i8 {
    if side == 0 { 8 } else { -8 }
}

/// The rank of `square` counted from `side`'s own back rank (0 to 7).
fn relative_rank(side: usize, square: Square) -> usize {
    square.relative_to(color(side)).rank().index()
}

/// The square a pawn of `side` on `from` steps to (never off the board:
/// a pawn stands on ranks 2 to 7).
fn step(side: usize, from: Square, times: i8) -> Square {
    from.offset(forward(side) * times)
        .expect("a pawn stands off the last rank")
}

/// Squares a man of `kind` and `side` on `from` attacks through `occupied`.
pub(super) fn attacks_of(
    kind: PieceKind,
    side: usize,
    from: Square,
    occupied: BitBoard,
) -> BitBoard {
    match kind {
        PieceKind::King => attacks::king(from),
        PieceKind::Pawn => attacks::pawn(color(side), from),
        PieceKind::Knight => attacks::knight(from),
        PieceKind::Bishop => attacks::bishop(from, occupied),
        PieceKind::Rook => attacks::rook(from, occupied),
        PieceKind::Queen => attacks::queen(from, occupied),
    }
}

/// What one legal move does to the table.
pub(super) enum Move {
    /// A move that stays in the table: no capture, no promotion.
    Quiet,
    /// A capture or a promotion: `after` holds every man's square after
    /// it (the taken man's is stale), `key` says which ([`exit_key`]).
    Exit { after: Squares, key: usize },
}

/// The men on their squares: distinct squares, kings apart, no pawn on
/// either back rank.
#[derive(Copy, Clone)]
pub(super) struct Placement {
    pub(super) men: Men,
    pub(super) squares: Squares,
    occupied: BitBoard,
    by_side: [BitBoard; 2],
}

impl Placement {
    pub(super) fn new(men: Men, squares: Squares) -> Option<Placement> {
        let mut occupied = BitBoard::EMPTY;
        let mut by_side = [BitBoard::EMPTY; 2];
        for slot in 0..men.count {
            let at = square(squares[slot]);
            let back_rank = matches!(at.rank().index(), 0 | 7);
            if occupied.has(at) || (men.kinds[slot] == PieceKind::Pawn && back_rank) {
                return None;
            }
            occupied |= at.bitboard();
            by_side[men.sides[slot]] |= at.bitboard();
        }
        if attacks::king(square(squares[0])).has(square(squares[1])) {
            return None;
        }
        Some(Placement {
            men,
            squares,
            occupied,
            by_side,
        })
    }

    fn at(&self, slot: usize) -> Square {
        square(self.squares[slot])
    }

    /// The slots of `side`'s men, its king first.
    fn slots(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.men.count).filter(move |&slot| self.men.sides[slot] == side)
    }

    /// The slot of the man on `target` ([`NONE`] if it is empty).
    fn slot_on(&self, target: Square) -> usize {
        (0..self.men.count)
            .find(|&slot| self.squares[slot] == target.index())
            .unwrap_or(NONE)
    }

    /// Whether a man of side `by` other than `skip` attacks `target`
    /// through `occupied`.
    fn attacked(&self, target: Square, by: usize, occupied: BitBoard, skip: usize) -> bool {
        self.slots(by)
            .filter(|&slot| slot != skip)
            .any(|slot| attacks_of(self.men.kinds[slot], by, self.at(slot), occupied).has(target))
    }

    /// Whether `side`'s king stands in check.
    pub(super) fn in_check(&self, side: usize) -> bool {
        self.attacked(self.at(side), 1 - side, self.occupied, NONE)
    }

    /// Whether the placement is legal with `side` to move: the other king
    /// is not in check.
    pub(super) fn legal_with(&self, side: usize) -> bool {
        !self.in_check(1 - side)
    }

    /// Whether `side`, to move, is checkmated.
    pub(super) fn is_mated(&self, side: usize) -> bool {
        let mut any = false;
        self.for_each_move(side, false, |_| any = true);
        !any && self.in_check(side)
    }

    /// Each legal move of `side` (to move). With `en_passant`, the other
    /// side's pawn has just made a double step and `side`'s pawn may take
    /// it in passing (see [`Placement::en_passant_slot`]).
    pub(super) fn for_each_move(&self, side: usize, en_passant: bool, mut visit: impl FnMut(Move)) {
        let enemy = 1 - side;
        let own = self.by_side[side];
        let enemy_king = self.at(enemy);
        let king = self.at(side);
        if en_passant {
            let [ours, theirs] = self
                .men
                .pawn_pair()
                .map(|pair| [pair[side], pair[enemy]])
                .expect("a pawn each");
            let passed = step(enemy, self.at(theirs), -1);
            let occupied = (self.occupied - self.at(ours).bitboard() - self.at(theirs).bitboard())
                | passed.bitboard();
            if !self.attacked(king, enemy, occupied, theirs) {
                let mut after = self.squares;
                after[ours] = passed.index();
                visit(Move::Exit {
                    after,
                    key: exit_key(theirs, NONE, 0),
                });
            }
        }
        // Plays slot `slot` to `to`, taking `taken`, and reports it if the
        // king is safe afterwards; promoted pawns report each piece.
        let mut play = |slot: usize, to: Square, taken: usize, promotes: bool| {
            let occupied = (self.occupied - self.at(slot).bitboard()) | to.bitboard();
            let king_after = if slot == side { to } else { king };
            if self.attacked(king_after, enemy, occupied, taken) {
                return;
            }
            let mut after = self.squares;
            after[slot] = to.index();
            if promotes {
                for piece in 0..PROMOTIONS.len() {
                    let key = exit_key(taken, slot, piece);
                    visit(Move::Exit { after, key });
                }
            } else if taken != NONE {
                let key = exit_key(taken, NONE, 0);
                visit(Move::Exit { after, key });
            } else {
                visit(Move::Quiet);
            }
        };
        for slot in self.slots(side) {
            let from = self.at(slot);
            let kind = self.men.kinds[slot];
            if kind != PieceKind::Pawn {
                let mut targets =
                    attacks_of(kind, side, from, self.occupied) - own - enemy_king.bitboard();
                if kind == PieceKind::King {
                    targets = targets - attacks::king(enemy_king);
                }
                for to in targets {
                    play(slot, to, self.slot_on(to), false);
                }
                continue;
            }
            let last = |to: Square| relative_rank(side, to) == 7;
            let push = step(side, from, 1);
            if !self.occupied.has(push) {
                play(slot, push, NONE, last(push));
                if relative_rank(side, from) == 1 {
                    let double = step(side, from, 2);
                    if !self.occupied.has(double) {
                        play(slot, double, NONE, false);
                    }
                }
            }
            let targets =
                attacks::pawn(color(side), from) & (self.by_side[enemy] - enemy_king.bitboard());
            for to in targets {
                play(slot, to, self.slot_on(to), last(to));
            }
        }
    }

    /// The index of each placement, `mover` to move, from which a quiet
    /// move of `mover` (no capture, no promotion) reaches this one, and
    /// whether that move was a pawn's double step. Whether the other king
    /// would stand in check there is the caller's to judge.
    pub(super) fn for_each_unmove(&self, mover: usize, mut visit: impl FnMut(usize, bool)) {
        let other_king = self.at(1 - mover);
        let pieces = self.men.count - 2;
        let at = index(pieces, &self.squares);
        for slot in self.slots(mover) {
            let from = self.at(slot);
            let kind = self.men.kinds[slot];
            let mut back = |origin: Square, double: bool| {
                visit(
                    moved(pieces, at, slot, from.index(), origin.index()),
                    double,
                );
            };
            if kind == PieceKind::Pawn {
                // A pawn on its second rank came from nowhere; one on its
                // fourth may have come from its second in one move.
                if relative_rank(mover, from) < 2 {
                    continue;
                }
                let origin = step(mover, from, -1);
                if self.occupied.has(origin) {
                    continue;
                }
                back(origin, false);
                let double = step(mover, from, -2);
                if relative_rank(mover, from) == 3 && !self.occupied.has(double) {
                    back(double, true);
                }
                continue;
            }
            let mut origins = attacks_of(kind, mover, from, self.occupied) - self.occupied;
            if kind == PieceKind::King {
                origins = origins - attacks::king(other_king);
            }
            for origin in origins {
                back(origin, false);
            }
        }
    }

    /// With `side` to move: if the other side's pawn stands where a double
    /// step would have put it, beside `side`'s pawn, with the two squares
    /// behind it empty, and taking it in passing would be legal, the
    /// index of that position with the capture allowed (below
    /// [`EN_PASSANT_SLOTS`]). Only for men with a pawn each.
    pub(super) fn en_passant_slot(&self, side: usize) -> Option<usize> {
        let enemy = 1 - side;
        let pair = self.men.pawn_pair()?;
        let (ours, theirs) = (self.at(pair[side]), self.at(pair[enemy]));
        let beside = ours.rank() == theirs.rank()
            && ours.file().index().abs_diff(theirs.file().index()) == 1;
        if relative_rank(enemy, theirs) != 3 || !beside {
            return None;
        }
        let behind = step(enemy, theirs, -1).bitboard() | step(enemy, theirs, -2).bitboard();
        if self.occupied.intersects(behind) {
            return None;
        }
        let mut taken = false;
        self.for_each_move(side, true, |mv| {
            if let Move::Exit { after, .. } = mv {
                taken |= after[pair[side]] == step(enemy, theirs, -1).index();
            }
        });
        let kings = self.squares[0] * 64 + self.squares[1];
        let right = usize::from(ours.file() > theirs.file());
        taken.then_some((kings * 8 + theirs.file().index()) * 2 + right)
    }

    /// The placement of en passant index `slot` with `side` to move (see
    /// [`Placement::en_passant_slot`]), if it is one.
    pub(super) fn from_en_passant_slot(men: Men, side: usize, slot: usize) -> Option<Placement> {
        let pair = men.pawn_pair()?;
        let kings = slot / 16;
        let file = slot / 2 % 8;
        let ours_file = if slot % 2 == 1 {
            file + 1
        } else {
            file.checked_sub(1)?
        };
        if ours_file > 7 {
            return None;
        }
        // The other side's pawn on its fourth rank.
        let rank = if side == 0 { 4 } else { 3 };
        let mut squares = [0; 4];
        squares[0] = kings / 64;
        squares[1] = kings % 64;
        squares[pair[1 - side]] = rank * 8 + file;
        squares[pair[side]] = rank * 8 + ours_file;
        let placement = Placement::new(men, squares)?;
        (placement.legal_with(side) && placement.en_passant_slot(side) == Some(slot))
            .then_some(placement)
    }
}

/// En passant positions per side to move: both kings, the file of the
/// pawn that made the double step, and the side its taker stands on.
pub(super) const EN_PASSANT_SLOTS: usize = 64 * 64 * 8 * 2;
