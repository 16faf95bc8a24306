//! The reference perft suites of both games, computed by an independent
//! implementation, through the `perft` example's runner (text positions,
//! divide, threads, played leaves). The game crates' own tests check the
//! same suites through their APIs. On a mismatch the failure shows our
//! divide next to the reference one, to descend into the first move that
//! disagrees.

use test_support::perft::run_perft;
use test_support::suite::{self, cases, divide_for};

fn run_suite(game: &str, suite: &str, divide_file: &str) {
    let cases = cases(suite);
    assert!(cases.len() >= 10, "{game}: suite too small");
    for case in &cases {
        let run = run_perft(game, &case.position, case.depth, false).unwrap();
        if run.nodes != case.nodes {
            let ours = run_perft(game, &case.position, case.depth, true)
                .unwrap()
                .divide;
            let theirs = divide_for(divide_file, case);
            let differing: Vec<_> = ours.iter().filter(|m| !theirs.contains(m)).collect();
            panic!(
                "{game} (*{}).perft({}) = {}, expected {}\nmoves that differ (ours): {differing:?}\nreference: {theirs:?}",
                case.position, case.depth, run.nodes, case.nodes
            );
        }
    }
}

/// Every case's divide matches the reference divide move for move.
fn check_divides(game: &str, suite: &str, divide_file: &str) {
    for case in cases(suite) {
        let theirs = divide_for(divide_file, &case);
        assert!(
            !theirs.is_empty(),
            "{game}: no divide for {}",
            case.position
        );
        let ours = run_perft(game, &case.position, case.depth, true).unwrap();
        assert_eq!(ours.nodes, case.nodes);
        assert_eq!(ours.divide, theirs, "{game}: divide of {}", case.position);
    }
}

#[test]
fn kamisado_basic() {
    run_suite(
        "kamisado",
        suite::KAMISADO_BASIC,
        suite::KAMISADO_BASIC_DIVIDE,
    );
}

#[test]
fn kamisado_sumo() {
    run_suite(
        "kamisado",
        suite::KAMISADO_SUMO,
        suite::KAMISADO_SUMO_DIVIDE,
    );
}

#[test]
fn katarenga() {
    run_suite("katarenga", suite::KATARENGA, suite::KATARENGA_DIVIDE);
}

#[test]
fn divides_match_the_reference() {
    check_divides(
        "kamisado",
        suite::KAMISADO_BASIC,
        suite::KAMISADO_BASIC_DIVIDE,
    );
    check_divides(
        "kamisado",
        suite::KAMISADO_SUMO,
        suite::KAMISADO_SUMO_DIVIDE,
    );
    check_divides("katarenga", suite::KATARENGA, suite::KATARENGA_DIVIDE);
}

#[test]
fn threads_and_played_counting_agree_with_bulk() {
    use test_support::perft::{PerftOptions, run_perft_with};
    for (game, position, depth) in [
        ("kamisado", "startpos", 4),
        (
            "kamisado",
            "b+n2ykgp+++/8/3R+4/5r++o1/1G6/8/8/P+1N+1YB++O+K+ w r",
            4,
        ),
        ("katarenga", "startpos", 3),
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
    assert!(run_perft("chess", "startpos", 1, false).is_err());
    assert!(run_perft("kamisado", "not a position", 1, false).is_err());
}
