//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less).

#[cfg(all(feature = "kamisado", feature = "katarenga"))]
mod arena;
#[cfg(feature = "kamisado")]
mod certificates;
#[cfg(feature = "katarenga")]
mod katarenga;
#[cfg(all(feature = "kamisado", feature = "katarenga"))]
mod limits;
#[cfg(feature = "kamisado")]
mod matches;
#[cfg(all(feature = "kamisado", feature = "katarenga", feature = "minimax"))]
mod search;
