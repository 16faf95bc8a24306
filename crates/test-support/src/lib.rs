//! What the workspace's tests, benches and fuzz targets share (not
//! published):
//!
//! - [`cli`]: the programs' rule of exit statuses, checked once;
//! - [`suite`]: the reference perft suites, their readers and the one
//!   runner of a suite over [`game_rules::Game`];
//! - [`perft`]: perft of either game from its notation, with divide,
//!   played leaves and threads (the `perft` example's engine);
//! - [`fixtures`]: seeded position sets for the benches and the
//!   allocation test;
//! - [`oracle`]: plain reference checks over [`game_rules::Game`] (the
//!   naive perft, the legal moves as a set, an exact-size iterator drained,
//!   distinct hashes);
//! - [`fuzzing`]: the fuzz targets' properties as plain functions, replayed
//!   on stable by the test suite.
//!
//! The one seeded random generator of the workspace is
//! [`board_geometry::SplitMix64`], re-exported here as [`Rng`].

pub mod cli;
pub mod fixtures;
pub mod fuzzing;
pub mod oracle;
pub mod perft;
pub mod suite;

pub use board_geometry::SplitMix64 as Rng;
