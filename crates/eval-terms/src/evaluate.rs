//! The evaluation's order of work: pawn terms (cached by pawn key), material
//! and placement, the piece loop (mobility and piece terms, filling the
//! attack maps), then what needs every attack (king safety, threats, space,
//! centre control, passers), the endgame terms, and finally the taper and
//! the two drawishness scales (the Compendium's drawing chances and
//! Pair-o-Max's mating potential).

use crate::endgame::DrawingChances;
use crate::info::Info;
use crate::known_draws::{self, KnownDraw};
use crate::params::Weights;
use crate::pawn_table::{PawnEntry, PawnTable};
use crate::score::{Phase, S};
use crate::sources::{Cached, Computed, Sources};
use crate::trace::{Terms, Tracer};
use crate::{endgame, opening, pawns, pieces, placement, threats, weights as w};
use mating_heuristics::Scale;
use movegen::Board;

/// The per-thread caches an evaluation may use.
pub struct Tables {
    /// Whether Pair-o-Max's pair bonuses and drawishness divisor apply.
    pub mating_rules: bool,
    pub(crate) pawns: PawnTable,
    pub(crate) material: crate::material_table::MaterialTable,
    pub(crate) placement: crate::placement::PlacementTable,
}

impl Default for Tables {
    fn default() -> Self {
        Tables {
            mating_rules: true,
            pawns: PawnTable::default(),
            material: Default::default(),
            placement: Default::default(),
        }
    }
}

impl Tables {
    /// Forgets every cached entry.
    pub fn clear(&mut self) {
        self.pawns.clear();
        self.material.clear();
    }

    /// Pawn-table probes and hits since creation.
    pub fn pawn_table_stats(&self) -> (u64, u64) {
        self.pawns.stats()
    }
}

/// The result of one evaluation, from White's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The sum of every term, White minus Black, before tapering.
    pub terms: S,
    /// The game stage.
    pub phase: Phase,
    /// The Compendium's drawing chances: the scale of the endgame half, out
    /// of [`DRAW_SCALE_ONE`], and the configurations that set it.
    pub drawing: DrawingChances,
    /// The tapered, drawing-scaled score before Pair-o-Max's divisor.
    pub unscaled: i32,
    /// Pair-o-Max's pair bonuses, White's minus Black's (0 when the rules are off).
    pub pair_bonus: i32,
    /// Pair-o-Max's scale (`None` when the rules are off).
    pub mating: Option<Scale>,
    /// The rule that makes the position a known draw, scored 0.
    pub known_draw: Option<KnownDraw>,
    /// The final score from White's side.
    pub white_score: i32,
}

/// The drawing-chance scale that leaves the endgame half as it is.
pub const DRAW_SCALE_ONE: i32 = 64;

/// Evaluates `board` from White's side with `weights`, reporting every
/// term's coefficient to `tracer`. With `tables`, Pair-o-Max's rules apply
/// if `tables.mating_rules` (without tables they are off), and an untraced
/// evaluation takes what it can from the caches; a traced one works out
/// every term, so that the tracer sees each.
///
/// ```
/// use matewise_eval_terms::{NoTrace, Tables, Weights, evaluate};
/// use movegen::Board;
/// let board = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// let mut tables = Tables::default();
/// let e = evaluate(&board, &Weights::default(), Some(&mut tables), &mut NoTrace);
/// assert!(e.white_score > 800);
/// ```
pub fn evaluate<T: Tracer>(
    board: &Board,
    weights: &Weights,
    tables: Option<&mut Tables>,
    tracer: &mut T,
) -> Evaluation {
    // The one choice between the caches and the term code: a cache hands
    // over sums, which would hide their terms from a tracer.
    match tables {
        Some(tables) if !T::ACTIVE => evaluate_from(board, weights, Cached::new(tables), tracer),
        tables => {
            let mating_rules = tables.is_some_and(|t| t.mating_rules);
            evaluate_from(board, weights, Computed { mating_rules }, tracer)
        }
    }
}

/// The evaluation, with its cacheable parts from `sources`.
fn evaluate_from<T: Tracer>(
    board: &Board,
    weights: &Weights,
    mut sources: impl Sources,
    tracer: &mut T,
) -> Evaluation {
    let mut terms = Terms::new(weights, tracer);
    let strength = crate::total_strength_halves(board);
    sources.prefetch(board);
    let material = sources.material(board, strength, &mut terms);

    let bare_king_mate = endgame::mating_a_bare_king(board);
    let pawn_entry = if let Some(strong) = bare_king_mate {
        // Against a bare king with mating material only the material and the
        // mating technique count: the other terms (checks, mobility, piece
        // tables) pull the pieces about without bringing the mate nearer.
        endgame::mop_up(board, strong, &mut terms);
        PawnEntry::default()
    } else {
        let pawn_entry = sources.pawns(board, &mut terms);
        let mut info = Info::new(board);
        let placement = sources.placement(board, &mut terms);
        pieces::evaluate(board, &mut info, &pawn_entry, placement, &mut terms);
        opening::evaluate(board, &info, strength, &mut terms);
        sources.king_safety(board, &info, &mut terms);
        threats::evaluate(board, &info, &mut terms);
        placement::centre_control(&info, &mut terms);
        placement::space(board, &info, &mut terms);
        pawns::passers(board, &info, &pawn_entry, &mut terms);
        endgame::evaluate(board, &info, &pawn_entry, &mut terms);
        terms.one(w::TEMPO, board.side_to_move());
        let so_far = terms.white_minus_black();
        endgame::weaker_side(board, &pawn_entry, so_far, &mut terms);
        pawn_entry
    };

    let total = terms.white_minus_black();
    let phase = Phase::from_strength(strength);
    let drawing = match &material {
        Some(info) => endgame::with_fixed_pawns(info.drawing, &pawn_entry, total.eg()),
        None => endgame::drawing_chances(board, &pawn_entry, total.eg()),
    };
    let unscaled = taper(total, phase, drawing.scale);
    let (pair_bonus, mating, white_score) = match material {
        Some(info) if sources.mating_rules() => {
            let with_pairs = unscaled + info.pair_bonus;
            let scale = info.scale(with_pairs);
            (info.pair_bonus, Some(scale), scale.apply(with_pairs))
        }
        _ => (0, None, unscaled),
    };
    // Known draws extend Pair-o-Max's drawishness rules and are switched
    // with them (`MatingPotential`), so that either can be measured alone.
    let known_draw = mating.and_then(|_| known_draws::known_draw(board));
    let white_score = if known_draw.is_some() { 0 } else { white_score };
    Evaluation {
        terms: total,
        phase,
        drawing,
        unscaled,
        pair_bonus,
        mating,
        known_draw,
        white_score,
    }
}

/// Blends middlegame and endgame by the phase, the endgame half scaled by
/// the drawing chances.
pub(crate) fn taper(total: S, phase: Phase, drawing_scale: i32) -> i32 {
    let p = phase.0 as i32;
    let eg = total.eg() * drawing_scale / DRAW_SCALE_ONE;
    (total.mg() * p + eg * (Phase::MAX - p)) / Phase::MAX
}
