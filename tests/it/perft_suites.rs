//! The reference perft suites of both games, computed by an independent
//! implementation, through the `perft` example's runner (text positions,
//! divide, threads, played leaves). The game crates' own tests check the
//! same suites through their APIs. On a mismatch the failure shows our
//! divide next to the reference one, to descend into the first move that
//! disagrees.

use game_spec::GameId;
use test_support::perft::run_perft;
use test_support::suite::{SUITES, Suite};

/// Every case's count through the runner; on a mismatch, our divide next
/// to the reference one.
fn run_suite(suite: &Suite) {
    let cases = suite.cases();
    assert!(cases.len() >= 10, "{suite}: suite too small");
    for case in &cases {
        let run = run_perft(suite.game, &case.position, case.depth, false).unwrap();
        if run.nodes != case.nodes {
            let ours = run_perft(suite.game, &case.position, case.depth, true)
                .unwrap()
                .divide;
            let theirs = suite.divide_of(case);
            let differing: Vec<_> = ours.iter().filter(|m| !theirs.contains(m)).collect();
            panic!(
                "{suite}: (*{}).perft({}) = {}, expected {}\nmoves that differ (ours): {differing:?}\nreference: {theirs:?}",
                case.position, case.depth, run.nodes, case.nodes
            );
        }
    }
}

/// Every case's divide through the runner matches the reference divide
/// move for move.
fn check_divides(suite: &Suite) {
    for case in suite.cases() {
        let theirs = suite.divide_of(&case);
        assert!(!theirs.is_empty(), "{suite}: no divide for {case}");
        let ours = run_perft(suite.game, &case.position, case.depth, true).unwrap();
        assert_eq!(ours.nodes, case.nodes);
        assert_eq!(ours.divide, theirs, "{suite}: divide of {case}");
    }
}

#[test]
fn every_suite_counts_as_its_reference() {
    for suite in &SUITES {
        run_suite(suite);
    }
}

#[test]
fn divides_match_the_reference() {
    for suite in &SUITES {
        check_divides(suite);
    }
}

#[test]
fn threads_and_played_counting_agree_with_bulk() {
    use test_support::perft::{PerftOptions, run_perft_with};
    for (game, position, depth) in [
        (GameId::Kamisado, "startpos", 4),
        (
            GameId::Kamisado,
            "b+n2ykgp+++/8/3R+4/5r++o1/1G6/8/8/P+1N+1YB++O+K+ w r",
            4,
        ),
        (GameId::Katarenga, "startpos", 3),
    ] {
        let bulk = run_perft(game, position, depth, true).unwrap();
        for (played, threads) in [(false, 2), (true, 1), (true, 3)] {
            let options = PerftOptions {
                divide: true,
                played,
                threads,
            };
            let run = run_perft_with(game, position, depth, &options).unwrap();
            assert_eq!(
                run.nodes, bulk.nodes,
                "{game} {position} played={played} threads={threads}"
            );
            assert_eq!(run.divide, bulk.divide);
        }
    }
    assert!(run_perft(GameId::Kamisado, "not a position", 1, false).is_err());
}
