//! The published table of Black's first moves (`docs/first-moves.md`):
//! complete, consistent with the rules (every principal variation is a
//! legal line that ends with the stated winner after the stated number of
//! plies), symmetric under the board's mirror symmetry, and, for the rows
//! that the solver settles in well under a second, equal to a re-run.

use kamisado_core::Game;
use std::collections::BTreeMap;
use std::time::Duration;

use game_search::Limits;
use game_search::proof::Solver;
use kamisado_core::{Move, Player, Position};

const TABLE: &str = include_str!("../../docs/first-moves.md");

struct Row {
    winner: Player,
    plies: u32,
    reply: Move,
    line: Vec<Move>,
}

fn rows() -> BTreeMap<Move, Row> {
    let mut rows = BTreeMap::new();
    for line in TABLE
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| first"))
    {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 5, "malformed row: {line}");
        let first: Move = cells[0].parse().expect("first move");
        let row = Row {
            winner: cells[1].parse().expect("winner"),
            plies: cells[2].parse().expect("plies"),
            reply: cells[3].parse().expect("reply"),
            line: cells[4]
                .split(' ')
                .map(|m| m.parse().expect("move"))
                .collect(),
        };
        assert!(rows.insert(first, row).is_none(), "{first} twice");
    }
    rows
}

#[test]
fn the_table_has_every_first_move() {
    let rows = rows();
    let start = Position::start();
    let mut moves = start.legal_moves().to_vec();
    moves.sort();
    assert_eq!(rows.keys().copied().collect::<Vec<_>>(), moves);
    let black = rows.values().filter(|r| r.winner == Player::Black).count();
    assert_eq!(black, 16, "the summary above the table says 16");
}

#[test]
fn every_principal_variation_is_a_legal_line_to_the_stated_end() {
    for (first, row) in rows() {
        assert_eq!(row.line[0], first);
        assert_eq!(row.line[1], row.reply, "{first}: the reply starts the line");
        assert_eq!(
            row.line.len() as u32,
            row.plies,
            "{first}: the line's length"
        );
        let mut p = Position::start();
        for (ply, &mv) in row.line.iter().enumerate() {
            assert!(p.outcome().is_none(), "{first}: over before ply {ply}");
            assert!(p.is_legal(mv), "{first}: {mv} is illegal in {p}");
            p = p.play(mv);
        }
        let outcome = p
            .outcome()
            .unwrap_or_else(|| panic!("{first}: not over: {p}"));
        assert_eq!(outcome.winner(), row.winner, "{first}");
    }
}

/// Mirroring the files while swapping orange/brown, blue/green, purple/red
/// and pink/yellow maps the start onto itself, so a first move and its
/// mirror image have the same value. The searches never use it.
#[test]
fn mirror_images_have_the_same_value() {
    let rows = rows();
    let mirror = |mv: Move| -> Move {
        let text = mv.to_string();
        let flip = |c: char| (b'a' + b'h' - c as u8) as char;
        let b = text.as_bytes();
        format!(
            "{}{}{}{}",
            flip(b[0] as char),
            b[1] as char,
            flip(b[2] as char),
            b[3] as char
        )
        .parse()
        .unwrap()
    };
    for (first, row) in &rows {
        let image = &rows[&mirror(*first)];
        assert_eq!(
            (image.winner, image.plies),
            (row.winner, row.plies),
            "{first}"
        );
    }
}

/// A re-run of the rows whose best play lasts at most 16 plies.
#[test]
fn short_rows_match_a_re_run() {
    let mut solver = Solver::new(16).unwrap();
    let mut checked = 0;
    for (first, row) in rows().into_iter().filter(|(_, r)| r.plies <= 16) {
        let after = Position::start().play(first);
        let s = solver.solve(&after, Limits::time(Duration::from_secs(60)));
        assert_eq!(s.winner, Some(row.winner), "{first}");
        assert_eq!(s.plies.map(|p| p + 1), Some(row.plies), "{first}");
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} short rows");
}
