//! The three drawings (text, SVG, terminal), each read back and compared
//! with the position it draws.

use crate::common::sample;
use board_geometry::{Player, Square};
use katarenga_core::{Camp, Game, Position};

/// A piece as the text drawing writes it.
fn piece(p: &Position, square: Square) -> char {
    match p.piece_on(square) {
        Some(Player::Black) => 'b',
        Some(Player::White) => 'w',
        None => '.',
    }
}

fn camp_box(p: &Position, camp: Camp) -> &'static str {
    if p.camp_occupied(camp) { "[x]" } else { "[ ]" }
}

#[test]
fn the_text_drawing_reads_back() {
    let mut camps_drawn = 0;
    for (p, _) in sample(4, 600) {
        let text = p.pretty().to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 12, "{text}");
        let top = format!(
            " a9{}{:>21}h9{}",
            camp_box(&p, Camp::A9),
            "",
            camp_box(&p, Camp::H9)
        );
        let bottom = format!(
            " a0{}{:>21}h0{}",
            camp_box(&p, Camp::A0),
            "",
            camp_box(&p, Camp::H0)
        );
        assert_eq!((lines[0], lines[9]), (top.as_str(), bottom.as_str()));
        camps_drawn += text.matches("[x]").count();
        for (row, line) in lines[1..9].iter().enumerate() {
            let rank = 7 - row;
            let mut expected = format!("{}", rank + 1);
            for file in 0..8 {
                let square = Square::ALL[rank * 8 + file];
                let colour = p.board().colour_of(square).letter();
                expected.push_str(&format!(" {colour}{}", piece(&p, square)));
            }
            assert_eq!(*line, expected);
        }
        assert_eq!(lines[10], "   a  b  c  d  e  f  g  h");
        assert_eq!(lines[11], format!("{} to move", p.side_to_move()));
        assert_eq!(format!("{p:?}"), format!("Position(\"{p}\")"));
    }
    assert!(camps_drawn >= 50);
}

fn attribute<'a>(element: &'a str, name: &str) -> &'a str {
    let start = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let end = start + element[start..].find('"').unwrap();
    &element[start..end]
}

#[test]
fn the_svg_draws_squares_pieces_and_camps_in_place() {
    for (p, _) in sample(5, 300) {
        let svg = p.svg().to_string();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let head = svg.lines().next().unwrap();
        assert_eq!(attribute(head, "width"), "660");
        assert_eq!(attribute(head, "height"), "660");
        assert_eq!(attribute(head, "viewBox"), "0 0 660 660");
        // Squares: 60-pixel rectangles from (90, 90), rank 8 on top.
        let squares: Vec<&str> = svg
            .lines()
            .filter(|l| l.starts_with("<rect x=") && l.contains(r#"width="60""#))
            .collect();
        assert_eq!(squares.len(), 64);
        for rect in squares {
            let x: i32 = attribute(rect, "x").parse().unwrap();
            let y: i32 = attribute(rect, "y").parse().unwrap();
            let (file, rank) = ((x - 90) / 60, 7 - (y - 90) / 60);
            let square = Square::ALL[(rank * 8 + file) as usize];
            assert_eq!(
                attribute(rect, "fill"),
                p.board().colour_of(square).rgb().to_string()
            );
        }
        let (mut on_board, mut in_camps) = (0, 0);
        for circle in svg.lines().filter(|l| l.starts_with("<circle")) {
            let cx: i32 = attribute(circle, "cx").parse().unwrap();
            let cy: i32 = attribute(circle, "cy").parse().unwrap();
            if (90..570).contains(&cx) && (90..570).contains(&cy) {
                let (file, rank) = ((cx - 90) / 60, 7 - (cy - 90) / 60);
                assert_eq!(((cx - 120) % 60, (cy - 120) % 60), (0, 0));
                let square = Square::ALL[(rank * 8 + file) as usize];
                assert!(
                    p.piece_on(square).is_some(),
                    "{p}: a disc on empty {square}"
                );
                on_board += 1;
            } else {
                let camp = match (cx < 90, cy < 90) {
                    (true, true) => Camp::A9,
                    (false, true) => Camp::H9,
                    (true, false) => Camp::A0,
                    (false, false) => Camp::H0,
                };
                assert!(p.camp_occupied(camp), "{p}: a disc in empty {camp}");
                in_camps += 1;
            }
        }
        assert_eq!(on_board, p.occupied().len() as usize);
        assert_eq!(
            in_camps,
            Camp::ALL.iter().filter(|&&c| p.camp_occupied(c)).count()
        );
        for camp in Camp::ALL {
            assert!(svg.contains(&format!(r#"class="label">{camp}</text>"#)));
        }
    }
}

#[test]
fn the_svg_puts_each_camp_outside_its_corner_with_its_disc_and_label() {
    // The board covers 90..570 in both directions of a 660 x 660 image.
    let (board_low, board_high, image) = (90, 570, 660);
    let mut discs_checked = 0;
    for (p, _) in sample(9, 200) {
        let svg = p.svg().to_string();
        let boxes: Vec<(i32, i32)> = svg
            .lines()
            .filter(|l| l.starts_with("<rect x=") && l.contains(r#"width="56""#))
            .map(|l| {
                assert!(l.contains(r#"height="56""#), "{l}");
                (
                    attribute(l, "x").parse().unwrap(),
                    attribute(l, "y").parse().unwrap(),
                )
            })
            .collect();
        assert_eq!(boxes.len(), 4, "{p}: one box per camp");
        let labels: Vec<(String, i32, i32)> = svg
            .lines()
            .filter(|l| l.starts_with("<text") && l.contains(r#"class="label">"#))
            .filter_map(|l| {
                let name = l.split('>').nth(1)?.split('<').next()?;
                let camp: Camp = name.parse().ok()?;
                Some((
                    camp.to_string(),
                    attribute(l, "x").parse().unwrap(),
                    attribute(l, "y").parse().unwrap(),
                ))
            })
            .collect();
        assert_eq!(labels.len(), 4, "{p}: one label per camp");
        for camp in Camp::ALL {
            let (left, top) = (
                matches!(camp, Camp::A9 | Camp::A0),
                matches!(camp, Camp::A9 | Camp::H9),
            );
            // The box of this camp: the one on its side of the board.
            let &(x, y) = boxes
                .iter()
                .find(|&&(x, y)| (x < board_low) == left && (y < board_low) == top)
                .unwrap_or_else(|| panic!("{p}: no box at {camp}'s corner"));
            let (cx, cy) = (x + 28, y + 28);
            // Inside the image, clear of the board, on the corner's diagonal.
            assert!(
                x >= 0 && y >= 0 && x + 56 <= image && y + 56 <= image,
                "{camp}"
            );
            assert!(
                if left {
                    x + 56 <= board_low
                } else {
                    x >= board_high
                },
                "{camp}: the box overlaps the board's files"
            );
            assert!(
                if top {
                    y + 56 <= board_low
                } else {
                    y >= board_high
                },
                "{camp}: the box overlaps the board's ranks"
            );
            let corner = (
                if left { board_low } else { board_high },
                if top { board_low } else { board_high },
            );
            assert_eq!((cx - corner.0).abs(), (cy - corner.1).abs(), "{camp}");
            // A taken camp has its owner's disc in the middle of the box.
            let disc = format!(r#"<circle cx="{cx}" cy="{cy}" r="18""#);
            assert_eq!(svg.contains(&disc), p.camp_occupied(camp), "{p}: {camp}");
            discs_checked += usize::from(p.camp_occupied(camp));
            // The name centred on the box, above the top boxes and below the
            // bottom ones, inside the image.
            let (_, lx, ly) = labels.iter().find(|l| l.0 == camp.to_string()).unwrap();
            assert_eq!(*lx, cx, "{camp}");
            // Its baseline leaves room for the 16-pixel font above it.
            assert!((16..=image).contains(ly), "{camp}: label at y {ly}");
            assert!(
                if top { *ly < y } else { *ly > y + 56 },
                "{camp}: label at y {ly}, box at y {y}"
            );
        }
    }
    assert!(
        discs_checked >= 20,
        "only {discs_checked} taken camps drawn"
    );
}

/// A terminal drawing without its escape codes.
fn strip_ansi(text: &str) -> String {
    let mut plain = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('\x1b') {
        plain.push_str(&rest[..start]);
        rest = &rest[start + rest[start..].find('m').unwrap() + 1..];
    }
    plain.push_str(rest);
    plain
}

#[test]
fn the_terminal_drawing_reads_back() {
    let mut marked = 0;
    for (p, last) in sample(6, 400) {
        let plain = strip_ansi(&p.ansi(last).to_string());
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines.len(), 13, "{plain}");
        let corner = |c: Camp| if p.camp_occupied(c) { " ● " } else { " · " };
        let corners = |l: Camp, r: Camp| format!(" {l}{}{:>22}{r}{}", corner(l), "", corner(r));
        assert_eq!(lines[0], corners(Camp::A9, Camp::H9));
        assert_eq!(lines[11], corners(Camp::A0, Camp::H0));
        for (row, line) in lines[2..10].iter().enumerate() {
            let rank = 7 - row;
            let mut expected = format!("{} ", rank + 1);
            for file in 0..8 {
                let square = Square::ALL[rank * 8 + file];
                let from_here = last.is_some_and(|m| m.from == square);
                expected.push_str(match p.piece_on(square) {
                    Some(_) => " ●  ",
                    None if from_here => " ·  ",
                    None => "    ",
                });
                marked += usize::from(from_here && p.piece_on(square).is_none());
            }
            expected.push_str(&format!(" {}", rank + 1));
            assert_eq!(*line, expected);
        }
        let status = match last {
            Some(mv) => format!("{} to move; last move {mv}", p.side_to_move()),
            None => format!("{} to move", p.side_to_move()),
        };
        assert_eq!(lines[12], status);
    }
    assert!(marked >= 100);
}

/// The marks for players who cannot tell the colours apart: the chess
/// figure of each colour's move, each in the ink of the larger contrast, at
/// least 4.5 to 1 (WCAG's ratio, computed independently); on every square of
/// the SVG and the terminal board.
#[test]
fn marks_for_colour_blindness_name_each_colour_s_move_and_read_on_it() {
    use katarenga_core::SquareColour;
    test_support::oracle::check_marks(
        SquareColour::ALL.map(|c| (c.to_string(), c.mark(), c.rgb(), c.mark_ink())),
    );
    let p = katarenga_core::Position::start();
    let svg = p.svg().with_marks().to_string();
    assert_eq!(svg.matches("class=\"square-mark\"").count(), 64);
    let board = p.ansi(None).with_marks().to_string();
    for colour in SquareColour::ALL {
        let squares = katarenga_core::Square::ALL
            .into_iter()
            .filter(|&s| p.board().colour_of(s) == colour)
            .count();
        assert_eq!(svg.matches(colour.mark()).count(), squares, "{colour}");
        assert_eq!(board.matches(colour.mark()).count(), squares, "{colour}");
    }
    let plain = p.ansi(None).to_string();
    assert_eq!(board.lines().count(), plain.lines().count());
}
