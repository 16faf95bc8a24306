//! The integration tests, one module per subject, in one test binary.

mod malformed;
mod played;
mod round_trips;
#[cfg(feature = "serde")]
mod serde;
mod spec;
