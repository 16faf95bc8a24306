//! The engine loop, driven as a controller would, with its output read
//! back line by line through the protocol's own reader.

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use game_protocol::{Reply, Score, engine};

/// A writer whose bytes the test can read afterwards.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The engine's replies to `commands`, each line read as a [`Reply`]. A
/// last `position startpos` waits for a search with limits to end (the
/// end of the input stops a running search).
fn session(commands: &str) -> Vec<Reply> {
    let out = Shared::default();
    let input = format!("{commands}position startpos\n");
    engine::run(Cursor::new(input), out.clone()).unwrap();
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    text.lines()
        .map(|l| {
            l.parse()
                .unwrap_or_else(|e| panic!("{l:?} is not a reply: {e}"))
        })
        .collect()
}

fn best_moves(replies: &[Reply]) -> Vec<Option<String>> {
    replies
        .iter()
        .filter_map(|r| match r {
            Reply::BestMove(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

fn errors(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .filter_map(|r| match r {
            Reply::Error(e) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_handshake_declares_the_games_and_options_and_ends_with_kkpok() {
    let replies = session("kkp\nisready\n");
    assert!(matches!(&replies[0], Reply::Name(n) if n.starts_with("kk-engine")));
    assert!(matches!(replies[1], Reply::Author(_)));
    assert!(replies.contains(&Reply::Game(game_protocol::GameKind::Kamisado)));
    assert!(replies.contains(&Reply::Game(game_protocol::GameKind::Katarenga)));
    let names: Vec<&str> = replies
        .iter()
        .filter_map(|r| match r {
            Reply::Option { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["Hash", "Nodes", "MoveTime", "Depth", "Solver"]);
    assert_eq!(replies[replies.len() - 2], Reply::KkpOk);
    assert_eq!(replies[replies.len() - 1], Reply::ReadyOk);
}

#[test]
fn go_answers_a_legal_move_in_both_games() {
    // Without the solver, which might prove the Kamisado position before
    // the search reports its depth.
    let replies = session(
        "setoption name Solver value false\nnewgame kamisado\nposition startpos moves d1d7 g8b3\ngo depth 3\n\
         newgame katarenga\nposition tiles 1f0 2b1 3f2 4f3 moves a8a7\ngo nodes 5000\n\
         position startpos\ngo movetime 30\n",
    );
    let moves = best_moves(&replies);
    assert_eq!(moves.len(), 3);
    let k = kamisado_core::Position::start()
        .try_play("d1d7".parse().unwrap())
        .and_then(|p| p.try_play("g8b3".parse().unwrap()))
        .unwrap();
    assert!(k.is_legal(moves[0].as_deref().unwrap().parse().unwrap()));
    let board = katarenga_core::Board::from_tiles([
        "1f0".parse().unwrap(),
        "2b1".parse().unwrap(),
        "3f2".parse().unwrap(),
        "4f3".parse().unwrap(),
    ])
    .unwrap();
    let t = katarenga_core::Position::start_on(board)
        .try_play("a8a7".parse().unwrap())
        .unwrap();
    assert!(t.is_legal(moves[1].as_deref().unwrap().parse().unwrap()));
    assert!(
        katarenga_core::Position::start().is_legal(moves[2].as_deref().unwrap().parse().unwrap())
    );
    // The first search's info lines came with depths and node counts.
    let first: Vec<&Reply> = replies
        .iter()
        .take_while(|r| !matches!(r, Reply::BestMove(_)))
        .collect();
    assert!(
        first
            .iter()
            .any(|r| matches!(r, Reply::Info(i) if i.depth.is_some() && i.nodes.is_some())),
        "{first:?}"
    );
    assert!(errors(&replies).is_empty(), "{:?}", errors(&replies));
}

#[test]
fn a_proven_kamisado_position_is_played_with_its_proof() {
    let replies = session(
        "newgame kamisado\nposition notation obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g\ngo movetime 200\n\
         setoption name Solver value false\ngo depth 2\n",
    );
    assert_eq!(
        best_moves(&replies),
        [Some("b3d1".into()), Some("b3d1".into())]
    );
    assert!(replies.iter().any(
        |r| matches!(r, Reply::Info(i) if i.score == Some(Score::Win(1)) && i.string.is_some())
    ));
    // Without the solver the search proves it too, without the solver's string.
    let last_info = replies
        .iter()
        .rev()
        .find_map(|r| match r {
            Reply::Info(i) => Some(i.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(last_info.score, Some(Score::Win(1)));
    assert_eq!(last_info.string, None);
}

#[test]
fn a_finished_game_answers_bestmove_none() {
    let replies = session(
        "newgame kamisado\nposition notation obpkyr1n/3Y4/8/8/8/8/8/NGRgKPBO b y\ngo depth 3\n",
    );
    assert_eq!(best_moves(&replies), [None]);
}

#[test]
fn stop_ends_an_infinite_search_and_isready_is_answered_during_it() {
    let replies = session(
        "newgame katarenga\nposition startpos\ngo infinite\nisready\nposition startpos\nstop\nisready\n",
    );
    assert_eq!(best_moves(&replies).len(), 1);
    assert_eq!(replies.iter().filter(|r| **r == Reply::ReadyOk).count(), 2);
    let errors = errors(&replies);
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].contains("infinite search is running"),
        "{errors:?}"
    );
}

#[test]
fn the_edge_choice_is_answered_for_a_finished_round_only() {
    let replies = session(
        "newgame kamisado\nposition notation obpkyr1n/3Y4/8/8/8/8/8/NGRgKPBO b y\nedge 3 0 1 movetime 100\n\
         edge 3 0 0\nedge 1 0 1\nposition startpos\nedge 3 0 0\nedge 0 0 0\n",
    );
    let edges: Vec<&Reply> = replies
        .iter()
        .filter(|r| matches!(r, Reply::BestEdge(_)))
        .collect();
    assert_eq!(edges.len(), 1);
    let errors = errors(&replies);
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(
        errors[0].contains("won the round for 1 points but has only 0"),
        "{errors:?}"
    );
    assert!(errors[1].contains("not a finished round"), "{errors:?}");
    assert!(errors[2].contains("not a finished round"), "{errors:?}");
    assert!(errors[3].contains("at least 1"), "{errors:?}");
}

#[test]
fn refused_commands_say_why_and_change_nothing() {
    let replies = session(
        "newgame kamisado\nposition startpos moves d1d7\nposition startpos moves d1d7 d1d7\n\
         position notation nonsense\nposition tiles 1f0 2f0 3f0 4f0\nsetoption name Hash value 0\n\
         setoption name Hash value lots\nsetoption name Solver value maybe\nsetoption name Bogus value 1\n\
         newgame kamisado rules no-first-capture\nfly\ngo depth 1\n",
    );
    let errors = errors(&replies);
    assert_eq!(errors.len(), 9, "{errors:?}");
    assert!(errors[0].starts_with("move 2 (d1d7):"), "{errors:?}");
    assert!(errors[1].contains("nonsense"), "{errors:?}");
    assert!(errors[2].contains("tiles are for katarenga"), "{errors:?}");
    assert!(errors[3].contains("at least 1 MiB"), "{errors:?}");
    assert!(errors[4].contains("not a number"), "{errors:?}");
    assert!(errors[5].contains("not true or false"), "{errors:?}");
    assert!(errors[6].contains("no option \"Bogus\""), "{errors:?}");
    assert!(errors[7].contains("unknown rule option"), "{errors:?}");
    assert!(
        errors[8].contains("word 1: expected a command"),
        "{errors:?}"
    );
    // The position is still the one after d1d7: White's green tower moves.
    let best = best_moves(&replies);
    assert!(best[0].as_deref().unwrap().starts_with("g8"), "{best:?}");
}

#[test]
fn the_strength_options_limit_the_search() {
    let replies =
        session("setoption name Depth value 2\nnewgame katarenga\nposition startpos\ngo depth 9\n");
    let deepest = replies
        .iter()
        .filter_map(|r| match r {
            Reply::Info(i) => i.depth,
            _ => None,
        })
        .max();
    assert_eq!(deepest, Some(2));
    let replies = session(
        "setoption name Nodes value 3000\nnewgame katarenga\nposition startpos\ngo depth 30\n",
    );
    let nodes = replies
        .iter()
        .filter_map(|r| match r {
            Reply::Info(i) => i.nodes,
            _ => None,
        })
        .max()
        .unwrap();
    assert!(nodes <= 3000, "{nodes}");
    assert_eq!(best_moves(&replies).len(), 1);
}

/// `newgame katarenga rules no-first-capture`: accepted, and the position
/// carries the pending first moves (a first-move capture is refused, the
/// engine never plays one); an unknown option is refused.
#[test]
fn the_first_move_option() {
    let board = "RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB";
    let start = format!("{board} wwwwwwww/8/8/8/8/8/8/bbbbbbbb w -");
    let replies = session(&format!(
        "newgame katarenga rules no-first-capture\nposition notation {start} wb moves h8a1\n\
         position notation {start} moves h8a1\nnewgame katarenga rules sumo\n\
         newgame katarenga rules no-first-capture\nposition notation {start} wb\ngo depth 1\n"
    ));
    let errors = errors(&replies);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].contains("no capture on your first move"),
        "{errors:?}"
    );
    assert!(
        errors[1].contains("unknown rule option \"sumo\""),
        "{errors:?}"
    );
    let best = replies
        .iter()
        .find_map(|r| match r {
            Reply::BestMove(Some(mv)) => Some(mv.clone()),
            _ => None,
        })
        .expect("a best move");
    // h8a1 takes a piece and ends nothing: at depth 1 the capture would be
    // the best move by material.
    assert_ne!(best, "h8a1", "{replies:?}");
}
