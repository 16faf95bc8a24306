//! Perft ([rules](crate::rules#perft)).

use arrayvec::ArrayVec;

use crate::play::MovesFrom;
use crate::{MAX_MOVES, Move, Position};

/// The number of legal move sequences of length `depth` from `position`
/// ([rules](crate::rules#perft)). A finished game counts 1 at depth 0 and 0 deeper. The last
/// ply is counted in bulk, without playing it.
///
/// ```
/// use katarenga_core::{perft, Position};
/// assert_eq!(perft(&Position::start(), 2), 865);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves() as u64,
        _ => {
            let mut nodes = 0;
            position.generate_moves(|moves| {
                let lands = MovesFrom::new(position, moves.from);
                for to in moves.to {
                    nodes += perft(&lands.to(to), depth - 1);
                }
                for mv in moves.iter().skip(moves.to.len() as usize) {
                    nodes += perft(&position.play_unchecked(mv), depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// Perft with every leaf played: the same count as [`perft`], made by
/// playing each move of the last ply instead of counting it.
#[must_use]
pub fn perft_played(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        // Each leaf position is built (`black_box` keeps the compiler from
        // skipping the work) and counted, without a call per leaf.
        let mut nodes = 0;
        position.generate_moves(|moves| {
            let lands = MovesFrom::new(position, moves.from);
            for to in moves.to {
                core::hint::black_box(&lands.to(to));
            }
            for mv in moves.iter().skip(moves.to.len() as usize) {
                core::hint::black_box(&position.play_unchecked(mv));
            }
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    let mut nodes = 0;
    position.generate_moves(|moves| {
        let lands = MovesFrom::new(position, moves.from);
        for to in moves.to {
            nodes += perft_played(&lands.to(to), depth - 1);
        }
        for mv in moves.iter().skip(moves.to.len() as usize) {
            nodes += perft_played(&position.play_unchecked(mv), depth - 1);
        }
        false
    });
    nodes
}

/// Each legal move of `position` with the perft of the position after it
/// at `depth - 1`, in generation order (an empty list at depth 0).
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
