//! `S`: a middlegame/endgame score pair packed in one integer, and `Phase`,
//! the Compendium's game stage that tapers between the two.

use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};
use movegen::Board;

/// A packed (middlegame, endgame) score: one add handles both halves.
///
/// ```
/// use matewise_eval_terms::S;
/// let s = S::new(10, -20) + S::new(5, 5);
/// assert_eq!((s.mg(), s.eg()), (15, -15));
/// assert_eq!((s * 2).eg(), -30);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Default, Hash)]
pub struct S(i32);

impl S {
    /// Zero in both halves.
    pub const ZERO: S = S(0);

    /// Packs a middlegame and an endgame value (each within +-32767).
    #[inline]
    pub const fn new(mg: i32, eg: i32) -> S {
        S((eg << 16).wrapping_add(mg))
    }

    /// The middlegame half.
    #[inline]
    pub const fn mg(self) -> i32 {
        self.0 as i16 as i32
    }

    /// The endgame half.
    #[inline]
    pub const fn eg(self) -> i32 {
        ((self.0 + 0x8000) >> 16) as i16 as i32
    }

    /// Blends the halves by `phase`.
    #[inline]
    pub fn taper(self, phase: Phase) -> i32 {
        let p = phase.0 as i32;
        (self.mg() * p + self.eg() * (Phase::MAX - p)) / Phase::MAX
    }
}

impl core::fmt::Debug for S {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "S({}, {})", self.mg(), self.eg())
    }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, rhs: S) -> S {
        S(self.0.wrapping_add(rhs.0))
    }
}
impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, rhs: S) -> S {
        S(self.0.wrapping_sub(rhs.0))
    }
}
impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, rhs: S) {
        *self = *self + rhs;
    }
}
impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, rhs: S) {
        *self = *self - rhs;
    }
}
impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(self.0.wrapping_neg())
    }
}
impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, rhs: i32) -> S {
        S(self.0.wrapping_mul(rhs))
    }
}

/// The game stage as the Compendium defines it: the overall piece strength
/// on the board (Q 9, R 4.5, B 3, N 3 for each side; 60 at the start, 0 with
/// kings and pawns only), kept in half-points: 0..=120.
///
/// ```
/// use matewise_eval_terms::Phase;
/// use movegen::Board;
/// assert_eq!(Phase::of(&Board::default()).piece_strength(), 60.0);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Phase(pub u32);

impl Phase {
    /// The opening's piece strength, in half-points.
    pub const MAX: i32 = 120;

    /// The stage of `board` (promotions beyond the start clamp to the opening).
    pub fn of(board: &Board) -> Phase {
        Phase::from_strength(crate::total_strength_halves(board))
    }

    /// The stage from both sides' piece strength in half-points.
    pub(crate) fn from_strength(halves: u32) -> Phase {
        Phase(halves.min(Phase::MAX as u32))
    }

    /// The Compendium's piece strength, 60 down to 0.
    pub fn piece_strength(self) -> f32 {
        self.0 as f32 / 2.0
    }

    /// The Compendium's name for the stage.
    pub fn name(self) -> &'static str {
        match self.0 {
            90.. => "early middlegame",
            60..=89 => "late middlegame",
            30..=59 => "early endgame",
            _ => "late endgame",
        }
    }
}
