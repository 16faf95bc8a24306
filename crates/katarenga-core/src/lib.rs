#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
mod camps;
mod colour;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod play;
mod position;
mod record;
#[cfg(feature = "serde")]
mod serde_impls;
mod tile;
mod zobrist;

pub use board::{Board, BoardError, ParseBoardError};
pub use board_geometry;
pub use camps::{Camp, Camps, target_line};
pub use colour::SquareColour;
pub use movegen::{MAX_MOVES, MoveList, PieceMoves};
pub use moves::{Destination, Move, ParseMoveError};
pub use notation::{Field, ParsePositionError, Pretty};
pub use outcome::Outcome;
pub use perft::{perft, perft_divide, perft_played};
pub use play::IllegalMove;
pub use position::{InvalidPosition, Position};
pub use record::{GameRecord, RecordFull};
pub use tile::{Rotation, Side, Tile, TilePlacement};
