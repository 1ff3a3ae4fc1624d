//! Tracing: every term adds `count × weight` for a colour through
//! [`Terms::add`], and a [`Tracer`] may record the count. The evaluation is
//! linear in the weights until the final taper and scale, so the recorded
//! counts are exactly the gradient a tuner needs. [`NoTrace`] is zero-sized
//! and compiles away.

use crate::params::{Param, Weights};
use crate::score::S;
use movegen::Color;

/// Receives each term's coefficient as the evaluation adds it.
pub trait Tracer {
    /// False for [`NoTrace`]: lets the evaluation skip caches that would hide terms.
    const ACTIVE: bool;
    /// `count` more of flat weight `index` for `color`.
    fn add(&mut self, index: usize, color: Color, count: i32);
}

/// The tracer used in search: records nothing, costs nothing.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn add(&mut self, _: usize, _: Color, _: i32) {}
}

/// Per-colour coefficients of every weight: the evaluation's gradient.
///
/// ```
/// use matewise_eval_terms::{Trace, Weights, evaluate};
/// use movegen::Board;
/// let board = Board::default();
/// let mut trace = Trace::default();
/// let weights = Weights::default();
/// let evaluation = evaluate(&board, &weights, None, &mut trace);
/// // The traced coefficients rebuild the unscaled score exactly.
/// assert_eq!(trace.score(&weights), evaluation.terms);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// `[white, black]` count of each flat weight.
    pub coefficients: Vec<[i32; 2]>,
}

impl Default for Trace {
    fn default() -> Self {
        Trace {
            coefficients: vec![[0; 2]; Weights::LEN],
        }
    }
}

impl Tracer for Trace {
    const ACTIVE: bool = true;
    #[inline]
    fn add(&mut self, index: usize, color: Color, count: i32) {
        self.coefficients[index][color.index()] += count;
    }
}

impl Trace {
    /// White minus Black of every coefficient times its weight.
    pub fn score(&self, weights: &Weights) -> S {
        self.coefficients
            .iter()
            .enumerate()
            .fold(S::ZERO, |acc, (i, [w, b])| acc + weights[i] * (w - b))
    }

    /// One colour's contribution from the weights of `param`.
    pub fn param_score(&self, weights: &Weights, param: Param, color: Color) -> S {
        (param.offset..param.offset + param.len).fold(S::ZERO, |acc, i| {
            acc + weights[i] * self.coefficients[i][color.index()]
        })
    }
}

/// The running score of one evaluation: per-colour sums plus the tracer.
pub(crate) struct Terms<'a, T: Tracer> {
    pub(crate) weights: &'a Weights,
    pub(crate) tracer: &'a mut T,
    pub(crate) score: [S; 2],
    /// Sums a cache hands over already taken White minus Black.
    white_minus_black_sums: S,
}

impl<'a, T: Tracer> Terms<'a, T> {
    pub(crate) fn new(weights: &'a Weights, tracer: &'a mut T) -> Self {
        Terms {
            weights,
            tracer,
            score: [S::ZERO; 2],
            white_minus_black_sums: S::ZERO,
        }
    }

    /// Adds `count` times entry `i` of `param` for `color`.
    #[inline(always)]
    pub(crate) fn add(&mut self, param: Param, i: usize, color: Color, count: i32) {
        let index = param.at(i);
        self.score[color.index()] += self.weights[index] * count;
        self.tracer.add(index, color, count);
    }

    /// Adds entry 0 of a scalar `param` once for `color`.
    #[inline(always)]
    pub(crate) fn one(&mut self, param: Param, color: Color) {
        self.add(param, 0, color, 1);
    }

    /// Adds a sum of terms already taken White minus Black, as the caches
    /// keep them; the tracer sees none of it.
    #[inline(always)]
    pub(crate) fn add_white_minus_black(&mut self, sum: S) {
        self.white_minus_black_sums += sum;
    }

    /// White minus Black.
    pub(crate) fn white_minus_black(&self) -> S {
        self.score[0] - self.score[1] + self.white_minus_black_sums
    }
}
