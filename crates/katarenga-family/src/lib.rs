#![doc = include_str!("../README.md")]
//!
//! # Where to start
//!
//! - [`Congress`], [`Quebec`], [`Isolation`]: the positions, each with
//!   its start ([`Game::start`], `start_on` a board), its notation
//!   (`"...".parse()`) and its options.
//! - [`Game`]: the rules interface each implements (from `game-rules`,
//!   re-exported): legal moves, play, outcome, perft.
//! - [`ConflictGraph`]: strict Isolation as a graph.
//! - [`rules`]: the rules, the notation, and the choices made.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod common;
mod conflict;
mod connection;
mod isolation;
mod moves;
mod options;
mod outcome;
mod pawns;
mod picture;
mod zobrist;

pub mod rules {
    #![doc = include_str!("rules.md")]
}

#[doc(no_inline)]
pub use board_geometry::{Bitboard, Player, Square};
pub use conflict::ConflictGraph;
pub use connection::{Congress, Quebec, START_BLACK, START_WHITE};
#[doc(no_inline)]
pub use game_rules::{self, Game, GameOutcome};
pub use isolation::Isolation;
#[doc(no_inline)]
pub use katarenga_core::{self, Board};
pub use moves::{IllegalMove, Move, MoveKind, ParseMoveError, PieceMoves, PieceMovesIter, Source};
pub use options::{BothConnected, NoMove, Reading, Supply};
pub use outcome::{Outcome, is_connected};
pub use pawns::{Field, InvalidPosition, ParsePositionError, Pretty};
pub use picture::{Ansi, Svg};

/// The most legal moves a position of the family can have: 8 pawns of at
/// most 14 steps each (a rook on a red square), or 64 drops.
pub const MAX_MOVES: usize = 112;

// Every error: `{"kind": ..., "message": ...}`, the message with its causes.
#[cfg(feature = "serde")]
board_geometry::serde_as_error!(
    IllegalMove,
    ParseMoveError,
    InvalidPosition,
    ParsePositionError
);
