//! The integration tests, one module per subject, in one test binary.

mod malformed;
#[cfg(feature = "players")]
mod played;
mod round_trips;
#[cfg(feature = "serde")]
mod serde;
mod spec;
