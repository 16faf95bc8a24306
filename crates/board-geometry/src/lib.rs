#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod bitboard;
mod direction;
mod error_chain;
mod named_enum;
// `notation` and `picture` are plumbing that both game crates need, kept
// once here; they are not geometry and not part of the semver API (they may
// change in any release). The types the games' APIs show are re-exported at
// the root.
#[doc(hidden)]
pub mod notation;
#[doc(hidden)]
pub mod picture;
mod player;
mod random;
#[cfg(feature = "serde")]
pub mod serde_support;
mod square;
mod tables;

pub use bitboard::{Bitboard, Squares};
pub use direction::Direction;
pub use error_chain::ErrorChain;
pub use notation::{GridError, ParseNameError};
pub use picture::Rgb;
pub use player::Player;
pub use random::{SplitMix64, splitmix64};
pub use square::{File, ParseSquareError, Rank, Square};
pub use tables::{between, king_moves, knight_moves, ray, ray_until};
