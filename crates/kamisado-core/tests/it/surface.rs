//! The public surface beyond the rules: outcomes in words, round summaries,
//! saved matches that do not add up, the generator's per-tower move sets,
//! and the three drawings (text, SVG, terminal), each read back and
//! compared with the position it draws.

use board_geometry::SplitMix64;
use kamisado_core::Game;
use kamisado_core::{
    Bitboard, Colour, Edge, Match, MatchState, Move, Outcome, Player, Position, Square, SumoRank,
    Target, Tower, TowerMoves, slide_targets,
};

/// Positions of random matches to 15 points: sumos, pushes, extra moves,
/// passes and finished rounds, with the move that led to each.
fn sample(seed: u64, count: usize) -> Vec<(Position, Option<Move>)> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut m = Match::new(Target::new(15).unwrap());
    let mut last = None;
    while out.len() < count {
        match m.state() {
            MatchState::Over { .. } => {
                m = Match::new(Target::new(15).unwrap());
                last = None;
            }
            MatchState::ChooseEdge { .. } => {
                out.push((*m.final_position().unwrap(), last));
                let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                m.choose_edge(edge).unwrap();
                last = None;
            }
            MatchState::InRound => {
                let p = *m.position();
                out.push((p, last));
                let moves = p.legal_moves();
                let mv = moves[rng.below(moves.len())];
                m.play(mv).unwrap();
                last = Some(mv);
            }
        }
    }
    out
}

#[test]
fn outcomes_in_words() {
    let arrival = Outcome::Arrival {
        winner: Player::White,
        tower: Colour::Green,
    };
    assert_eq!(arrival.ending(), "arrival");
    assert_eq!(
        arrival.to_string(),
        "white wins: the green tower reached the goal row"
    );
    let deadlock = Outcome::Deadlock {
        winner: Player::Black,
        tower: Colour::Red,
    };
    assert_eq!(deadlock.ending(), "deadlock");
    assert_eq!(deadlock.to_string(), "black wins: white caused a deadlock");
    let no_move = Outcome::NoMove {
        winner: Player::White,
    };
    assert_eq!(no_move.ending(), "no move");
    assert_eq!(
        no_move.to_string(),
        "white wins: black has a free choice and no tower that can move"
    );
}

/// The round is over exactly when the naive reference generator of
/// `rules.rs` finds no move (a tower arrived, or a deadlock's chain reaches
/// no tower that can move), and after an arrival the arriving tower's
/// player has won.
#[test]
fn a_round_is_over_exactly_when_the_rules_leave_no_move() {
    let (mut over, mut going) = (0, 0);
    for (p, _) in sample(1, 3000) {
        let naive = crate::rules::naive_moves(&p);
        assert_eq!(p.is_over(), naive.is_empty(), "{p}");
        assert_eq!(p.legal_moves().is_empty(), naive.is_empty(), "{p}");
        if crate::rules::arrived(&p) {
            let arrival = p
                .towers()
                .find(|(t, s, _)| s.rank() == t.player.goal_rank())
                .map(|(t, _, _)| t.player);
            assert_eq!(p.winner(), arrival, "{p}");
        }
        if p.is_over() {
            over += 1;
        } else {
            going += 1;
        }
    }
    assert!(
        over >= 20 && going >= 2000,
        "{over} finished, {going} going"
    );
}

#[test]
fn a_round_summary_in_words_and_kept_as_the_last_round() {
    let mut m = Match::new(Target::STANDARD);
    assert_eq!(m.last_round(), None);
    let mut summary = None;
    for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
        summary = m.play(mv.parse().unwrap()).unwrap();
    }
    let summary = summary.expect("the arrival ends the round");
    assert_eq!(m.last_round(), Some(summary));
    assert_eq!(
        summary.to_string(),
        "round 1: white wins: the green tower reached the goal row; \
         white scores with its plain green tower (+1); black 0 - white 1"
    );
    assert_eq!(summary.rank, SumoRank::Plain);
    m.choose_edge(Edge::AFile).unwrap();
    // Still the latest round while the next one is played.
    assert_eq!(m.last_round(), Some(summary));
    m.play("a1a5".parse().unwrap()).unwrap();
    assert_eq!(m.last_round(), Some(summary));
}

#[cfg(feature = "serde")]
mod saved_matches {
    use super::*;

    /// A match in round 2 and its saved form.
    fn round_two() -> (Match, serde_json::Value) {
        let mut m = Match::new(Target::STANDARD);
        for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
            m.play(mv.parse().unwrap()).unwrap();
        }
        m.choose_edge(Edge::AFile).unwrap();
        let value = serde_json::to_value(m).unwrap();
        (m, value)
    }

    fn load(value: &serde_json::Value) -> Result<Match, String> {
        serde_json::from_value::<Match>(value.clone()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_consistent_save_loads() {
        let (m, value) = round_two();
        assert_eq!(load(&value).unwrap(), m);
    }

    #[test]
    fn a_last_round_that_is_not_the_previous_one_is_refused() {
        let (_, value) = round_two();
        // Each condition alone: the round number, then each player's score.
        let mut wrong_round = value.clone();
        wrong_round["last_round"]["round"] = 2.into();
        let mut black_ahead = value.clone();
        black_ahead["last_round"]["scores"][0] = 1.into();
        let mut white_ahead = value.clone();
        white_ahead["last_round"]["scores"][1] = 2.into();
        for bad in [wrong_round, black_ahead, white_ahead] {
            let error = load(&bad).unwrap_err();
            assert!(
                error.contains("the last round is not the one before"),
                "{error}"
            );
        }
        // Scores that only grew are fine.
        let mut earlier = value.clone();
        earlier["last_round"]["scores"][1] = 0.into();
        assert!(load(&earlier).is_ok());
    }
}

#[test]
fn tower_move_sets_are_exact() {
    let mut sets = 0;
    for (p, _) in sample(2, 2000) {
        let mut total = 0;
        p.generate_moves(|moves: TowerMoves| {
            assert!(!moves.is_empty(), "{p}");
            assert_eq!(moves.len(), moves.to.len() as usize);
            let mut iter = moves.iter();
            for left in (0..=moves.len()).rev() {
                assert_eq!(iter.size_hint(), (left, Some(left)));
                assert_eq!(iter.len(), left);
                if left > 0 {
                    let mv = iter.next().unwrap();
                    assert_eq!(mv.from, moves.from);
                    assert!(moves.to.has(mv.to));
                }
            }
            assert_eq!(iter.next(), None);
            assert_eq!(p.tower_on(moves.from), Some(moves.tower));
            total += moves.len();
            sets += 1;
            false
        });
        assert_eq!(total, p.legal_moves().len(), "{p}");
    }
    assert!(sets >= 2000);
    // A set built by hand may be empty, and says so.
    let none = TowerMoves {
        tower: Tower::new(Player::Black, Colour::Red),
        from: "c1".parse().unwrap(),
        to: kamisado_core::Bitboard::EMPTY,
    };
    assert!(none.is_empty() && none.iter().next().is_none());
    assert_eq!(none.len(), 0);
}

#[test]
fn occupancy_by_player() {
    for (p, _) in sample(3, 500) {
        for player in [Player::Black, Player::White] {
            let squares: Vec<Square> = Colour::ALL
                .iter()
                .map(|&c| p.square_of(Tower::new(player, c)))
                .collect();
            let set = p.occupied_by(player);
            assert_eq!(set.len(), 8);
            assert!(squares.iter().all(|&s| set.has(s)), "{p}");
        }
        assert_eq!(
            p.occupied(),
            p.occupied_by(Player::Black) | p.occupied_by(Player::White)
        );
        assert_eq!(p.occupied().len(), 16);
    }
}

/// A tower as the notation writes it: its letter (uppercase Black) and one
/// `+` per sumo rank.
fn token(p: &Position, square: Square) -> Option<String> {
    let tower = p.tower_on(square)?;
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
            let tower = p.tower_on(square).expect("a circle on a tower");
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
                        let tower = p.tower_on(square).unwrap().colour.rgb();
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

/// The slides of a tower walked square by square: forward and diagonally
/// forward over empty squares, at most 7, 5, 3 or 1 squares by sumo rank.
fn walked_slides(player: Player, from: Square, rank: SumoRank, occupied: Bitboard) -> Bitboard {
    let limit = [7, 5, 3, 1][rank.level() as usize];
    let forward = if player == Player::Black { 1 } else { -1 };
    let mut out = Bitboard::EMPTY;
    for df in [-1, 0, 1] {
        let (mut f, mut r) = (from.file().index() as i32, from.rank().index() as i32);
        for _ in 0..limit {
            f += df;
            r += forward;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let square = Square::ALL[(r * 8 + f) as usize];
            if occupied.has(square) {
                break;
            }
            out |= square.bitboard();
        }
    }
    out
}

#[test]
fn slide_targets_and_reach() {
    let (mut free, mut pushes) = (0, 0);
    for (p, _) in sample(7, 2000) {
        for (tower, square, rank) in p.towers() {
            let slides = slide_targets(tower.player, square, rank, p.occupied());
            assert_eq!(
                slides,
                walked_slides(tower.player, square, rank, p.occupied()),
                "{p}"
            );
            // Other occupancies: the tower alone, and a full rank ahead.
            assert_eq!(
                slide_targets(tower.player, square, rank, square.bitboard()),
                walked_slides(tower.player, square, rank, square.bitboard())
            );
            let reach = p.reach(tower);
            // The reach is the slides, plus a push straight ahead.
            assert_eq!(reach & slides, slides, "{p}");
            let extra = reach & !slides;
            assert!(extra.len() <= 1, "{p}");
            if let Some(push) = extra.into_iter().next() {
                assert!(rank != SumoRank::Plain && p.tower_on(push).is_some(), "{p}");
                pushes += 1;
            }
        }
        // Where the side to move has a free choice, every tower's reach is
        // exactly its legal moves.
        if p.forced_colour().is_none() && !p.is_over() {
            free += 1;
            for colour in Colour::ALL {
                let tower = Tower::new(p.side_to_move(), colour);
                let legal: Bitboard = p
                    .legal_moves()
                    .iter()
                    .filter(|m| p.tower_on(m.from) == Some(tower))
                    .map(|m| m.to.bitboard())
                    .fold(Bitboard::EMPTY, |a, b| a | b);
                assert_eq!(p.reach(tower), legal, "{p}");
            }
        }
    }
    assert!(
        free >= 20 && pushes >= 50,
        "{free} free choices, {pushes} pushes"
    );
}
