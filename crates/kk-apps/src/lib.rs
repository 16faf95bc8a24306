//! The project's applications, each a library module with a thin program
//! in `src/bin/`, so that tests drive them in memory:
//!
//! - [`play`] (`kk-play`): a game in the terminal;
//! - [`board_study`] (`kk-board-study`): the map of Katarenga's set-ups and
//!   `docs/katarenga-boards.md`;
//! - [`isolation_study`] (`kk-isolation-study`): strict Isolation solved on
//!   every Katarenga board, and `docs/isolation-boards.md`;
//! - [`solve_table`] (`kk-solve-table`): the solver over files of positions,
//!   the table of first moves, and sampled starts of later match rounds;
//! - [`work`]: the studies' items, one function per kind, shared by these
//!   programs and the Python package's study runners (locally or on Ray);
//! - `strength` (`kk-strength`, feature `minimax`): our search against other
//!   players, with intervals.
//!
//! The short programs a user reads in one sitting are the root package's
//! examples; these are the ones that grew past that.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod board_study;
pub mod cli;
pub mod isolation_study;
pub mod play;
pub mod solve_table;
#[cfg(feature = "minimax")]
pub mod strength;
pub mod work;
