//! Perft ([rules](crate::rules#perft)): the number of move paths of a
//! given length, the shared definition of correctness. The plain counters
//! are here; `bulk.rs` counts the last plies without building positions.

pub(crate) mod bulk;

use crate::Game;
use crate::Position;

/// [`Game::perft`](crate::Game::perft) for Kamisado
/// ([rules](crate::rules#perft)): a pass is a move, and the last two or
/// three plies are counted in bulk, without playing them.
#[must_use]
pub(crate) fn perft(position: &Position, depth: u32) -> u64 {
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
/// ([`Game::for_each_child`](crate::Game::for_each_child)).
#[inline(always)]
fn for_each_child(position: &Position, mut visit: impl FnMut(&Position)) {
    position.for_each_child(|_, child| {
        visit(child);
        false
    });
}
