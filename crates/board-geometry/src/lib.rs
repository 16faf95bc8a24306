#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bitboard;
mod direction;
mod player;
#[cfg(feature = "serde")]
pub mod serde_support;
mod square;
mod symmetry;
mod tables;
mod text;

pub use bitboard::{Bitboard, Squares};
pub use direction::Direction;
pub use player::Player;
pub use square::{File, ParseSquareError, Rank, Square};
pub use symmetry::{Grid4, Quadrant, flip_grid4, mirror_grid4, rotate_grid4, rotate_grid4_cw};
pub use tables::{between, king_moves, knight_moves, ray, ray_until};
pub use text::{GridError, char_at, parse_grid, splitmix64};
