//! Evaluations: the [`Evaluation`] the searcher takes, and the games'
//! own evaluations with their [`SearchGame`] impls, one file per game.

#[cfg(feature = "family")]
pub mod family;
#[cfg(feature = "kamisado")]
pub mod kamisado;
#[cfg(feature = "katarenga")]
pub mod katarenga;

use crate::SearchGame;

/// An evaluation for the search, from the side to move's point of view,
/// in a unit of its own (0 even), well inside `±WIN / 2`.
/// Closures `Fn(&G) -> i32` are evaluations.
pub trait Evaluation<G> {
    /// The static value of `position`.
    fn evaluate(&self, position: &G) -> i32;
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
}
