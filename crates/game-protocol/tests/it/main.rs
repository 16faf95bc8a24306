//! The integration tests, one module per subject, in one test binary.

mod engine;
mod messages;
mod referee;
mod stats;
