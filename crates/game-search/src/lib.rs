#![doc = include_str!("../README.md")]
//!
//! # Contents
//!
//! - [`Searcher`]: negamax alpha-beta with iterative deepening, a
//!   transposition table of fixed size (in MiB) keyed by the cores'
//!   Zobrist hashes, principal variation search, move ordering (the table's
//!   move, wins at once, killers, history), node and time limits, a
//!   [`StopFlag`] for other threads, a per-iteration callback, and exact
//!   scores for proven results, so that the same code plays and solves.
//!   One side may move twice in a row (Kamisado, after a push): the search
//!   compares the side to move before and after each move instead of
//!   assuming that turns alternate.
//! - [`Evaluation`]: plug in your own evaluation (any `Fn(&G) -> i32`).
//! - [`proof`]: who wins, in how many plies, and a best move, proven (df-pn
//!   and exact distances) for any game, Katarenga and Kamisado alike.
//! - [`Agent`]: players ([`RandomAgent`], [`GreedyAgent`], [`SearchAgent`],
//!   or a closure), and [`arena`] to play them against each other.
//! - [`SearchGame`]: what all of this needs of a game, implemented for both
//!   engines.
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
mod agents;
pub mod arena;
mod clock;
mod game;
#[cfg(feature = "kamisado")]
pub mod kamisado;
#[cfg(feature = "katarenga")]
pub mod katarenga;
pub mod proof;
mod search;
mod table;

pub use agents::{Agent, GreedyAgent, RandomAgent, SearchAgent};
pub use game::{Replies, SearchGame};
pub use game_rules::{self, Game, GameOutcome};
pub use search::{
    Evaluation, GameEvaluation, Iteration, Limits, Line, MAX_DEPTH, PROVEN, SearchResult, Searcher,
    StopFlag, WIN,
};
pub use table::TableError;
