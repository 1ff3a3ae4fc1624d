//! The pawn hash table: pawn-structure terms depend on pawns alone, so
//! their sum is cached by the board's pawn key, with the sets later terms
//! need (passers, fixed pairs).

use crate::params::Weights;
use crate::score::S;
use crate::trace::{NoTrace, Terms};
use crate::{pawns, placement};
use movegen::{Board, Color};

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
}

const SHELTER_ENTRIES: usize = 1 << 15;

/// The shelter and storm terms (White minus Black) of one king: they depend
/// only on the pawns, the king's square and its side's castling rights.
#[derive(Copy, Clone, Debug, Default)]
struct ShelterSlot {
    /// The pawn key mixed with colour, king square and rights; 0 when empty.
    key: u64,
    score: S,
}

impl PawnEntry {
    pub(crate) fn new(passed: [u64; 2], fixed_pairs: u32) -> PawnEntry {
        PawnEntry {
            key: 0,
            score: S::ZERO,
            passed,
            fixed_pairs,
        }
    }
}

/// A direct-mapped cache of [`PawnEntry`], and beside it one of the
/// shelter terms per king square; one per search thread.
#[derive(Clone)]
pub(crate) struct PawnTable {
    entries: Vec<PawnEntry>,
    /// Its own table rather than a memo in the pawn entry: a king that
    /// walks (or a search that alternates between castling wings) keeps
    /// several squares of one pawn structure alive at once.
    shelters: Vec<ShelterSlot>,
    /// The weights the entries were computed with: other weights flush the table.
    weights_id: Option<usize>,
    probes: u64,
    hits: u64,
}

impl Default for PawnTable {
    fn default() -> Self {
        PawnTable {
            entries: vec![PawnEntry::default(); ENTRIES],
            shelters: vec![ShelterSlot::default(); SHELTER_ENTRIES],
            weights_id: None,
            probes: 0,
            hits: 0,
        }
    }
}

impl PawnTable {
    pub(crate) fn clear(&mut self) {
        self.entries.fill(PawnEntry::default());
        self.shelters.fill(ShelterSlot::default());
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
        let slot = Self::entry_slot(board);
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

    /// Starts fetching the pawn entry of `board` and the shelter slots of
    /// both kings, so that the evaluation finds them in cache when it gets
    /// to them instead of waiting on memory. A hint only.
    #[inline]
    pub(crate) fn prefetch(&self, board: &Board, shelter_keys: [u64; 2]) {
        prefetch(&self.entries[Self::entry_slot(board)]);
        for key in shelter_keys {
            prefetch(&self.shelters[Self::shelter_slot(key)]);
        }
    }

    #[inline]
    fn entry_slot(board: &Board) -> usize {
        (board.pawn_key() | 1) as usize & (ENTRIES - 1)
    }

    #[inline]
    fn shelter_slot(key: u64) -> usize {
        (key >> 32) as usize & (SHELTER_ENTRIES - 1)
    }

    /// The shelter and storm terms of the king whose [`shelter_key`] is
    /// `key`, from the table or from `compute` (then kept there). Call
    /// after [`probe`](Self::probe), which flushes the table for new weights.
    #[inline]
    pub(crate) fn shelter(&mut self, key: u64, compute: impl FnOnce() -> S) -> S {
        let slot = &mut self.shelters[Self::shelter_slot(key)];
        if slot.key != key {
            *slot = ShelterSlot {
                key,
                score: compute(),
            };
        }
        slot.score
    }
}

/// The shelter table's key for `color`'s king on `board`: the pawn key
/// mixed with the colour, the king's square and its castling rights as the
/// shelter sees them ([`crate::king::castling_key`]); never 0.
#[inline]
pub(crate) fn shelter_key(board: &Board, color: Color) -> u64 {
    let king = board.king(color).index();
    let rights = crate::king::castling_key(board, color);
    // Pawn keys are random, so a multiplicative mix of the rest keeps
    // the combined key as unlikely to collide as the pawn key itself.
    let situation = ((color.index() as u64) << 12 | (king as u64) << 4 | u64::from(rights)) + 1;
    (board.pawn_key() ^ situation.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1
}

#[inline]
fn prefetch<T>(slot: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: prefetching is a hint; the pointer is to a live slot.
        unsafe { _mm_prefetch(slot as *const T as *const i8, _MM_HINT_T0) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}
