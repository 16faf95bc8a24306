//! The reference perft suites (`tests/data`, computed by an independent
//! implementation of the same rules): every case's count, and every case's
//! divide move by move, so that a disagreement names the first move to
//! descend into. The source of truth of this crate's move generation.

use katarenga_core::Game;
use std::collections::BTreeMap;

use katarenga_core::Position;

/// `(position, depth, nodes)` for each line of a suite file.
fn cases(text: &str) -> Vec<(Position, u32, u64)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split(';').map(str::trim).collect();
            let position = parts[0].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            (
                position,
                parts[1].parse().unwrap(),
                parts[2].parse().unwrap(),
            )
        })
        .collect()
}

/// The reference divide of each case, by its header line.
fn divides(text: &str) -> BTreeMap<String, BTreeMap<String, u64>> {
    let mut out: BTreeMap<String, BTreeMap<String, u64>> = BTreeMap::new();
    let mut current = None;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if line.contains(';') {
            current = Some(line.trim().to_string());
        } else if let (Some(case), Some((mv, n))) = (&current, line.split_once(' ')) {
            out.entry(case.clone())
                .or_default()
                .insert(mv.to_string(), n.trim().parse().unwrap());
        }
    }
    out
}

fn check(suite: &str, divide_file: &str) {
    let reference = divides(divide_file);
    let cases = cases(suite);
    assert!(cases.len() >= 10, "suite too small");
    for (position, depth, nodes) in cases {
        let header = format!("{position} ; {depth} ; {nodes}");
        let theirs = reference
            .get(&header)
            .unwrap_or_else(|| panic!("no divide for {header}"));
        let ours: BTreeMap<String, u64> = position
            .perft_divide(depth)
            .iter()
            .map(|(mv, n)| (mv.to_string(), *n))
            .collect();
        assert_eq!(&ours, theirs, "divide of {header}");
        assert_eq!(position.perft(depth), nodes, "{header}");
    }
}

#[test]
fn the_suite() {
    check(
        include_str!("../data/katarenga.txt"),
        include_str!("../data/katarenga.divide.txt"),
    );
}

/// The no-first-capture option's suite (from the naive generator of
/// `rules.rs`, which keeps its own account of the pending first moves).
#[test]
fn the_option_suite() {
    check(
        include_str!("../data/katarenga-no-first-capture.txt"),
        include_str!("../data/katarenga-no-first-capture.divide.txt"),
    );
}

/// Playing every leaf gives the reference counts too (the cases up to a
/// million nodes).
#[test]
fn played_leaves_count_the_same() {
    let suites = [
        include_str!("../data/katarenga.txt"),
        include_str!("../data/katarenga-no-first-capture.txt"),
    ];
    for (position, depth, nodes) in suites.into_iter().flat_map(cases) {
        if nodes <= 1_000_000 {
            assert_eq!(position.perft_played(depth), nodes, "{position} {depth}");
        }
    }
}
