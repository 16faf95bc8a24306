//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less). Each
//! module of the crate is tested in the file of its name (`movegen/drawn.rs`:
//! each way of moving on drawn boards); `suites.rs` runs the reference perft
//! suites, `values.rs` the small value types over their whole domains, and
//! `common.rs` holds the sample positions several modules use.

mod attacks;
mod board;
mod camps;
mod common;
mod movegen;
mod notation;
mod outcome;
mod perft;
mod picture;
mod position;
mod record;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod suites;
mod values;
