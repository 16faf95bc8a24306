//! Shared helpers of the workspace's examples and benchmarks.
//!
//! This package is not published; the libraries are `board-geometry`,
//! `kamisado-core` and `katarenga-core` under `crates/`.
