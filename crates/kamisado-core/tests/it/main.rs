//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less).

mod matchplay;
mod notation;
mod perft;
mod regressions;
mod rules;
mod runners;
#[cfg(feature = "serde")]
mod serialization;
mod suites;
mod surface;
mod values;
