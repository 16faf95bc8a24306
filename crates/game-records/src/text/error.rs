//! The error a record gives: what is wrong, and where in the text.

use std::fmt;

/// Where something is in a record's text: line and column, from 1
/// (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Location {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, in characters.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why a record could not be read, or does not hold together: what, and
/// where in the text (a record built in memory and checked with
/// `validate` has no location).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{kind}", match location { Some(l) => format!("{l}: "), None => String::new() })]
pub struct RecordError {
    /// Where the problem is, for a record read from text.
    pub location: Option<Location>,
    /// What the problem is.
    pub kind: ErrorKind,
}

/// What is wrong with a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// The text does not follow the record syntax.
    #[error("expected {expected}, found {found}")]
    Syntax {
        /// What was expected.
        expected: &'static str,
        /// What was found (quoted), or "the end of the record".
        found: String,
    },
    /// A tag pair appears twice.
    #[error("the tag {0} appears twice")]
    DuplicateTag(String),
    /// A tag the game needs is missing.
    #[error("the tag {0} is missing")]
    MissingTag(&'static str),
    /// A tag's value cannot be read.
    #[error("bad {tag} tag {value:?}: {reason}")]
    TagValue {
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// A field of the movetext (a position, a round number, a score line,
    /// an edge) cannot be read.
    #[error("bad {field} {value:?}: {reason}")]
    Field {
        /// Which field.
        field: &'static str,
        /// The text found.
        value: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// A move number is not the next one.
    #[error("move number {found} where {expected} was due")]
    MoveNumber {
        /// The number due.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// A move cannot be read, or is illegal where it is played.
    #[error("move {number} ({mv}): {reason}")]
    Move {
        /// The move's number: plies are numbered in pairs, move `n` being
        /// plies `2n - 1` and `2n` (of its round, in Kamisado).
        number: u32,
        /// The move as written.
        mv: String,
        /// Why it was refused.
        reason: String,
    },
    /// The record's parts disagree: its result, termination, scores or a
    /// round's start are not what replaying its moves gives.
    #[error("{0}")]
    Inconsistent(String),
}

impl RecordError {
    pub(crate) fn at(location: Location, kind: ErrorKind) -> RecordError {
        RecordError {
            location: Some(location),
            kind,
        }
    }

    pub(crate) fn inconsistent(location: Option<Location>, why: String) -> RecordError {
        RecordError {
            location,
            kind: ErrorKind::Inconsistent(why),
        }
    }
}
