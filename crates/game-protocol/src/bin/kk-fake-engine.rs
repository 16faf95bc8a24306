//! An engine that misbehaves on purpose, for testing referees and GUIs
//! (ours and yours): it speaks KKP, plays the first legal move, and does
//! what `--fault` says (at its moves after the first `--after N`, or from
//! the start for the faults of the handshake and of the output).
//!
//! Faults at a `go` (after `--after N` moves): `crash` (exits), `hang`
//! (never answers), `late` (answers 1.5 s after its move time), `illegal`
//! (a move from an empty square), `pass` (a Kamisado pass while the tower
//! can move), `bestmove-none`, `garbage` (a line that is no
//! reply), `refuse` (`error`), `double` (two `bestmove`s, both legal),
//! `long-info` (a valid 10 MB `info` line, then its move), `long-garbage`
//! (a 10 MB line that is no reply), `endless-line` (1 GiB without a
//! newline), `flood` (`info` lines for ever), `not-utf8`, `control` (NUL
//! and control characters in an `info` line and in its `bestmove`),
//! `close-stdout` (closes its output and stays), `fork` (starts a copy of
//! itself that holds the pipes, then exits), `memory` (allocates without
//! end: run it under `ulimit -v`), `ignore-term` (ignores SIGTERM and never
//! answers).
//!
//! From the start: `silent` (never finishes the handshake),
//! `handshake-exit` (exits during it), `no-kkpok`, `flood-start` (`info`
//! lines for ever, from its start), `late-ready` (answers `isready` 1.5 s
//! late, once it has played `--after N` moves, at least one), and the harmless `banner` (a first line that is no reply),
//! `unknown-info` (`info` fields KKP does not define), `ponder`
//! (`bestmove X ponder Y`), `crlf` (lines ended by `\r\n`). At an `edge`:
//! `bad-edge` (`bestedge z`) and `double-edge` (two `bestedge`s). At an
//! `orient` (answered `bestorient right` otherwise): `bad-orient`
//! (`bestorient north`), `double-orient` (two `bestorient`s),
//! `hang-orient` (never answers), `late-orient` (answers 1.5 s late).
//!
//! Older or plainer engines: `kkp0` speaks KKP 0 (no `protocol` line, no
//! rule options declared, `match`, `orient` and rule options refused),
//! `kkp1` speaks KKP 1 (`orient` refused), `no-rules` declares no rule
//! option, `refuse-newgame` refuses every `newgame`. `--echo` copies every command it reads to its
//! standard error.
//!
//! `--rules-option NAME=VALUE`: an engine whose rule support an option
//! switches on (an old engine behind a wrapper): it declares the string
//! option NAME and refuses Katarenga's `no-first-capture` until it has
//! read `setoption name NAME value VALUE` (another value switches it off
//! again). With `kkp0` it is the old engine as a KKP 0 controller meets it.
//!
//! `--state FILE --first FAULT`: the process counts its starts in FILE,
//! and the first one does FAULT instead (so that a fault of the handshake
//! can hit a restart, after a run has begun). `--tag T` is ignored: a
//! test finds its processes by it.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use game_protocol::engine::rule_options;
use game_protocol::game_spec::AnyPosition;
use game_protocol::setup::Opening;
use game_protocol::{Command, GameId, GameSpec, OptionKind, Reply};
use katarenga_core::Orientation;

const FAULTS: &str = "The faults are listed in the program's documentation: none, crash, hang, \
late, illegal, pass, bestmove-none, garbage, refuse, double, long-info, long-garbage, endless-line, \
flood, not-utf8, control, close-stdout, fork, memory, ignore-term, silent, handshake-exit, no-kkpok, \
flood-start, late-ready, banner, unknown-info, ponder, crlf, bad-edge, double-edge, bad-orient, \
double-orient, hang-orient, late-orient, kkp0, kkp1, no-rules, refuse-newgame.";

/// The arguments of `kk-fake-engine`.
#[derive(Debug, Parser)]
#[command(
    name = "kk-fake-engine",
    about = "An engine that misbehaves on purpose, for testing referees and GUIs",
    after_help = FAULTS,
    args_override_self = true
)]
struct Args {
    /// What to do wrong (a name of the list below; an unknown name does nothing wrong)
    #[arg(long, value_name = "FAULT", default_value = "none")]
    fault: String,
    /// Misbehave at the moves after the first N (the faults at a `go`, and late-ready)
    #[arg(long, value_name = "N", default_value_t = 0)]
    after: u32,
    /// Count this process's starts in FILE (with --first)
    #[arg(long, value_name = "FILE", requires = "first")]
    state: Option<String>,
    /// The fault of the first start counted in --state
    #[arg(long, value_name = "FAULT", requires = "state")]
    first: Option<String>,
    /// Declare the string option NAME, which switches on the rule option no-first-capture
    /// when set to VALUE
    #[arg(long, value_name = "NAME=VALUE", value_parser = switch)]
    rules_option: Option<Switch>,
    /// Ignored: a test finds its processes by it
    #[arg(long, value_name = "T")]
    tag: Option<String>,
    /// Copy every command read to standard error
    #[arg(long)]
    echo: bool,
}

/// `--rules-option NAME=VALUE`, switched off at the start.
fn switch(text: &str) -> Result<Switch, String> {
    match text.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok(Switch {
            name: name.to_string(),
            value: value.to_string(),
            on: false,
        }),
        _ => Err("expected NAME=VALUE".into()),
    }
}

/// A move from an empty square: never legal.
fn illegal_move(position: &AnyPosition) -> String {
    let empty = board_geometry::Square::ALL
        .into_iter()
        .find(|&s| match position {
            AnyPosition::Kamisado(p) => p.piece_on(s).is_none(),
            AnyPosition::Katarenga(p) => p.piece_on(s).is_none(),
            AnyPosition::Congress(p) => p.piece_on(s).is_none(),
            AnyPosition::Quebec(p) => p.piece_on(s).is_none(),
            AnyPosition::Isolation(p) => p.piece_on(s).is_none(),
        });
    let s = empty.unwrap_or(board_geometry::Square::D4);
    format!("{s}{s}")
}

/// A pass of the first legal move's piece (its square twice), illegal
/// where it can move.
fn pass(position: &AnyPosition) -> String {
    let first = position
        .legal_moves()
        .first()
        .map(ToString::to_string)
        .unwrap_or_default();
    let from = first.get(..2).unwrap_or("a1");
    format!("{from}{from}")
}

/// The output, with `\r\n` line ends under `crlf`.
struct Out {
    crlf: bool,
}

impl Out {
    fn line(&self, text: &dyn std::fmt::Display) {
        let end = if self.crlf { "\r\n" } else { "\n" };
        self.bytes(format!("{text}{end}").as_bytes());
    }

    fn bytes(&self, bytes: &[u8]) -> bool {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes).and_then(|()| out.flush()).is_ok()
    }
}

/// `info` lines for ever (until the output closes).
fn flood(out: &Out) -> ExitCode {
    while out.bytes(b"info depth 1 score cp 0 nodes 1\n") {}
    ExitCode::from(6)
}

/// Counts this start in `state`: the number of this start, from 1.
fn count_start(state: &str) -> u32 {
    let n = std::fs::read_to_string(state)
        .ok()
        .and_then(|s| s.trim().parse::<u32>().ok())
        .unwrap_or(0)
        + 1;
    let _ = std::fs::write(state, n.to_string());
    n
}

fn main() -> ExitCode {
    let Args {
        mut fault,
        after,
        state,
        first,
        rules_option: mut switch,
        tag: _,
        echo,
    } = Args::parse();
    if let (Some(state), Some(first)) = (&state, first) {
        if count_start(state) == 1 {
            fault = first;
        }
    }
    let out = Out {
        crlf: fault == "crlf",
    };
    match fault.as_str() {
        "sleeper" => {
            std::thread::sleep(Duration::from_secs(60));
            return ExitCode::SUCCESS;
        }
        "flood-start" => return flood(&out),
        "banner" => out.line(&"kk-fake-engine 0.1 by nobody: a banner, as chess engines print"),
        #[cfg(unix)]
        "ignore-term" => {
            let mut set = nix::sys::signal::SigSet::empty();
            set.add(nix::sys::signal::Signal::SIGTERM);
            let _ = set.thread_block();
        }
        _ => {}
    }
    let mut game = GameSpec::default();
    let mut position = Some(game.start());
    let mut moves = 0u32;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if echo {
            eprintln!("{line}");
        }
        let Ok(command) = line.parse::<Command>() else {
            out.line(&Reply::Error(format!("cannot read {line:?}")));
            continue;
        };
        match command {
            Command::Kkp => {
                if fault == "silent" {
                    continue;
                }
                out.line(&Reply::Name("kk-fake-engine".into()));
                if fault == "handshake-exit" {
                    return ExitCode::from(4);
                }
                out.line(&Reply::Author("the kamisado-katarenga developers".into()));
                let plain = fault == "kkp0" || fault == "no-rules";
                if fault == "kkp1" {
                    out.line(&Reply::Protocol(1));
                } else if fault != "kkp0" {
                    out.line(&Reply::Protocol(game_protocol::PROTOCOL_VERSION));
                }
                for game in GameId::ALL {
                    out.line(&Reply::Game {
                        game,
                        rules: if plain {
                            Vec::new()
                        } else {
                            rule_options(game)
                        },
                    });
                }
                if let Some(switch) = &switch {
                    out.line(&Reply::Option {
                        name: switch.name.clone(),
                        kind: OptionKind::String {
                            default: "off".into(),
                        },
                    });
                }
                if fault != "no-kkpok" {
                    out.line(&Reply::KkpOk);
                }
            }
            Command::IsReady => {
                if fault == "late-ready" && moves >= after.max(1) {
                    std::thread::sleep(Duration::from_millis(1_500));
                }
                out.line(&Reply::ReadyOk);
            }
            Command::NewGame { game: g, rules: r } => {
                if fault == "refuse-newgame" {
                    out.line(&Reply::Error("no new game today".into()));
                    continue;
                }
                let optional = r.iter().find(|r| r.as_str() != "standard");
                if let (Some(option), Some(switch)) = (optional, &switch) {
                    if !switch.on {
                        out.line(&Reply::Error(format!(
                            "unknown rule option '{option}' (this engine knows standard)"
                        )));
                        continue;
                    }
                } else if fault == "kkp0" && optional.is_some() {
                    out.line(&Reply::Error(format!("unknown rule option {r:?}")));
                    continue;
                }
                let standard = GameSpec::default_for(g);
                game = r
                    .iter()
                    .filter(|r| r.as_str() != "standard")
                    .fold(standard, |spec, option| {
                        spec.with_option(option).unwrap_or(spec)
                    });
            }
            Command::Position { start, moves } => match Opening::set_up(&game, start, &moves) {
                Ok(p) => position = Some(p.position()),
                Err(e) => {
                    position = None;
                    out.line(&Reply::Error(format!("cannot set {line:?}: {e}")));
                }
            },
            Command::Go(go) => {
                moves += 1;
                let Some(position) = position else {
                    out.line(&Reply::Error("no position".into()));
                    continue;
                };
                let legal: Vec<String> = position
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let best = legal.first().cloned();
                if moves > after {
                    match misbehave(&fault, &out, &position, &legal, &go) {
                        Deed::Exit(code) => return code,
                        Deed::Done => continue,
                        Deed::Answer => {}
                    }
                }
                match fault.as_str() {
                    "ponder" => out.line(&Reply::BestMove {
                        best: best.clone(),
                        ponder: legal.get(1).cloned(),
                    }),
                    _ => out.line(&Reply::best_move(best)),
                }
            }
            Command::Edge { .. } => match fault.as_str() {
                "bad-edge" => out.line(&"bestedge z"),
                "double-edge" => {
                    out.line(&Reply::BestEdge(kamisado_core::Edge::AFile));
                    out.line(&Reply::BestEdge(kamisado_core::Edge::HFile));
                }
                _ => out.line(&Reply::BestEdge(kamisado_core::Edge::AFile)),
            },
            Command::Orient { .. } => match fault.as_str() {
                "kkp0" | "kkp1" => out.line(&Reply::Error("unknown command orient".into())),
                "bad-orient" => out.line(&"bestorient north"),
                "double-orient" => {
                    out.line(&Reply::BestOrient(Orientation::Right));
                    out.line(&Reply::BestOrient(Orientation::Left));
                }
                "hang-orient" => {}
                "late-orient" => {
                    std::thread::sleep(Duration::from_millis(1_500));
                    out.line(&Reply::BestOrient(Orientation::Right));
                }
                // A fixed choice that is not the default, so that a test
                // sees it was asked.
                _ => out.line(&Reply::BestOrient(Orientation::Right)),
            },
            Command::SetOption { name, value } => match &mut switch {
                Some(switch) if switch.name == name => switch.on = value == switch.value,
                _ => out.line(&Reply::Error(format!("no option {name}"))),
            },
            Command::Match { .. } if fault == "kkp0" => {
                out.line(&Reply::Error("unknown command match".into()));
            }
            Command::Match { .. } | Command::Stop => {}
            Command::Quit => break,
        }
    }
    ExitCode::SUCCESS
}

/// The option that switches the rule option on (`--rules-option`).
#[derive(Debug, Clone)]
struct Switch {
    name: String,
    /// The value that switches it on.
    value: String,
    on: bool,
}

/// What a fault at a `go` leaves to do.
enum Deed {
    /// Exit with this code.
    Exit(ExitCode),
    /// Answer the `go` with the first legal move.
    Answer,
    /// Nothing more: answered, or never to answer.
    Done,
}

/// Does `fault` at a `go`.
fn misbehave(
    fault: &str,
    out: &Out,
    position: &AnyPosition,
    legal: &[String],
    go: &game_protocol::Go,
) -> Deed {
    let ten_mb = 10 << 20;
    match fault {
        "crash" => return Deed::Exit(ExitCode::from(3)),
        "late" => {
            let ms = go.movetime.unwrap_or(100) + 1_500;
            std::thread::sleep(Duration::from_millis(ms));
            return Deed::Answer;
        }
        "illegal" => out.line(&Reply::best_move(Some(illegal_move(position)))),
        "pass" => out.line(&Reply::best_move(Some(pass(position)))),
        "bestmove-none" => out.line(&Reply::best_move(None)),
        "garbage" => out.line(&"this is not a reply"),
        "refuse" => out.line(&Reply::Error("I would rather not".into())),
        "double" => {
            out.line(&Reply::best_move(legal.first().cloned()));
            out.line(&Reply::best_move(legal.get(1).or(legal.first()).cloned()));
        }
        "long-info" => {
            out.line(&format!("info string {}", "x".repeat(ten_mb)));
            return Deed::Answer;
        }
        "long-garbage" => out.line(&"#".repeat(ten_mb)),
        "endless-line" => {
            let chunk = vec![b'y'; 1 << 20];
            for _ in 0..1024 {
                if !out.bytes(&chunk) {
                    break;
                }
            }
            std::thread::sleep(Duration::from_secs(60));
        }
        "flood" => return Deed::Exit(flood(out)),
        "not-utf8" => {
            out.bytes(b"bestmove \xff\xfe\n");
        }
        "control" => {
            out.bytes(b"info string a\0b\x07c\x1b[31m red\n");
            let mv = legal.first().cloned().unwrap_or_default();
            out.bytes(format!("bestmove {mv}\0\x07\n").as_bytes());
        }
        "unknown-info" => {
            out.line(&"info depth 1 seldepth 3 hashfull 10 multipv 1 score cp 5 wdl 1 2 3 currmove a1a2 tbhits 0");
            return Deed::Answer;
        }
        #[cfg(unix)]
        "close-stdout" => {
            let _ = nix::unistd::close(1);
            std::thread::sleep(Duration::from_secs(60));
        }
        "fork" => {
            if let Ok(me) = std::env::current_exe() {
                let _ = std::process::Command::new(me)
                    .args(["--fault", "sleeper"])
                    .spawn();
            }
            return Deed::Exit(ExitCode::from(5));
        }
        "memory" => {
            let mut hoard: Vec<Vec<u8>> = Vec::new();
            loop {
                hoard.push(vec![1; 16 << 20]);
            }
        }
        "hang" | "ignore-term" => {}
        // The harmless ones, and none.
        _ => return Deed::Answer,
    }
    Deed::Done
}
