#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod engine;
pub mod message;
pub mod referee;
pub mod setup;
/// The referee's statistics, from `game-search` where every program shares them.
pub use game_search::stats;

pub use game_spec::{self, AnyMove, AnyPosition, GameId, GameSpec, UnknownGame};
pub use message::{
    Command, Go, Info, MessageError, OptionKind, PROTOCOL_VERSION, Reply, Score, Start,
};
