//! SplitMix64, the workspace's one small seeded random-number generator.
//!
//! This file is also compiled into the build script (`#[path]`), which makes
//! the magic numbers and Zobrist keys, so it uses nothing from the crate.

/// SplitMix64 (Steele, Lea and Flood): tiny, fast and reproducible, good
/// enough for magic numbers, Zobrist keys, random games and seeded samples.
/// Not for anything that must be unpredictable.
///
/// The same seed gives the same sequence on every machine, so every seeded
/// output (the attack tables, datagen's openings, test positions) stays fixed.
///
/// # Examples
///
/// ```
/// use matewise_movegen::SplitMix64;
///
/// let mut rng = SplitMix64::new(7);
/// let first = rng.next_u64();
/// assert_eq!(SplitMix64::new(7).next_u64(), first);
/// assert!(rng.below(6) < 6);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose sequence is fixed by `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` from the remainder of the next draw (`n > 0`).
    ///
    /// # Panics
    ///
    /// If `n` is zero.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `0..n` from the high 32 bits of the next draw scaled by
    /// `n`, without a division (`n` below 2^32; 0 when `n` is 0). It picks
    /// differently from [`below`](Self::below) for the same seed.
    pub fn below_scaled(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Sparse random bits, about one in eight set: candidate magic numbers,
    /// occupancies with open lines.
    pub fn sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_splitmix64s() {
        // The reference implementation's first outputs for seed 1234567: the
        // attack tables, Zobrist keys and every seeded sample depend on them.
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(rng.next_u64(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn both_ranges_stay_below_n() {
        let mut rng = SplitMix64::new(3);
        for n in 1..200 {
            assert!(rng.below(n) < n);
            assert!(rng.below_scaled(n) < n);
        }
    }
}
