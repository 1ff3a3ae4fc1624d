//! The transposition table: shared by all threads without locks.
//!
//! Each entry is two atomic words, the key stored XOR the data (Hyatt's
//! lockless hashing): a torn write from two threads fails the key check and
//! reads as a miss instead of returning a mixed entry.

use crate::score::{from_table, to_table};
use crate::zeroed::{Zeroable, ZeroedBuffer};
use movegen::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at least the score (a fail-high).
    Lower,
    /// The true value is at most the score (a fail-low).
    Upper,
    /// The score is exact.
    Exact,
}

/// A successful probe.
#[derive(Copy, Clone, Debug)]
pub struct TtHit {
    /// The best move found, `Move::NULL` if none.
    pub mv: Move,
    /// The score, adjusted to the probing ply.
    pub score: i32,
    /// The static evaluation stored with it.
    pub eval: i32,
    /// The draft (remaining depth) of the search that stored it.
    pub depth: i32,
    /// The bound type.
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

const ENTRIES_PER_BUCKET: usize = 4;

#[repr(align(64))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

// SAFETY: a bucket is atomics only; all zero is an empty bucket.
unsafe impl Zeroable for Bucket {}

// data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | generation 6
fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let bound = match bound {
        Bound::Lower => 1u64,
        Bound::Upper => 2,
        Bound::Exact => 3,
    };
    u64::from(mv.to_bits())
        | u64::from(score as i16 as u16) << 16
        | u64::from(eval as i16 as u16) << 32
        | u64::from((depth.clamp(-1, 254) as u8).wrapping_add(1)) << 48
        | bound << 56
        | u64::from(generation & 63) << 58
}

impl TtHit {
    /// True if the stored score settles a node searched with `(alpha, beta)`.
    #[inline]
    pub fn cuts(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

fn depth_of(data: u64) -> i32 {
    i32::from((data >> 48) as u8) - 1
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8
}

/// The shared hash table of search results.
///
/// ```
/// use matewise_search::{Bound, TranspositionTable};
/// use movegen::Move;
/// let tt = TranspositionTable::new(1);
/// tt.store(0xDEAD_BEEF, Move::NULL, 25, 10, 4, Bound::Exact, 0);
/// let hit = tt.probe(0xDEAD_BEEF, 0).unwrap();
/// assert_eq!((hit.score, hit.depth, hit.bound), (25, 4, Bound::Exact));
/// assert!(tt.probe(0xBEEF_DEAD, 0).is_none());
/// ```
pub struct TranspositionTable {
    buckets: ZeroedBuffer<Bucket>,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one bucket).
    ///
    /// # Panics
    /// If the memory cannot be had; use [`TranspositionTable::try_new`] to handle that.
    pub fn new(megabytes: usize) -> TranspositionTable {
        Self::try_new(megabytes).expect("memory for the transposition table")
    }

    /// A table of about `megabytes` MB, or `None` if the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Option<TranspositionTable> {
        let count = megabytes.saturating_mul(1 << 20) / size_of::<Bucket>();
        Some(TranspositionTable {
            buckets: ZeroedBuffer::try_new(count)?,
            generation: AtomicU8::new(0),
        })
    }

    /// Empties the table (`ucinewgame`, `Clear Hash`).
    pub fn clear(&self) {
        for bucket in self.buckets.iter() {
            for entry in &bucket.entries {
                entry.key_xor_data.store(0, Relaxed);
                entry.data.store(0, Relaxed);
            }
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn generation(&self) -> u8 {
        self.generation.load(Relaxed) & 63
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Hints the CPU to fetch the bucket of `key` early.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let ptr = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: prefetching is a hint; the pointer is to a live bucket.
            unsafe { _mm_prefetch(ptr, _MM_HINT_T0) };
        }
    }

    /// Looks up `key`; mate scores come back relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        for entry in &self.bucket(key).entries {
            let data = entry.data.load(Relaxed);
            if entry.key_xor_data.load(Relaxed) ^ data != key || data == 0 {
                continue;
            }
            let bound = match (data >> 56) & 3 {
                1 => Bound::Lower,
                2 => Bound::Upper,
                3 => Bound::Exact,
                _ => continue,
            };
            return Some(TtHit {
                mv: Move::from_bits(data as u16),
                score: from_table(i32::from((data >> 16) as u16 as i16), ply),
                eval: i32::from((data >> 32) as u16 as i16),
                depth: depth_of(data),
                bound,
            });
        }
        None
    }

    /// Stores a result, replacing the same position or the least valuable
    /// entry (shallow and old) of the bucket.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        key: u64,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        // A static evaluation never reaches the mate range; one that does
        // is a sentinel (-INFINITE) that escaped and would poison pruning.
        debug_assert!(eval.abs() < crate::score::TB_BOUND, "stored eval {eval}");
        let generation = self.generation();
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        for entry in &bucket.entries {
            let data = entry.data.load(Relaxed);
            let stored_key = entry.key_xor_data.load(Relaxed) ^ data;
            if data == 0 || stored_key == key {
                victim = entry;
                if stored_key == key && data != 0 {
                    // Keep a deeper result for the same position unless this one is exact.
                    if bound != Bound::Exact
                        && depth + 3 < depth_of(data)
                        && generation_of(data) == generation
                    {
                        return;
                    }
                    // Keep the old move if this search found none.
                    if mv.is_null() {
                        let old = Move::from_bits(data as u16);
                        return self
                            .write(entry, key, old, score, eval, depth, bound, ply, generation);
                    }
                }
                break;
            }
            let age = i32::from(generation.wrapping_sub(generation_of(data)) & 63);
            let worth = depth_of(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = entry;
            }
        }
        self.write(victim, key, mv, score, eval, depth, bound, ply, generation);
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn write(
        &self,
        entry: &Entry,
        key: u64,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
        generation: u8,
    ) {
        let data = pack(mv, to_table(score, ply), eval, depth, bound, generation);
        entry.data.store(data, Relaxed);
        entry.key_xor_data.store(key ^ data, Relaxed);
    }

    /// Per mille of sampled entries written in the current search (UCI `hashfull`).
    ///
    /// ```
    /// use movegen::Move;
    /// use matewise_search::{Bound, TranspositionTable};
    /// let tt = TranspositionTable::new(1);
    /// assert_eq!(tt.hashfull(), 0);
    /// for key in 1..=20_000u64 {
    ///     tt.store(key.wrapping_mul(0x9e37_79b9_7f4a_7c15), Move::NULL, 0, 0, 1, Bound::Exact, 0);
    /// }
    /// assert!(tt.hashfull() > 100);
    /// tt.new_search(); // the entries are now from an older search
    /// assert_eq!(tt.hashfull(), 0);
    /// ```
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation();
        let sample = self.buckets.len().min(250);
        let used: usize = self.buckets[..sample]
            .iter()
            .flat_map(|b| &b.entries)
            .filter(|e| {
                let data = e.data.load(Relaxed);
                data != 0 && generation_of(data) == generation
            })
            .count();
        (used * 1000 / (sample * ENTRIES_PER_BUCKET)) as u32
    }

    /// The table's size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }
}
