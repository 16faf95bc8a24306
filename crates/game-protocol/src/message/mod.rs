//! The protocol's messages (specified in the repository's `docs/protocol.md`): what a
//! controller sends ([`Command`]) and what an engine answers ([`Reply`]),
//! each one line, read with [`str::parse`] and written with `Display`.
//! Moves and positions are carried as their notation strings: the game
//! crates read them.

mod command;
mod reply;
mod words;

pub use command::{Command, Go, Start};
pub use game_spec::{GameId, UnknownGame};
pub use reply::{Info, OptionKind, Reply, Score};

/// The version of KKP this crate speaks (`protocol 2` in the handshake).
pub const PROTOCOL_VERSION: u32 = 2;

/// Why a line is not a message: the word at fault (counting from 1), what
/// was expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("word {word}: expected {expected}, found {found}")]
pub struct MessageError {
    /// The position of the word at fault, from 1 (one past the last word
    /// for a line that ends too soon).
    pub word: usize,
    /// What was expected.
    pub expected: &'static str,
    /// What was found, quoted, or "the end of the line".
    pub found: String,
}
