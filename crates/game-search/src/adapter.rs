//! The `minimax` crate's `Game` trait for both games (feature `minimax`,
//! with the game's own feature), with evaluators, so that all of its
//! strategies (negamax, iterative deepening with a table, parallel search,
//! MCTS) play Kamisado and Katarenga.
//!
//! The crate assumes the players alternate every ply. Kamisado breaks that
//! after a sumo push: the pusher moves again. [`Kamisado`] models the lost
//! turn explicitly: after a push the state carries `skip_pending`, its only
//! move is [`KamisadoMove::Skip`] (played by the pushed player), and then
//! the pusher moves. Passes need nothing special: they do change the side
//! to move.

use board_geometry::Player;
use kamisado_core::Game as _;
use minimax::{Evaluation, Evaluator, Game, Winner};

#[cfg(feature = "kamisado")]
/// Kamisado for the `minimax` crate.
#[derive(Debug, Clone, Copy)]
pub struct Kamisado;

#[cfg(feature = "kamisado")]
/// A Kamisado state as the `minimax` crate sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KamisadoState {
    /// The position.
    pub position: kamisado_core::Position,
    /// The player the crate thinks is to move must skip: the opponent has
    /// just pushed and moves again.
    pub skip_pending: bool,
}

#[cfg(feature = "kamisado")]
impl KamisadoState {
    /// The state of `position` (which must not be waiting for a skip).
    #[must_use]
    pub fn new(position: kamisado_core::Position) -> KamisadoState {
        KamisadoState {
            position,
            skip_pending: false,
        }
    }

    /// The player the `minimax` crate considers to move: it alternates
    /// every ply, skips included.
    #[must_use]
    pub fn player_to_move(&self) -> Player {
        let side = self.position.side_to_move();
        if self.skip_pending {
            side.opponent()
        } else {
            side
        }
    }
}

#[cfg(feature = "kamisado")]
/// A Kamisado move for the `minimax` crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KamisadoMove {
    /// A move of the rules.
    Move(kamisado_core::Move),
    /// The pushed player's lost turn.
    Skip,
}

#[cfg(feature = "kamisado")]
/// The key added to the hash while a skip is pending.
const SKIP_KEY: u64 = 0x5bd1_e995_9e37_79b9;

fn winner_for(winner: Player, to_move: Player) -> Winner {
    if winner == to_move {
        Winner::PlayerToMove
    } else {
        Winner::PlayerJustMoved
    }
}

#[cfg(feature = "kamisado")]
impl Game for Kamisado {
    type S = KamisadoState;
    type M = KamisadoMove;

    fn generate_moves(state: &KamisadoState, moves: &mut Vec<KamisadoMove>) -> Option<Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        if state.skip_pending {
            moves.push(KamisadoMove::Skip);
        } else {
            state.position.generate_moves(|tower| {
                moves.extend(tower.iter().map(KamisadoMove::Move));
                false
            });
        }
        None
    }

    fn apply(state: &mut KamisadoState, m: KamisadoMove) -> Option<KamisadoState> {
        Some(match m {
            KamisadoMove::Skip => KamisadoState::new(state.position),
            KamisadoMove::Move(mv) => {
                let next = state.position.play_unchecked(mv);
                KamisadoState {
                    position: next,
                    // After a push the same side is to move again.
                    skip_pending: next.side_to_move() == state.position.side_to_move(),
                }
            }
        })
    }

    fn get_winner(state: &KamisadoState) -> Option<Winner> {
        let outcome = state.position.outcome()?;
        Some(winner_for(outcome.winner(), state.player_to_move()))
    }

    fn zobrist_hash(state: &KamisadoState) -> u64 {
        state.position.zobrist() ^ if state.skip_pending { SKIP_KEY } else { 0 }
    }

    fn notation(_state: &KamisadoState, m: KamisadoMove) -> Option<String> {
        Some(match m {
            KamisadoMove::Move(mv) => mv.to_string(),
            KamisadoMove::Skip => "skip".to_string(),
        })
    }

    /// `from * 64 + to` for a move, 4096 for the skip: lets the crate keep
    /// countermove and history tables.
    fn table_index(m: KamisadoMove) -> u16 {
        match m {
            KamisadoMove::Move(mv) => mv.from.index() as u16 * 64 + mv.to.index() as u16,
            KamisadoMove::Skip => 4096,
        }
    }

    fn max_table_index() -> u16 {
        4096
    }
}

#[cfg(feature = "katarenga")]
/// Katarenga for the `minimax` crate (the players always alternate).
#[derive(Debug, Clone, Copy)]
pub struct Katarenga;

#[cfg(feature = "katarenga")]
impl Game for Katarenga {
    type S = katarenga_core::Position;
    type M = katarenga_core::Move;

    fn generate_moves(state: &Self::S, moves: &mut Vec<Self::M>) -> Option<Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        state.generate_moves(|piece| {
            moves.extend(piece.iter());
            false
        });
        None
    }

    fn apply(state: &mut Self::S, m: Self::M) -> Option<Self::S> {
        Some(state.play_unchecked(m))
    }

    fn get_winner(state: &Self::S) -> Option<Winner> {
        let outcome = state.outcome()?;
        Some(winner_for(outcome.winner(), state.side_to_move()))
    }

    fn zobrist_hash(state: &Self::S) -> u64 {
        state.zobrist()
    }

    fn notation(_state: &Self::S, m: Self::M) -> Option<String> {
        Some(m.to_string())
    }

    /// `from * 68 + destination` (squares 0-63, camps 64-67).
    fn table_index(m: Self::M) -> u16 {
        let to = match m.to {
            katarenga_core::Destination::Square(s) => s.index() as u16,
            katarenga_core::Destination::Camp(c) => 64 + c.index() as u16,
        };
        m.from.index() as u16 * 68 + to
    }

    fn max_table_index() -> u16 {
        64 * 68 - 1
    }
}

/// Our evaluations scaled into the crate's `i16` range.
fn clamp(score: i32) -> Evaluation {
    score.clamp(-30_000, 30_000) as Evaluation
}

#[cfg(feature = "kamisado")]
/// [`crate::eval::kamisado::evaluate`] for the `minimax` crate, from the point of view
/// of the player it considers to move.
#[derive(Debug, Clone, Copy, Default)]
pub struct KamisadoEvaluator;

#[cfg(feature = "kamisado")]
impl Evaluator for KamisadoEvaluator {
    type G = Kamisado;

    fn evaluate(&self, state: &KamisadoState) -> Evaluation {
        let score = crate::eval::kamisado::evaluate(&state.position);
        clamp(if state.skip_pending { -score } else { score })
    }
}

#[cfg(feature = "katarenga")]
/// [`crate::eval::katarenga::evaluate`] for the `minimax` crate.
#[derive(Debug, Clone, Copy, Default)]
pub struct KatarengaEvaluator;

#[cfg(feature = "katarenga")]
impl Evaluator for KatarengaEvaluator {
    type G = Katarenga;

    fn evaluate(&self, state: &katarenga_core::Position) -> Evaluation {
        clamp(crate::eval::katarenga::evaluate(state))
    }
}
