#![doc = include_str!("../README.md")]
//!
//! # Where to start
//!
//! - [`Position`]: parse one ([`Game::start`], `"...".parse()`), list
//!   its moves ([`Game::legal_moves`], or [`Game::generate_moves`]
//!   without building them), play one ([`Game::play`], [`Game::try_play`]),
//!   and ask for the [`Game::outcome`].
//! - [`Game`]: the rules interface this crate implements (from the
//!   `game-rules` crate, re-exported): what is written once for every game
//!   (`try_play`, `legal_moves`, perft, ...). Bring it into scope with
//!   `use kamisado_core::Game;`; a function generic over it runs on
//!   every game.
//! - [`Match`]: whole matches with scoring, promotion and the refill
//!   between rounds.
//! - [`Game::perft`]: count move paths, the definition of correctness.
//! - [`rules`]: the rules, the notation, and the choices made where the
//!   printed rules are silent.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod colour;
mod game;
mod layout;
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
mod reading;
mod runners;
#[cfg(feature = "serde")]
mod serde_impls;
mod state;
mod tower;
mod zobrist;

pub mod rules {
    #![doc = include_str!("rules.md")]
}

pub use board_geometry;
pub use board_geometry::GridError;
pub use board_geometry::{
    Bitboard, Direction, File, ParseNameError, ParseSquareError, Player, Rank, Square,
};
pub use colour::Colour;
pub use game_rules::{self, Game, GameOutcome};
pub use layout::Layout;
pub use matchplay::{
    Acted, ChartError, ChartErrorKind, Edge, HomeRow, HomeRowError, MAX_SETUPS, Match, MatchAction,
    MatchError, MatchOptions, MatchState, Refill, RoundSummary, Scoring, SetupChart, SetupDraw,
    Target, ZeroTarget, points_for, refill,
};
pub use movegen::{MAX_MOVES, MoveList, PieceMoves, PieceMovesIter, slide_targets};
pub use moves::{Move, ParseMoveError};
pub use notation::{Field, ParsePositionError, Pretty};
pub use obligation::{Obligation, ObligationChain};
pub use outcome::Outcome;
pub use picture::{Ansi, Svg};
pub use play::{IllegalMove, MoveKind};
pub use position::{InvalidPosition, Position, PositionBuilder};
pub use push::PushError;
pub use reading::Rules;
pub use runners::{plain_runner, plain_runners};
pub use tower::{SumoRank, Tower};
