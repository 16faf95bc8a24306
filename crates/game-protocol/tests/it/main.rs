//! The integration tests, one module per subject, in one test binary.

mod engine;
mod exits;
#[cfg(target_os = "linux")]
mod faults;
mod messages;
mod order;
mod referee;
mod stats;
