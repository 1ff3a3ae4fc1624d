//! Where the parts of an evaluation that a cache can hold come from: the
//! per-thread tables ([`Cached`], for the search) or the term code itself
//! ([`Computed`], so that a tracer sees every term). The evaluation is
//! written once over [`Sources`]; which one it runs with is chosen once, in
//! [`crate::evaluate`].

use crate::info::Info;
use crate::material_table::MaterialInfo;
use crate::pawn_table::{PawnEntry, shelter_key};
use crate::placement::{self, PlacementTable};
use crate::trace::{Terms, Tracer};
use crate::{Tables, king, material, pawns};
use movegen::{Board, Color};

/// The cacheable parts of an evaluation, in the order the evaluation asks
/// for them. Each adds its terms to `terms` itself.
pub(crate) trait Sources {
    /// Starts fetching what the evaluation will read late.
    fn prefetch(&mut self, board: &Board);

    /// Adds the material terms, and gives the material information if it
    /// is at hand: always when Pair-o-Max's rules apply, which need it.
    fn material<T: Tracer>(
        &mut self,
        board: &Board,
        strength: u32,
        terms: &mut Terms<'_, T>,
    ) -> Option<MaterialInfo>;

    /// Adds the pawn-structure terms and the pawns' placement.
    fn pawns<T: Tracer>(&mut self, board: &Board, terms: &mut Terms<'_, T>) -> PawnEntry;

    /// Adds the king's and pawns' placement terms, or gives the table from
    /// which the piece loop adds every other piece's as it meets it.
    fn placement<T: Tracer>(
        &mut self,
        board: &Board,
        terms: &mut Terms<'_, T>,
    ) -> Option<&PlacementTable>;

    /// Adds the king-safety terms, the shelter and storm included.
    fn king_safety<T: Tracer>(&mut self, board: &Board, info: &Info, terms: &mut Terms<'_, T>);

    /// Whether Pair-o-Max's pair bonuses, divisor and known draws apply.
    fn mating_rules(&self) -> bool;
}

/// The search's sources: the pawn, shelter, material and placement tables.
pub(crate) struct Cached<'a> {
    tables: &'a mut Tables,
    shelter_keys: [u64; 2],
}

impl<'a> Cached<'a> {
    pub(crate) fn new(tables: &'a mut Tables) -> Cached<'a> {
        Cached {
            tables,
            shelter_keys: [0; 2],
        }
    }
}

impl Sources for Cached<'_> {
    #[inline(always)]
    fn prefetch(&mut self, board: &Board) {
        // The shelters are looked up after the piece loop: asked for now,
        // they arrive in cache meanwhile.
        self.shelter_keys = Color::ALL.map(|color| shelter_key(board, color));
        self.tables.pawns.prefetch(board, self.shelter_keys);
    }

    #[inline(always)]
    fn material<T: Tracer>(
        &mut self,
        board: &Board,
        strength: u32,
        terms: &mut Terms<'_, T>,
    ) -> Option<MaterialInfo> {
        let info = self.tables.material.probe(board, terms.weights, strength);
        terms.add_white_minus_black(info.terms);
        Some(info)
    }

    #[inline(always)]
    fn pawns<T: Tracer>(&mut self, board: &Board, terms: &mut Terms<'_, T>) -> PawnEntry {
        let entry = self.tables.pawns.probe(board, terms.weights);
        terms.add_white_minus_black(entry.score);
        entry
    }

    #[inline(always)]
    fn placement<T: Tracer>(
        &mut self,
        _board: &Board,
        terms: &mut Terms<'_, T>,
    ) -> Option<&PlacementTable> {
        self.tables.placement.prepare(terms.weights);
        Some(&self.tables.placement)
    }

    #[inline(always)]
    fn king_safety<T: Tracer>(&mut self, board: &Board, info: &Info, terms: &mut Terms<'_, T>) {
        // The shelter depends on pawns, king square and castling rights
        // alone, so it comes from the pawn table.
        for color in Color::ALL {
            let weights = terms.weights;
            let shelter = self
                .tables
                .pawns
                .shelter(self.shelter_keys[color.index()], || {
                    king::shelter_score(board, info, color, weights)
                });
            terms.add_white_minus_black(shelter);
        }
        king::evaluate(board, info, terms, false);
    }

    #[inline(always)]
    fn mating_rules(&self) -> bool {
        self.tables.mating_rules
    }
}

/// Every term worked out by the term code, each through the tracer.
pub(crate) struct Computed {
    /// Whether Pair-o-Max's rules apply.
    pub(crate) mating_rules: bool,
}

impl Sources for Computed {
    fn prefetch(&mut self, _board: &Board) {}

    fn material<T: Tracer>(
        &mut self,
        board: &Board,
        strength: u32,
        terms: &mut Terms<'_, T>,
    ) -> Option<MaterialInfo> {
        material::evaluate(board, strength, terms);
        self.mating_rules
            .then(|| MaterialInfo::compute(board, terms.weights, strength))
    }

    fn pawns<T: Tracer>(&mut self, board: &Board, terms: &mut Terms<'_, T>) -> PawnEntry {
        // The pawns' placement is added with every other piece's.
        pawns::evaluate(board, terms)
    }

    fn placement<T: Tracer>(
        &mut self,
        board: &Board,
        terms: &mut Terms<'_, T>,
    ) -> Option<&PlacementTable> {
        placement::evaluate(board, terms);
        None
    }

    fn king_safety<T: Tracer>(&mut self, board: &Board, info: &Info, terms: &mut Terms<'_, T>) {
        king::evaluate(board, info, terms, true);
    }

    fn mating_rules(&self) -> bool {
        self.mating_rules
    }
}
