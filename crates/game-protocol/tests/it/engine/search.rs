//! `kk-engine`, the search engine, driven as a controller drives it.

use kamisado_core::Game;
use std::io::Write;
use std::time::{Duration, Instant};

use game_protocol::{GameId, Reply, Score};

use super::{Driver, errors, errors_contain, infos};

#[test]
fn the_handshake_declares_the_version_games_rules_and_options() {
    let mut e = Driver::start();
    e.send("kkp");
    let replies = e.until(|r| *r == Reply::KkpOk);
    assert!(matches!(&replies[0], Reply::Name(n) if n.starts_with("kk-engine")));
    assert!(matches!(replies[1], Reply::Author(_)));
    assert!(replies.contains(&Reply::Protocol(2)));
    // Kamisado's readings and layouts (kamisado-core's rules page), all
    // but the defaults.
    assert!(
        replies.contains(&Reply::Game {
            game: GameId::Kamisado,
            rules: [
                "pushed-square",
                "blocked-colour",
                "turned",
                "mirrored",
                "mirrored-turned"
            ]
            .map(String::from)
            .to_vec()
        })
    );
    // The documented rule option (docs/protocol.md) among Katarenga's.
    assert!(replies.iter().any(|r| matches!(
        r,
        Reply::Game { game: GameId::Katarenga, rules } if rules.contains(&"no-first-capture".to_string())
    )));
    let names: Vec<&str> = replies
        .iter()
        .filter_map(|r| match r {
            Reply::Option { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["Hash", "Nodes", "MoveTime", "Depth", "Solver"]);
    assert_eq!(e.ready(), [Reply::ReadyOk]);
}

/// Every reading the Katarenga core defines is declared in the handshake
/// (all but the default, which is not an option) and taken by `newgame`:
/// a reading added to the core reaches the engine with no edit in the
/// protocol's crate.
#[test]
fn the_engine_declares_and_takes_every_reading_of_the_core() {
    let mut e = Driver::start();
    e.send("kkp");
    let replies = e.until(|r| *r == Reply::KkpOk);
    let declared = replies.iter().find_map(|r| match r {
        Reply::Game {
            game: GameId::Katarenga,
            rules,
        } => Some(rules.clone()),
        _ => None,
    });
    let expected: Vec<String> = katarenga_core::Rules::ALL
        .into_iter()
        .filter(|r| *r != katarenga_core::Rules::default())
        .map(|r| r.name().to_string())
        .collect();
    assert_eq!(declared, Some(expected));
    for rules in katarenga_core::Rules::ALL {
        e.send(&format!(
            "newgame katarenga rules {rules}\nposition startpos"
        ));
        assert_eq!(e.ready(), [Reply::ReadyOk], "{rules}");
    }
}

#[test]
fn go_answers_a_legal_move_in_both_games() {
    let mut e = Driver::start();
    // Without the solver, which might prove the Kamisado position before
    // the search reports its depth.
    e.send("setoption name Solver value false\nnewgame kamisado\nposition startpos moves d1d7 g8b3\ngo depth 3");
    let (first, k) = e.best();
    e.send("newgame katarenga\nposition tiles 1f0 2b1 3f2 4f3 moves a8a7\ngo nodes 5000");
    let (_, t) = e.best();
    e.send("position startpos\ngo movetime 30");
    let (_, s) = e.best();
    let kamisado = kamisado_core::Position::start()
        .try_play("d1d7".parse().unwrap())
        .and_then(|p| p.try_play("g8b3".parse().unwrap()))
        .unwrap();
    assert!(kamisado.is_legal(k.unwrap().parse().unwrap()));
    let board = katarenga_core::Board::from_tiles([
        "1f0".parse().unwrap(),
        "2b1".parse().unwrap(),
        "3f2".parse().unwrap(),
        "4f3".parse().unwrap(),
    ])
    .unwrap();
    let katarenga = katarenga_core::Position::start_on(board)
        .try_play("a8a7".parse().unwrap())
        .unwrap();
    assert!(katarenga.is_legal(t.unwrap().parse().unwrap()));
    assert!(katarenga_core::Position::start().is_legal(s.unwrap().parse().unwrap()));
    assert!(
        infos(&first)
            .iter()
            .any(|i| i.depth.is_some() && i.nodes.is_some()),
        "{first:?}"
    );
    assert!(errors(&first).is_empty(), "{first:?}");
}

#[test]
fn a_proven_kamisado_position_is_played_with_its_proof() {
    let mut e = Driver::start();
    e.send("newgame kamisado\nposition notation obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g\ngo movetime 200");
    let (replies, best) = e.best();
    assert_eq!(best.as_deref(), Some("b3d1"));
    assert!(
        infos(&replies)
            .iter()
            .any(|i| i.score == Some(Score::Win(1)) && i.string.is_some()),
        "{replies:?}"
    );
    // Without the solver the search proves it too, without the solver's
    // string.
    e.send("setoption name Solver value false\ngo depth 2");
    let (replies, best) = e.best();
    assert_eq!(best.as_deref(), Some("b3d1"));
    let last = infos(&replies).pop().unwrap();
    assert_eq!((last.score, last.string), (Some(Score::Win(1)), None));
}

#[test]
fn a_finished_game_answers_bestmove_none() {
    let mut e = Driver::start();
    e.send("newgame kamisado\nposition notation obpkyr1n/3Y4/8/8/8/8/8/NGRgKPBO b y\ngo depth 3");
    assert_eq!(e.best().1, None);
}

/// `go infinite` (and `go` without a limit) answers only after `stop`,
/// even when the search has ended (a proven position); `isready` is
/// answered at once meanwhile, and a `position` sent during the search
/// is set up after it.
#[test]
fn an_endless_search_waits_for_stop_and_isready_is_answered_at_once() {
    for go in ["go infinite", "go"] {
        let mut e = Driver::start();
        e.send("newgame kamisado\nposition notation obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g");
        e.ready();
        e.send(go);
        e.send("position startpos\nisready");
        let replies = e.until(|r| *r == Reply::ReadyOk);
        assert!(
            !replies.iter().any(|r| matches!(r, Reply::BestMove { .. })),
            "{go}: {replies:?}"
        );
        // Proven at once, and still no answer before `stop`.
        while let Some(reply) = e.next(Duration::from_millis(300)) {
            assert!(matches!(reply, Reply::Info(_)), "{go}: {reply:?}");
        }
        e.send("stop");
        let (_, best) = e.best();
        assert_eq!(best.as_deref(), Some("b3d1"), "{go}");
        // The position sent during the search is the one searched next.
        e.send("go depth 1");
        let (_, best) = e.best();
        let start = kamisado_core::Position::start();
        assert!(start.is_legal(best.unwrap().parse().unwrap()), "{go}");
    }
}

/// A proven win is played at once; a proven loss is said and then searched:
/// the search chooses the defence (the proof's move need not be the
/// longest, and a loss whose length is not known has none).
#[test]
fn a_proven_loss_is_said_and_then_searched() {
    use game_search::Limits;
    use game_search::proof::Prover;
    // Black wins in 9 plies from the eighth position of the start's
    // principal variation; after Black's winning move White loses in 8.
    let mut p = kamisado_core::Position::start();
    for mv in [
        "h1h5", "e8e3", "c1c5", "b8g3", "e1c3", "h8h7", "f1f6", "h7c2",
    ] {
        p = p.play(mv.parse().unwrap());
    }
    let proof = Prover::new(16).unwrap().solve(&p, Limits::default());
    let won = p.play(proof.best.unwrap());
    for (position, wins) in [(p, true), (won, false)] {
        let mut e = Driver::start();
        e.send(&format!("newgame kamisado\nposition notation {position}"));
        e.ready();
        e.send("go movetime 2000");
        let (replies, best) = e.best();
        let infos = infos(&replies);
        let proved = infos
            .iter()
            .position(|i| i.string.as_deref().is_some_and(|s| s.contains("solver")))
            .unwrap_or_else(|| panic!("{position}: no word from the solver: {replies:?}"));
        let searched = infos[proved + 1..].iter().any(|i| i.depth.is_some());
        let best: kamisado_core::Move = best.unwrap().parse().unwrap();
        assert!(position.is_legal(best), "{position}: {best}");
        if wins {
            assert_eq!(infos[proved].score, Some(Score::Win(9)), "{replies:?}");
            assert!(!searched, "a proven win is played at once: {replies:?}");
            assert_eq!(Some(best), proof.best);
        } else {
            assert_eq!(infos[proved].score, Some(Score::Loss(8)), "{replies:?}");
            assert!(
                infos[proved]
                    .string
                    .as_deref()
                    .unwrap()
                    .contains("proved a loss"),
                "{replies:?}"
            );
            assert!(searched, "a proven loss is searched: {replies:?}");
        }
    }
}

/// `stop` ends the solver as well as the search (here the solver has a
/// hard position and 2 s of its 8).
#[test]
fn stop_ends_the_solver_and_the_search_soon() {
    for position in [
        "position notation kyng+brop+/8/8/8/8/8/8/GKROBYPN b -",
        "position startpos",
    ] {
        let mut e = Driver::start();
        e.send(&format!("newgame kamisado\n{position}"));
        e.ready();
        e.send("go movetime 8000");
        std::thread::sleep(Duration::from_millis(300));
        let stopped = Instant::now();
        e.send("stop");
        let (_, best) = e.best();
        let waited = stopped.elapsed();
        assert!(best.is_some());
        // A few milliseconds when idle; generous for a loaded machine.
        assert!(
            waited < Duration::from_millis(500),
            "{position}: {waited:?}"
        );
    }
}

/// `go nodes N` is one budget for the solver and the search: the nodes
/// the solver reports and the search's deepest count add up to N at
/// most.
#[test]
fn go_nodes_bounds_the_solver_and_the_search_together() {
    for nodes in [1u64, 1_000, 20_000] {
        let mut e = Driver::start();
        e.send(&format!(
            "newgame kamisado\nposition startpos\ngo nodes {nodes}"
        ));
        let (replies, best) = e.best();
        assert!(best.is_some());
        let infos = infos(&replies);
        let solver: u64 = infos
            .iter()
            .filter(|i| i.string.as_deref().is_some_and(|s| s.contains("solver")))
            .filter_map(|i| i.nodes)
            .sum();
        let search = infos
            .iter()
            .filter(|i| i.depth.is_some())
            .filter_map(|i| i.nodes)
            .max()
            .unwrap_or(0);
        assert!(
            solver + search <= nodes,
            "{nodes}: {solver} + {search}: {replies:?}"
        );
        assert!(solver > 0 || nodes < 4, "{nodes}: {replies:?}");
    }
}

#[test]
fn the_edge_choice_is_answered_for_a_finished_round_only() {
    let mut e = Driver::start();
    e.send(
        "newgame kamisado\nposition notation obpkyr1n/3Y4/8/8/8/8/8/NGRgKPBO b y\nedge 3 0 1 movetime 100\n\
         edge 3 0 0\nedge 1 0 1\nposition startpos\nedge 3 0 0\nedge 0 0 0",
    );
    let mut replies = e.until(|r| matches!(r, Reply::BestEdge(_)));
    replies.extend(e.ready());
    let edges = replies
        .iter()
        .filter(|r| matches!(r, Reply::BestEdge(_)))
        .count();
    assert_eq!(edges, 1, "{replies:?}");
    let errors = errors(&replies);
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(
        errors[0].contains("won the round for 1 point but"),
        "{errors:?}"
    );
    assert!(errors[1].contains("not a finished round"), "{errors:?}");
    assert!(errors[2].contains("not a finished round"), "{errors:?}");
    assert!(errors[3].contains("at least 1"), "{errors:?}");
}

#[test]
fn the_orientation_is_chosen_for_a_katarenga_start_in_time_and_at_stop() {
    let mut e = Driver::start();
    e.send(
        "newgame kamisado\norient\nnewgame katarenga\nposition startpos moves a8a7\norient\n\
         position tiles 3b3 2f0 4b3 1f3\nisready",
    );
    let replies = e.until(|r| *r == Reply::ReadyOk);
    let refused = errors(&replies);
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert!(
        refused[0].contains("orient is for katarenga"),
        "{refused:?}"
    );
    assert!(refused[1].contains("not a start"), "{refused:?}");
    // Answered within its time (with the pipes' few milliseconds).
    let asked = Instant::now();
    e.send("orient movetime 300");
    let replies = e.until(|r| matches!(r, Reply::BestOrient(_)));
    let took = asked.elapsed();
    assert!(took < Duration::from_millis(300 + 60), "{took:?}");
    assert!(errors(&replies).is_empty(), "{replies:?}");
    // Under the option too, and `stop` ends a long choice at once.
    e.send("newgame katarenga rules no-first-capture\nposition tiles 1f0 2f0 3f0 4f0\norient movetime 60000");
    std::thread::sleep(Duration::from_millis(200));
    let stopped = Instant::now();
    e.send("stop");
    e.until(|r| matches!(r, Reply::BestOrient(_)));
    assert!(
        stopped.elapsed() < Duration::from_millis(200),
        "{:?}",
        stopped.elapsed()
    );
}

#[test]
fn refused_commands_say_why_and_change_nothing() {
    let mut e = Driver::start();
    e.send(
        "newgame kamisado\nposition startpos moves d1d7\nposition startpos moves d1d7 d1d7\n\
         position notation nonsense\nposition tiles 1f0 2f0 3f0 4f0\nsetoption name Hash value 0\n\
         setoption name Hash value lots\nsetoption name Solver value maybe\nsetoption name Bogus value 1\n\
         newgame kamisado rules no-first-capture\nfly\nmatch 7 0 0 0\ngo depth 1",
    );
    let (replies, best) = e.best();
    let errors = errors(&replies);
    assert_eq!(errors.len(), 10, "{errors:?}");
    assert!(errors[0].starts_with("move 2 (d1d7):"), "{errors:?}");
    assert!(errors[1].contains("nonsense"), "{errors:?}");
    assert!(errors[2].contains("tiles are for katarenga"), "{errors:?}");
    assert!(
        errors[3].contains("not a number from 1 to 4096"),
        "{errors:?}"
    );
    assert!(errors[4].contains("not a number"), "{errors:?}");
    assert!(errors[5].contains("not true or false"), "{errors:?}");
    assert!(errors[6].contains("no option \"Bogus\""), "{errors:?}");
    assert!(errors[7].contains("unknown rule option"), "{errors:?}");
    assert!(
        errors[8].contains("word 1: expected a command"),
        "{errors:?}"
    );
    assert!(errors[9].contains("rounds count from 1"), "{errors:?}");
    // The position is still the one after d1d7: White's green tower moves.
    assert!(best.unwrap().starts_with("g8"));
    // A line that is not UTF-8 is refused, and the engine goes on.
    e.input.write_all(b"position \xff\xfe\n").unwrap();
    e.send("isready");
    let replies = e.until(|r| *r == Reply::ReadyOk);
    assert!(errors_contain(&replies, "not UTF-8"), "{replies:?}");
}

#[test]
fn the_strength_options_limit_the_search() {
    let mut e = Driver::start();
    e.send("setoption name Depth value 2\nnewgame katarenga\nposition startpos\ngo depth 9");
    let (replies, _) = e.best();
    let deepest = infos(&replies).iter().filter_map(|i| i.depth).max();
    assert_eq!(deepest, Some(2));
    let mut e = Driver::start();
    e.send("setoption name Nodes value 3000\nnewgame katarenga\nposition startpos\ngo depth 30");
    let (replies, best) = e.best();
    let nodes = infos(&replies)
        .iter()
        .filter_map(|i| i.nodes)
        .max()
        .unwrap();
    assert!(nodes <= 3000, "{nodes}");
    assert!(best.is_some());
}

/// `newgame katarenga rules no-first-capture`: the position carries the
/// pending first moves (a first-move capture is refused, the engine never
/// plays one). A notation's fifth field says whose first moves are
/// pending, whatever `newgame` said: without it, none is (a capture is
/// then allowed); under the standard rules a fifth field is refused.
#[test]
fn the_first_move_option_and_the_notation_s_precedence() {
    let board = "RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB";
    let start = format!("{board} wwwwwwww/8/8/8/8/8/8/bbbbbbbb w -");
    let mut e = Driver::start();
    e.send(&format!(
        "newgame katarenga rules no-first-capture\nposition notation {start} wb moves h8a1\n\
         position notation {start} moves h8a1\nnewgame katarenga rules sumo\n\
         newgame katarenga\nposition notation {start} wb\n\
         newgame katarenga rules no-first-capture\nposition notation {start} wb\ngo depth 1"
    ));
    let (replies, best) = e.best();
    let errors = errors(&replies);
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors[0].contains("no capture on your first move"),
        "{errors:?}"
    );
    assert!(
        errors[1].contains("unknown rule option \"sumo\""),
        "{errors:?}"
    );
    assert!(
        errors[2].contains("played by the standard rules"),
        "{errors:?}"
    );
    // h8a1 takes a piece and ends nothing: at depth 1 the capture would be
    // the best move by material.
    assert_ne!(best.as_deref(), Some("h8a1"), "{replies:?}");
}

/// Kamisado's readings and layouts reach the engine's play: after Black's
/// blocked yellow tower on d7 passes, White must move its green tower (d7's
/// colour) by the standard rules, its yellow tower (on e8) by
/// `blocked-colour`, and its red tower (on f8) on the turned board, where
/// d7 is red (the rules page's drawing turned a quarter: d7 takes g5's
/// colour); two readings or two layouts at once are refused.
#[test]
fn a_kamisado_reading_named_by_newgame_decides_the_engine_s_moves() {
    let position = "position notation obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y moves d7d7";
    for (rules, from) in [
        ("", "b3"),
        (" rules blocked-colour", "e8"),
        (" rules turned", "f8"),
        (" rules blocked-colour turned", "e8"),
    ] {
        let mut e = Driver::start();
        e.send(&format!("newgame kamisado{rules}\n{position}\ngo depth 2"));
        let (replies, best) = e.best();
        assert!(errors(&replies).is_empty(), "{replies:?}");
        let best = best.unwrap_or_default();
        assert!(best.starts_with(from), "{rules:?}: {best} {replies:?}");
    }
    let mut e = Driver::start();
    e.send("newgame kamisado rules pushed-square blocked-colour\nnewgame kamisado rules sideways");
    e.send("newgame kamisado rules turned mirrored");
    e.send(&format!(
        "newgame kamisado rules pushed-square\n{position}\ngo depth 1"
    ));
    let (replies, _) = e.best();
    let errors = errors(&replies);
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].contains("two readings of kamisado"), "{errors:?}");
    assert!(
        errors[1].contains("unknown rule option \"sideways\""),
        "{errors:?}"
    );
    assert!(
        errors[2].contains("rule options turned and mirrored are two layouts of kamisado"),
        "{errors:?}"
    );
}

/// The family's games through KKP: declared with their options (every
/// non-default value of each option field, from the family crate's own
/// lists), played by `newgame`, strict Isolation answered by its exact
/// solver, and two values of one field at once refused.
#[test]
fn the_engine_plays_congress_quebec_and_isolation() {
    use katarenga_family::{Congress, Isolation, Quebec};
    let mut e = Driver::start();
    e.send("kkp");
    let replies = e.until(|r| *r == Reply::KkpOk);
    let declared = |game: GameId| {
        replies.iter().find_map(|r| match r {
            Reply::Game { game: g, rules } if *g == game => Some(rules.clone()),
            _ => None,
        })
    };
    assert_eq!(declared(GameId::Congress), Some(vec!["pass".to_string()]));
    assert_eq!(declared(GameId::Quebec), Some(vec!["draw".to_string()]));
    assert_eq!(
        declared(GameId::Isolation),
        Some(["opposite", "one-way", "none"].map(String::from).to_vec())
    );
    e.send("newgame congress rules pass\nposition startpos moves b1b2\ngo depth 2");
    let (replies, best) = e.best();
    assert!(errors(&replies).is_empty(), "{replies:?}");
    let after = Congress::start().play("b1b2".parse().unwrap());
    assert!(after.is_legal(best.unwrap().parse().unwrap()));
    e.send("newgame quebec\nposition tiles 1f0 2b1 3f2 4f3\ngo nodes 3000");
    let (_, best) = e.best();
    let board =
        katarenga_core::Board::from_tiles(["1f0", "2b1", "3f2", "4f3"].map(|t| t.parse().unwrap()))
            .unwrap();
    assert!(Quebec::start_on(board).is_legal(best.unwrap().parse().unwrap()));
    // Strict Isolation: the solver proves the standard board won for the
    // first player and plays a winning placement.
    e.send("newgame isolation\nposition startpos\ngo movetime 5000");
    let (replies, best) = e.best();
    let best: katarenga_family::Move = best.unwrap().parse().unwrap();
    assert!(Isolation::start().is_legal(best));
    assert!(
        infos(&replies)
            .iter()
            .any(|i| i.score == Some(Score::ProvenWin)
                && i.string.as_deref() == Some("proved by the Isolation solver")),
        "{replies:?}"
    );
    let mut solver = game_search::proof::isolation::IsolationSolver::new();
    let after = Isolation::start().play(best);
    assert_eq!(
        solver.solve(&after).unwrap().winner,
        katarenga_family::Player::White
    );
    // Under another reading the search answers (no proof claimed).
    e.send("newgame isolation rules one-way none\nposition startpos moves @d4\ngo depth 2");
    let (replies, best) = e.best();
    assert!(errors(&replies).is_empty(), "{replies:?}");
    let one_way = Isolation::start()
        .with_reading(katarenga_family::Reading::OneWay)
        .with_supply(katarenga_family::Supply::Unlimited)
        .play("@d4".parse().unwrap());
    assert!(one_way.is_legal(best.unwrap().parse().unwrap()));
    e.send("newgame isolation rules opposite one-way\nnewgame quebec rules sideways");
    e.send("isready");
    let replies = e.until(|r| *r == Reply::ReadyOk);
    let errors = errors(&replies);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].contains("opposite and one-way are two readings of isolation"),
        "{errors:?}"
    );
    assert!(
        errors[1].contains(
            "unknown rule option \"sideways\" for quebec (this engine plays mover and draw)"
        ),
        "{errors:?}"
    );
}
