#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod colour;
mod matchplay;
mod movegen;
mod moves;
mod notation;
mod obligation;
mod outcome;
mod perft;
mod play;
mod position;
#[cfg(feature = "serde")]
mod serde_impls;
mod tower;
mod zobrist;

pub use board_geometry;
pub use colour::Colour;
pub use matchplay::{
    Edge, Match, MatchError, MatchState, RoundSummary, Target, points_for, refill,
};
pub use movegen::{MAX_MOVES, MoveList, TowerMoves};
pub use moves::{Move, ParseMoveError};
pub use notation::{Field, ParsePositionError, Pretty};
pub use outcome::Outcome;
pub use perft::{perft, perft_divide, perft_played};
pub use play::{IllegalMove, MoveKind, PushError};
pub use position::{InvalidPosition, Position, PositionBuilder};
pub use tower::{SumoRank, Tower};
