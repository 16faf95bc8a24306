#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod engine;
pub mod message;
pub mod referee;
pub mod setup;
pub mod stats;

pub use message::{
    Command, GameKind, Go, Info, MessageError, OptionKind, PROTOCOL_VERSION, Reply, Score, Start,
    UnknownGame,
};
