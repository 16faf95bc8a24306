#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod bitboard;
mod direction;
pub mod notation;
pub mod picture;
mod player;
mod random;
#[cfg(feature = "serde")]
pub mod serde_support;
mod square;
mod symmetry;
mod tables;

pub use bitboard::{Bitboard, Squares};
pub use direction::Direction;
pub use notation::ParseNameError;
pub use player::Player;
pub use random::{SplitMix64, splitmix64};
pub use square::{File, ParseSquareError, Rank, Square};
pub use symmetry::{Grid4, Quadrant, flip_grid4, mirror_grid4, rotate_grid4, rotate_grid4_cw};
pub use tables::{between, king_moves, knight_moves, ray, ray_until};
