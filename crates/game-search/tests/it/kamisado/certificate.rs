//! Proof certificates: the solver writes them, the independent checker
//! accepts them, and refuses them with a line removed or a move changed.

use game_search::Limits;
use game_search::proof::check::{CheckError, HoleReason, check};
use game_search::proof::{Prover, Solver, Value};
use kamisado_core::Game;
use kamisado_core::{Player, Position};

/// A middle game that Black wins in 9 plies (from a game of the start
/// position's principal variation).
fn position() -> Position {
    let mut p = Position::start();
    for mv in [
        "h1h5", "e8e3", "c1c5", "b8g3", "e1c3", "h8h7", "f1f6", "h7c2",
    ] {
        p = p.play(mv.parse().unwrap());
    }
    p
}

fn certificate_text() -> String {
    let mut solver = Solver::new(16).unwrap();
    solver.certificate(&position()).unwrap().to_string()
}

#[test]
fn the_solver_finds_the_exact_length() {
    let p = position();
    let mut solver = Solver::new(16).unwrap();
    let s = solver.solve(&p, Limits::default());
    assert_eq!(s.winner, Some(Player::Black));
    assert_eq!(s.plies, Some(9));
    // Exact: a win within 9 plies, none within 8 (checked by the prover's
    // own boolean searches, from fresh tables).
    let mut prover = Prover::new(16).unwrap();
    assert!(prover.wins_within(&p, 9));
    let mut prover = Prover::new(16).unwrap();
    assert!(!prover.wins_within(&p, 8));
    let proof = Prover::new(16).unwrap().solve(&p, Limits::default());
    assert_eq!((proof.value, proof.plies), (Value::Win, Some(9)));
}

#[test]
fn a_certificate_is_accepted() {
    let text = certificate_text();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("# kamisado-certificate 1"));
    let header = lines.next().unwrap();
    assert_eq!(
        header,
        format!("# start {} ; winner black ; plies 9", position())
    );
    // Sorted, no duplicates.
    let body: Vec<&str> = lines.collect();
    assert!(body.windows(2).all(|w| w[0] < w[1]));
    let verified = check(&text).unwrap();
    assert_eq!(verified.winner, Player::Black);
    assert_eq!((verified.plies, verified.longest), (9, 9));
    assert_eq!(verified.lines, body.len());
    assert_eq!(verified.unused, 0);
}

#[test]
fn a_certificate_with_a_line_removed_is_refused() {
    let text = certificate_text();
    let lines: Vec<&str> = text.lines().collect();
    // Every line is needed: removing any one leaves a hole.
    let (mut at_start, mut deeper) = (0, 0);
    for skip in 2..lines.len() {
        let tampered: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != skip)
            .map(|(_, l)| *l)
            .collect();
        match check(&tampered.join("\n")) {
            Err(CheckError::Hole(hole)) => {
                assert_eq!(hole.reason, HoleReason::Missing);
                assert_eq!(
                    hole.position.to_string(),
                    lines[skip].split(" ; ").next().unwrap()
                );
                // The message names the moves that lead there, or says that
                // the hole is the start (never "after no move").
                let message = hole.to_string();
                assert!(!message.contains("after no move"), "{message}");
                if hole.moves.is_empty() {
                    at_start += 1;
                    assert!(
                        message.ends_with(", the certificate's own starting position"),
                        "{message}"
                    );
                } else {
                    deeper += 1;
                    let moves: Vec<String> = hole.moves.iter().map(ToString::to_string).collect();
                    assert!(
                        message.ends_with(&format!(" after {}", moves.join(" "))),
                        "{message}"
                    );
                }
            }
            other => panic!("line {skip} removed: {other:?}"),
        }
    }
    assert_eq!(at_start + deeper, lines.len() - 2);
    assert!(deeper > 0, "{deeper} deeper holes");
}

/// A hole at the certificate's own position is reported as its starting
/// position, not "after no move".
#[test]
fn a_hole_at_the_certificates_own_position_is_named_as_its_start() {
    use game_search::proof::check::Hole;
    let hole = Hole {
        moves: Vec::new(),
        position: position(),
        reason: HoleReason::Missing,
    };
    assert_eq!(
        hole.to_string(),
        format!(
            "no move for {}, the certificate's own starting position",
            position()
        )
    );
    let hole = Hole {
        moves: vec!["d1d7".parse().unwrap(), "g8b3".parse().unwrap()],
        ..hole
    };
    assert!(hole.to_string().ends_with(" after d1d7 g8b3"), "{hole}");
}

#[test]
fn a_certificate_with_a_move_changed_is_refused() {
    let text = certificate_text();
    let lines: Vec<&str> = text.lines().collect();
    let mut illegal = 0;
    let mut losing = 0;
    for (i, line) in lines.iter().enumerate().skip(2) {
        let (position, mv) = line.split_once(" ; ").unwrap();
        let p: Position = position.parse().unwrap();
        // An illegal move: refused as a bad line.
        let bad = format!("{position} ; a1a1");
        let mut tampered = lines.clone();
        tampered[i] = &bad;
        assert!(
            matches!(check(&tampered.join("\n")), Err(CheckError::Line { .. })),
            "{line}"
        );
        illegal += 1;
        // A legal move that lets the loser win on its next move: a hole.
        let opponent_goal = p.side_to_move().opponent().goal_rank().bitboard();
        let losing_move = p.legal_moves().into_iter().find(|&m| {
            m.to_string() != mv && {
                let child = p.play(m);
                child.side_to_move() != p.side_to_move()
                    && child
                        .legal_moves()
                        .iter()
                        .any(|r| r.to.bitboard().intersects(opponent_goal))
            }
        });
        if let Some(m) = losing_move {
            let changed = format!("{position} ; {m}");
            let mut tampered = lines.clone();
            tampered[i] = &changed;
            // The first hole met: the loss, a position with no line, or
            // (the walk stops a line once it passes the bound) a line
            // longer than declared on the way to either.
            match check(&tampered.join("\n")) {
                Err(CheckError::Hole(hole)) => assert!(
                    matches!(
                        hole.reason,
                        HoleReason::Lost | HoleReason::Missing | HoleReason::TooLong { .. }
                    ),
                    "{hole}"
                ),
                other => panic!("{line} -> {m}: {other:?}"),
            }
            losing += 1;
        }
    }
    assert!(illegal > 5 && losing > 3, "{illegal} {losing}");
}

#[test]
fn a_too_short_bound_and_a_wrong_winner_are_refused() {
    let text = certificate_text();
    let short = text.replace("; plies 9", "; plies 8");
    assert!(matches!(
        check(&short),
        Err(CheckError::Hole(hole)) if matches!(hole.reason, HoleReason::TooLong { plies: 9 })
    ));
    let wrong = text.replace("winner black", "winner white");
    assert!(matches!(check(&wrong), Err(CheckError::Line { .. })));
    assert!(matches!(check(""), Err(CheckError::Header { .. })));
    assert!(matches!(
        check(&text.replace("# kamisado-certificate 1", "# something else")),
        Err(CheckError::Header { line: 1, .. })
    ));
}

/// The checker shares no code with the search: its only imports are the
/// standard library and the rules (`game_rules`; the games' crates are
/// named in full where their certificates are read).
#[test]
fn the_checker_uses_only_the_rules() {
    let source = include_str!("../../../src/proof/check.rs");
    for line in source.lines().map(str::trim) {
        if line.starts_with("use ") {
            assert!(
                line.starts_with("use std::") || line.starts_with("use game_rules::"),
                "{line}"
            );
        }
        assert!(
            !line.contains("crate::") || line.starts_with("//"),
            "{line}"
        );
        assert!(
            !line.contains("super::") || line.starts_with("//"),
            "{line}"
        );
    }
}
