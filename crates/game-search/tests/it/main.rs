//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less).
//! Only the tests of the adapters to the `minimax` crate need its feature:
//! the searches are checked against brute force written in the tests.

#[cfg(all(feature = "kamisado", feature = "katarenga", feature = "minimax"))]
mod adapter;
#[cfg(all(feature = "kamisado", feature = "katarenga"))]
mod arena;
#[cfg(feature = "family")]
mod family;
#[cfg(feature = "kamisado")]
mod kamisado;
#[cfg(feature = "katarenga")]
mod katarenga;
#[cfg(any(feature = "kamisado", feature = "katarenga"))]
mod oracle;
#[cfg(all(feature = "kamisado", feature = "katarenga"))]
mod proof;
#[cfg(all(feature = "kamisado", feature = "katarenga"))]
mod result;
#[cfg(all(feature = "kamisado", feature = "katarenga"))]
mod search;
mod stats;
#[cfg(all(feature = "kamisado", feature = "katarenga"))]
mod table;
