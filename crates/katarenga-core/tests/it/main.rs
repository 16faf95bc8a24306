//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less).

mod attacks;
mod boards;
mod movement;
mod notation;
mod rules;
#[cfg(feature = "serde")]
mod serialization;
mod setup;
mod suites;
mod surface;
mod values;
