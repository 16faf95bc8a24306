//! The referee's statistics against values computed by hand (with Python's
//! math module, from the formulas in the docs), not by this crate.

use game_protocol::stats::{Sprt, Tally, Verdict, elo_of, expected_score};

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
