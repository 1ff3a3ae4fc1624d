//! The board's eight symmetries, for counting positions as published
//! tablebase statistics do: one for each class of positions that
//! reflections and rotations turn into each other. Without pawns (or
//! castling) they change no position's value.

use super::Squares;

/// `MAPS[t][square]`: `square` under symmetry `t` (0 is the identity).
const MAPS: [[u8; 64]; 8] = {
    let mut maps = [[0u8; 64]; 8];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = (square % 8, square / 8);
        let images = [
            (file, rank),
            (7 - file, rank),
            (file, 7 - rank),
            (7 - file, 7 - rank),
            (rank, file),
            (7 - rank, file),
            (rank, 7 - file),
            (7 - rank, 7 - file),
        ];
        let mut t = 0;
        while t < 8 {
            maps[t][square] = (images[t].0 + 8 * images[t].1) as u8;
            t += 1;
        }
        square += 1;
    }
    maps
};

/// The placements the eight symmetries make of `squares` (kings first,
/// then `pieces` more men), the identity's first.
pub(super) fn images(squares: &Squares, pieces: usize) -> impl Iterator<Item = Squares> + '_ {
    MAPS.iter().map(move |map| {
        let mut image = *squares;
        for square in &mut image[..2 + pieces] {
            *square = usize::from(map[*square]);
        }
        image
    })
}
