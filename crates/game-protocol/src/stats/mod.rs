//! The referee's statistics: a score's Elo difference with its 95%
//! interval, over single games ([`Tally`]) and over colour-swapped pairs
//! of games ([`Pentanomial`]), and the sequential probability ratio test
//! ([`Sprt`]) that stops a run once it has shown that one engine is
//! stronger by `elo1` rather than by `elo0` (or the reverse).
//!
//! Why pairs: the referee plays each opening twice, colours swapped. The
//! two games of a pair are not independent, and where an opening decides
//! the game (a Kamisado opening's proven value often does: whoever has the
//! winning side wins), counting them one by one takes the openings' noise
//! for the engines': a 5-5 score from five such pairs looks as uncertain
//! as ten coin tosses, while the pairs (each 1 point) show the engines
//! alike. A pair's total (0, ½, 1, 1½ or 2 points) cancels the opening's
//! bias and is independent of the other pairs', so its variance is the
//! honest one, usually the smaller: chess testing frameworks (fishtest)
//! count pairs so for this reason.

mod pairs;
mod sprt;

pub use pairs::Pentanomial;
pub use sprt::{Sprt, Verdict};

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.96;

/// The generalised SPRT's log-likelihood ratio of `elo1` against `elo0`
/// for `n` samples of mean score `x` and variance `v`:
/// `n (s1 - s0) (2 x - s0 - s1) / (2 v)`, 0 without variance.
fn llr(n: f64, x: f64, v: f64, elo0: f64, elo1: f64) -> f64 {
    if v <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (expected_score(elo0), expected_score(elo1));
    n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * v)
}

/// The Elo difference of a score, within 0 and 1 (no negative zero).
fn elo(score: f64) -> f64 {
    let e = elo_of(score.clamp(0.0, 1.0));
    // No negative zero ("-0") for an even score.
    if e == 0.0 { 0.0 } else { e }
}

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
    ///
    /// A perfect score has `+inf` as its estimate and upper bound exactly
    /// (and a score of 0 `-inf`), whatever the rounding of the interval.
    #[must_use]
    pub fn elo(&self) -> (f64, (f64, f64)) {
        let n = self.games();
        let points = f64::from(self.wins) + f64::from(self.draws) / 2.0;
        let (low, high) = game_search::play::wilson(points, n);
        let (mut low, mut high) = (low / 100.0, high / 100.0);
        if n > 0 && self.wins == n {
            high = 1.0;
        }
        if n > 0 && self.losses == n {
            low = 0.0;
        }
        (elo(self.score()), (elo(low), elo(high)))
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
        llr(
            f64::from(self.games()),
            self.score(),
            self.test_variance(),
            elo0,
            elo1,
        )
    }
}
