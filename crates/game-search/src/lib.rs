#![doc = include_str!("../README.md")]
//!
//! # Contents
//!
//! - [`Searcher`]: negamax alpha-beta with iterative deepening, a
//!   transposition table of fixed size (in MiB) keyed by the cores'
//!   Zobrist hashes, principal variation search, a quiescence search of
//!   the tactical moves where the game asks for one, move ordering (the
//!   table's move, wins at once, killers, history), a per-iteration
//!   callback, and exact scores for proven results, so that the same code
//!   plays and solves. One side may move twice in a row (Kamisado, after a
//!   push): the search compares the side to move before and after each move
//!   instead of assuming that turns alternate.
//! - [`Limits`] and [`StopFlag`]: when the searcher and the provers stop
//!   (depth, nodes, time, or another thread's word), the same for all.
//! - [`proof`]: who wins, in how many plies, and a best move, proven (df-pn
//!   and exact distances) for any game, Katarenga and Kamisado alike;
//!   Kamisado's certificates and their checker.
//! - [`eval`]: plug in your own [`Evaluation`] (any `Fn(&G) -> i32`), or
//!   read the games' own ([`eval::kamisado`], [`eval::katarenga`]).
//! - [`play`]: players ([`Agent`]: [`RandomAgent`], [`GreedyAgent`],
//!   [`SearchAgent`], or a closure), whole games and duels between them,
//!   Kamisado matches and Katarenga rematches.
//! - [`SearchGame`]: what all of this needs of a game beyond its rules,
//!   implemented for both engines.
//! - `adapter` (feature `minimax`): the `minimax` crate's `Game` trait for
//!   both games.
//!
//! The cores do not depend on this crate.
// Two `unsafe` blocks, allowed where they stand, both in `table.rs` and both
// for speed: the transposition table's prefetch hint, and the `madvise` call
// that asks Linux for huge pages under the tables.
#![deny(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "minimax")]
pub mod adapter;
mod clock;
pub mod eval;
mod game;
mod limits;
pub mod play;
pub mod proof;
mod search;
pub mod stats;
mod table;

pub use eval::{Evaluation, GameEvaluation};
pub use game::{LeafValue, Replies, SearchGame};
pub use game_rules::{self, Game, GameOutcome};
pub use limits::{Limits, StopFlag};
pub use play::{Agent, GreedyAgent, RandomAgent, SearchAgent};
pub use search::{Iteration, Line, MAX_DEPTH, PROVEN, SearchResult, Searcher, WIN};
pub use table::TableError;
