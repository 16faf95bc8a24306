//! What several test modules share: seeded sample positions.

use board_geometry::SplitMix64;
use katarenga_core::Game;
use katarenga_core::{Board, Move, Position, TilePlacement};

/// Positions of random games on random boards, with the move that led to
/// each; games stop after 300 plies.
pub(crate) fn sample(seed: u64, count: usize) -> Vec<(Position, Option<Move>)> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let index = rng.below(TilePlacement::ARRANGEMENTS as usize) as u32;
        let board = Board::from_tiles(TilePlacement::arrangement(index).unwrap()).unwrap();
        let mut p = Position::start_on(board);
        let mut last = None;
        for _ in 0..300 {
            out.push((p, last));
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            p = p.play(mv);
            last = Some(mv);
        }
    }
    out
}
