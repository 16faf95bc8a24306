//! The reference perft suites (RULES.md 3), computed by an independent
//! implementation. On a mismatch the divide files in `tests/data` locate
//! the first move that disagrees.

use kamisado_core::{Position, perft, perft_divide, perft_played};

/// Parses `position ; depth ; nodes` lines, skipping comments and blanks.
fn cases(text: &str) -> Vec<(String, u32, u64)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "malformed suite line: {line}");
            (
                parts[0].to_string(),
                parts[1].parse().expect("depth"),
                parts[2].parse().expect("nodes"),
            )
        })
        .collect()
}

/// Divide data: case line -> (move, nodes) pairs.
fn divide_for(text: &str, case: &str) -> Vec<(String, u64)> {
    let mut lines = text.lines().skip_while(|l| !l.starts_with(case));
    lines.next();
    lines
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            let (mv, n) = l.split_once(' ').expect("divide line");
            (mv.to_string(), n.trim().parse().expect("divide nodes"))
        })
        .collect()
}

fn run_suite(suite: &str, divide: &str) {
    let cases = cases(suite);
    assert!(!cases.is_empty());
    for (fen, depth, expected) in &cases {
        let position: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let nodes = perft(&position, *depth);
        if nodes != *expected {
            let line = format!("{fen} ; {depth} ; {expected}");
            let reference = divide_for(divide, &line);
            let mut ours: Vec<(String, u64)> = perft_divide(&position, *depth)
                .iter()
                .map(|(m, n)| (m.to_string(), *n))
                .collect();
            ours.sort();
            let mut theirs = reference.clone();
            theirs.sort();
            panic!(
                "perft({fen}, {depth}) = {nodes}, expected {expected}\nours:   {ours:?}\ntheirs: {theirs:?}"
            );
        }
    }
}

#[test]
fn kamisado_basic_suite() {
    run_suite(
        include_str!("data/kamisado-basic.txt"),
        include_str!("data/kamisado-basic.divide.txt"),
    );
}

#[test]
fn kamisado_sumo_suite() {
    run_suite(
        include_str!("data/kamisado-sumo.txt"),
        include_str!("data/kamisado-sumo.divide.txt"),
    );
}

#[test]
fn divide_files_agree_with_our_divide() {
    for (suite, divide) in [
        (
            include_str!("data/kamisado-basic.txt"),
            include_str!("data/kamisado-basic.divide.txt"),
        ),
        (
            include_str!("data/kamisado-sumo.txt"),
            include_str!("data/kamisado-sumo.divide.txt"),
        ),
    ] {
        for (fen, depth, expected) in cases(suite) {
            let line = format!("{fen} ; {depth} ; {expected}");
            let mut theirs = divide_for(divide, &line);
            assert!(!theirs.is_empty(), "no divide for {line}");
            let position: Position = fen.parse().unwrap();
            let mut ours: Vec<(String, u64)> = perft_divide(&position, depth)
                .iter()
                .map(|(m, n)| (m.to_string(), *n))
                .collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "divide of {fen} at depth {depth}");
        }
    }
}

#[test]
fn start_position_counts() {
    let start = Position::start();
    let expected = [1, 102, 1150, 11182, 105020, 900982];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(perft(&start, depth as u32), nodes, "depth {depth}");
    }
    // Playing every leaf gives the same counts as bulk counting.
    assert_eq!(perft_played(&start, 4), 105020);
}

/// Deeper start-position counts (63 million nodes: well under a second in
/// the workspace's optimised test profile).
#[test]
fn start_position_deep() {
    let start = Position::start();
    assert_eq!(perft(&start, 6), 7_399_794);
    assert_eq!(perft(&start, 7), 56_182_538);
}
