//! Computer players for Kamisado and Katarenga.
//!
//! - [`Searcher`]: negamax alpha-beta with iterative deepening, a
//!   transposition table of fixed size keyed by the cores' Zobrist hashes,
//!   principal variation search, move ordering (the table's move, wins at
//!   once, killers, history), node and time
//!   limits, and exact scores for proven results, so that the same code
//!   plays and solves. One side may move twice in a row (Kamisado, after a
//!   push): the search compares the side to move before and after each move
//!   instead of assuming that turns alternate.
//! - [`eval`]: the evaluation functions of both games.
//! - [`adapter`]: the `minimax` crate's `Game` trait for both games, so its
//!   strategies run on them too.
//!
//! The cores do not depend on this crate.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod adapter;
pub mod eval;
mod game;
mod search;

pub use game::SearchGame;
pub use search::{Limits, PROVEN, SearchResult, Searcher, WIN};
