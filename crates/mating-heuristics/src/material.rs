//! Material counts per side, per kind, per square colour.

use core::fmt;

use crate::set::{KindId, MAX_KINDS};

/// One of the two players.
///
/// ```
/// use matewise_mating_heuristics::Side;
///
/// assert_eq!(Side::White.opponent(), Side::Black);
/// assert_eq!(Side::favoured_by(-35), Side::Black);
/// assert_eq!(Side::White.to_string(), "white");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side that moves first.
    White,
    /// The other side.
    Black,
}

impl Side {
    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The side an unscaled score (positive = good for White) favours:
    /// the leader to pass to [`PieceSet::drawishness`](crate::PieceSet::drawishness).
    /// A score of 0 counts as White's; dividing 0 changes nothing anyway.
    pub const fn favoured_by(score_for_white: i32) -> Side {
        if score_for_white < 0 {
            Side::Black
        } else {
            Side::White
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

/// The colour of a square, which a colour-bound piece can never change.
///
/// ```
/// use matewise_mating_heuristics::Shade;
///
/// assert_eq!(Shade::of_square(0, 0), Shade::Dark); // a1
/// assert_eq!(Shade::of_square(7, 0), Shade::Light); // h1
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    /// Light squares (h1, a8).
    Light,
    /// Dark squares (a1, h8).
    Dark,
}

impl Shade {
    /// The shade of the square on `file` and `rank`, counted from 0 at a1,
    /// which is dark on any board size.
    pub const fn of_square(file: u8, rank: u8) -> Shade {
        if (file ^ rank) & 1 == 0 {
            Shade::Dark
        } else {
            Shade::Light
        }
    }

    /// Both shades, light first.
    pub const ALL: [Shade; 2] = [Shade::Light, Shade::Dark];

    const fn index(self) -> usize {
        self as usize
    }
}

/// How many pieces of each kind each side has, split by the shade of the
/// square they stand on (which only matters for colour-bound kinds).
///
/// Plain arrays and `Copy`: an engine can keep one per position and update
/// it with [`add`](Material::add) and [`remove`](Material::remove) as
/// pieces are captured and promoted. Counts saturate instead of wrapping.
///
/// ```
/// use matewise_mating_heuristics::{orthodox, Material, Shade, Side};
///
/// // K+B+N vs K, the bishop on a light square.
/// let material = Material::new()
///     .with_on(Side::White, orthodox::BISHOP, Shade::Light, 1)
///     .with(Side::White, orthodox::KNIGHT, 1);
/// assert_eq!(material.count(Side::White, orthodox::BISHOP), 1);
/// assert_eq!(material.count_on(Side::White, orthodox::BISHOP, Shade::Dark), 0);
/// assert_eq!(material.count(Side::Black, orthodox::KNIGHT), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Material {
    counts: [[[u8; 2]; MAX_KINDS]; 2],
}

impl Material {
    /// No material at all (kings are never counted).
    pub const fn new() -> Material {
        Material {
            counts: [[[0; 2]; MAX_KINDS]; 2],
        }
    }

    /// One more piece of `kind` for `side`, on a square of `shade`.
    pub const fn add(&mut self, side: Side, kind: KindId, shade: Shade) {
        let count = &mut self.counts[side.index()][kind.index()][shade.index()];
        *count = count.saturating_add(1);
    }

    /// One piece fewer, e.g. after a capture; stays at 0 if there was none.
    pub const fn remove(&mut self, side: Side, kind: KindId, shade: Shade) {
        let count = &mut self.counts[side.index()][kind.index()][shade.index()];
        *count = count.saturating_sub(1);
    }

    /// This material plus `number` pieces of `kind` on squares of `shade`.
    pub const fn with_on(mut self, side: Side, kind: KindId, shade: Shade, number: u8) -> Material {
        let count = &mut self.counts[side.index()][kind.index()][shade.index()];
        *count = count.saturating_add(number);
        self
    }

    /// This material plus `number` pieces of `kind`, spread over both shades
    /// as evenly as possible (light gets the odd one): for colour-bound kinds
    /// the usual case of pieces on both colours. Use [`with_on`](Material::with_on)
    /// for an exact split.
    pub const fn with(self, side: Side, kind: KindId, number: u8) -> Material {
        self.with_on(side, kind, Shade::Light, number - number / 2)
            .with_on(side, kind, Shade::Dark, number / 2)
    }

    /// How many pieces of `kind` `side` has on squares of `shade`.
    pub const fn count_on(&self, side: Side, kind: KindId, shade: Shade) -> u8 {
        self.counts[side.index()][kind.index()][shade.index()]
    }

    /// How many pieces of `kind` `side` has.
    pub const fn count(&self, side: Side, kind: KindId) -> u16 {
        let [light, dark] = self.counts[side.index()][kind.index()];
        light as u16 + dark as u16
    }
}
