//! The public surface beyond the rules: outcomes in words, the generator's
//! per-piece move sets, game records with repetitions, and the three
//! drawings (text, SVG, terminal), each read back and compared with the
//! position it draws.

use board_geometry::{Player, SplitMix64, Square};
use katarenga_core::Game;
use katarenga_core::{
    Board, Camp, GameRecord, Move, Outcome, PieceMoves, Position, RecordError, TilePlacement,
};

/// Positions of random games on random boards, with the move that led to
/// each; games stop after 300 plies.
fn sample(seed: u64, count: usize) -> Vec<(Position, Option<Move>)> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let index = rng.below(TilePlacement::ARRANGEMENTS as usize) as u32;
        let board = Board::from_tiles(TilePlacement::arrangement(index).unwrap()).unwrap();
        let mut p = Position::start_on(board);
        let mut last = None;
        for _ in 0..300 {
            out.push((p, last));
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            p = p.play(mv);
            last = Some(mv);
        }
    }
    out
}

#[test]
fn outcomes_in_words() {
    let cases = [
        (
            Outcome::Camps {
                winner: Player::White,
            },
            "camps",
            "white wins: both camps taken",
        ),
        (
            Outcome::TooFewPieces {
                winner: Player::Black,
            },
            "too few pieces",
            "black wins: white has fewer than 2 pieces",
        ),
        (
            Outcome::NoMove {
                winner: Player::White,
            },
            "no move",
            "white wins: black has no legal move",
        ),
    ];
    for (outcome, ending, words) in cases {
        assert_eq!(outcome.ending(), ending);
        assert_eq!(outcome.to_string(), words);
    }
}

/// The game is over exactly when the naive reference generator of
/// `rules.rs` finds no move (its own account of camps and pieces, RULES.md
/// 2), and the winner is the one that account names (or, with no move
/// left, the side not to move).
#[test]
fn a_game_is_over_exactly_when_the_rules_leave_no_move() {
    let (mut over, mut going) = (0, 0);
    for (p, _) in sample(1, 5000) {
        let naive = crate::rules::naive_moves(&p);
        assert_eq!(p.is_over(), naive.is_empty(), "{p}");
        assert_eq!(p.legal_moves().is_empty(), naive.is_empty(), "{p}");
        if naive.is_empty() {
            let winner = crate::rules::naive_outcome(&p).unwrap_or(p.side_to_move().opponent());
            assert_eq!(p.winner(), Some(winner), "{p}");
        } else {
            assert_eq!(p.winner(), None, "{p}");
        }
        if p.is_over() {
            over += 1;
        } else {
            going += 1;
        }
    }
    assert!(over >= 5 && going >= 4000, "{over} finished, {going} going");
}

#[test]
fn piece_move_sets_are_exact() {
    let (mut sets, mut camp_moves) = (0, 0);
    for (p, _) in sample(2, 3000) {
        let mut total = 0;
        p.generate_moves(|moves: PieceMoves| {
            assert!(!moves.is_empty(), "{p}");
            // Counted by the naive reference generator of `rules.rs`.
            let expected = crate::rules::naive_moves_from(&p, moves.from).len();
            assert_eq!(moves.len(), expected, "{p}");
            let mut iter = moves.iter();
            for left in (0..=moves.len()).rev() {
                assert_eq!(iter.size_hint(), (left, Some(left)));
                assert_eq!(iter.len(), left);
                if left > 0 {
                    let mv = iter.next().unwrap();
                    assert_eq!(mv.from, moves.from);
                    assert!(p.is_legal(mv), "{mv} in {p}");
                }
            }
            assert_eq!(iter.next(), None);
            camp_moves += moves.camps.0.count_ones() as usize;
            total += moves.len();
            sets += 1;
            false
        });
        assert_eq!(total, p.legal_moves().len(), "{p}");
    }
    assert!(
        sets >= 10_000 && camp_moves >= 20,
        "{sets} sets, {camp_moves} camp moves"
    );
    // A set built by hand may be empty, and says so; camps count as moves.
    let mut set = PieceMoves {
        from: "a8".parse().unwrap(),
        to: katarenga_core::Bitboard::EMPTY,
        camps: katarenga_core::Camps::EMPTY,
    };
    assert!(set.is_empty() && set.iter().next().is_none());
    assert_eq!(set.len(), 0);
    set.camps = set.camps.with(Camp::A0);
    assert!(!set.is_empty());
    assert_eq!(set.len(), 1);
    assert_eq!(set.iter().next(), Some(Move::to_camp(set.from, Camp::A0)));
}

#[test]
fn a_game_record_counts_repetitions() {
    // On an all-blue board every piece moves like a king, so a move and
    // its reverse make a cycle.
    let board: Board = ["BBBBBBBB"; 8].join("/").parse().unwrap();
    let start = Position::start_on(board);
    let mut record = GameRecord::<16>::new(start);
    assert!(record.is_empty() && record.capacity() == 16);
    assert_eq!((record.occurrences(), record.is_repetition(2)), (1, false));
    let cycle: Vec<Move> = ["a8a7", "a1a2", "a7a8", "a2a1"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    for round in 1..=3 {
        for &mv in &cycle {
            record.play(mv).unwrap();
        }
        assert_eq!(record.position(), &start);
        assert_eq!(record.occurrences(), round + 1);
        assert!(record.is_repetition(round + 1) && !record.is_repetition(round + 2));
    }
    assert_eq!(record.len(), 12);
    assert!(!record.is_empty());
    assert_eq!(record.moves()[..4], cycle[..]);
    assert_eq!(record.occurrences_of(&start.play(cycle[0])), 3);
    assert_eq!(record.start(), &start);
    // Undo walks back.
    assert_eq!(record.undo(), Some(cycle[3]));
    assert_eq!(record.occurrences(), 3);
    assert_eq!(
        record.position(),
        &start.play(cycle[0]).play(cycle[1]).play(cycle[2])
    );
    // An illegal move and a full record leave it unchanged.
    let before = record.clone();
    let refused = record.play("a1a3".parse().unwrap()).unwrap_err();
    let RecordError::Illegal(reason) = refused else {
        panic!("{refused:?}")
    };
    // The error prints the move's reason (not a bare "illegal move").
    assert_eq!(refused.to_string(), reason.to_string());
    assert_eq!(record, before);
    for &mv in cycle[3..].iter().chain(&cycle[..4]) {
        record.play(mv).unwrap();
    }
    assert_eq!(record.len(), 16);
    assert_eq!(
        record.play(cycle[0]),
        Err(RecordError::Full { capacity: 16 })
    );
    assert_eq!(record.len(), 16);
    let mut empty = GameRecord::<4>::new(start);
    assert_eq!(empty.undo(), None);
    assert_eq!(empty.position(), &start);
}

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
