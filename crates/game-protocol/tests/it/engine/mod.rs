//! The engines: `kk-engine` (the search engine) driven as a controller
//! drives it, through pipes, its output read back line by line with the
//! protocol's own reader (`search.rs`); and the engine loop with an agent
//! of one's own (`agent.rs`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use game_protocol::Reply;

mod agent;
mod search;

const ENGINE: &str = env!("CARGO_BIN_EXE_kk-engine");

/// A running kk-engine.
struct Driver {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Driver {
    fn start() -> Driver {
        let mut child = Command::new(ENGINE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Driver {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        for line in text.lines() {
            writeln!(self.input, "{line}").unwrap();
        }
        self.input.flush().unwrap();
    }

    /// The next reply, if one comes within `wait`.
    fn next(&mut self, wait: Duration) -> Option<Reply> {
        let line = self.lines.recv_timeout(wait).ok()?;
        Some(
            line.parse()
                .unwrap_or_else(|e| panic!("{line:?} is not a reply: {e}")),
        )
    }

    /// Replies up to and with the first that `done` takes (within 30 s).
    fn until(&mut self, done: impl Fn(&Reply) -> bool) -> Vec<Reply> {
        let mut replies = Vec::new();
        loop {
            let reply = self.next(Duration::from_secs(30)).expect("an answer");
            let last = done(&reply);
            replies.push(reply);
            if last {
                return replies;
            }
        }
    }

    /// `isready`, and the replies up to `readyok`.
    fn ready(&mut self) -> Vec<Reply> {
        self.send("isready");
        self.until(|r| *r == Reply::ReadyOk)
    }

    /// The replies up to the next `bestmove`, and its move.
    fn best(&mut self) -> (Vec<Reply>, Option<String>) {
        let replies = self.until(|r| matches!(r, Reply::BestMove { .. }));
        let Some(Reply::BestMove { best, .. }) = replies.last() else {
            unreachable!()
        };
        let best = best.clone();
        (replies, best)
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
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

fn infos(replies: &[Reply]) -> Vec<game_protocol::Info> {
    replies
        .iter()
        .filter_map(|r| match r {
            Reply::Info(i) => Some(i.clone()),
            _ => None,
        })
        .collect()
}

fn errors_contain(replies: &[Reply], text: &str) -> bool {
    errors(replies).iter().any(|e| e.contains(text))
}
