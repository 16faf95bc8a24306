//! The move type and its [notation](crate::rules#move-notation).

use core::fmt;
use core::str::FromStr;

use board_geometry::{ParseSquareError, Square};

use crate::Camp;

/// Where a move ends: a square of the board or a camp.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Destination {
    /// A square of the board (a capture if an opponent stands there).
    Square(Square),
    /// One of the mover's target camps.
    Camp(Camp),
}

impl fmt::Display for Destination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Destination::Square(s) => write!(f, "{s}"),
            Destination::Camp(c) => write!(f, "{c}"),
        }
    }
}

/// A move: the piece's square and where it goes, `c1d3` or `e8h9` for
/// entering a camp. A capture looks like any other move.
///
/// ```
/// use katarenga_core::{Camp, Destination, Move};
/// let mv: Move = "e8h9".parse()?;
/// assert_eq!(mv.to, Destination::Camp(Camp::H9));
/// assert_eq!(mv.to_string(), "e8h9");
/// # Ok::<(), katarenga_core::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The square of the piece that moves.
    pub from: Square,
    /// Where it goes.
    pub to: Destination,
}

impl Move {
    /// A move to a square.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to: Destination::Square(to),
        }
    }

    /// A move into a camp.
    #[inline]
    #[must_use]
    pub const fn to_camp(from: Square, camp: Camp) -> Move {
        Move {
            from,
            to: Destination::Camp(camp),
        }
    }

    /// Parses a move from ASCII bytes.
    ///
    /// # Errors
    /// [`ParseMoveError`] with the offset of the problem.
    pub fn from_ascii(bytes: &[u8]) -> Result<Move, ParseMoveError> {
        let from = Square::parse_prefix(bytes, 0)?;
        let to = match bytes.get(2..4) {
            Some(&[a, b]) if b == b'9' || b == b'0' => Destination::Camp(
                Camp::from_ascii([a, b]).ok_or(ParseMoveError::NotACamp { offset: 2 })?,
            ),
            _ => Destination::Square(Square::parse_prefix(bytes.get(2..).unwrap_or(&[]), 2)?),
        };
        if bytes.len() > 4 {
            return Err(ParseMoveError::TrailingText { offset: 4 });
        }
        Ok(Move { from, to })
    }
}

/// Why a move string could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseMoveError {
    /// A malformed square; its error says which and why.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// Rank `9` or `0` on a file other than `a` or `h`.
    #[error("no camp there at offset {offset}: the camps are a9, h9, a0 and h0")]
    NotACamp {
        /// Where the destination starts.
        offset: usize,
    },
    /// Text after the move.
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
