#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod any;
mod game;
#[cfg(feature = "serde")]
mod serde_impls;
mod spec;

pub use any::{AnyError, AnyMove, AnyMoveKind, AnyOutcome, AnyPosition, ForEachGame};
pub use game::{GameId, OptionField, UnknownGame};
pub use spec::{BoardSetup, GameSpec, SpecError};
