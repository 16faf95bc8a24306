//! Evaluations: the [`Evaluation`] the searcher takes, and the games'
//! own evaluations with their [`SearchGame`] impls, one file per game.

#[cfg(feature = "family")]
pub mod family;
#[cfg(feature = "kamisado")]
pub mod kamisado;
#[cfg(feature = "katarenga")]
pub mod katarenga;

use crate::{LeafValue, SearchGame};

/// An evaluation for the search, from the side to move's point of view,
/// in a unit of its own (0 even), well inside `±WIN / 2`.
/// Closures `Fn(&G) -> i32` are evaluations.
pub trait Evaluation<G> {
    /// The static value of `position`.
    fn evaluate(&self, position: &G) -> i32;
    /// What `position` is worth as a leaf of the search: its winner if the
    /// game is over and won, else [`Evaluation::evaluate`].
    fn evaluate_leaf(&self, position: &G) -> LeafValue
    where
        G: SearchGame,
    {
        match position.winner() {
            Some(winner) => LeafValue::Won(winner),
            None => LeafValue::Evaluated(self.evaluate(position)),
        }
    }
}

impl<G, F: Fn(&G) -> i32> Evaluation<G> for F {
    fn evaluate(&self, position: &G) -> i32 {
        self(position)
    }
}

/// The game's own evaluation, [`SearchGame::evaluate`].
#[derive(Debug, Clone, Copy, Default)]
pub struct GameEvaluation;

impl<G: SearchGame> Evaluation<G> for GameEvaluation {
    fn evaluate(&self, position: &G) -> i32 {
        position.evaluate()
    }

    fn evaluate_leaf(&self, position: &G) -> LeafValue {
        position.evaluate_leaf()
    }
}
