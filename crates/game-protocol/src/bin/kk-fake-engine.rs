//! An engine that misbehaves on purpose, for testing referees and GUIs
//! (ours and yours): it speaks KKP, plays the first legal move, and after
//! `--after N` moves does what `--fault` says:
//!
//! - `none`: nothing (a well-behaved, weak engine);
//! - `crash`: exits at the next `go`;
//! - `hang`: never answers `go` again;
//! - `late`: answers each `go` after twice its move time plus a second;
//! - `illegal`: answers a move from an empty square;
//! - `garbage`: answers a line that is no reply;
//! - `refuse`: answers `go` with `error`;
//! - `bad-edge`: answers `edge` with garbage (from the start);
//! - `silent`: never finishes the handshake (from the start).

use std::io::{BufRead, Write};
use std::time::Duration;

use game_protocol::referee::Opening;
use game_protocol::{Command, GameKind, Reply};
use game_search::SearchGame;
use katarenga_core::Rules;

fn first_move<G: SearchGame>(p: &G) -> Option<String> {
    p.legal_moves().first().map(ToString::to_string)
}

/// A move from an empty square: never legal.
fn illegal_move(position: Option<&Opening>) -> String {
    let empty = board_geometry::Square::ALL
        .into_iter()
        .find(|&s| match position {
            Some(Opening::Kamisado(p)) => p.tower_on(s).is_none(),
            Some(Opening::Katarenga { position, .. }) => position.piece_on(s).is_none(),
            None => true,
        });
    let s = empty.unwrap_or(board_geometry::Square::D4);
    format!("{s}{s}")
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut fault = "none".to_string();
    let mut after = 0u32;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match (arg.as_str(), iter.next()) {
            ("--fault", Some(v)) => fault = v.clone(),
            ("--after", Some(v)) => match v.parse() {
                Ok(n) => after = n,
                Err(_) => {
                    eprintln!("--after takes a number");
                    return std::process::ExitCode::from(2);
                }
            },
            _ => {
                eprintln!(
                    "usage: kk-fake-engine [--fault none|crash|hang|late|illegal|garbage|refuse|bad-edge|silent] [--after N]"
                );
                return std::process::ExitCode::from(2);
            }
        }
    }
    let mut out = std::io::stdout();
    let mut say = |reply: &dyn std::fmt::Display| {
        let _ = writeln!(out, "{reply}");
        let _ = out.flush();
    };
    let mut game = GameKind::Kamisado;
    let mut rules = Rules::Standard;
    let mut position = Opening::set_up(game, rules, game_protocol::Start::StartPos, &[]).ok();
    let mut moves = 0u32;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Ok(command) = line.parse::<Command>() else {
            say(&Reply::Error(format!("cannot read {line:?}")));
            continue;
        };
        match command {
            Command::Kkp => {
                if fault == "silent" {
                    continue;
                }
                say(&Reply::Name("kk-fake-engine".into()));
                say(&Reply::Author("the kamisado-katarenga developers".into()));
                say(&Reply::Game(GameKind::Kamisado));
                say(&Reply::Game(GameKind::Katarenga));
                say(&Reply::KkpOk);
            }
            Command::IsReady => say(&Reply::ReadyOk),
            Command::NewGame { game: g, rules: r } => {
                game = g;
                rules = match r.iter().find(|r| r.as_str() != "standard") {
                    Some(option) => option.parse().unwrap_or(Rules::Standard),
                    None => Rules::Standard,
                };
            }
            Command::Position { start, moves } => match Opening::set_up(game, rules, start, &moves)
            {
                Ok(p) => position = Some(p),
                Err(e) => {
                    position = None;
                    say(&Reply::Error(format!("cannot set {line:?}: {e}")));
                }
            },
            Command::Go(go) => {
                moves += 1;
                let best = match position {
                    Some(Opening::Kamisado(p)) => first_move(&p),
                    Some(Opening::Katarenga { position, .. }) => first_move(&position),
                    None => None,
                };
                if moves > after {
                    match fault.as_str() {
                        "crash" => return std::process::ExitCode::from(3),
                        "hang" => continue,
                        "late" => {
                            let ms = go.movetime.unwrap_or(100) * 2 + 1_000;
                            std::thread::sleep(Duration::from_millis(ms));
                        }
                        "illegal" => {
                            say(&Reply::BestMove(Some(illegal_move(position.as_ref()))));
                            continue;
                        }
                        "garbage" => {
                            say(&"this is not a reply");
                            continue;
                        }
                        "refuse" => {
                            say(&Reply::Error("I would rather not".into()));
                            continue;
                        }
                        _ => {}
                    }
                }
                say(&Reply::BestMove(best));
            }
            Command::Edge { .. } => {
                if fault == "bad-edge" {
                    say(&"bestedge z");
                } else {
                    say(&Reply::BestEdge(kamisado_core::Edge::AFile));
                }
            }
            Command::SetOption { name, .. } => say(&Reply::Error(format!("no option {name}"))),
            Command::Stop => {}
            Command::Quit => break,
        }
    }
    std::process::ExitCode::SUCCESS
}
