//! The statistics of game results against values computed by hand (with Python's
//! math module, from the formulas in the docs), not by this crate.

use game_search::stats::{Pentanomial, Sprt, Tally, Verdict, elo_of, expected_score};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
    Tally {
        wins,
        draws,
        losses,
    }
}

#[test]
fn scores_and_elo() {
    assert_eq!(tally(3, 2, 5).games(), 10);
    assert!(close(tally(3, 2, 5).score(), 0.4));
    assert!(close(tally(0, 0, 0).score(), 0.5));
    assert!(close(expected_score(0.0), 0.5));
    assert!(close(expected_score(400.0), 10.0 / 11.0));
    assert!(close(elo_of(10.0 / 11.0), 400.0));
    let (elo, (low, high)) = tally(35, 0, 25).elo();
    assert!((elo - 58.451_214_271).abs() < 1e-6, "{elo}");
    assert!((low - -29.758_467_432).abs() < 1e-6, "{low}");
    assert!((high - 146.660_895_974).abs() < 1e-6, "{high}");
    // A draw counts half a win: 30 wins and 10 draws of 60 score as 35 wins.
    assert_eq!(tally(30, 10, 20).elo(), tally(35, 0, 25).elo());
    let (elo, _) = tally(10, 0, 10).elo();
    assert_eq!(elo.to_bits(), 0f64.to_bits(), "no negative zero");
}

#[test]
fn the_log_likelihood_ratio() {
    for (t, expected) in [
        (tally(30, 10, 20), 1.013_493_215_421_603),
        (tally(3, 1, 0), 2.068_922_065_346_643),
        // Every game alike: the variance of the tally with half a game of
        // each result added.
        (tally(5, 0, 0), 2.002_533_518_520_194),
        (tally(0, 0, 4), -1.611_301_120_266_22),
        (tally(0, 6, 0), -0.459_627_943_475_169_5),
        (tally(0, 0, 0), 0.0),
    ] {
        let llr = t.llr(0.0, 50.0);
        assert!(
            (llr - expected).abs() < 1e-9,
            "{t:?}: {llr} instead of {expected}"
        );
    }
}

#[test]
fn the_sprt_bounds_and_verdicts() {
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 50.0,
        alpha: 0.05,
        beta: 0.1,
    };
    let (low, high) = sprt.bounds();
    assert!(close(low, -2.251_291_798_606_495), "{low}");
    assert!(close(high, 2.890_371_757_896_164_5), "{high}");
    assert_eq!(sprt.verdict(&tally(30, 10, 20)), Verdict::Continue);
    assert_eq!(sprt.verdict(&tally(90, 30, 60)), Verdict::H1); // LLR 3.04
    assert_eq!(sprt.verdict(&tally(60, 30, 60)), Verdict::Continue); // LLR -1.92
    assert_eq!(sprt.verdict(&tally(80, 40, 80)), Verdict::H0); // LLR -2.55
}

/// A perfect score's estimate and upper bound are infinite exactly, for
/// any number of games (the Wilson bound rounds to just under 1).
#[test]
fn a_perfect_score_has_infinite_bounds() {
    for n in 1..=200 {
        let (elo, (low, high)) = tally(n, 0, 0).elo();
        assert!(
            elo == f64::INFINITY && high == f64::INFINITY,
            "{n}: {elo} {high}"
        );
        assert!(low.is_finite(), "{n}: {low}");
        let (elo, (low, high)) = tally(0, 0, n).elo();
        assert!(
            elo == f64::NEG_INFINITY && low == f64::NEG_INFINITY,
            "{n}: {elo} {low}"
        );
        assert!(high.is_finite(), "{n}: {high}");
    }
    let (_, (_, high)) = tally(6, 0, 0).elo();
    assert_eq!(high, f64::INFINITY);
    let (_, (_, high)) = tally(5, 1, 0).elo();
    assert!(high.is_finite());
}

fn pairs(counts: [u32; 5]) -> Pentanomial {
    Pentanomial { counts }
}

/// The pentanomial figures against values computed by hand: the mean of
/// the pairs' scores, its variance, the normal interval and the LLR.
#[test]
fn pairs_of_games() {
    // 2 pairs of 0 points, 3 of 1/2, 10 of 1, 4 of 3/2, 1 of 2: 20 pairs.
    let p = pairs([2, 3, 10, 4, 1]);
    assert_eq!(p.pairs(), 20);
    // Scores 0, .25, .5, .75, 1: mean (0 + .75 + 5 + 3 + 1) / 20 = 0.4875.
    assert!(close(p.score(), 0.4875));
    // Variance: sum c (x - m)^2 / n = 1.184375 / 20 = 0.059_218_75.
    let v = (2.0 * 0.4875f64.powi(2)
        + 3.0 * 0.2375f64.powi(2)
        + 10.0 * 0.0125f64.powi(2)
        + 4.0 * 0.2625f64.powi(2)
        + 0.5125f64.powi(2))
        / 20.0;
    assert!(close(v, 0.059_218_75), "{v}");
    let (elo, (low, high)) = p.elo();
    let half = 1.96 * (v / 20.0).sqrt();
    assert!(close(elo, elo_of(0.4875)));
    assert!(close(low, elo_of(0.4875 - half)) && close(high, elo_of(0.4875 + half)));
    let (s0, s1) = (expected_score(0.0), expected_score(50.0));
    let llr = 20.0 * (s1 - s0) * (2.0 * 0.4875 - s0 - s1) / (2.0 * v);
    assert!(close(p.llr(0.0, 50.0), llr), "{} {llr}", p.llr(0.0, 50.0));
    // Twenty pairs each won once by either engine (the opening decided):
    // game by game a 20-0-20 score as uncertain as coin tosses; the pairs
    // show the engines alike, with a narrower interval.
    let (_, (low, high)) = pairs([0, 0, 20, 0, 0]).elo();
    let (_, (game_low, game_high)) = tally(20, 0, 20).elo();
    assert!(low < 0.0 && high > 0.0 && low.is_finite() && high.is_finite());
    assert!(
        game_low < low && high < game_high,
        "{low} {high} {game_low} {game_high}"
    );
    // Every pair won twice: infinite estimate and upper bound, the lower
    // finite; nothing before any pair.
    let (elo, (low, high)) = pairs([0, 0, 0, 0, 3]).elo();
    assert!(elo == f64::INFINITY && high == f64::INFINITY && low.is_finite() && low > 0.0);
    assert_eq!(pairs([0; 5]).llr(0.0, 50.0), 0.0);
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 50.0,
        alpha: 0.05,
        beta: 0.05,
    };
    assert_eq!(sprt.verdict_pairs(&pairs([0, 0, 2, 5, 30])), Verdict::H1);
    assert_eq!(sprt.verdict_pairs(&pairs([30, 5, 2, 0, 0])), Verdict::H0);
    assert_eq!(sprt.verdict_pairs(&p), Verdict::Continue);
}
