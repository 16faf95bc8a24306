//! The referee's statistics: a score's Elo difference with its 95%
//! interval, and the sequential probability ratio test (SPRT) that stops a
//! run once it has shown that one engine is stronger by `elo1` rather than
//! by `elo0` (or the reverse).

/// Wins, draws and losses of the first engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

/// The expected score of a player `elo` points stronger: 1 / (1 + 10^(-elo/400)).
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives the expected score `score` (infinite at 0
/// and 1).
#[must_use]
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

impl Tally {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score, from 0 to 1 (a draw counts half); 0.5
    /// before any game.
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n
    }

    /// The variance of one game's result around the mean score.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n
    }

    /// The variance the SPRT uses: the plain one, or, while every game has
    /// had the same result (a variance of 0, which would leave the test
    /// undecided for ever), that of the tally with half a game of each
    /// result added.
    fn test_variance(&self) -> f64 {
        let v = self.variance();
        if v > 0.0 || self.games() == 0 {
            return v;
        }
        let (w, d, l) = (
            f64::from(self.wins) + 0.5,
            f64::from(self.draws) + 0.5,
            f64::from(self.losses) + 0.5,
        );
        let n = w + d + l;
        let s = (w + d / 2.0) / n;
        (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n
    }

    /// The Elo difference (first engine minus second) and its 95%
    /// interval: the Wilson score interval of the score (a draw counting
    /// half a win), which stays meaningful for few games and for scores
    /// of 0 or 100%, turned into Elo. A bound is infinite where the
    /// interval reaches a score of 0 or 1.
    ///
    /// ```
    /// use game_protocol::stats::Tally;
    /// let t = Tally { wins: 60, draws: 0, losses: 40 };
    /// let (elo, (low, high)) = t.elo();
    /// assert!((elo - 70.4).abs() < 0.1);
    /// assert!((low - 1.4).abs() < 1.0 && (high - 139.5).abs() < 1.0, "{low} {high}");
    /// // Two wins out of two: better than even is not yet shown.
    /// let (elo, (low, high)) = Tally { wins: 2, draws: 0, losses: 0 }.elo();
    /// assert!(elo.is_infinite() && high.is_infinite() && low < 0.0);
    /// ```
    #[must_use]
    pub fn elo(&self) -> (f64, (f64, f64)) {
        let points = f64::from(self.wins) + f64::from(self.draws) / 2.0;
        let (low, high) = game_search::arena::wilson(points, self.games());
        let elo = |score: f64| {
            let e = elo_of(score.clamp(0.0, 1.0));
            // No negative zero ("-0") for an even score.
            if e == 0.0 { 0.0 } else { e }
        };
        (elo(self.score()), (elo(low / 100.0), elo(high / 100.0)))
    }

    /// The log-likelihood ratio of the SPRT of `elo1` against `elo0`
    /// (the generalised SPRT on the mean score, as chess testing
    /// frameworks compute it): `n (s1 - s0) (2 x - s0 - s1) / (2 v)` with
    /// `x` the mean score, `v` the variance of one game and `s0`, `s1` the
    /// scores the two hypotheses expect. 0 before any game; while every
    /// game has had the same result, `v` is that of the tally with half a
    /// game of each result added.
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let v = self.test_variance();
        if v <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(elo0), expected_score(elo1));
        let n = f64::from(self.games());
        n * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * v)
    }
}

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

    /// The verdict on `tally`.
    ///
    /// ```
    /// use game_protocol::stats::{Sprt, Tally, Verdict};
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
        let (low, high) = self.bounds();
        let llr = tally.llr(self.elo0, self.elo1);
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}
