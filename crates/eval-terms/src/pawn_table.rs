//! The pawn hash table: pawn-structure terms depend on pawns alone, so
//! their sum is cached by the board's pawn key, with the sets later terms
//! need (passers, fixed pairs).

use crate::params::Weights;
use crate::score::S;
use crate::trace::{NoTrace, Terms};
use crate::{pawns, placement};
use movegen::Board;

const ENTRIES: usize = 1 << 14;

/// What the pawn structure contributes, and what other terms need from it.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct PawnEntry {
    key: u64,
    /// Pawn-only terms, White minus Black: the structure and the pawns'
    /// placement.
    pub(crate) score: S,
    /// Passed pawns per colour.
    pub(crate) passed: [u64; 2],
    /// White pawns with a black pawn right in front (the Compendium's fixed pairs).
    pub(crate) fixed_pairs: u32,
    /// Each colour's shelter and storm terms, for the king square and
    /// castling rights they were last computed with.
    shelter: [ShelterMemo; 2],
}

/// The shelter and storm terms (White minus Black) of one king: they depend
/// only on the pawns, the king's square and its side's castling rights.
#[derive(Copy, Clone, Debug)]
struct ShelterMemo {
    /// King square index and castling rights, or `u16::MAX` when empty.
    key: u16,
    score: S,
}

impl Default for ShelterMemo {
    fn default() -> Self {
        ShelterMemo {
            key: u16::MAX,
            score: S::ZERO,
        }
    }
}

impl PawnEntry {
    pub(crate) fn new(passed: [u64; 2], fixed_pairs: u32) -> PawnEntry {
        PawnEntry {
            key: 0,
            score: S::ZERO,
            passed,
            fixed_pairs,
            shelter: Default::default(),
        }
    }
}

/// A direct-mapped cache of [`PawnEntry`], one per search thread.
#[derive(Clone)]
pub(crate) struct PawnTable {
    entries: Vec<PawnEntry>,
    /// The weights the entries were computed with: other weights flush the table.
    weights_id: Option<usize>,
    probes: u64,
    hits: u64,
}

impl Default for PawnTable {
    fn default() -> Self {
        PawnTable {
            entries: vec![PawnEntry::default(); ENTRIES],
            weights_id: None,
            probes: 0,
            hits: 0,
        }
    }
}

impl PawnTable {
    pub(crate) fn clear(&mut self) {
        self.entries.fill(PawnEntry::default());
    }

    pub(crate) fn stats(&self) -> (u64, u64) {
        (self.probes, self.hits)
    }

    /// The pawn entry for `board`, computed with `weights` on a miss.
    #[inline]
    pub(crate) fn probe(&mut self, board: &Board, weights: &Weights) -> PawnEntry {
        let id = weights.cache_id();
        if self.weights_id != Some(id) {
            self.clear();
            self.weights_id = Some(id);
        }
        // Key 0 marks an empty slot, so a real key of 0 is nudged.
        let key = board.pawn_key() | 1;
        let slot = (key as usize) & (ENTRIES - 1);
        self.probes += 1;
        let entry = self.entries[slot];
        if entry.key == key {
            self.hits += 1;
            return entry;
        }
        let mut tracer = NoTrace;
        let mut terms = Terms::new(weights, &mut tracer);
        let mut entry = pawns::evaluate(board, &mut terms);
        placement::pawn_occupation(board, &mut terms);
        entry.key = key;
        entry.score = terms.white_minus_black();
        self.entries[slot] = entry;
        entry
    }

    /// The shelter and storm terms of `color`'s king on `king` with castling
    /// rights `rights` (a small number), from the entry of `board`'s pawns
    /// or from `compute` (then kept there). Call after [`probe`](Self::probe)
    /// for the same board.
    #[inline]
    pub(crate) fn shelter(
        &mut self,
        board: &Board,
        color: usize,
        king: usize,
        rights: u16,
        compute: impl FnOnce() -> S,
    ) -> S {
        let key = board.pawn_key() | 1;
        let entry = &mut self.entries[(key as usize) & (ENTRIES - 1)];
        let memo_key = (king as u16) << 4 | rights;
        if entry.key != key {
            return compute();
        }
        let memo = &mut entry.shelter[color];
        if memo.key != memo_key {
            *memo = ShelterMemo {
                key: memo_key,
                score: compute(),
            };
        }
        memo.score
    }
}
