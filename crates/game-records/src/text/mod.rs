//! What both record formats share, one concept per module: the error
//! type, the tags' vocabulary, the tokens, splitting a text into records,
//! the tag pairs, the movetext's moves and its layout.

mod error;
mod lexer;
mod moves;
mod split;
mod tags;
mod vocabulary;
mod write;

pub use error::{ErrorKind, Location, RecordError};
pub(crate) use lexer::Token;
pub use moves::Annotated;
pub(crate) use moves::{Body, moves, replay, unexpected, write_movetext};
pub(crate) use split::{Sections, only_one, records};
pub use tags::Header;
pub(crate) use tags::{Tags, write_others, write_roster, write_tag};
pub use vocabulary::{RecordResult, Termination};
pub(crate) use write::Lines;
