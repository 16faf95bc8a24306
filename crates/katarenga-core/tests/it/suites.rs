//! The reference perft suites (`tests/data`, computed by an independent
//! implementation of the same rules), read and run by the workspace's one
//! suite runner (`test_support::suite`): every case's count, bulk and
//! with every leaf played, and every case's divide move by move, so that a
//! disagreement names the first move to descend into. The source of truth
//! of this crate's move generation.

use katarenga_core::Position;
use test_support::suite::check_suites_of;

#[test]
fn every_reference_suite_counts_as_its_reference() {
    assert_eq!(check_suites_of::<Position>(), 2);
}
