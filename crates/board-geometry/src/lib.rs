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
mod tables;

pub use bitboard::{Bitboard, Squares};
pub use direction::Direction;
pub use notation::ParseNameError;
pub use player::Player;
pub use random::{SplitMix64, splitmix64};
pub use square::{File, ParseSquareError, Rank, Square};
pub use tables::{between, king_moves, knight_moves, ray, ray_until};
