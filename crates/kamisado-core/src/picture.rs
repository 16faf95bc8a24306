//! Pictures of a position: an SVG image and a board in 24-bit terminal
//! colours, both written through `core::fmt` (no allocation).

use core::fmt;

use board_geometry::Square;
use board_geometry::picture::{
    Rgb, SQUARE_PX, ansi_board, ansi_cell, ansi_status_end, player_ink, square_corner, svg_board,
    svg_square_mark,
};

use crate::Game;
use crate::notation::TowerToken;
use crate::{Move, Position};

/// An SVG picture of a position ([`Position::svg`]): the coloured squares,
/// each tower as a disc of its colour ringed in its player's ink with its
/// letter and one `+` per sumo rank, the forced tower circled with a dashed
/// line, and the file and rank labels. 544 x 544 pixels.
/// [`Svg::with_marks`] adds each colour's [mark](crate::Colour::mark).
#[derive(Debug, Clone, Copy)]
pub struct Svg<'a> {
    position: &'a Position,
    marks: bool,
}

impl<'a> Svg<'a> {
    /// The picture for players who cannot tell the colours apart: each
    /// square's [mark](crate::Colour::mark) in its corner, and each tower labelled
    /// with its colour's mark (and one `+` per sumo rank) instead of its
    /// letter ([rules](crate::rules#marks-for-colour-blindness)).
    ///
    /// ```
    /// use kamisado_core::{Game, Position};
    /// let svg = Position::start().svg().with_marks().to_string();
    /// assert_eq!(svg.matches("class=\"square-mark\"").count(), 64);
    /// assert_eq!(svg.matches('茶').count(), 8 + 2);
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
/// ([`Position::ansi`]): square colours, towers as chips of their own
/// colour between bars of the player's ink (uppercase Black, lowercase
/// White, `+` per sumo rank), the forced tower between arrows, the last
/// move's origin as `·`, coordinates on the edges, and a line saying who is
/// to move. For a terminal without colours use [`Position::pretty`].
#[derive(Debug, Clone, Copy)]
pub struct Ansi<'a> {
    position: &'a Position,
    last: Option<Move>,
    marks: bool,
}

impl<'a> Ansi<'a> {
    /// The board for players who cannot tell the colours apart: each empty
    /// square shows its colour's [mark](crate::Colour::mark), and each tower its
    /// mark (and one `+` per sumo rank) in its player's ink instead of its
    /// letter.
    ///
    /// ```
    /// use kamisado_core::{Game, Position};
    /// let board = Position::start().ansi(None).with_marks().to_string();
    /// assert_eq!(board.matches('茶').count(), 8);
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
    /// use kamisado_core::Game;
    /// let svg = kamisado_core::Position::start().svg().to_string();
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
    /// use kamisado_core::Game;
    /// let board = kamisado_core::Position::start().ansi(None).to_string();
    /// assert!(board.contains("\x1b[1;38;2;"));
    /// assert!(board.ends_with("black to move, free choice\n"));
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
        let margin = 32;
        let colour = |square| p.layout().colour_of(square).rgb();
        svg_board(f, margin, format_args!("Kamisado: {p}"), colour, |f| {
            if self.marks {
                for square in Square::ALL {
                    let colour = p.layout().colour_of(square);
                    svg_square_mark(f, square, margin, colour.mark(), colour.mark_ink())?;
                }
            }
            let forced = p.forced_square();
            for (tower, square, rank) in p.towers() {
                let (x, y) = square_corner(square, margin, margin);
                let (cx, cy) = (x + SQUARE_PX / 2, y + SQUARE_PX / 2);
                if forced == Some(square) {
                    writeln!(
                        f,
                        r##"<circle cx="{cx}" cy="{cy}" r="28" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="5 3"/>"##
                    )?;
                }
                let ink = player_ink(tower.player);
                writeln!(
                    f,
                    r#"<circle cx="{cx}" cy="{cy}" r="21" fill="{}" stroke="{ink}" stroke-width="6"/>"#,
                    tower.colour.rgb()
                )?;
                write!(
                    f,
                    r#"<text x="{cx}" y="{}" class="mark" fill="{ink}" stroke="{}" stroke-width="0.6">"#,
                    cy + 5,
                    player_ink(tower.player.opponent()),
                )?;
                if self.marks {
                    write!(f, "{}", tower.colour.mark())?;
                    for _ in 0..rank.level() {
                        f.write_str("+")?;
                    }
                } else {
                    write!(f, "{}", TowerToken(tower, rank))?;
                }
                writeln!(f, "</text>")?;
            }
            Ok(())
        })
    }
}

/// A tower's label centred in four characters, as `{:^4}` would pad it.
struct Centred(TowerToken);

impl fmt::Display for Centred {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = 1 + usize::from(self.0.1.level());
        let left = (4 - width) / 2;
        write!(
            f,
            "{:left$}{}{:right$}",
            "",
            self.0,
            "",
            right = 4 - width - left
        )
    }
}

impl fmt::Display for Ansi<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const WHITE: Rgb = Rgb(255, 255, 255);
        let p = self.position;
        let forced = p.forced_square();
        ansi_board(f, 8, |f, square| {
            let bg = p.layout().colour_of(square).rgb();
            let from_here = self.last.is_some_and(|m| m.from == square);
            let Some(tower) = p.piece_on(square) else {
                if self.marks {
                    // The mark is two columns wide: eight in all.
                    let origin = if from_here { " ·" } else { "  " };
                    let mark = p.layout().colour_of(square).mark();
                    let ink = p.layout().colour_of(square).mark_ink();
                    return ansi_cell(f, ink, bg, format_args!("{origin} {mark}   "));
                }
                let text = if from_here { "   ·    " } else { "        " };
                return ansi_cell(f, WHITE, bg, text);
            };
            let ink = player_ink(tower.player);
            let (left, right) = if forced == Some(square) {
                ("►", "◄")
            } else {
                (" ", " ")
            };
            if self.marks {
                // Six columns between the arrows: the mark (two) and up to
                // three `+`, centred on the tower's colour.
                let rank = p.rank_of(tower).level() as usize;
                let pad = 4 - rank;
                ansi_cell(f, WHITE, bg, left)?;
                ansi_cell(
                    f,
                    ink,
                    tower.colour.rgb(),
                    format_args!(
                        "{:l$}{}{:+<r$}{:t$}",
                        "",
                        tower.colour.mark(),
                        "",
                        "",
                        l = pad / 2,
                        r = rank,
                        t = pad - pad / 2
                    ),
                )?;
                return ansi_cell(f, WHITE, bg, right);
            }
            ansi_cell(f, WHITE, bg, left)?;
            ansi_cell(f, ink, bg, "▐")?;
            let label = Centred(TowerToken(tower, p.rank_of(tower)));
            ansi_cell(f, ink, tower.colour.rgb(), label)?;
            ansi_cell(f, ink, bg, "▌")?;
            ansi_cell(f, WHITE, bg, right)
        })?;
        write!(f, "{} to move, ", p.side_to_move())?;
        match p.forced_colour() {
            Some(c) => write!(f, "forced tower: {c}")?,
            None => f.write_str("free choice")?,
        }
        if p.is_after_push() {
            f.write_str(" (extra move after a push)")?;
        }
        ansi_status_end(f, self.last)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;

    use super::*;
    use crate::SumoRank;

    #[test]
    fn labels_are_centred_like_format_does() {
        let tower = crate::Tower::new(board_geometry::Player::Black, crate::Colour::Red);
        for rank in SumoRank::ALL {
            let token = TowerToken(tower, rank);
            let expected = format!("{:^4}", format!("{token}"));
            assert_eq!(format!("{}", Centred(TowerToken(tower, rank))), expected);
        }
    }
}
