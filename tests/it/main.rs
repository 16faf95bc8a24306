//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less).

mod cli;
mod first_moves;
mod fuzz_corpora;
mod fuzz_script;
mod perft_suites;
mod pictures;
mod play_session;

/// The `play` example's session, included from the example's own source
/// so that `play_session` drives it with in-memory input and output.
#[path = "../../examples/play/session.rs"]
#[allow(dead_code)]
mod session;
