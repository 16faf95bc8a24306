//! The transposition table: sizes honoured, impossible sizes refused.

use game_search::{Searcher, TableError};
use kamisado_core::Position as Kamisado;

/// Regression: `Searcher::new(usize::MAX)` overflowed and panicked, and a
/// table larger than the machine aborted the process.
#[test]
fn impossible_tables_are_errors_not_aborts() {
    assert!(matches!(
        Searcher::<Kamisado>::new(usize::MAX),
        Err(TableError::TooLarge { .. })
    ));
    // 2^33 MiB = 8 PiB: the allocator refuses it.
    assert!(matches!(
        Searcher::<Kamisado>::new(1 << 33),
        Err(TableError::OutOfMemory { .. })
    ));
}

/// A table takes the size asked for, not the next power of two.
#[test]
fn table_sizes_are_honoured() {
    for mib in [0, 1, 3, 17] {
        let searcher = Searcher::<Kamisado>::new(mib).unwrap();
        let expected = (mib << 20).max(32);
        assert_eq!(searcher.table_bytes(), expected, "{mib} MiB");
    }
}
