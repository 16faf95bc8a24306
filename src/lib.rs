//! Shared helpers of the workspace's examples and benchmarks.
//!
//! This package is not published; the libraries are `board-geometry`,
//! `kamisado-core` and `katarenga-core` under `crates/`.

use std::fmt::Display;
use std::process::ExitCode;

/// The exit status of a run with bad arguments or a bad position.
pub const USAGE_ERROR: u8 = 2;

/// Prints `message` and the usage to stderr and returns exit status 2.
pub fn usage_error(message: impl Display, usage: &str) -> ExitCode {
    eprintln!("error: {message}\n\n{usage}");
    ExitCode::from(USAGE_ERROR)
}

/// A perft run's result: the moves with their counts (empty without
/// `--divide`) and the total.
pub struct PerftRun {
    /// `(move, nodes)` pairs, in any order.
    pub divide: Vec<(String, u64)>,
    /// The total node count.
    pub nodes: u64,
}

/// Runs perft on a position given in a game's notation (or `startpos`).
/// Errors are the parse error's message.
pub fn run_perft(game: &str, position: &str, depth: u32, divide: bool) -> Result<PerftRun, String> {
    match game {
        "kamisado" => {
            use kamisado_core::{Position, perft, perft_divide};
            let p: Position = if position == "startpos" {
                Position::start()
            } else {
                position
                    .parse()
                    .map_err(|e| format!("bad Kamisado position: {e}"))?
            };
            Ok(if divide {
                let list: Vec<(String, u64)> = perft_divide(&p, depth)
                    .iter()
                    .map(|(m, n)| (m.to_string(), *n))
                    .collect();
                let nodes = if depth == 0 {
                    1
                } else {
                    list.iter().map(|(_, n)| n).sum()
                };
                PerftRun {
                    divide: list,
                    nodes,
                }
            } else {
                PerftRun {
                    divide: Vec::new(),
                    nodes: perft(&p, depth),
                }
            })
        }
        other => Err(format!(
            "unknown game {other:?}: expected kamisado or katarenga"
        )),
    }
}
