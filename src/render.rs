//! SVG pictures of positions, for the `render` example and the README.

use std::fmt::Write;

use board_geometry::{File, Player, Rank, Square};

use crate::draw::{Rgb, kamisado_rgb, katarenga_rgb};

const SQUARE: i32 = 60;

fn hex((r, g, b): Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn ink(player: Player) -> &'static str {
    match player {
        Player::Black => "#111111",
        Player::White => "#fafafa",
    }
}

/// The top-left corner of `square` with the board's top-left at (`x0`, `y0`).
fn corner(square: Square, x0: i32, y0: i32) -> (i32, i32) {
    (
        x0 + SQUARE * i32::from(square.file().index()),
        y0 + SQUARE * (7 - i32::from(square.rank().index())),
    )
}

fn labels(svg: &mut String, x0: i32, y0: i32) {
    let board = 8 * SQUARE;
    for (i, file) in File::ALL.iter().enumerate() {
        let x = x0 + SQUARE * i as i32 + SQUARE / 2;
        for y in [y0 - 8, y0 + board + 20] {
            let _ = writeln!(
                svg,
                r#"<text x="{x}" y="{y}" text-anchor="middle" class="label">{}</text>"#,
                file.to_char()
            );
        }
    }
    for (i, rank) in Rank::ALL.iter().rev().enumerate() {
        let y = y0 + SQUARE * i as i32 + SQUARE / 2 + 6;
        for x in [x0 - 14, x0 + board + 14] {
            let _ = writeln!(
                svg,
                r#"<text x="{x}" y="{y}" text-anchor="middle" class="label">{}</text>"#,
                rank.to_char()
            );
        }
    }
}

fn open(svg: &mut String, width: i32, height: i32, title: &str) {
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(svg, "<title>{title}</title>");
    svg.push_str("<style>.label{font:16px sans-serif;fill:#333}.mark{font:bold 15px sans-serif;text-anchor:middle}</style>\n");
    let _ = writeln!(
        svg,
        r##"<rect width="{width}" height="{height}" fill="#f4f1ea"/>"##
    );
}

/// An SVG of a Kamisado position: the coloured squares, each tower as a
/// disc of its colour ringed in its player's ink with its letter and one
/// `+` per sumo rank, the forced tower circled with a dashed line, and the
/// file and rank labels.
pub fn kamisado_svg(p: &kamisado_core::Position) -> String {
    let (x0, y0) = (32, 32);
    let size = 8 * SQUARE + 2 * x0;
    let mut svg = String::new();
    open(&mut svg, size, size, &format!("Kamisado: {p}"));
    for square in Square::ALL {
        let (x, y) = corner(square, x0, y0);
        let fill = hex(kamisado_rgb(kamisado_core::Colour::of_square(square)));
        let _ = writeln!(
            svg,
            r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
        );
    }
    let forced = p.forced_square();
    for (tower, square, rank) in p.towers() {
        let (x, y) = corner(square, x0, y0);
        let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
        let fill = hex(kamisado_rgb(tower.colour));
        let ring = ink(tower.player);
        if forced == Some(square) {
            let _ = writeln!(
                svg,
                r##"<circle cx="{cx}" cy="{cy}" r="28" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="5 3"/>"##
            );
        }
        let _ = writeln!(
            svg,
            r#"<circle cx="{cx}" cy="{cy}" r="21" fill="{fill}" stroke="{ring}" stroke-width="6"/>"#
        );
        let label = format!("{}{}", tower.letter(), "+".repeat(rank.level() as usize));
        let text = ink(tower.player);
        let halo = ink(tower.player.opponent());
        let _ = writeln!(
            svg,
            r#"<text x="{cx}" y="{}" class="mark" fill="{text}" stroke="{halo}" stroke-width="0.6">{label}</text>"#,
            cy + 5
        );
    }
    labels(&mut svg, x0, y0);
    svg.push_str("</svg>\n");
    svg
}

/// An SVG of a Katarenga position: the coloured squares, the pieces as
/// discs in their player's ink, the four camps outside the corners (filled
/// when taken), and the file and rank labels.
pub fn katarenga_svg(p: &katarenga_core::Position) -> String {
    use katarenga_core::Camp;
    let (x0, y0) = (90, 90);
    let size = 8 * SQUARE + 2 * x0;
    let mut svg = String::new();
    open(&mut svg, size, size, &format!("Katarenga: {p}"));
    for square in Square::ALL {
        let (x, y) = corner(square, x0, y0);
        let fill = hex(katarenga_rgb(p.board().colour_of(square)));
        let _ = writeln!(
            svg,
            r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
        );
        if let Some(player) = p.piece_on(square) {
            let _ = writeln!(
                svg,
                r##"<circle cx="{}" cy="{}" r="20" fill="{}" stroke="#555" stroke-width="2"/>"##,
                x + SQUARE / 2,
                y + SQUARE / 2,
                ink(player)
            );
        }
    }
    let board = 8 * SQUARE;
    for camp in Camp::ALL {
        let cx = match camp {
            Camp::A9 | Camp::A0 => x0 - 38,
            Camp::H9 | Camp::H0 => x0 + board + 38,
        };
        let cy = match camp {
            Camp::A9 | Camp::H9 => y0 - 38,
            Camp::A0 | Camp::H0 => y0 + board + 38,
        };
        let _ = writeln!(
            svg,
            r##"<rect x="{}" y="{}" width="56" height="56" rx="10" fill="#d8d2c4" stroke="#555" stroke-width="2"/>"##,
            cx - 28,
            cy - 28
        );
        if p.camp_occupied(camp) {
            let _ = writeln!(
                svg,
                r##"<circle cx="{cx}" cy="{cy}" r="18" fill="{}" stroke="#555" stroke-width="2"/>"##,
                ink(camp.owner())
            );
        }
        // The name outside the box: above the top camps, below the bottom ones.
        let label_y = if cy < y0 { cy - 34 } else { cy + 46 };
        let _ = writeln!(
            svg,
            r#"<text x="{cx}" y="{label_y}" text-anchor="middle" class="label">{camp}</text>"#
        );
    }
    labels(&mut svg, x0, y0);
    svg.push_str("</svg>\n");
    svg
}

/// The SVG of a position given in a game's notation (or `startpos`).
///
/// # Errors
/// A message for an unknown game or a malformed position.
pub fn render(game: &str, position: &str) -> Result<String, String> {
    match game {
        "kamisado" => {
            let p = if position == "startpos" {
                kamisado_core::Position::start()
            } else {
                position
                    .parse()
                    .map_err(|e| format!("bad Kamisado position: {e}"))?
            };
            Ok(kamisado_svg(&p))
        }
        "katarenga" => {
            let p = if position == "startpos" {
                katarenga_core::Position::start()
            } else {
                position
                    .parse()
                    .map_err(|e| format!("bad Katarenga position: {e}"))?
            };
            Ok(katarenga_svg(&p))
        }
        other => Err(format!(
            "unknown game {other:?}: expected kamisado or katarenga"
        )),
    }
}
