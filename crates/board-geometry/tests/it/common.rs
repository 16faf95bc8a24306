//! What several modules' tests share: proptest strategies for the
//! geometry's values, a naive set of squares, and a step-by-step walk.

use std::collections::BTreeSet;

use board_geometry::{Bitboard, Direction, Square};
use proptest::prelude::*;

pub fn square() -> impl Strategy<Value = Square> {
    (0usize..64).prop_map(|i| Square::from_index(i).unwrap())
}

pub fn bitboard() -> impl Strategy<Value = Bitboard> {
    any::<u64>().prop_map(Bitboard)
}

pub fn direction() -> impl Strategy<Value = Direction> {
    (0usize..8).prop_map(|i| Direction::ALL[i])
}

pub fn naive(b: Bitboard) -> BTreeSet<usize> {
    (0usize..64).filter(|i| b.0 >> i & 1 == 1).collect()
}

pub fn from_naive(set: &BTreeSet<usize>) -> Bitboard {
    set.iter()
        .map(|&i| Square::from_index(i).unwrap())
        .collect()
}

/// The squares from `from` in `direction`, one step at a time.
pub fn walk(from: Square, direction: Direction) -> Vec<Square> {
    std::iter::successors(from.step(direction), |s| s.step(direction)).collect()
}
