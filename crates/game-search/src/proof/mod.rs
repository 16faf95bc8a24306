//! Proving who wins, for any [`SearchGame`](crate::SearchGame): Katarenga as well as Kamisado.
//!
//! - [`DfpnProver`]: depth-first proof-number search, who wins within a
//!   budget of nodes or time, without looking for the shortest win.
//! - [`Prover`]: exact distances: whether the side to move wins (or loses)
//!   within `d` plies, and by iterative deepening the exact number of plies
//!   with best play and a best move.
//! - [`Solver`]: both together: who wins, in how many plies, and a best move.
//! - `isolation` (feature `family`): strict Isolation solved exactly as
//!   Node Kayles.
//! - [`certificate`] and [`check`] (features `kamisado`, `family`): a
//!   Kamisado or strict Isolation win written out as a strategy file, and
//!   its checker, which uses the rules alone.
//!
//! Games that repeat positions (Katarenga: the rules have no draw, a game
//! may go on for ever) are handled soundly: a win is only ever proven by a
//! finite strategy, and a position that cannot be proven a win for either
//! side within the budget stays [`Value::Unknown`]. Games that declare
//! themselves [acyclic](crate::SearchGame::ACYCLIC) (Kamisado) are proven without
//! that bookkeeping, as fast as the provers built for them alone.
//!
//! ```
//! use std::time::Duration;
//! use game_search::Limits;
//! use game_search::proof::Solver;
//! use katarenga_core::{Player, Position};
//!
//! // White holds a0 and has a piece on rank 1: h1h0 takes the second camp.
//! let p: Position = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB \
//!                    3w4/8/8/8/8/8/b7/b6w w a0".parse()?;
//! let mut solver = Solver::<Position>::new(16)?;
//! let solution = solver.solve(&p, Limits::time(Duration::from_secs(5)));
//! assert_eq!(solution.winner, Some(Player::White));
//! assert_eq!(solution.plies, Some(1));
//! assert_eq!(solution.best, Some("h1h0".parse()?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use crate::Game;

#[cfg(any(feature = "kamisado", feature = "family"))]
pub mod certificate;
#[cfg(any(feature = "kamisado", feature = "family"))]
pub mod check;
mod dfpn;
mod exact;
#[cfg(feature = "family")]
pub mod isolation;
mod solve;

pub use dfpn::{DfpnProof, DfpnProver};
pub use exact::Prover;
pub use solve::{Solution, Solver};

/// Who wins a position, as far as a proof search got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Not proven within the limits.
    Unknown,
}

/// What a proof search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof<M> {
    /// Who wins, from the side to move's point of view.
    pub value: Value,
    /// For a proven result: the length of the game from here with best
    /// play (the winner as fast as possible, the loser as slow as
    /// possible), exact.
    pub plies: Option<u32>,
    /// A best move: the fastest win, or the slowest loss.
    pub best: Option<M>,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// A node's children with their ordering ranks (lower first), in a list
/// the provers reuse from node to node.
type Children<G> = Vec<(u32, <G as Game>::Move, G)>;
