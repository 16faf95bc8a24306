//! Colour-swapped pairs of games: the pentanomial counts.

use super::{Z95, elo, llr};

/// The first engine's points in colour-swapped pairs of games: how many
/// pairs it scored 0, ½, 1, 1½ and 2 points in (`counts[k]`: pairs of `k`
/// half-points).
///
/// ```
/// use game_search::stats::Pentanomial;
/// let mut pairs = Pentanomial::default();
/// pairs.add(4); // both games won
/// pairs.add(2); // one won, one lost (or two draws)
/// assert_eq!(pairs.pairs(), 2);
/// assert_eq!(pairs.score(), 0.75);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pentanomial {
    /// Pairs by the first engine's half-points in them, 0 to 4.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Adds a pair in which the first engine scored `half_points` (0 to 4;
    /// more counts as 4).
    pub fn add(&mut self, half_points: u32) {
        self.counts[half_points.min(4) as usize] += 1;
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The mean score of a game (a pair's points over 2), from 0 to 1; 0.5
    /// before any pair.
    #[must_use]
    pub fn score(&self) -> f64 {
        mean(&self.counts.map(f64::from)).unwrap_or(0.5)
    }

    /// The variance of a pair's mean score, or, while every pair has had
    /// the same result (a variance of 0, which would make an interval of
    /// no width and an SPRT that never decides), that of the counts with
    /// half a pair of each result added.
    fn variance(&self) -> f64 {
        let v = variance(&self.counts.map(f64::from));
        if v > 0.0 || self.pairs() == 0 {
            return v;
        }
        variance(&self.counts.map(|c| f64::from(c) + 0.5))
    }

    /// The Elo difference (first engine minus second) and its 95%
    /// interval, from the pairs' mean and variance (a normal interval);
    /// a bound is infinite where the interval reaches a score of 0 or 1.
    ///
    /// ```
    /// use game_search::stats::Pentanomial;
    /// let pairs = Pentanomial { counts: [5, 10, 20, 10, 5] };
    /// let (elo, (low, high)) = pairs.elo();
    /// assert_eq!(elo, 0.0);
    /// assert!(low < 0.0 && high > 0.0 && (low + high).abs() < 1e-9);
    /// // Every pair won twice: as strong as can be shown.
    /// let (elo, (low, high)) = Pentanomial { counts: [0, 0, 0, 0, 6] }.elo();
    /// assert!(elo == f64::INFINITY && high == f64::INFINITY && low.is_finite());
    /// ```
    #[must_use]
    pub fn elo(&self) -> (f64, (f64, f64)) {
        let n = self.pairs();
        if n == 0 {
            return (0.0, (f64::NEG_INFINITY, f64::INFINITY));
        }
        let s = self.score();
        let half = Z95 * (self.variance() / f64::from(n)).sqrt();
        let mut high = (s + half).min(1.0);
        let mut low = (s - half).max(0.0);
        if self.counts[4] == n {
            high = 1.0;
        }
        if self.counts[0] == n {
            low = 0.0;
        }
        (elo(s), (elo(low), elo(high)))
    }

    /// The log-likelihood ratio of the SPRT of `elo1` against `elo0` over
    /// the pairs: `n (s1 - s0) (2 x - s0 - s1) / (2 v)`, with `n` pairs,
    /// `x` the mean score and `v` the variance of a pair's mean score
    /// (while every pair is alike, that of the counts with half a pair of
    /// each result added); 0 before any pair.
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        llr(
            f64::from(self.pairs()),
            self.score(),
            self.variance(),
            elo0,
            elo1,
        )
    }
}

/// The mean score (a pair's half-points over 4) of `counts` pairs by
/// half-points.
fn mean(counts: &[f64; 5]) -> Option<f64> {
    let n: f64 = counts.iter().sum();
    (n > 0.0).then(|| {
        counts
            .iter()
            .enumerate()
            .map(|(k, c)| c * k as f64 / 4.0)
            .sum::<f64>()
            / n
    })
}

/// The variance of a pair's mean score over `counts`.
fn variance(counts: &[f64; 5]) -> f64 {
    let Some(m) = mean(counts) else {
        return 0.0;
    };
    let n: f64 = counts.iter().sum();
    counts
        .iter()
        .enumerate()
        .map(|(k, c)| c * (k as f64 / 4.0 - m).powi(2))
        .sum::<f64>()
        / n
}
