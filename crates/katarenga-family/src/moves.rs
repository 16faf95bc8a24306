//! The family's moves and their [notation](crate::rules#notation), the
//! moves of one pawn or of the hand as generation hands them over, and why
//! a move is illegal.

use core::fmt;
use core::str::FromStr;

use board_geometry::{Bitboard, ParseSquareError, Player, Square, Squares};
use katarenga_core::Unreachable;

use crate::Outcome;

/// A move of the family: a pawn's step (`b1b3`, Congress and Quebec; a
/// capture looks the same), a drop from the hand (`@d4`, Isolation), or a
/// pass (`pass`, Congress under [`NoMove::Pass`](crate::NoMove::Pass)).
///
/// ```
/// use katarenga_family::Move;
/// let drop: Move = "@d4".parse()?;
/// assert_eq!(drop, Move::Drop("d4".parse()?));
/// assert_eq!("b1b3".parse::<Move>()?.to_string(), "b1b3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// A pawn moves from one square to another.
    Step {
        /// Where the pawn stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// A pawn from the hand is placed on a square.
    Drop(Square),
    /// The player to move passes.
    Pass,
}

impl Move {
    /// The square the move ends on (none for a pass).
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Step { to, .. } | Move::Drop(to) => Some(to),
            Move::Pass => None,
        }
    }

    /// Parses a move from ASCII bytes.
    ///
    /// # Errors
    /// [`ParseMoveError`] with the offset of the problem.
    pub fn from_ascii(bytes: &[u8]) -> Result<Move, ParseMoveError> {
        if bytes == b"pass" {
            return Ok(Move::Pass);
        }
        let (mv, end) = if bytes.first() == Some(&b'@') {
            let to = Square::parse_prefix(bytes.get(1..).unwrap_or(&[]), 1)?;
            (Move::Drop(to), 3)
        } else {
            let from = Square::parse_prefix(bytes, 0)?;
            let to = Square::parse_prefix(bytes.get(2..).unwrap_or(&[]), 2)?;
            (Move::Step { from, to }, 4)
        };
        if bytes.len() > end {
            return Err(ParseMoveError::TrailingText { offset: end });
        }
        Ok(mv)
    }
}

/// Why a move string could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseMoveError {
    /// A malformed square; its error says which and why.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
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

#[cfg(feature = "serde")]
board_geometry::serde_as_notation!(Move => "a move such as \"b1b3\", \"@d4\" or \"pass\"");

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}{to}"),
            Move::Drop(to) => write!(f, "@{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Where the moves of a [`PieceMoves`] come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// A pawn on this square.
    Square(Square),
    /// The hand (drops).
    Hand,
    /// The pass, the only move of a player who cannot move otherwise.
    Pass,
}

/// The legal moves of one pawn, or the drops, or the pass, as
/// [`Game::generate_moves`](crate::Game::generate_moves) hands them over.
/// Iterating gives the moves (an exact-size iterator).
///
/// ```
/// use katarenga_family::{Game, Isolation};
/// Isolation::start().generate_moves(|moves| {
///     assert_eq!(moves.into_iter().len(), 64);
///     false
/// });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceMoves {
    /// Where the moves come from.
    pub source: Source,
    /// The squares they go to (empty for the pass).
    pub to: Bitboard,
}

impl PieceMoves {
    /// The number of moves.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        match self.source {
            Source::Pass => 1,
            Source::Square(_) | Source::Hand => self.to.len() as usize,
        }
    }

    /// Whether there is no move (never for a set the generator hands over).
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves one by one.
    #[inline]
    #[must_use]
    pub fn iter(&self) -> PieceMovesIter {
        PieceMovesIter {
            source: self.source,
            to: self.to.iter(),
            pass: self.source == Source::Pass,
        }
    }
}

/// The moves of a [`PieceMoves`], one by one.
#[derive(Debug, Clone)]
pub struct PieceMovesIter {
    source: Source,
    to: Squares,
    pass: bool,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        match self.source {
            Source::Square(from) => self.to.next().map(|to| Move::Step { from, to }),
            Source::Hand => self.to.next().map(Move::Drop),
            Source::Pass => core::mem::take(&mut self.pass).then_some(Move::Pass),
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match self.source {
            Source::Pass => usize::from(self.pass),
            Source::Square(_) | Source::Hand => self.to.len(),
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for PieceMovesIter {}
impl core::iter::FusedIterator for PieceMovesIter {}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    #[inline]
    fn into_iter(self) -> PieceMovesIter {
        self.iter()
    }
}

/// What kind of move a legal move is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A step to an empty square.
    Quiet,
    /// A step onto an opponent's pawn, which is removed (Quebec).
    Capture,
    /// A placement from the hand (Isolation).
    Drop,
    /// A pass (Congress under [`NoMove::Pass`](crate::NoMove::Pass)).
    Pass,
}

/// Why a move is illegal: the first rule it breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// A kind of move this game does not have (a drop in Congress, a step
    /// in Isolation).
    #[error("{game} has no {kind}")]
    NotInThisGame {
        /// The game's name.
        game: &'static str,
        /// The kind of move (`"drops"`, `"steps"`, `"pass"`).
        kind: &'static str,
    },
    /// A pass while the player has a move, or where passing is not a rule.
    #[error("you may pass only when you have no other move, under the pass rule")]
    PassNotAllowed,
    /// No pawn on the origin square.
    #[error("there is no pawn on {0}")]
    NoPawn(Square),
    /// The pawn on the origin belongs to the player not to move.
    #[error("the pawn on {square} belongs to {owner}, who is not to move")]
    NotYourPawn {
        /// The origin.
        square: Square,
        /// The pawn's owner.
        owner: Player,
    },
    /// The destination holds a pawn the move may not land on (any pawn in
    /// Congress, an own pawn in Quebec).
    #[error("{0} is occupied")]
    Occupied(Square),
    /// The pawn cannot reach the destination by the colour it stands on.
    #[error(transparent)]
    Unreachable(#[from] Unreachable),
    /// Isolation: the new pawn would be en prise to the pawn on `by`.
    #[error("a pawn on {to} would be en prise to the pawn on {by}")]
    EnPrise {
        /// Where the pawn would be placed.
        to: Square,
        /// The pawn that would reach it.
        by: Square,
    },
    /// Isolation: the new pawn would have the pawn on `target` en prise.
    #[error("a pawn on {to} would have the pawn on {target} en prise")]
    WouldAttack {
        /// Where the pawn would be placed.
        to: Square,
        /// The pawn it would reach.
        target: Square,
    },
}
