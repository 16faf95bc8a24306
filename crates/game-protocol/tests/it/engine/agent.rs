//! The engine loop with an agent of one's own.

use kamisado_core::Game;
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use game_protocol::engine::{self, AgentEngine};
use game_protocol::{GameId, Reply};

use super::{errors_contain, infos};

/// A writer whose bytes a test reads afterwards.
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

/// An agent of one's own behind KKP: the handshake names only its game,
/// `go` plays its move, an illegal choice is replaced by the first legal
/// move (with a note), and a game it does not play is refused.
#[test]
fn an_agent_behind_the_engine_loop() {
    let out = Shared::default();
    // The last legal move, except from the start, where it plays nonsense.
    let bot = AgentEngine::new("last-move bot")
        .with_author("a test")
        .katarenga(|p: &katarenga_core::Position| {
            if *p == katarenga_core::Position::start() {
                Some("a1a1".parse().unwrap())
            } else {
                p.legal_moves().last().copied()
            }
        });
    let input = "kkp\nnewgame kamisado\nnewgame katarenga\nposition startpos moves a8a7\ngo nodes 1\n\
                 position startpos\ngo movetime 10\nisready\n";
    engine::run_with(bot, Cursor::new(input), out.clone()).unwrap();
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    let replies: Vec<Reply> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(replies[0], Reply::Name("last-move bot".into()));
    assert_eq!(replies[1], Reply::Author("a test".into()));
    // Katarenga only, with the documented rule option among its options
    // (the whole list is `the_engine_declares_and_takes_every_reading_...`).
    let games: Vec<(GameId, &[String])> = replies
        .iter()
        .filter_map(|r| match r {
            Reply::Game { game, rules } => Some((*game, rules.as_slice())),
            _ => None,
        })
        .collect();
    assert!(
        matches!(games[..], [(GameId::Katarenga, rules)] if rules.contains(&"no-first-capture".to_string())),
        "{games:?}"
    );
    assert!(
        errors_contain(&replies, "does not play kamisado"),
        "{replies:?}"
    );
    let moves: Vec<Option<String>> = replies
        .iter()
        .filter_map(|r| match r {
            Reply::BestMove { best, .. } => Some(best.clone()),
            _ => None,
        })
        .collect();
    let after = katarenga_core::Position::start().play("a8a7".parse().unwrap());
    let last = after.legal_moves().last().unwrap().to_string();
    let first = katarenga_core::Position::start().legal_moves()[0].to_string();
    assert_eq!(moves, [Some(last), Some(first)]);
    assert!(
        infos(&replies).iter().any(|i| i
            .string
            .as_deref()
            .is_some_and(|s| s.contains("a1a1, which is not legal"))),
        "{replies:?}"
    );
    assert!(replies.contains(&Reply::ReadyOk));
}
