#![doc = include_str!("../README.md")]
//!
//! # Where to start
//!
//! - [`Position`]: parse one ([`Position::start`], `"...".parse()`), list
//!   its moves ([`Position::legal_moves`], or [`Position::generate_moves`]
//!   without building them), play one ([`Position::play`],
//!   [`Position::try_play`]), and ask for the [`Position::outcome`].
//! - [`Match`]: whole matches with scoring, promotion and the refill
//!   between rounds.
//! - [`perft`]: count move paths, the definition of correctness.
//! - [`rules`]: the rules, the notation, and the choices made where the
//!   printed rules are silent.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod colour;
mod matchplay;
mod movegen;
mod moves;
mod notation;
mod obligation;
mod outcome;
mod perft;
mod picture;
mod play;
mod position;
mod push;
#[cfg(feature = "serde")]
mod serde_impls;
mod state;
mod tower;
mod zobrist;

pub mod rules {
    #![doc = include_str!("rules.md")]
}

pub use board_geometry;
pub use board_geometry::notation::GridError;
pub use board_geometry::{
    Bitboard, Direction, File, ParseNameError, ParseSquareError, Player, Rank, Square,
};
pub use colour::Colour;
pub use matchplay::{
    Edge, Match, MatchError, MatchState, RoundSummary, Target, ZeroTarget, points_for, refill,
};
pub use movegen::{MAX_MOVES, MoveList, TowerMoves, TowerMovesIter, slide_targets};
pub use moves::{Move, ParseMoveError};
pub use notation::{Field, ParsePositionError, Pretty};
pub use obligation::{Obligation, ObligationChain};
pub use outcome::Outcome;
pub use perft::{perft, perft_divide, perft_played};
pub use picture::{Ansi, Svg};
pub use play::{IllegalMove, MoveKind};
pub use position::{InvalidPosition, Position, PositionBuilder};
pub use push::PushError;
pub use tower::{SumoRank, Tower};
