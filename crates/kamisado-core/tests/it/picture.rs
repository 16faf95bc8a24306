//! The three drawings (text, SVG, terminal), each read back and compared
//! with the position it draws.

use crate::common::sample;
use kamisado_core::{Colour, Game, Player, Position, Square};

/// A tower as the notation writes it: its letter (uppercase Black) and one
/// `+` per sumo rank.
fn token(p: &Position, square: Square) -> Option<String> {
    let tower = p.piece_on(square)?;
    let letter = tower.colour.letter();
    let letter = match tower.player {
        Player::Black => letter.to_ascii_uppercase(),
        Player::White => letter.to_ascii_lowercase(),
    };
    let rank = p.rank_of(tower).level() as usize;
    Some(format!("{letter}{}", "+".repeat(rank)))
}

#[test]
fn the_text_drawing_reads_back() {
    for (p, _) in sample(4, 400) {
        let text = p.pretty().to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 10, "{text}");
        for (row, line) in lines[..8].iter().enumerate() {
            let rank = 7 - row;
            assert_eq!(line.chars().next(), char::from_digit(rank as u32 + 1, 10));
            assert!(
                !line.ends_with(' '),
                "no padding after the h-file: {line:?}"
            );
            // Cells of seven characters: a space, the colour letter, ':',
            // the tower or '.', padded to four.
            for file in 0..8 {
                let square = Square::ALL[rank * 8 + file];
                let cell: String = line.chars().skip(1 + 7 * file).take(7).collect();
                let colour = Colour::of_square(square).letter().to_ascii_uppercase();
                assert_eq!(&cell[..3], format!(" {colour}:"), "{text}");
                let shown = cell[3..].trim_end();
                assert_eq!(shown, token(&p, square).as_deref().unwrap_or("."), "{text}");
            }
        }
        // The file letters under the middle of each seven-character cell.
        assert_eq!(
            lines[8],
            "    a      b      c      d      e      f      g      h"
        );
        assert_eq!(lines[9], status(&p));
        assert_eq!(format!("{p:?}"), format!("Position(\"{p}\")"));
    }
}

/// The line under a drawing: who is to move, and with what.
fn status(p: &Position) -> String {
    let side = p.side_to_move();
    let line = match p.forced_colour() {
        Some(c) => format!("{side} to move, forced tower: {c}"),
        None => format!("{side} to move, free choice"),
    };
    if p.is_after_push() {
        format!("{line} (extra move after a push)")
    } else {
        line
    }
}

/// The value of `name="..."` in an SVG element.
fn attribute<'a>(element: &'a str, name: &str) -> &'a str {
    let start = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let end = start + element[start..].find('"').unwrap();
    &element[start..end]
}

#[test]
fn the_svg_draws_every_square_and_tower_in_place() {
    for (p, _) in sample(5, 300) {
        let svg = p.svg().to_string();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let head = svg.lines().next().unwrap();
        assert_eq!(attribute(head, "width"), "544");
        assert_eq!(attribute(head, "height"), "544");
        assert_eq!(attribute(head, "viewBox"), "0 0 544 544");
        // The squares (the background rectangle has no position).
        let rects: Vec<&str> = svg.lines().filter(|l| l.starts_with("<rect x=")).collect();
        assert_eq!(rects.len(), 64);
        for rect in rects {
            let x: i32 = attribute(rect, "x").parse().unwrap();
            let y: i32 = attribute(rect, "y").parse().unwrap();
            let (file, rank) = ((x - 32) / 60, 7 - (y - 32) / 60);
            assert_eq!(((x - 32) % 60, (y - 32) % 60), (0, 0));
            let square = Square::ALL[(rank * 8 + file) as usize];
            assert_eq!(
                attribute(rect, "fill"),
                Colour::of_square(square).rgb().to_string()
            );
        }
        let mut discs = 0;
        let mut dashed = 0;
        for circle in svg.lines().filter(|l| l.starts_with("<circle")) {
            let cx: i32 = attribute(circle, "cx").parse().unwrap();
            let cy: i32 = attribute(circle, "cy").parse().unwrap();
            let (file, rank) = ((cx - 62) / 60, 7 - (cy - 62) / 60);
            assert_eq!(((cx - 62) % 60, (cy - 62) % 60), (0, 0));
            let square = Square::ALL[(rank * 8 + file) as usize];
            let tower = p.piece_on(square).expect("a circle on a tower");
            if circle.contains("stroke-dasharray") {
                assert_eq!(p.forced_square(), Some(square));
                dashed += 1;
            } else {
                assert_eq!(attribute(circle, "fill"), tower.colour.rgb().to_string());
                discs += 1;
            }
        }
        assert_eq!(discs, 16);
        assert_eq!(dashed, usize::from(p.forced_square().is_some()));
        let labels: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains(r#"class="mark""#))
            .map(|l| &l[l.find('>').unwrap() + 1..l.rfind("</text>").unwrap()])
            .collect();
        let mut expected: Vec<String> = Square::ALL.iter().filter_map(|&s| token(&p, s)).collect();
        let mut labels: Vec<String> = labels.iter().map(ToString::to_string).collect();
        expected.sort();
        labels.sort();
        assert_eq!(labels, expected, "{p}");
    }
}

/// The text of a terminal drawing without its escape codes, and the
/// background colour of each cell in order.
fn strip_ansi(text: &str) -> (String, Vec<String>) {
    let mut plain = String::new();
    let mut backgrounds = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('\x1b') {
        plain.push_str(&rest[..start]);
        let end = start + rest[start..].find('m').unwrap();
        let code = &rest[start + 2..end];
        if let Some(bg) = code.split(";48;2;").nth(1) {
            backgrounds.push(bg.to_string());
        }
        rest = &rest[end + 1..];
    }
    plain.push_str(rest);
    (plain, backgrounds)
}

#[test]
fn the_terminal_drawing_reads_back() {
    let mut marked = 0;
    for (p, last) in sample(6, 400) {
        let (plain, backgrounds) = strip_ansi(&p.ansi(last).to_string());
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines.len(), 11, "{plain}");
        let mut cell_backgrounds = backgrounds.iter();
        for (row, line) in lines[1..9].iter().enumerate() {
            let rank = 7 - row;
            let chars: Vec<char> = line.chars().collect();
            assert_eq!(chars.len(), 2 + 64 + 2, "{line}");
            for file in 0..8 {
                let square = Square::ALL[rank * 8 + file];
                let cell: String = chars[2 + 8 * file..10 + 8 * file].iter().collect();
                let square_bg = Colour::of_square(square).rgb();
                let square_bg = format!("{};{};{}", square_bg.0, square_bg.1, square_bg.2);
                match token(&p, square) {
                    Some(token) => {
                        let forced = p.forced_square() == Some(square);
                        let (left, right) = if forced { ('►', '◄') } else { (' ', ' ') };
                        let inner: Vec<char> = cell.chars().collect();
                        assert_eq!(
                            (inner[0], inner[1], inner[6], inner[7]),
                            (left, '▐', '▌', right)
                        );
                        let label: String = inner[2..6].iter().collect();
                        assert_eq!(label.trim(), token, "{line}");
                        // Centred: at most one more space on the right.
                        let lead = label.len() - label.trim_start().len();
                        let trail = label.len() - label.trim_end().len();
                        assert!(trail == lead || trail == lead + 1, "{label:?}");
                        // Five cells: the square's colour, then the tower's.
                        let tower = p.piece_on(square).unwrap().colour.rgb();
                        let tower = format!("{};{};{}", tower.0, tower.1, tower.2);
                        let five: Vec<&String> = cell_backgrounds.by_ref().take(5).collect();
                        assert_eq!(five[0], &square_bg);
                        assert_eq!(five[2], &tower);
                    }
                    None => {
                        let from_here = last.is_some_and(|m| m.from == square);
                        let expected = if from_here { "   ·    " } else { "        " };
                        assert_eq!(cell, expected, "{line}");
                        marked += usize::from(from_here);
                        assert_eq!(cell_backgrounds.next(), Some(&square_bg));
                    }
                }
            }
        }
        let expected = match last {
            Some(mv) => format!("{}; last move {mv}", status(&p)),
            None => status(&p),
        };
        assert_eq!(lines[10], expected);
    }
    assert!(marked >= 100, "{marked} origins marked");
}

/// The marks for players who cannot tell the colours apart: one per
/// colour, each written in the ink of the larger contrast, at least 4.5 to
/// 1 (WCAG's ratio, computed independently); on every square and tower of
/// the SVG, and every empty square of the terminal board, whose rows keep
/// one width.
#[test]
fn marks_for_colour_blindness_differ_and_read_on_their_colours() {
    test_support::oracle::check_marks(
        Colour::ALL.map(|c| (c.to_string(), c.mark(), c.rgb(), c.mark_ink())),
    );
    let p: Position = "obpkyrg1/8/8/8/8/8/7n/NGRYKPB+++O b -".parse().unwrap();
    let svg = p.svg().with_marks().to_string();
    assert_eq!(svg.matches("class=\"square-mark\"").count(), 64);
    for colour in Colour::ALL {
        // Eight squares and each player's tower of the colour.
        let towers = p.towers().filter(|(t, _, _)| t.colour == colour).count();
        assert_eq!(svg.matches(colour.mark()).count(), 8 + towers, "{colour}");
    }
    assert!(svg.contains("青+++</text>"), "the triple sumo's label");
    assert!(!p.svg().to_string().contains("class=\"square-mark\""));
    let board = p.ansi(None).with_marks().to_string();
    let width = |line: &str| {
        let mut text = String::new();
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                text.push(c);
            }
        }
        text.chars()
            .map(|c| {
                if Colour::ALL.iter().any(|k| k.mark() == c) {
                    2
                } else {
                    1
                }
            })
            .sum::<usize>()
    };
    // Line by line as wide as the board without marks (the ranks and the
    // coordinates around them).
    let rows: Vec<usize> = board.lines().map(width).collect();
    let plain: Vec<usize> = p.ansi(None).to_string().lines().map(width).collect();
    assert_eq!(rows, plain);
    // The empty brown squares' marks and both brown towers'.
    let empty = Colour::Brown
        .squares()
        .into_iter()
        .filter(|&s| p.piece_on(s).is_none())
        .count();
    assert_eq!(board.matches('茶').count(), empty + 2);
}
