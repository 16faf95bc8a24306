#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod game;

pub use board_geometry::Player;
pub use game::{Game, GameOutcome, MAX_MOVES, MoveList};
