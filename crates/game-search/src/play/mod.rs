//! Play: agents, whole games between them in the arena, and the games'
//! own match formats (a Kamisado match of rounds, a Katarenga game and its
//! rematch, with the set-up choices the rules give the players).
//!
//! # Adjudication (a rule of this project, not of the printed rules)
//!
//! Katarenga has no draw rule, and two players can repeat moves for ever.
//! Games played here end without a winner (a draw) when a position occurs
//! for the third time with the same side to move ([`End::Repetition`]), or
//! when they reach a ply limit ([`End::PlyLimit`]). Both limits are
//! [`Adjudication`] settings. Kamisado rounds always end (towers only move
//! forward), so for Kamisado this never fires.

mod agents;
mod arena;
#[cfg(feature = "kamisado")]
mod kamisado;
#[cfg(feature = "katarenga")]
mod katarenga;
mod result;

pub use agents::{Agent, GreedyAgent, RandomAgent, SearchAgent};
pub use arena::{
    Adjudication, Duel, End, GameResult, Repetitions, Stats, duel, play_game, selfplay,
};
#[cfg(feature = "kamisado")]
pub use kamisado::{play_match, play_setup_match};
#[cfg(feature = "katarenga")]
pub use katarenga::{choose_orientation, play_rematch};
#[cfg(feature = "katarenga")]
pub use result::RematchDetail;
#[cfg(feature = "kamisado")]
pub use result::{KamisadoMatch, RoundScoring};
pub use result::{MatchEnd, MatchResult};
