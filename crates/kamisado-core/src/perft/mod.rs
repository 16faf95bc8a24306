//! Perft ([rules](crate::rules#perft)): the number of move paths of a
//! given length, the shared definition of correctness. The plain counters
//! are here; `bulk.rs` counts the last plies without building positions.

pub(crate) mod bulk;

use arrayvec::ArrayVec;

use crate::{MAX_MOVES, Move, Position};

/// The number of legal move sequences of length `depth` from `position`
/// ([rules](crate::rules#perft)). A finished round counts 1 at depth 0 and 0 deeper; a pass
/// is a move. The last ply is counted in bulk, without playing it.
///
/// ```
/// use kamisado_core::{perft, Position};
/// assert_eq!(perft(&Position::start(), 2), 1150);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves() as u64,
        2 => position.count_two_plies(),
        3 => match position.count_three_plies() {
            Some(nodes) => nodes,
            None => perft_children(position, depth),
        },
        _ => perft_children(position, depth),
    }
}

/// The sum of `perft(child, depth - 1)` over the children.
fn perft_children(position: &Position, depth: u32) -> u64 {
    let mut nodes = 0;
    for_each_child(position, |child| nodes += perft(child, depth - 1));
    nodes
}

/// Calls `visit` with the position after each legal move
/// ([`Position::for_each_child`]).
#[inline(always)]
fn for_each_child(position: &Position, mut visit: impl FnMut(&Position)) {
    position.for_each_child(|_, child| {
        visit(child);
        false
    });
}

/// Perft with every leaf played: the same count as [`perft`], made by
/// playing each move of the last ply instead of counting it. Slower; it
/// measures `play` as well as generation.
#[must_use]
pub fn perft_played(position: &Position, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        // Each leaf position is built (`black_box` keeps the compiler from
        // skipping the work) and counted, without a call per leaf.
        1 => for_each_child(position, |child| {
            core::hint::black_box(child);
            nodes += 1;
        }),
        _ => for_each_child(position, |child| nodes += perft_played(child, depth - 1)),
    }
    nodes
}

/// Each legal move of `position` with the perft of the position after it
/// at `depth - 1`, in generation order (an empty list at depth 0). The
/// counts add up to `perft(position, depth)`.
#[must_use]
pub fn perft_divide(position: &Position, depth: u32) -> ArrayVec<(Move, u64), MAX_MOVES> {
    let mut out = ArrayVec::new();
    if depth == 0 {
        return out;
    }
    for mv in position.legal_moves() {
        out.push((mv, perft(&position.play_unchecked(mv), depth - 1)));
    }
    out
}
