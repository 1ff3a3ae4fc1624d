//! The shape of the mobility tables: the Compendium gives a flat value per
//! square (10, or 15 for knights and queens); taken flat, a queen's 27
//! squares would outweigh a rook. So the Compendium's value is the marginal
//! worth of the first squares and later squares are worth less
//! (`per_square * (sqrt(n * average) - average)`, zero at the average
//! mobility), with the endgame 20% lower ("Scoring some major parameters", L5981).

use crate::score::S;

const fn isqrt(n: i32) -> i32 {
    let mut r = 0;
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

/// The mobility table for `N` counts.
pub(crate) const fn curve<const N: usize>(per_square: i32, average: i32) -> [S; N] {
    let mut table = [S::ZERO; N];
    let mut n = 0;
    while n < N {
        // sqrt in hundredths keeps two decimals of the curve.
        let root = isqrt(n as i32 * average * 10_000);
        let mg = per_square * (root - average * 100) / 100;
        table[n] = S::new(mg, mg * 4 / 5);
        n += 1;
    }
    table
}
