//! Pictures of a position: an SVG image and a board in 24-bit terminal
//! colours, both written through `core::fmt` (no allocation).

use core::fmt;

use board_geometry::Square;
use board_geometry::picture::{
    Rgb, SQUARE_PX, ansi_board, ansi_cell, ansi_status_end, player_ink, square_corner, svg_board,
    svg_square_mark,
};

use crate::Game;
use crate::{Camp, Move, Position};

/// An SVG picture of a position ([`Position::svg`]): the coloured squares,
/// the pieces as discs in their player's ink, the four camps outside the
/// corners (filled when taken), and the file and rank labels. 660 x 660
/// pixels. [`Svg::with_marks`] adds each square's mark.
#[derive(Debug, Clone, Copy)]
pub struct Svg<'a> {
    position: &'a Position,
    marks: bool,
}

impl<'a> Svg<'a> {
    /// The picture for players who cannot tell the colours apart: each
    /// square's [mark](crate::SquareColour::mark), the chess figure of the
    /// move it gives, in its corner.
    ///
    /// ```
    /// use katarenga_core::{Game, Position};
    /// let svg = Position::start().svg().with_marks().to_string();
    /// assert_eq!(svg.matches("class=\"square-mark\"").count(), 64);
    /// assert_eq!(svg.matches('♔').count(), 16); // 16 blue squares
    /// ```
    #[must_use]
    pub fn with_marks(self) -> Svg<'a> {
        Svg {
            marks: true,
            ..self
        }
    }
}

/// A board drawn for a terminal with 24-bit ANSI colours
/// ([`Position::ansi`]): square colours, pieces as discs in the player's
/// ink, the camps at the corners, the last move's origin as `·`, and a line
/// saying who is to move. For a terminal without colours use
/// [`Position::pretty`].
#[derive(Debug, Clone, Copy)]
pub struct Ansi<'a> {
    position: &'a Position,
    last: Option<Move>,
    marks: bool,
}

impl<'a> Ansi<'a> {
    /// The board for players who cannot tell the colours apart: every
    /// square shows its [mark](crate::SquareColour::mark), the chess figure
    /// of the move it gives, beside any piece on it.
    ///
    /// ```
    /// use katarenga_core::{Game, Position};
    /// let board = Position::start().ansi(None).with_marks().to_string();
    /// assert_eq!(board.matches('♘').count(), 16); // 16 green squares
    /// ```
    #[must_use]
    pub fn with_marks(self) -> Ansi<'a> {
        Ansi {
            marks: true,
            ..self
        }
    }
}

impl Position {
    /// An SVG picture of the position; write it with `{}`.
    ///
    /// ```
    /// use katarenga_core::Game;
    /// let svg = katarenga_core::Position::start().svg().to_string();
    /// assert!(svg.starts_with("<svg"));
    /// assert_eq!(svg.matches("<circle").count(), 16);
    /// ```
    #[must_use]
    pub fn svg(&self) -> Svg<'_> {
        Svg {
            position: self,
            marks: false,
        }
    }

    /// The position drawn for a terminal in 24-bit colour, marking the
    /// origin of `last` (the move that led here), if given.
    ///
    /// ```
    /// use katarenga_core::Game;
    /// let board = katarenga_core::Position::start().ansi(None).to_string();
    /// assert!(board.contains("\x1b[1;38;2;"));
    /// assert!(board.ends_with("white to move\n"));
    /// ```
    #[must_use]
    pub fn ansi(&self, last: Option<Move>) -> Ansi<'_> {
        Ansi {
            position: self,
            last,
            marks: false,
        }
    }
}

impl fmt::Display for Svg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.position;
        let margin = 90;
        let colour = |square| p.board().colour_of(square).rgb();
        svg_board(f, margin, format_args!("Katarenga: {p}"), colour, |f| {
            svg_pieces(f, p.board(), |s| p.piece_on(s), margin, self.marks)?;
            for camp in Camp::ALL {
                svg_camp(f, p, camp, margin)?;
            }
            Ok(())
        })
    }
}

/// The box of `camp` outside its corner of a board `margin` pixels from the
/// picture's edges, a disc in it when taken, and its name.
fn svg_camp(f: &mut fmt::Formatter<'_>, p: &Position, camp: Camp, margin: i32) -> fmt::Result {
    let board = 8 * SQUARE_PX;
    let cx = match camp {
        Camp::A9 | Camp::A0 => margin - 38,
        Camp::H9 | Camp::H0 => margin + board + 38,
    };
    let cy = match camp {
        Camp::A9 | Camp::H9 => margin - 38,
        Camp::A0 | Camp::H0 => margin + board + 38,
    };
    writeln!(
        f,
        r##"<rect x="{}" y="{}" width="56" height="56" rx="10" fill="#d8d2c4" stroke="#555" stroke-width="2"/>"##,
        cx - 28,
        cy - 28
    )?;
    if p.camp_occupied(camp) {
        writeln!(
            f,
            r##"<circle cx="{cx}" cy="{cy}" r="18" fill="{}" stroke="#555" stroke-width="2"/>"##,
            player_ink(camp.owner())
        )?;
    }
    // The name outside the box: above the top camps, below the bottom ones.
    let label_y = if cy < margin { cy - 34 } else { cy + 46 };
    writeln!(
        f,
        r#"<text x="{cx}" y="{label_y}" text-anchor="middle" class="label">{camp}</text>"#
    )
}

impl Ansi<'_> {
    fn camp(&self, f: &mut fmt::Formatter<'_>, camp: Camp) -> fmt::Result {
        const GREY: Rgb = Rgb(128, 128, 128);
        if self.position.camp_occupied(camp) {
            ansi_cell(f, player_ink(camp.owner()), GREY, " ● ")
        } else {
            ansi_cell(f, Rgb(200, 200, 200), GREY, " · ")
        }
    }

    fn corners(&self, f: &mut fmt::Formatter<'_>, left: Camp, right: Camp) -> fmt::Result {
        write!(f, " {left}")?;
        self.camp(f, left)?;
        write!(f, "{:>22}{right}", "")?;
        self.camp(f, right)?;
        f.write_str("\n")
    }
}

impl fmt::Display for Ansi<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.position;
        self.corners(f, Camp::A9, Camp::H9)?;
        ansi_board(f, 4, |f, square| {
            let from_here = self.last.is_some_and(|m| m.from == square);
            ansi_square(
                f,
                p.board(),
                square,
                p.piece_on(square),
                from_here,
                self.marks,
            )
        })?;
        self.corners(f, Camp::A0, Camp::H0)?;
        write!(f, "{} to move", p.side_to_move())?;
        ansi_status_end(f, self.last)
    }
}

/// Draws the pieces (and, with `marks`, each square's mark) on an SVG board
/// of `board`'s colours drawn at `margin`: the part of the picture every
/// game on a Katarenga board shares (the family's pictures call it too).
#[doc(hidden)]
pub fn svg_pieces(
    f: &mut fmt::Formatter<'_>,
    board: &crate::Board,
    piece_on: impl Fn(Square) -> Option<board_geometry::Player>,
    margin: i32,
    marks: bool,
) -> fmt::Result {
    if marks {
        for square in Square::ALL {
            let colour = board.colour_of(square);
            svg_square_mark(f, square, margin, colour.mark(), colour.mark_ink())?;
        }
    }
    for square in Square::ALL {
        let Some(player) = piece_on(square) else {
            continue;
        };
        let (x, y) = square_corner(square, margin, margin);
        writeln!(
            f,
            r##"<circle cx="{}" cy="{}" r="20" fill="{}" stroke="#555" stroke-width="2"/>"##,
            x + SQUARE_PX / 2,
            y + SQUARE_PX / 2,
            player_ink(player)
        )?;
    }
    Ok(())
}

/// One square of a terminal board on `board`: its colour, the piece on it,
/// a dot where the last move left, and with `marks` the colour's mark.
#[doc(hidden)]
pub fn ansi_square(
    f: &mut fmt::Formatter<'_>,
    board: &crate::Board,
    square: Square,
    piece: Option<board_geometry::Player>,
    from_here: bool,
    marks: bool,
) -> fmt::Result {
    let colour = board.colour_of(square);
    let bg = colour.rgb();
    if marks {
        let ink = colour.mark_ink();
        let mark = colour.mark();
        return match piece {
            Some(player) => {
                ansi_cell(f, player_ink(player), bg, " ●")?;
                ansi_cell(f, ink, bg, format_args!("{mark} "))
            }
            None if from_here => ansi_cell(f, ink, bg, format_args!(" ·{mark} ")),
            None => ansi_cell(f, ink, bg, format_args!("  {mark} ")),
        };
    }
    match piece {
        Some(player) => ansi_cell(f, player_ink(player), bg, " ●  "),
        None if from_here => ansi_cell(f, Rgb(255, 255, 255), bg, " ·  "),
        None => ansi_cell(f, bg, bg, "    "),
    }
}
