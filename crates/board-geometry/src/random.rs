//! A small deterministic random number generator: splitmix64.
//!
//! Both games build their Zobrist keys from [`SplitMix64`] at compile time
//! (its draws are `const fn`), and the workspace's players, fixtures
//! and tests draw seeded random choices from [`SplitMix64`], so that a seed
//! always replays the same games. It is fast and well mixed, and not meant
//! for anything that needs unpredictability.

/// One step of the splitmix64 generator: the next state and a well-mixed
/// 64-bit value. A `const fn`, so key tables can be generated at compile
/// time.
///
/// ```
/// use board_geometry::splitmix64;
/// let (state, a) = splitmix64(1);
/// let (_, b) = splitmix64(state);
/// assert_ne!(a, b);
/// ```
#[must_use]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// A seeded generator built on [`splitmix64`]: every seed (0 included)
/// gives its own reproducible stream.
///
/// ```
/// use board_geometry::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// let roll = a.below(6);
/// assert!(roll < 6);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SplitMix64 {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_support::u64_hex"))]
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix64(self.state);
        self.state = state;
        value
    }

    /// The next `N` values of [`SplitMix64::next_u64`], in order: a table
    /// of keys, drawn at compile time where it is called in a `const`.
    ///
    /// ```
    /// use board_geometry::SplitMix64;
    /// const KEYS: [u64; 3] = SplitMix64::new(7).array();
    /// let mut rng = SplitMix64::new(7);
    /// assert_eq!(KEYS, [rng.next_u64(), rng.next_u64(), rng.next_u64()]);
    /// ```
    #[must_use]
    pub const fn array<const N: usize>(&mut self) -> [u64; N] {
        let mut values = [0; N];
        let mut i = 0;
        while i < N {
            values[i] = self.next_u64();
            i += 1;
        }
        values
    }

    /// A value in `0..n`, without the bias of a plain remainder
    /// (multiply-and-shift). Returns 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// `true` with probability one half: the top bit of the next
    /// [`SplitMix64::next_u64`] value.
    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// A uniformly chosen element of `items`, or `None` if it is empty.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = SplitMix64::new(0);
        let mut seen = [0u32; 7];
        for _ in 0..7_000 {
            seen[rng.below(7)] += 1;
        }
        // Each of the 7 values about 1,000 times.
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn known_values() {
        // The reference splitmix64 stream from seed 0 (Vigna's generator).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn coin_and_choose() {
        let mut rng = SplitMix64::new(3);
        let heads = (0..1000).filter(|_| rng.coin()).count();
        assert!((420..580).contains(&heads), "{heads}");
        assert_eq!(rng.choose::<u8>(&[]), None);
        assert_eq!(rng.choose(&[5]), Some(&5));
    }
}
