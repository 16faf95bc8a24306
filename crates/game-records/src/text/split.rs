//! Splitting a text into its records, each into its tags and movetext.

use super::lexer::{Token, tokenize};
use super::{ErrorKind, Location, RecordError};

/// A record's tokens split into its tags and its movetext.
pub(crate) struct Sections {
    pub(crate) start: Location,
    pub(crate) tags: Vec<(Location, String, String)>,
    pub(crate) body: Vec<(Location, Token)>,
    pub(crate) end: Location,
}

/// Splits a text's tokens into records: each starts with its tags.
pub(crate) fn records(text: &str) -> Result<Vec<Sections>, RecordError> {
    let end = {
        let lines = u32::try_from(text.lines().count().max(1)).unwrap_or(u32::MAX);
        Location {
            line: lines,
            column: u32::try_from(text.lines().last().map_or(0, |l| l.chars().count()) + 1)
                .unwrap_or(u32::MAX),
        }
    };
    let mut out: Vec<Sections> = Vec::new();
    for (at, token, blank) in tokenize(text)? {
        // A tag opens a new record after the movetext, or after an empty
        // line (a record's tags stand on consecutive lines).
        let open_new = match (&token, out.last()) {
            (Token::Tag(..), Some(last)) => !last.body.is_empty() || blank,
            (_, None) => true,
            _ => false,
        };
        if open_new {
            if !matches!(token, Token::Tag(..)) {
                return Err(RecordError::at(
                    at,
                    ErrorKind::Syntax {
                        expected: "a tag pair such as [Event \"?\"] to open the record",
                        found: token.describe(),
                    },
                ));
            }
            if let Some(last) = out.last_mut() {
                last.end = at;
            }
            out.push(Sections {
                start: at,
                tags: Vec::new(),
                body: Vec::new(),
                end,
            });
        }
        let Some(current) = out.last_mut() else {
            continue;
        };
        match token {
            Token::Tag(name, value) => current.tags.push((at, name, value)),
            other => current.body.push((at, other)),
        }
    }
    Ok(out)
}

/// The one record a text holds, or how many it holds instead.
pub(crate) fn only_one<T>(mut all: Vec<T>) -> Result<T, RecordError> {
    match all.len() {
        1 => Ok(all.remove(0)),
        n => Err(RecordError::inconsistent(
            None,
            format!("expected one record, found {n}"),
        )),
    }
}
