//! Where a table's captures and promotions lead, for the general solver:
//! every way of leaving the table (a capture of one man, a promotion to
//! one piece, or both at once) mapped once, before solving, onto the
//! table it enters, so that the solver's hot loop only copies squares and
//! reads a byte.
//!
//! A table entered with its strong side on the other side of ours is read
//! with the ranks mirrored, which turns its pawns the right way round (and
//! changes nothing in a pawnless table). An ending without a table (a bare
//! king against a minor piece or two knights, or nothing) is a dead draw
//! but for a mate on the board, which the move that enters it wins: a
//! promotion to a knight that mates counts as the mate it is.

use super::men::{EXIT_KEYS, Men, NONE, PROMOTIONS, Placement};
use super::store::{Build, Cancelled};
use super::{Ending, Squares, Table, material_of};
use movegen::PieceKind;

/// One way out of the table.
struct Exit<'a> {
    /// The men after it, in the slot order of the table entered.
    men: Men,
    /// `from[j]`: the slot, in our table, of the man in its slot `j`.
    from: [usize; 4],
    /// Which of our sides is its strong side (side 0 there).
    strong: usize,
    /// `None`: a dead draw but for a mate on the board.
    table: Option<&'a Table>,
}

/// Every way out of a table, by exit key.
pub(super) struct Exits<'a> {
    exits: [Option<Exit<'a>>; EXIT_KEYS],
}

impl<'a> Exits<'a> {
    /// Maps the ways out of a table of `men`, building (or loading) the
    /// tables they enter.
    pub(super) fn new(men: Men, build: &Build<'a>) -> Result<Exits<'a>, Cancelled> {
        let mut exits = [const { None }; EXIT_KEYS];
        for taken in std::iter::once(NONE).chain(2..men.count) {
            let promotions = (2..men.count).filter(|&slot| men.kinds[slot] == PieceKind::Pawn);
            for promoted in std::iter::once(NONE).chain(promotions) {
                if promoted != NONE && taken != NONE && men.sides[taken] == men.sides[promoted] {
                    continue;
                }
                if taken == promoted {
                    continue;
                }
                let pieces = if promoted == NONE {
                    1
                } else {
                    PROMOTIONS.len()
                };
                for (piece, &kind) in PROMOTIONS.iter().enumerate().take(pieces) {
                    let key = super::men::exit_key(taken, promoted, piece);
                    if key != 0 {
                        exits[key] = Some(Exit::new(men, taken, promoted, kind, build)?);
                    }
                }
            }
        }
        Ok(Exits { exits })
    }

    /// What the exit `key`, played by `mover` and leaving the men on
    /// `after`, wins for `mover`: 0 a draw, an odd number the plies to
    /// the mate `mover` gives, an even number the plies to its being mated.
    #[inline]
    pub(super) fn value(&self, key: usize, mover: usize, after: &Squares) -> u8 {
        let exit = self.exits[key].as_ref().expect("an exit of this table");
        let flip = if exit.strong == 1 { 56 } else { 0 };
        let mut squares = [0; 4];
        for (square, &slot) in squares.iter_mut().zip(&exit.from).take(exit.men.count) {
            *square = after[slot] ^ flip;
        }
        // The side to move after the exit, in the entered table's terms.
        let half = usize::from(1 - mover != exit.strong);
        match exit.table {
            // The value is the side to move's; one ply more is the mover's.
            Some(table) => table.value(half, &squares),
            None => {
                let placement = Placement::new(exit.men, squares).expect("a legal placement");
                u8::from(placement.is_mated(half))
            }
        }
    }
}

impl<'a> Exit<'a> {
    /// The exit taking slot `taken` and promoting slot `promoted` to
    /// `piece` (either may be [`NONE`]).
    fn new(
        men: Men,
        taken: usize,
        promoted: usize,
        piece: PieceKind,
        build: &Build<'a>,
    ) -> Result<Exit<'a>, Cancelled> {
        let kind = |slot: usize| {
            if slot == promoted {
                piece
            } else {
                men.kinds[slot]
            }
        };
        let left = |side: usize| {
            (2..men.count)
                .filter(move |&slot| slot != taken && men.sides[slot] == side)
                .map(kind)
                .collect::<Vec<_>>()
        };
        let sides = [left(0), left(1)];
        let found = Ending::with_material(material_of(&sides[0]), material_of(&sides[1]));
        let (after, strong, table) = match found {
            Some((ending, strong)) => (Men::of(ending), strong, Some(build.table(ending)?)),
            // No table: our own sides and order will do for the mate test.
            None => (Men::new(&sides[0], &sides[1]), 0, None),
        };
        let mut from = [NONE; 4];
        let mut used = [false; 4];
        for (j, from) in from.iter_mut().enumerate().take(after.count) {
            let side = if strong == 0 {
                after.sides[j]
            } else {
                1 - after.sides[j]
            };
            let slot = (0..men.count)
                .find(|&slot| {
                    !used[slot]
                        && slot != taken
                        && men.sides[slot] == side
                        && kind(slot) == after.kinds[j]
                })
                .expect("every man left has a slot");
            used[slot] = true;
            *from = slot;
        }
        Ok(Exit {
            men: after,
            from,
            strong,
            table,
        })
    }
}
