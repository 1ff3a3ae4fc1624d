//! The evaluation's order of work: pawn terms (cached by pawn key), material
//! and placement, the piece loop (mobility and piece terms, filling the
//! attack maps), then what needs every attack (king safety, threats, space,
//! centre control, passers), the endgame terms, and finally the taper and
//! the two drawishness scales (the Compendium's drawing chances and
//! Pair-o-Max's mating potential).

use crate::endgame::DrawingChances;
use crate::info::Info;
use crate::known_draws::{self, KnownDraw};
use crate::material_table::MaterialInfo;
use crate::params::Weights;
use crate::pawn_table::{PawnEntry, PawnTable, shelter_key};
use crate::score::{Phase, S};
use crate::trace::{Terms, Tracer};
use crate::{endgame, king, material, opening, pawns, pieces, placement, threats, weights as w};
use mating_heuristics::Scale;
use movegen::{Board, Color};

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
/// term's coefficient to `tracer`. With `tables` the pawn and material
/// caches are used (the pawn table is skipped when tracing, so every term
/// is seen) and Pair-o-Max's rules apply if `tables.mating_rules`; without
/// tables they are off.
///
/// ```
/// use eval_terms::{NoTrace, Tables, Weights, evaluate};
/// use movegen::Board;
/// let board = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// let mut tables = Tables::default();
/// let e = evaluate(&board, &Weights::default(), Some(&mut tables), &mut NoTrace);
/// assert!(e.white_score > 800);
/// ```
pub fn evaluate<T: Tracer>(
    board: &Board,
    weights: &Weights,
    mut tables: Option<&mut Tables>,
    tracer: &mut T,
) -> Evaluation {
    let mut terms = Terms::new(weights, tracer);
    let strength = crate::total_strength_halves(board);
    // The shelters are looked up late, after the piece loop: asked for now,
    // they arrive in cache meanwhile.
    let shelter_keys = Color::ALL.map(|color| shelter_key(board, color));
    if let Some(tables) = tables.as_deref().filter(|_| !T::ACTIVE) {
        tables.pawns.prefetch(board, shelter_keys);
    }

    // The material terms depend on material alone: untraced evaluations
    // take them from the material table with the rest of its entry.
    let material: Option<MaterialInfo> = tables
        .as_deref_mut()
        .map(|t| t.material.probe(board, weights, strength));
    let material_terms = |terms: &mut Terms<'_, T>| match &material {
        Some(info) if !T::ACTIVE => terms.score[0] += info.terms,
        _ => material::evaluate(board, strength, terms),
    };

    let bare_king_mate = endgame::mating_a_bare_king(board);
    let pawn_entry = match tables.as_deref_mut() {
        // The pawn terms are not used against a bare king (see below).
        _ if bare_king_mate.is_some() => PawnEntry::default(),
        Some(tables) if !T::ACTIVE => tables.pawns.probe(board, weights),
        _ => {
            let mut pawn_terms = Terms::new(weights, terms.tracer);
            let entry = pawns::evaluate(board, &mut pawn_terms);
            terms.score[0] += pawn_terms.score[0];
            terms.score[1] += pawn_terms.score[1];
            entry
        }
    };

    if let Some(strong) = bare_king_mate {
        // Against a bare king with mating material only the material and the
        // mating technique count: the other terms (checks, mobility, piece
        // tables) pull the pieces about without bringing the mate nearer.
        material_terms(&mut terms);
        endgame::mop_up(board, strong, &mut terms);
    } else {
        let mut info = Info::new(board);
        terms.score[0] += pawn_entry.score;
        material_terms(&mut terms);
        // Untraced, the placement terms are summed per piece and square in a
        // table, which the piece loop reads as it meets each piece.
        match tables.as_deref_mut() {
            Some(tables) if !T::ACTIVE => tables.placement.prepare(weights),
            _ => placement::evaluate(board, &mut terms),
        }
        let placement = tables
            .as_deref()
            .filter(|_| !T::ACTIVE)
            .map(|t| &t.placement);
        pieces::evaluate(board, &mut info, &pawn_entry, placement, &mut terms);
        opening::evaluate(board, &info, strength, &mut terms);
        // The shelter depends on pawns, king square and castling rights
        // alone, so untraced searches take it from the pawn table.
        match tables.as_deref_mut() {
            Some(tables) if !T::ACTIVE => {
                for color in Color::ALL {
                    terms.score[0] += tables.pawns.shelter(shelter_keys[color.index()], || {
                        king::shelter_score(board, &info, color, weights)
                    });
                }
                king::evaluate(board, &info, &mut terms, false);
            }
            _ => king::evaluate(board, &info, &mut terms, true),
        }
        threats::evaluate(board, &info, &mut terms);
        placement::centre_control(&info, &mut terms);
        placement::space(board, &info, &mut terms);
        pawns::passers(board, &info, &pawn_entry, &mut terms);
        endgame::evaluate(board, &info, &pawn_entry, &mut terms);
        terms.one(w::TEMPO, board.side_to_move());
        let so_far = terms.white_minus_black();
        endgame::weaker_side(board, &pawn_entry, so_far, &mut terms);
    }

    let total = terms.white_minus_black();
    let phase = Phase::from_strength(strength);
    let drawing = match &material {
        Some(info) => endgame::with_fixed_pawns(info.drawing, &pawn_entry, total.eg()),
        None => endgame::drawing_chances(board, &pawn_entry, total.eg()),
    };
    let unscaled = taper(total, phase, drawing.scale);
    let mating_rules = tables.is_some_and(|t| t.mating_rules);
    let (pair_bonus, mating, white_score) = match material {
        Some(info) if mating_rules => {
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
