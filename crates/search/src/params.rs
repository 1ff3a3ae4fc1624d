//! The search's tunable constants, declared once: every margin, reduction,
//! depth limit and history bonus the search uses, with a default, a range
//! and an SPSA step. What the `weights!` table is for the evaluation.
//!
//! In a normal build each parameter is its default, folded into the code
//! as a constant, and no option lists them. With the `tune` cargo feature
//! each one can be set at run time (`Param::set`, which only that build
//! has): the engine lists them as UCI spin options, for `cargo xtask spsa`
//! and OpenBench.
//!
//! ```
//! use matewise_search::params::{self, RFP_MARGIN};
//! assert!(params::ALL.iter().any(|p| p.name == "RFP_MARGIN"));
//! assert_eq!(RFP_MARGIN.get(), RFP_MARGIN.default);
//! assert!(RFP_MARGIN.min <= RFP_MARGIN.default && RFP_MARGIN.default <= RFP_MARGIN.max);
//! ```

#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

/// One tunable search constant.
#[derive(Debug)]
pub struct Param {
    /// The name, as a UCI option and in SPSA's output.
    pub name: &'static str,
    /// The value a normal build uses.
    pub default: i32,
    /// The least value tuning may try.
    pub min: i32,
    /// The greatest value tuning may try.
    pub max: i32,
    /// SPSA's final perturbation: a change of about this size should be
    /// measurable in games.
    pub step: i32,
    #[cfg(feature = "tune")]
    value: AtomicI32,
}

impl Param {
    const fn new(name: &'static str, default: i32, min: i32, max: i32, step: i32) -> Param {
        Param {
            name,
            default,
            min,
            max,
            step,
            #[cfg(feature = "tune")]
            value: AtomicI32::new(default),
        }
    }

    /// The value in force.
    #[inline(always)]
    pub fn get(&self) -> i32 {
        #[cfg(feature = "tune")]
        {
            self.value.load(Relaxed)
        }
        #[cfg(not(feature = "tune"))]
        {
            self.default
        }
    }

    /// Sets the value (`tune` builds only), within `min..=max`.
    ///
    /// # Errors
    /// A value outside the range is refused, and the old value stays.
    #[cfg(feature = "tune")]
    pub fn set(&self, value: i32) -> Result<(), String> {
        if !(self.min..=self.max).contains(&value) {
            return Err(format!(
                "{} must be within {}..={}, not {value}",
                self.name, self.min, self.max
            ));
        }
        self.value.store(value, Relaxed);
        Ok(())
    }
}

macro_rules! search_params {
    ($($(#[doc = $doc:expr])+ $name:ident = $default:literal, $min:literal ..= $max:literal, step $step:literal;)+) => {
        $(
            $(#[doc = $doc])+
            pub static $name: Param = Param::new(stringify!($name), $default, $min, $max, $step);
        )+
        /// Every parameter, in declaration order.
        pub static ALL: &[&Param] = &[$(&$name),+];
    };
}

search_params! {
    /// Reverse futility pruning: the deepest node it applies at.
    RFP_MAX_DEPTH = 8, 4..=12, step 1;
    /// Reverse futility pruning: the margin per ply of depth, in centipawns.
    RFP_MARGIN = 80, 30..=160, step 8;
    /// Reverse futility pruning: how much less margin an improving node needs.
    RFP_IMPROVING = 50, 0..=120, step 8;
    /// Null move: the least depth it is tried at.
    NMP_MIN_DEPTH = 3, 2..=5, step 1;
    /// Null move: the reduction every null move gets.
    NMP_BASE_REDUCTION = 3, 2..=5, step 1;
    /// Null move: one more ply of reduction per this many plies of depth.
    NMP_DEPTH_DIVISOR = 3, 2..=6, step 1;
    /// Null move: one more ply of reduction per this many centipawns above beta.
    NMP_EVAL_DIVISOR = 200, 80..=400, step 20;
    /// Null move: the most plies the margin above beta may add.
    NMP_EVAL_MAX_REDUCTION = 3, 1..=5, step 1;
    /// Internal iterative reduction: the least depth a node without a hash
    /// move is searched a ply shallower at.
    IIR_MIN_DEPTH = 4, 2..=8, step 1;
    /// Late move pruning: the deepest node it applies at.
    LMP_MAX_DEPTH = 8, 4..=12, step 1;
    /// Late move pruning: quiets tried before the rest are pruned, plus
    /// depth squared (halved at a node that is not improving).
    LMP_BASE = 3, 1..=8, step 1;
    /// History pruning: the deepest node it applies at (0: never).
    HISTORY_PRUNE_MAX_DEPTH = 3, 0..=6, step 1;
    /// History pruning: a quiet move is pruned when its history (butterfly
    /// and both continuations) is below minus this per ply of depth.
    HISTORY_PRUNE_MARGIN = 4000, 500..=12000, step 500;
    /// Futility pruning: the deepest node it applies at.
    FUTILITY_MAX_DEPTH = 6, 3..=10, step 1;
    /// Futility pruning: the margin at depth zero, in centipawns.
    FUTILITY_BASE = 100, 30..=250, step 10;
    /// Futility pruning: the margin per ply of depth, in centipawns.
    FUTILITY_MARGIN = 90, 40..=180, step 8;
    /// SEE pruning of captures: the deepest node it applies at.
    SEE_PRUNE_MAX_DEPTH = 6, 3..=10, step 1;
    /// SEE pruning of captures: the material a capture may lose per ply of
    /// depth, in centipawns.
    SEE_PRUNE_MARGIN = 90, 30..=200, step 10;
    /// Singular extensions: the least depth a hash move is tested at.
    SINGULAR_MIN_DEPTH = 8, 5..=12, step 1;
    /// Singular extensions: tested only below this score; past it the game
    /// is decided, and a bigger tree only delays the mate.
    SINGULAR_MAX_SCORE = 500, 200..=1000, step 50;
    /// Singular extensions: the margin below the hash score per ply of depth.
    SINGULAR_MARGIN = 2, 1..=4, step 1;
    /// Late move reductions: plies less for a killer or the counter move.
    LMR_REFUTATION = 1, 0..=2, step 1;
    /// Singular extensions: plies taken off a hash move that is not
    /// singular while its table score reaches beta (another move is as
    /// good, so the hash move needs less proof).
    SINGULAR_NEGATIVE = 1, 0..=2, step 1;
    /// Quiescence futility: a capture that cannot lift the evaluation plus
    /// this margin plus its victim's value to alpha is skipped (0: never).
    QS_FUTILITY_MARGIN = 200, 0..=400, step 20;
    /// How much each colour's non-pawn correction counts, in 64ths of the
    /// pawn structure's.
    CORRECTION_NON_PAWN_WEIGHT = 64, 0..=96, step 8;
    /// 1: quiescence stands pat on the table's score where its bound puts
    /// the value beyond the static evaluation (0: the evaluation alone).
    QS_TT_STAND_PAT = 1, 0..=1, step 1;
    /// 1: reverse futility, the null move and futility read the table's
    /// score where its bound says the value lies beyond the static
    /// evaluation (0: the static evaluation alone).
    TT_EVAL_REFINE = 1, 0..=1, step 1;
    /// Late move reductions: the least depth they apply at.
    LMR_MIN_DEPTH = 3, 2..=5, step 1;
    /// Late move reductions: the constant of the formula, in hundredths of a ply.
    LMR_BASE = 75, 0..=150, step 10;
    /// Late move reductions: ln(depth) ln(moves) is divided by this, in hundredths.
    LMR_DIVISOR = 225, 150..=350, step 15;
    /// Late move reductions: one ply less per this much quiet history.
    LMR_HISTORY_DIVISOR = 8192, 2048..=16384, step 512;
    /// History bonus: the coefficient of depth squared.
    HISTORY_BONUS_QUADRATIC = 16, 4..=32, step 2;
    /// History bonus: the coefficient of depth.
    HISTORY_BONUS_LINEAR = 32, 0..=96, step 8;
    /// History bonus: its largest value.
    HISTORY_BONUS_MAX = 1600, 800..=3200, step 100;
    /// Aspiration windows: the least depth they are used at.
    ASPIRATION_MIN_DEPTH = 4, 2..=8, step 1;
    /// Aspiration windows: the first window's half-width, in centipawns
    /// (widened by half again after each fail).
    ASPIRATION_DELTA = 20, 5..=60, step 3;
    /// Time: the soft limit's share of a move's planned time, in percent.
    TIME_SOFT_PERCENT = 60, 30..=100, step 5;
    /// Time: moves of reserve a clock without `movestogo` is shared over
    /// beyond [`crate::SUDDEN_DEATH_MOVES`]. The searches of an ending spend
    /// less than their share, so a clock planned over ten more moves settled
    /// near 2.4 s at 10+0.1, more than twice the increment reserve its
    /// ceiling keeps; four settles near 1.3 s.
    TIME_SUDDEN_DEATH_RESERVE_MOVES = 4, 0..=12, step 1;
    /// Time: the hard limit, in multiples of a move's planned time.
    TIME_HARD_MULTIPLE = 3, 2..=6, step 1;
    /// Time: the soft limit's stretch with an unsettled best move, in percent.
    TIME_UNSTABLE_PERCENT = 140, 100..=200, step 8;
    /// Time: the stretch taken off per iteration the best move has held, in
    /// percent (up to six iterations).
    TIME_STABLE_STEP_PERCENT = 12, 0..=20, step 2;
    /// Time: the soft limit scales by (this - the best move's share of the
    /// root's nodes) x [`TIME_NODES_SCALE_PERCENT`], both in percent: a move
    /// that took nearly every node is settled, one that took few is not.
    TIME_NODES_OFFSET_PERCENT = 150, 110..=200, step 5;
    /// Time: see [`TIME_NODES_OFFSET_PERCENT`].
    TIME_NODES_SCALE_PERCENT = 135, 60..=200, step 8;
    /// Time: the soft limit stretches by this many thousandths per centipawn
    /// the best score fell over the last three iterations, and shrinks as
    /// much per centipawn it rose.
    TIME_SCORE_DROP_PERMILLE = 10, 0..=30, step 2;
    /// Time: the largest score change, in centipawns, that
    /// [`TIME_SCORE_DROP_PERMILLE`] counts.
    TIME_SCORE_DROP_CAP = 30, 10..=80, step 5;
}

/// The parameter named `name`, if there is one.
///
/// ```
/// assert!(matewise_search::params::find("LMR_BASE").is_some());
/// assert!(matewise_search::params::find("NO_SUCH").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static Param> {
    ALL.iter().copied().find(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "tune")]
    #[test]
    fn a_tune_build_sets_a_parameter_within_its_range() {
        LMR_DIVISOR.set(260).unwrap();
        assert_eq!(LMR_DIVISOR.get(), 260);
        assert!(LMR_DIVISOR.set(9999).is_err());
        assert_eq!(LMR_DIVISOR.get(), 260);
        LMR_DIVISOR.set(225).unwrap();
    }

    #[test]
    fn names_are_unique_and_defaults_within_range() {
        for (i, p) in ALL.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert!(p.step > 0 && p.step <= p.max - p.min, "{}", p.name);
            assert!(ALL[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        }
    }
}
