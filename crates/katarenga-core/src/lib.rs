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
//!   `use katarenga_core::Game;`; a function generic over it runs on
//!   every game.
//! - [`Board`]: the coloured board, from the four tiles
//!   ([`Board::from_tiles`], [`Board::all_tile_boards`]) or any colouring.
//! - [`Setup`]: the set-up in the rules' order (the laid board, Black's
//!   [`Orientation`], White first), and the recommended [`Rematch`].
//! - [`GameRecord`]: a game's moves with repetition detection.
//! - [`Game::perft`]: count move paths, the definition of correctness.
//! - [`rules`]: the rules, the notation, and the choices made where the
//!   printed rules are silent.
#![no_std]
// `deny`, not `forbid`: the count module calls code compiled for the
// processor's population count instruction, where it has one.
#![deny(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod board;
mod camps;
mod colour;
mod count;
mod game;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod picture;
mod play;
mod position;
mod quadrant;
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
pub use board_geometry::GridError;
pub use board_geometry::{
    Bitboard, Direction, File, ParseNameError, ParseSquareError, Player, Rank, Square,
};
pub use camps::{Camp, Camps, on_target_line, target_line};
pub use colour::{PieceKind, SquareColour};
pub use game_rules::{self, Game, GameOutcome};
pub use movegen::{Activity, MAX_MOVES, MoveList, PieceMoves, PieceMovesIter, Unreachable};
pub use moves::{Destination, Move, ParseMoveError};
pub use notation::{Field, ParsePositionError, Pretty};
pub use outcome::Outcome;
pub use picture::{Ansi, Svg};
#[doc(hidden)]
pub use picture::{ansi_square, svg_pieces};
pub use play::{IllegalMove, MoveKind};
pub use position::{InvalidPosition, Position, PositionBuilder, Rules, UnknownRules};
pub use quadrant::{Grid4, Quadrant};
pub use record::{GameRecord, GameRecordError};
pub use setup::{Orientation, Rematch, RematchError, Setup};
pub use tile::{Rotation, Side, Tile, TilePlacement};
