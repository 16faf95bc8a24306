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

/// Runs perft on a position given in a game's notation (or `startpos`);
/// `game` is `kamisado` or `katarenga`. With `divide`, the moves come with
/// their counts, sorted by move text. Errors are messages for people.
pub fn run_perft(game: &str, position: &str, depth: u32, divide: bool) -> Result<PerftRun, String> {
    run_perft_with(game, position, depth, divide, false)
}

/// [`run_perft`] with a choice of counting: `played` plays every leaf
/// (`perft_played`) instead of counting the last ply in bulk.
pub fn run_perft_with(
    game: &str,
    position: &str,
    depth: u32,
    divide: bool,
    played: bool,
) -> Result<PerftRun, String> {
    macro_rules! run {
        ($krate:ident, $name:literal) => {{
            use $krate::{Position, perft, perft_divide, perft_played};
            let p: Position = if position == "startpos" {
                Position::start()
            } else {
                position
                    .parse()
                    .map_err(|e| format!("bad {} position: {e}", $name))?
            };
            if divide {
                let mut list: Vec<(String, u64)> = perft_divide(&p, depth)
                    .iter()
                    .map(|(m, n)| (m.to_string(), *n))
                    .collect();
                list.sort();
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
                    nodes: if played { perft_played(&p, depth) } else { perft(&p, depth) },
                }
            }
        }};
    }
    Ok(match game {
        "kamisado" => run!(kamisado_core, "Kamisado"),
        "katarenga" => run!(katarenga_core, "Katarenga"),
        other => {
            return Err(format!(
                "unknown game {other:?}: expected kamisado or katarenga"
            ));
        }
    })
}

/// Reading the reference perft suites (`position ; depth ; nodes` lines)
/// and their divide files (`tests/data/*.txt`).
pub mod suite {
    /// One reference case.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Case {
        /// The position in the game's notation.
        pub position: String,
        /// The depth.
        pub depth: u32,
        /// The expected node count.
        pub nodes: u64,
    }

    /// The cases of a suite file, skipping comments (`#`) and blank lines.
    ///
    /// # Panics
    /// Panics on a malformed line (the suites are test data).
    pub fn cases(text: &str) -> Vec<Case> {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|line| {
                let parts: Vec<&str> = line.split(';').map(str::trim).collect();
                assert_eq!(parts.len(), 3, "malformed suite line: {line}");
                Case {
                    position: parts[0].to_string(),
                    depth: parts[1].parse().expect("depth"),
                    nodes: parts[2].parse().expect("nodes"),
                }
            })
            .collect()
    }

    /// The reference divide of `case` from a divide file: `(move, nodes)`
    /// pairs sorted by move text (empty if the file lacks the case).
    pub fn divide_for(divide_file: &str, case: &Case) -> Vec<(String, u64)> {
        let header = format!("{} ; {} ; {}", case.position, case.depth, case.nodes);
        let mut lines = divide_file.lines().skip_while(|l| l.trim() != header);
        lines.next();
        let mut out: Vec<(String, u64)> = lines
            .take_while(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|l| {
                let (mv, n) = l.split_once(' ')?;
                Some((mv.to_string(), n.trim().parse().ok()?))
            })
            .collect();
        out.sort();
        out
    }
}
