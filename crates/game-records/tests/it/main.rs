//! The integration tests, one module per subject, in one test binary.
//! Each module of the crate is tested in the file of its name (`text/` as
//! `src/text/`); `serde.rs` tests the serde feature, and `common.rs` holds
//! the base records the error tests edit.

mod common;
mod family;
mod kamisado;
mod katarenga;
#[cfg(feature = "players")]
mod played;
#[cfg(feature = "serde")]
mod serde;
mod table;
mod text;
