//! The integration tests, one module per subject, in one test binary.
//! Each module of the crate is tested in the file of its name (`engine/`,
//! `message/` and `referee/` as in `src/`); `bin.rs` tests the programs'
//! exit statuses.

mod bin;
mod engine;
mod message;
mod referee;
mod setup;
