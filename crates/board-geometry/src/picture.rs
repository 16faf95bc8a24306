//! Drawing pieces that both games' pictures share, for the `kamisado-core`
//! and `katarenga-core` SVG and terminal writers: colours, the SVG picture
//! of an 8x8 board with its coordinates ([`svg_board`]), the terminal board
//! with its coordinates ([`ansi_board`]) and 24-bit ANSI colour cells; each
//! game draws only its own pieces and marks.
//! Everything writes into a [`core::fmt::Write`], so pictures need neither
//! `std` nor an allocator. Hidden from the docs and outside the semver API:
//! only [`Rgb`], which the games' colours return, is public (at the crate
//! root).

use core::fmt::{self, Write};

use crate::{File, Player, Rank, Square};

/// A screen colour. `Display` writes it as an SVG/HTML hex colour
/// (`#rrggbb`).
///
/// ```
/// use board_geometry::Rgb;
/// assert_eq!(Rgb(236, 134, 34).to_string(), "#ec8622");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rgb(pub u8, pub u8, pub u8);

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Writes `mark` in the top-right corner of `square` on a board `margin`
/// pixels from the picture's edges, in `ink`: the mark of a square for
/// players who cannot tell the colours apart, clear of a piece at the
/// centre.
///
/// # Errors
/// The writer's error.
pub fn svg_square_mark<W: Write + ?Sized>(
    out: &mut W,
    square: Square,
    margin: i32,
    mark: char,
    ink: Rgb,
) -> fmt::Result {
    let (x, y) = square_corner(square, margin, margin);
    writeln!(
        out,
        r#"<text x="{}" y="{}" class="square-mark" font-size="13" font-family="sans-serif" text-anchor="middle" fill="{}">{mark}</text>"#,
        x + SQUARE_PX - 10,
        y + 16,
        ink
    )
}

/// The ink of a player's pieces: near black and near white.
#[must_use]
pub const fn player_ink(player: Player) -> Rgb {
    match player {
        Player::Black => Rgb(17, 17, 17),
        Player::White => Rgb(250, 250, 250),
    }
}

/// The side of a square in the SVG pictures, in pixels.
pub const SQUARE_PX: i32 = 60;

/// The top-left corner of `square` in an SVG picture whose board starts at
/// (`x0`, `y0`), rank 8 at the top.
#[must_use]
pub const fn square_corner(square: Square, x0: i32, y0: i32) -> (i32, i32) {
    (
        x0 + SQUARE_PX * square.file().index() as i32,
        y0 + SQUARE_PX * (7 - square.rank().index() as i32),
    )
}

/// An SVG picture of a board with `margin` pixels around it on every side:
/// the frame titled `title`, each square filled with `colour(square)`, then
/// what `marks` draws (pieces, camps...), then the coordinates.
///
/// # Errors
/// The writer's error.
pub fn svg_board<W: Write + ?Sized>(
    out: &mut W,
    margin: i32,
    title: impl fmt::Display,
    colour: impl FnMut(Square) -> Rgb,
    marks: impl FnOnce(&mut W) -> fmt::Result,
) -> fmt::Result {
    let size = 8 * SQUARE_PX + 2 * margin;
    svg_open(out, size, size, title)?;
    svg_squares(out, margin, margin, colour)?;
    marks(out)?;
    svg_close(out, margin, margin)
}

/// Opens an SVG picture of `width` x `height` pixels: the root element, a
/// `<title>`, the label styles and a light background.
///
/// # Errors
/// The writer's error.
fn svg_open(
    out: &mut (impl Write + ?Sized),
    width: i32,
    height: i32,
    title: impl fmt::Display,
) -> fmt::Result {
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    )?;
    writeln!(out, "<title>{title}</title>")?;
    out.write_str("<style>.label{font:16px sans-serif;fill:#333}.mark{font:bold 15px sans-serif;text-anchor:middle}</style>\n")?;
    writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#f4f1ea"/>"##
    )
}

/// The 64 squares of a board at (`x0`, `y0`), each filled with
/// `colour(square)`.
///
/// # Errors
/// The writer's error.
fn svg_squares(
    out: &mut (impl Write + ?Sized),
    x0: i32,
    y0: i32,
    mut colour: impl FnMut(Square) -> Rgb,
) -> fmt::Result {
    for square in Square::ALL {
        let (x, y) = square_corner(square, x0, y0);
        writeln!(
            out,
            r#"<rect x="{x}" y="{y}" width="{SQUARE_PX}" height="{SQUARE_PX}" fill="{}"/>"#,
            colour(square)
        )?;
    }
    Ok(())
}

/// The file letters above and below and the rank digits left and right of
/// a board at (`x0`, `y0`), then the end of the picture.
///
/// # Errors
/// The writer's error.
fn svg_close(out: &mut (impl Write + ?Sized), x0: i32, y0: i32) -> fmt::Result {
    let board = 8 * SQUARE_PX;
    for file in File::ALL {
        let x = x0 + SQUARE_PX * file.index() as i32 + SQUARE_PX / 2;
        for y in [y0 - 8, y0 + board + 20] {
            writeln!(
                out,
                r#"<text x="{x}" y="{y}" text-anchor="middle" class="label">{file}</text>"#
            )?;
        }
    }
    for rank in Rank::ALL.into_iter().rev() {
        let y = y0 + SQUARE_PX * (7 - rank.index() as i32) + SQUARE_PX / 2 + 6;
        for x in [x0 - 14, x0 + board + 14] {
            writeln!(
                out,
                r#"<text x="{x}" y="{y}" text-anchor="middle" class="label">{rank}</text>"#
            )?;
        }
    }
    out.write_str("</svg>\n")
}

/// Writes `text` in bold, `fg` on `bg`, with 24-bit ANSI colour codes, and
/// resets the colours after it.
///
/// # Errors
/// The writer's error.
pub fn ansi_cell(
    out: &mut (impl Write + ?Sized),
    fg: Rgb,
    bg: Rgb,
    text: impl fmt::Display,
) -> fmt::Result {
    write!(
        out,
        "\x1b[1;38;2;{};{};{};48;2;{};{};{}m{text}\x1b[0m",
        fg.0, fg.1, fg.2, bg.0, bg.1, bg.2
    )
}

/// The line of file letters above or below a terminal board whose squares
/// are `width` characters wide, indented by two characters for the rank
/// digits.
///
/// # Errors
/// The writer's error.
fn ansi_files(out: &mut (impl Write + ?Sized), width: usize) -> fmt::Result {
    out.write_str("  ")?;
    for file in File::ALL {
        write!(out, "{:^width$}", file.to_char())?;
    }
    out.write_char('\n')
}

/// A board for a terminal whose squares are `width` characters wide: the
/// file letters above and below, the rank digits left and right, rank 8
/// first, and `cell(out, square)` writing each square.
///
/// # Errors
/// The writer's error.
pub fn ansi_board<W: Write + ?Sized>(
    out: &mut W,
    width: usize,
    mut cell: impl FnMut(&mut W, Square) -> fmt::Result,
) -> fmt::Result {
    ansi_files(out, width)?;
    for rank in Rank::ALL.into_iter().rev() {
        write!(out, "{rank} ")?;
        for file in File::ALL {
            cell(out, Square::new(file, rank))?;
        }
        writeln!(out, " {rank}")?;
    }
    ansi_files(out, width)
}

/// The end of a terminal picture's status line: `; last move {last}` if
/// there is a last move, and the newline.
///
/// # Errors
/// The writer's error.
pub fn ansi_status_end(
    out: &mut (impl Write + ?Sized),
    last: Option<impl fmt::Display>,
) -> fmt::Result {
    if let Some(mv) = last {
        write!(out, "; last move {mv}")?;
    }
    out.write_str("\n")
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::String;

    use super::*;

    #[test]
    fn corners_put_rank_eight_on_top() {
        assert_eq!(square_corner(Square::A8, 10, 20), (10, 20));
        assert_eq!(square_corner(Square::H1, 0, 0), (420, 420));
        assert_eq!(square_corner(Square::B7, 0, 0), (60, 60));
    }

    /// The (x, y, text) of each label of a board at (`x0`, `y0`).
    fn labels(x0: i32, y0: i32) -> std::vec::Vec<(i32, i32, String)> {
        let mut svg = String::new();
        svg_close(&mut svg, x0, y0).unwrap();
        let number = |line: &str, name: &str| -> i32 {
            let start = line.find(name).unwrap() + name.len() + 2;
            let end = start + line[start..].find('"').unwrap();
            line[start..end].parse().unwrap()
        };
        svg.lines()
            .filter(|l| l.starts_with("<text"))
            .map(|l| {
                let text = l.split('>').nth(1).unwrap().split('<').next().unwrap();
                (number(l, " x"), number(l, " y"), String::from(text))
            })
            .collect()
    }

    #[test]
    fn labels_sit_beside_their_files_and_ranks() {
        let (x0, y0) = (60, 50);
        let (right, bottom) = (x0 + 8 * SQUARE_PX, y0 + 8 * SQUARE_PX);
        let all = labels(x0, y0);
        assert_eq!(all.len(), 32);
        for file in File::ALL {
            let name = String::from(file.to_char());
            let mine: std::vec::Vec<_> = all.iter().filter(|l| l.2 == name).collect();
            assert_eq!(mine.len(), 2, "file {name}");
            // Centred on the file's column, one above and one below the
            // board, within 30 pixels of it.
            let centre = x0 + SQUARE_PX * file.index() as i32 + SQUARE_PX / 2;
            assert!(mine.iter().all(|l| l.0 == centre), "file {name}: {mine:?}");
            assert!((y0 - 30..y0).contains(&mine[0].1), "file {name}: {mine:?}");
            assert!(
                (bottom..bottom + 30).contains(&mine[1].1),
                "file {name}: {mine:?}"
            );
        }
        for rank in Rank::ALL {
            let name = std::format!("{rank}");
            let mine: std::vec::Vec<_> = all.iter().filter(|l| l.2 == name).collect();
            assert_eq!(mine.len(), 2, "rank {name}");
            // On the rank's row, the baseline below its middle (so that the
            // digit looks centred) and above its last quarter; one left and
            // one right of the board, within 30 pixels of it.
            let top = y0 + SQUARE_PX * (7 - rank.index() as i32);
            for label in &mine {
                let into = label.1 - top;
                let band = SQUARE_PX / 2 + 1..SQUARE_PX * 3 / 4;
                assert!(band.contains(&into), "rank {name}: {mine:?}");
            }
            assert!((x0 - 30..x0).contains(&mine[0].0), "rank {name}: {mine:?}");
            assert!(
                (right..right + 30).contains(&mine[1].0),
                "rank {name}: {mine:?}"
            );
        }
    }

    #[test]
    fn frame_is_well_formed_text() {
        let mut svg = String::new();
        svg_open(&mut svg, 100, 80, "t").unwrap();
        svg_squares(&mut svg, 0, 0, |_| Rgb(1, 2, 3)).unwrap();
        svg_close(&mut svg, 0, 0).unwrap();
        assert!(svg.starts_with("<svg "));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<rect").count(), 65);
        assert_eq!(svg.matches("#010203").count(), 64);
        // 8 files and 8 ranks, each labelled on two sides.
        assert_eq!(svg.matches("<text").count(), 32);
        let mut cell = String::new();
        ansi_cell(&mut cell, Rgb(1, 2, 3), Rgb(4, 5, 6), "x").unwrap();
        assert_eq!(cell, "\x1b[1;38;2;1;2;3;48;2;4;5;6mx\x1b[0m");
        let mut files = String::new();
        ansi_files(&mut files, 2).unwrap();
        assert_eq!(files, "  a b c d e f g h \n");
    }

    #[test]
    fn terminal_board_puts_rank_eight_first_between_coordinates() {
        let mut board = String::new();
        ansi_board(&mut board, 1, |out, square| {
            out.write_char(if square == Square::A8 || square == Square::H1 {
                '#'
            } else {
                '.'
            })
        })
        .unwrap();
        let expected = "  abcdefgh\n8 #....... 8\n7 ........ 7\n6 ........ 6\n5 ........ 5\n\
                        4 ........ 4\n3 ........ 3\n2 ........ 2\n1 .......# 1\n  abcdefgh\n";
        assert_eq!(board, expected);
        let mut status = String::new();
        ansi_status_end(&mut status, Some("a1-b2")).unwrap();
        ansi_status_end(&mut status, None::<&str>).unwrap();
        assert_eq!(status, "; last move a1-b2\n\n");
    }
}
