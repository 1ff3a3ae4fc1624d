//! The shape of the mobility tables. The Compendium gives a flat value per
//! square (10, or 15 for knights and queens; "Mobility" L477, L489). Taken
//! flat from zero, a queen's 27 squares would outweigh a rook, so the
//! tables are centred on an average mobility: each square below it costs the
//! Compendium's value, each square above it earns half, and the endgame is
//! 20% lower ("Scoring some major parameters", L5981).

use crate::score::S;

/// The mobility table for `N` counts.
pub(crate) const fn curve<const N: usize>(per_square: i32, average: i32) -> [S; N] {
    let mut table = [S::ZERO; N];
    let mut n = 0;
    while n < N {
        let above = n as i32 - average;
        let mg = if above <= 0 {
            per_square * above
        } else {
            per_square * above / 2
        };
        table[n] = S::new(mg, mg * 4 / 5);
        n += 1;
    }
    table
}
