//! The reference perft suites (RULES.md 3) of both games, computed by an
//! independent implementation (`tests/data`). On a mismatch the failure
//! shows our divide next to the reference one, to descend into the first
//! move that disagrees.

use test_support::perft::run_perft;
use test_support::suite::{cases, divide_for};

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
                "{game} perft({}, {}) = {}, expected {}\nmoves that differ (ours): {differing:?}\nreference: {theirs:?}",
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
        include_str!("data/kamisado-basic.txt"),
        include_str!("data/kamisado-basic.divide.txt"),
    );
}

#[test]
fn kamisado_sumo() {
    run_suite(
        "kamisado",
        include_str!("data/kamisado-sumo.txt"),
        include_str!("data/kamisado-sumo.divide.txt"),
    );
}

#[test]
fn katarenga() {
    run_suite(
        "katarenga",
        include_str!("data/katarenga.txt"),
        include_str!("data/katarenga.divide.txt"),
    );
}

#[test]
fn divides_match_the_reference() {
    check_divides(
        "kamisado",
        include_str!("data/kamisado-basic.txt"),
        include_str!("data/kamisado-basic.divide.txt"),
    );
    check_divides(
        "kamisado",
        include_str!("data/kamisado-sumo.txt"),
        include_str!("data/kamisado-sumo.divide.txt"),
    );
    check_divides(
        "katarenga",
        include_str!("data/katarenga.txt"),
        include_str!("data/katarenga.divide.txt"),
    );
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
