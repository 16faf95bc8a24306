//! Perft's bulk-counting fast paths against the plainest count. The
//! source of truth is the independent reference suites (`suites.rs`).

use katarenga_core::Game;
use proptest::prelude::*;
use test_support::oracle::naive_perft;

use crate::movegen::game;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// `perft` (bulk) and `perft_played` agree with the plainest perft.
    #[test]
    fn fast_perft_agrees_with_plain_perft(positions in game()) {
        let p = positions[positions.len() / 2];
        for depth in 0..=3 {
            let plain = naive_perft(&p, depth);
            prop_assert_eq!(p.perft(depth), plain, "perft {} of {}", depth, p);
            prop_assert_eq!(p.perft_played(depth), plain);
        }
    }
}
