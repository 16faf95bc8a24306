//! The move type and its [notation](crate::rules#move-notation).

use core::fmt;
use core::str::FromStr;

use board_geometry::{ParseSquareError, Square};

/// A move in the [notation](crate::rules#move-notation): the moving tower's square and
/// its destination. A sumo push is written as the sumo's one-square step
/// onto the first pushed tower; a pass is the blocked tower's square twice.
///
/// ```
/// use kamisado_core::Move;
/// let mv: Move = "d1d7".parse()?;
/// assert_eq!(mv.to_string(), "d1d7");
/// assert!("d7d7".parse::<Move>()?.is_pass());
/// # Ok::<(), kamisado_core::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The square of the tower that moves (or passes).
    pub from: Square,
    /// Where it ends; equal to `from` for a pass.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The pass of the blocked tower on `square`.
    #[inline]
    #[must_use]
    pub const fn pass(square: Square) -> Move {
        Move {
            from: square,
            to: square,
        }
    }

    /// Whether the move is a pass (`from == to`).
    #[inline]
    #[must_use]
    pub fn is_pass(self) -> bool {
        self.from == self.to
    }

    /// Parses a move from ASCII bytes.
    ///
    /// # Errors
    /// [`ParseMoveError`] naming the offending offset when the bytes are not
    /// exactly two square names.
    pub fn from_ascii(bytes: &[u8]) -> Result<Move, ParseMoveError> {
        let from = Square::parse_prefix(bytes, 0)?;
        let to = Square::parse_prefix(bytes.get(2..).unwrap_or(&[]), 2)?;
        if bytes.len() > 4 {
            return Err(ParseMoveError::TrailingText { offset: 4 });
        }
        Ok(Move { from, to })
    }
}

/// Why a move string could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseMoveError {
    /// One of the two squares is malformed (offset 0-1 for the origin, 2-3
    /// for the destination); the square's error says which and why.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// Text after the two squares.
    #[error("unexpected text after the move at offset {offset}")]
    TrailingText {
        /// Where the extra text starts.
        offset: usize,
    },
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_errors_name_the_offset() {
        assert_eq!(
            "d1".parse::<Move>(),
            Err(ParseMoveError::Square(ParseSquareError::MissingFile {
                offset: 2
            }))
        );
        assert_eq!(
            "d1d9".parse::<Move>(),
            Err(ParseMoveError::Square(ParseSquareError::InvalidRank {
                found: '9',
                offset: 3
            }))
        );
        assert_eq!(
            "d1d7 ".parse::<Move>(),
            Err(ParseMoveError::TrailingText { offset: 4 })
        );
        assert_eq!(
            "z1d7".parse::<Move>(),
            Err(ParseMoveError::Square(ParseSquareError::InvalidFile {
                found: 'z',
                offset: 0
            }))
        );
        assert_eq!(
            "".parse::<Move>(),
            Err(ParseMoveError::Square(ParseSquareError::MissingFile {
                offset: 0
            }))
        );
    }
}
