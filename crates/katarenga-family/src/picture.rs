//! Pictures of a position of the family: an SVG image and a board in
//! 24-bit terminal colours, drawn as Katarenga's are (the board's colours,
//! the pawns, the marks for colour blindness), without camps.

use core::fmt;

use board_geometry::picture::{ansi_board, ansi_status_end, svg_board};

use crate::Move;
use crate::pawns::Pawns;

/// An SVG picture of a position (`Display` writes the document). Made by
/// each position's `svg()`.
#[derive(Clone, Copy)]
pub struct Svg<'a> {
    pub(crate) pawns: &'a Pawns,
    pub(crate) game: &'static str,
    pub(crate) marks: bool,
}

impl<'a> Svg<'a> {
    /// The same picture with each square's mark for players who cannot
    /// tell the colours apart (the figure whose move a pawn there makes).
    #[must_use]
    pub fn with_marks(self) -> Svg<'a> {
        Svg {
            marks: true,
            ..self
        }
    }
}

impl fmt::Debug for Svg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Svg")
            .field("marks", &self.marks)
            .finish_non_exhaustive()
    }
}

/// A position in terminal colours, with the last move's origin marked.
/// Made by each position's `ansi(last)`.
#[derive(Clone, Copy)]
pub struct Ansi<'a> {
    pub(crate) pawns: &'a Pawns,
    pub(crate) last: Option<Move>,
    pub(crate) marks: bool,
}

impl<'a> Ansi<'a> {
    /// The same board with each square's mark for colour blindness.
    #[must_use]
    pub fn with_marks(self) -> Ansi<'a> {
        Ansi {
            marks: true,
            ..self
        }
    }
}

impl fmt::Debug for Ansi<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ansi")
            .field("marks", &self.marks)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Svg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.pawns;
        let margin = 90;
        let colour = |square| p.board.colour_of(square).rgb();
        svg_board(
            f,
            margin,
            format_args!("{}: {}", self.game, Notation(p)),
            colour,
            |f| katarenga_core::svg_pieces(f, &p.board, |s| p.piece_on(s), margin, self.marks),
        )
    }
}

impl fmt::Display for Ansi<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.pawns;
        ansi_board(f, 4, |f, square| {
            let from_here = matches!(self.last, Some(Move::Step { from, .. }) if from == square);
            katarenga_core::ansi_square(
                f,
                &p.board,
                square,
                p.piece_on(square),
                from_here,
                self.marks,
            )
        })?;
        write!(f, "{} to move", p.side)?;
        ansi_status_end(f, self.last)
    }
}

/// The notation of the pawns, for the picture's title.
struct Notation<'a>(&'a Pawns);

impl fmt::Display for Notation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f)
    }
}
