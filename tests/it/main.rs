//! The integration tests, one module per subject, in one test binary
//! (one link instead of one per file: `cargo test` builds much less).

mod cli;
mod first_moves;
mod fuzz_corpora;
mod fuzz_script;
mod perft_suites;
mod pictures;
