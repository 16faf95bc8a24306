//! The reference perft suites (RULES.md 3) of both games, computed by an
//! independent implementation (`tests/data`). On a mismatch the failure
//! shows our divide next to the reference one, to descend into the first
//! move that disagrees.

use kamisado_katarenga::run_perft;
use kamisado_katarenga::suite::{cases, divide_for};

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
