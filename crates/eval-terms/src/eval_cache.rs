//! The evaluation cache: the search meets many positions more than once
//! (transpositions, re-searches, quiescence below a replaced hash entry),
//! and the evaluation depends on the position alone, so its final score is
//! kept by the board's full Zobrist key. A hit returns exactly the score a
//! fresh evaluation would.

const ENTRIES: usize = 1 << 16;
const EMPTY: i32 = i32::MIN;

#[derive(Copy, Clone)]
struct Slot {
    key: u64,
    score: i32,
}

const EMPTY_SLOT: Slot = Slot {
    key: 0,
    score: EMPTY,
};

/// A direct-mapped table of White-relative scores, one per search thread.
pub(crate) struct EvalCache {
    slots: Box<[Slot]>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            slots: vec![EMPTY_SLOT; ENTRIES].into_boxed_slice(),
        }
    }
}

impl EvalCache {
    pub(crate) fn clear(&mut self) {
        self.slots.fill(EMPTY_SLOT);
    }

    #[inline]
    fn slot(key: u64) -> usize {
        // The high bits: the low ones already pick the hash-table bucket.
        (key >> 48) as usize & (ENTRIES - 1)
    }

    /// Hints the CPU to fetch the slot of `key` early: the search knows a
    /// child's key well before it evaluates the child, and a slot read cold
    /// stalls for as long as a fifth of an evaluation.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let ptr = &self.slots[Self::slot(key)] as *const Slot as *const i8;
            // SAFETY: prefetching is a hint; the pointer is to a live slot.
            unsafe { _mm_prefetch(ptr, _MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The score stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<i32> {
        let slot = self.slots[Self::slot(key)];
        (slot.key == key && slot.score != EMPTY).then_some(slot.score)
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, score: i32) {
        self.slots[Self::slot(key)] = Slot { key, score };
    }
}
