//! What several test modules share: seeded sample positions.

use board_geometry::SplitMix64;
use kamisado_core::Game;
use kamisado_core::{Edge, Match, MatchState, Move, Position, Target};

/// Positions of random matches to 15 points: sumos, pushes, extra moves,
/// passes and finished rounds, with the move that led to each.
pub(crate) fn sample(seed: u64, count: usize) -> Vec<(Position, Option<Move>)> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut m = Match::new(Target::new(15).unwrap());
    let mut last = None;
    while out.len() < count {
        match m.state() {
            MatchState::Over { .. } => {
                m = Match::new(Target::new(15).unwrap());
                last = None;
            }
            MatchState::DrawSetups { .. } => unreachable!("a match refilled from an edge"),
            MatchState::ChooseEdge { .. } => {
                out.push((*m.final_position().unwrap(), last));
                let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                m.choose_edge(edge).unwrap();
                last = None;
            }
            MatchState::InRound => {
                let p = *m.position();
                out.push((p, last));
                let moves = p.legal_moves();
                let mv = moves[rng.below(moves.len())];
                m.play(mv).unwrap();
                last = Some(mv);
            }
        }
    }
    out
}
