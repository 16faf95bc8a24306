//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less). Each
//! module of the crate is tested in the file of its name; `common.rs` holds
//! the strategies and naive references several modules use.

mod bitboard;
mod common;
mod direction;
mod notation;
mod player;
mod random;
#[cfg(feature = "serde")]
mod serde_support;
mod square;
mod tables;
