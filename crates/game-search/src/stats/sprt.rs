//! The sequential probability ratio test.

use super::{Pentanomial, Tally};

/// An SPRT: the hypotheses and the error rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The chance of accepting `elo1` when `elo0` holds.
    pub alpha: f64,
    /// The chance of accepting `elo0` when `elo1` holds.
    pub beta: f64,
}

/// What an SPRT concludes so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Go on playing.
    Continue,
    /// `elo1` accepted (the LLR reached the upper bound).
    H1,
    /// `elo0` accepted (the LLR reached the lower bound).
    H0,
}

impl Sprt {
    /// The LLR's bounds: `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict for a log-likelihood ratio.
    #[must_use]
    pub fn decide(&self, llr: f64) -> Verdict {
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// The verdict on the pairs of games in `pairs` (what the referee
    /// tests: see the [module](super)'s reason).
    #[must_use]
    pub fn verdict_pairs(&self, pairs: &Pentanomial) -> Verdict {
        self.decide(pairs.llr(self.elo0, self.elo1))
    }

    /// The verdict on `tally` (single games).
    ///
    /// ```
    /// use game_search::stats::{Sprt, Tally, Verdict};
    /// let sprt = Sprt { elo0: 0.0, elo1: 50.0, alpha: 0.05, beta: 0.05 };
    /// assert_eq!(sprt.verdict(&Tally { wins: 70, draws: 0, losses: 30 }), Verdict::H1);
    /// assert_eq!(sprt.verdict(&Tally { wins: 100, draws: 50, losses: 100 }), Verdict::H0);
    /// assert_eq!(sprt.verdict(&Tally { wins: 6, draws: 0, losses: 4 }), Verdict::Continue);
    /// // A run of wins alone decides too.
    /// assert_eq!(sprt.verdict(&Tally { wins: 3, draws: 0, losses: 0 }), Verdict::Continue);
    /// assert_eq!(sprt.verdict(&Tally { wins: 40, draws: 0, losses: 0 }), Verdict::H1);
    /// ```
    #[must_use]
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        self.decide(tally.llr(self.elo0, self.elo1))
    }
}
