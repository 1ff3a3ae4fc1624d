//! A table's won, drawn and lost positions, counted as published
//! tablebase statistics count them.

use super::{Table, index, men, squares, symmetry};

impl Table {
    /// Positions won, drawn and lost by the side to move, with the strong
    /// side to move and then with the weak side to move, counted the way
    /// published tablebase statistics count them: legal positions only
    /// (the side not to move is not in check), and one position for each
    /// class of positions that the board's eight symmetries turn into each
    /// other. Two pieces of one kind count in both orders, as they do in
    /// the table (a placement and its twin with the two swapped are two
    /// placements) and in the figures `tests/published_counts.rs` compares
    /// these with.
    pub fn counts(&self) -> [(usize, usize, usize); 2] {
        let ending = self.ending;
        let pieces = ending.men_besides_kings();
        let men = men::Men::of(ending);
        // With pawns only the mirror image left to right is the same
        // position; without, all eight reflections and rotations are.
        let symmetries = if ending.has_pawns() { 2 } else { 8 };
        let mut counts = [(0, 0, 0); 2];
        for i in 0..Table::half_len(ending) {
            let squares = squares(pieces, i);
            let Some(placement) = men::Placement::new(men, squares) else {
                continue;
            };
            let canonical = symmetry::images(&squares, pieces)
                .take(symmetries)
                .all(|image| index(pieces, &image) >= i);
            if !canonical {
                continue;
            }
            for (half, count) in counts.iter_mut().enumerate() {
                // The side not to move may not stand in check.
                if !placement.legal_with(half) {
                    continue;
                }
                match self.value(half, &squares) {
                    0 => count.1 += 1,
                    v if v % 2 == 0 => count.0 += 1,
                    _ => count.2 += 1,
                }
            }
        }
        counts
    }
}
