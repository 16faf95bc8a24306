//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less). Each
//! module of the crate is tested in the file of its name; `suites.rs` runs
//! the reference perft suites, `values.rs` the small value types over their
//! whole domains, and `common.rs` holds the sample positions several
//! modules use.

mod common;
mod match_options;
mod matchplay;
mod movegen;
mod notation;
mod obligation;
mod outcome;
mod perft;
mod picture;
mod position;
mod push;
mod reading;
mod runners;
#[cfg(feature = "serde")]
mod seats;
mod serde_impls;
mod setups;
mod suites;
mod values;
