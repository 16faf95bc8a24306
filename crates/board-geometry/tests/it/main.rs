//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less).

mod notation;
mod properties;
mod values;
