//! Perft: from the start, and the bulk-counting fast paths against the
//! plainest count. The source of truth is the independent reference suites
//! (`suites.rs`); depths 1-5 from the start are in them too.

use kamisado_core::Game;
use kamisado_core::Position;
use proptest::prelude::*;
use test_support::oracle::naive_perft;

use crate::movegen::{play_out, random_game, starts};

#[test]
fn start_position_counts() {
    let start = Position::start();
    let expected = [1, 102, 1150, 11182, 105020, 900982];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(start.perft(depth as u32), nodes, "depth {depth}");
    }
    // Playing every leaf gives the same counts as bulk counting.
    assert_eq!(start.perft_played(4), 105020);
    let divide = start.perft_divide(3);
    assert_eq!(divide.len(), 102);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 11182);
}

/// Deeper start-position counts (63 million nodes: well under a second in
/// the workspace's optimised test profile). A regression pin: these counts
/// were computed by this engine (and agree with the cross-check values in
/// the project's performance notes), not by the independent reference.
#[test]
fn start_position_deep_regression_pin() {
    let start = Position::start();
    assert_eq!(start.perft(6), 7_399_794);
    assert_eq!(start.perft(7), 56_182_538);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// The bulk-counting fast paths of `perft` (two and three plies counted
    /// from occupancy alone) and `perft_played` agree with the plainest
    /// perft, from random positions of every start.
    #[test]
    fn fast_perft_agrees_with_plain_perft((start, choices) in random_game()) {
        let positions = play_out(starts()[start], &choices);
        let p = positions[positions.len() / 2];
        for depth in 0..=4 {
            let plain = naive_perft(&p, depth);
            prop_assert_eq!(p.perft(depth), plain, "perft {} of {}", depth, p);
            prop_assert_eq!(p.perft_played(depth), plain, "played {} of {}", depth, p);
        }
    }
}
