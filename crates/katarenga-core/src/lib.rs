#![doc = include_str!("../README.md")]
//!
//! # Where to start
//!
//! - [`Position`]: parse one ([`Position::start`], `"...".parse()`), list
//!   its moves ([`Position::legal_moves`], or [`Position::generate_moves`]
//!   without building them), play one ([`Position::play`],
//!   [`Position::try_play`]), and ask for the [`Position::outcome`].
//! - [`Board`]: the coloured board, from the four tiles
//!   ([`Board::from_tiles`], [`Board::all_tile_boards`]) or any colouring.
//! - [`Setup`]: the set-up in the rules' order (the laid board, Black's
//!   [`Orientation`], White first), and the recommended [`Rematch`].
//! - [`GameRecord`]: a game's moves with repetition detection.
//! - [`perft`]: count move paths, the definition of correctness.
//! - [`rules`]: the rules, the notation, and the choices made where the
//!   printed rules are silent.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod board;
mod camps;
mod colour;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod picture;
mod play;
mod position;
mod record;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod tile;
mod zobrist;

pub mod rules {
    #![doc = include_str!("rules.md")]
}

pub use board::{Board, BoardError, ParseBoardError};
pub use board_geometry;
pub use board_geometry::notation::GridError;
pub use board_geometry::{
    Bitboard, Direction, File, ParseNameError, ParseSquareError, Player, Rank, Square,
};
pub use camps::{Camp, Camps, on_target_line, target_line};
pub use colour::{PieceKind, SquareColour};
pub use movegen::{MAX_MOVES, MoveList, PieceMoves, PieceMovesIter};
pub use moves::{Destination, Move, ParseMoveError};
pub use notation::{Field, ParsePositionError, Pretty};
pub use outcome::Outcome;
pub use perft::{perft, perft_divide, perft_played};
pub use picture::{Ansi, Svg};
pub use play::IllegalMove;
pub use position::{InvalidPosition, Position, Rules, UnknownRules};
pub use record::{GameRecord, RecordError};
pub use setup::{Orientation, Rematch, RematchError, Setup};
pub use tile::{Rotation, Side, Tile, TilePlacement};
