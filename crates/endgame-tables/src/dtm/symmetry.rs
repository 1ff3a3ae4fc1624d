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

/// The share of a table a solver works on: the placements with the strong
/// king on files a to d, and in a table without pawns also on ranks 1 to
/// 4. Mirroring the files (and, without pawns, the ranks) changes no
/// position's value, and it always moves the king, so every placement has
/// exactly one image in the share, and each move between placements one
/// image between their images: counting moves and taking them back in the
/// share alone solves the table in a half (a quarter) of the work. The
/// rest is filled from the images at the end ([`Share::fill`]).
///
/// En passant breaks none of this, but its positions are indexed apart,
/// so a solver with them keeps the whole table ([`Share::WHOLE`]).
#[derive(Copy, Clone, Debug)]
pub(super) struct Share {
    mirror_files: bool,
    mirror_ranks: bool,
}

impl Share {
    /// Every placement: no mirroring.
    pub(super) const WHOLE: Share = Share {
        mirror_files: false,
        mirror_ranks: false,
    };

    /// The share for a table with pawns (files only) or without (both).
    pub(super) fn new(pawns: bool) -> Share {
        Share {
            mirror_files: true,
            mirror_ranks: !pawns,
        }
    }

    /// The strong king's square of the placement at `index`.
    fn strong_king(pieces: usize, index: usize) -> usize {
        index >> (6 * (1 + pieces))
    }

    /// The squares to flip (xor) so that a placement with the strong king
    /// on `king` lands in the share.
    fn flip(self, king: usize) -> usize {
        let files = if self.mirror_files && king % 8 >= 4 {
            7
        } else {
            0
        };
        let ranks = if self.mirror_ranks && king >= 32 {
            56
        } else {
            0
        };
        files | ranks
    }

    /// Whether the placement at `index` (kings and `pieces` more men) is in
    /// the share.
    pub(super) fn holds(self, pieces: usize, index: usize) -> bool {
        self.flip(Share::strong_king(pieces, index)) == 0
    }

    /// The index of the image of the placement at `index`: a symmetry
    /// flips the same bits of every square, so the image is `index` with
    /// those bits flipped in each square's six, and no squares to unpack.
    pub(super) fn image_index(self, index: usize, pieces: usize) -> usize {
        index ^ (self.flip(Share::strong_king(pieces, index)) * EVERY_SQUARE[pieces])
    }

    /// Sets each value outside the share to its image's: one mask (see
    /// [`Share::image_index`]) for all the placements of a strong king square.
    pub(super) fn fill(self, values: &mut [u8], pieces: usize) {
        let block = 1usize << (6 * (1 + pieces));
        for king in 0..64 {
            let mask = self.flip(king) * EVERY_SQUARE[pieces];
            if mask == 0 {
                continue;
            }
            // The image block's king is in the share: never written here.
            let start = king * block;
            for i in start..start + block {
                values[i] = values[i ^ mask];
            }
        }
    }
}

/// `EVERY_SQUARE[pieces]`: a one in the lowest bit of each square's six in
/// an index of two kings and `pieces` more men; times a flip, the mask that
/// flips every square.
const EVERY_SQUARE: [usize; 3] = [0o101, 0o10101, 0o1010101];
