//! The movetext: its token stream, and the numbered moves with their
//! comments, read and written.

use std::fmt;
use std::str::FromStr;

use super::lexer::Token;
use super::write::{Lines, comment};
use super::{ErrorKind, Location, RecordError};

/// A stream of movetext tokens read by a game's parser.
pub(crate) struct Body {
    tokens: std::vec::IntoIter<(Location, Token)>,
    peeked: Option<(Location, Token)>,
    pub(crate) end: Location,
}

impl Body {
    pub(crate) fn new(tokens: Vec<(Location, Token)>, end: Location) -> Body {
        Body {
            tokens: tokens.into_iter(),
            peeked: None,
            end,
        }
    }

    pub(crate) fn peek(&mut self) -> Option<&(Location, Token)> {
        if self.peeked.is_none() {
            self.peeked = self.tokens.next();
        }
        self.peeked.as_ref()
    }

    pub(crate) fn next(&mut self) -> Option<(Location, Token)> {
        self.peek();
        self.peeked.take()
    }

    /// The next token, which must exist.
    pub(crate) fn expect(
        &mut self,
        expected: &'static str,
    ) -> Result<(Location, Token), RecordError> {
        self.next().ok_or(RecordError::at(
            self.end,
            ErrorKind::Syntax {
                expected,
                found: "the end of the record".into(),
            },
        ))
    }

    /// A comment next, if there is one (several in a row are joined by a
    /// space).
    pub(crate) fn comment(&mut self) -> Option<String> {
        let mut text: Option<String> = None;
        while let Some((_, Token::Comment(_))) = self.peek() {
            if let Some((_, Token::Comment(c))) = self.next() {
                text = Some(match text {
                    Some(t) => format!("{t} {c}"),
                    None => c,
                });
            }
        }
        text
    }
}

/// `expected X, found <token>` at the token.
pub(crate) fn unexpected(at: Location, token: &Token, expected: &'static str) -> RecordError {
    RecordError::at(
        at,
        ErrorKind::Syntax {
            expected,
            found: token.describe(),
        },
    )
}

/// Numbered moves with their comments, and where each move stands.
pub(crate) type Moves<M> = (Vec<Annotated<M>>, Vec<Location>);

/// Reads numbered moves from `body` until `stop` says a token is not a
/// move, each in the game's move notation (legality is the replay's
/// business).
pub(crate) fn moves<M>(
    body: &mut Body,
    stop: impl Fn(&Token) -> bool,
) -> Result<Moves<M>, RecordError>
where
    M: FromStr,
    M::Err: fmt::Display,
{
    let mut out: Vec<Annotated<M>> = Vec::new();
    let mut spots = Vec::new();
    loop {
        let Some((at, token)) = body.peek().cloned() else {
            return Ok((out, spots));
        };
        if stop(&token) {
            return Ok((out, spots));
        }
        body.next();
        let number = move_number(out.len());
        match token {
            Token::Number(n) => {
                if out.len() % 2 != 0 {
                    return Err(unexpected(
                        at,
                        &Token::Number(n),
                        "the move's second ply (a number comes before every other ply)",
                    ));
                }
                if n != number {
                    return Err(RecordError::at(
                        at,
                        ErrorKind::MoveNumber {
                            expected: number,
                            found: n,
                        },
                    ));
                }
            }
            Token::Word(w) => {
                let mv = w.parse().map_err(|e: M::Err| {
                    RecordError::at(
                        at,
                        ErrorKind::Move {
                            number,
                            mv: w.clone(),
                            reason: e.to_string(),
                        },
                    )
                })?;
                let comment = body.comment();
                out.push(Annotated { mv, comment });
                spots.push(at);
            }
            other => return Err(unexpected(at, &other, "a move or a move number")),
        }
    }
}

/// The number of the move that holds the ply `ply` (from 0).
fn move_number(ply: usize) -> u32 {
    u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX)
}

/// Plays `moves` in order by `play`: the first one it refuses is a
/// [`ErrorKind::Move`] error, at its place in `spots` (where the record
/// was read from text).
pub(crate) fn replay<M: Copy + fmt::Display, E: fmt::Display>(
    moves: &[Annotated<M>],
    spots: &[Location],
    mut play: impl FnMut(M) -> Result<(), E>,
) -> Result<(), RecordError> {
    for (ply, annotated) in moves.iter().enumerate() {
        play(annotated.mv).map_err(|e| RecordError {
            location: spots.get(ply).copied(),
            kind: ErrorKind::Move {
                number: move_number(ply),
                mv: annotated.mv.to_string(),
                reason: e.to_string(),
            },
        })?;
    }
    Ok(())
}

/// Writes a movetext: the comment before the first move, if any, on a
/// line of its own, then the numbered moves with their comments.
pub(crate) fn write_movetext<M: fmt::Display>(
    lines: &mut Lines,
    first_comment: Option<&str>,
    moves: &[Annotated<M>],
) {
    if let Some(c) = first_comment {
        lines.push(&comment(c));
        lines.end_line();
    }
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            lines.push(&format!("{}.", i / 2 + 1));
        }
        lines.push(&m.mv.to_string());
        if let Some(c) = &m.comment {
            lines.push(&comment(c));
        }
    }
    lines.end_line();
}

/// A move with the comment written after it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Annotated<M> {
    /// The move.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: M,
    /// The comment after it, if any.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub comment: Option<String>,
}

impl<M> Annotated<M> {
    /// A move without a comment.
    pub fn new(mv: M) -> Annotated<M> {
        Annotated { mv, comment: None }
    }
}
