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

/// Deterministic position sets for the benchmarks and the allocation test:
/// positions reached by seeded random play from each game's start (and,
/// for Kamisado, from starts with sumo towers).
pub mod fixtures {
    /// A small xorshift generator: reproducible and dependency-free.
    #[derive(Debug, Clone)]
    pub struct Rng(u64);

    impl Rng {
        /// A generator from `seed` (any value).
        pub fn new(seed: u64) -> Rng {
            Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
        }

        /// The next value.
        pub fn next_u64(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        /// A value in `0..n` (`n > 0`).
        pub fn below(&mut self, n: usize) -> usize {
            (self.next_u64() % n as u64) as usize
        }
    }

    const KAMISADO_STARTS: [&str; 3] = [
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        "o+kgp+++yrbn+/8/8/8/8/8/8/R++KB+G+Y+++OPN w -",
        "rpy+k+ogbn/8/8/8/8/8/8/YOB+GRK+NP++ b -",
    ];

    /// `count` Kamisado positions with legal moves, from random games.
    pub fn kamisado_positions(count: usize, seed: u64) -> Vec<kamisado_core::Position> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let start = KAMISADO_STARTS[rng.below(KAMISADO_STARTS.len())];
            let mut p: kamisado_core::Position = start.parse().expect("fixture start");
            let plies = rng.below(16);
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[rng.below(moves.len())]);
            }
            if !p.legal_moves().is_empty() {
                out.push(p);
            }
        }
        out
    }

    /// `count` Katarenga positions with legal moves, from random games on
    /// the standard board and on other tile boards.
    pub fn katarenga_positions(count: usize, seed: u64) -> Vec<katarenga_core::Position> {
        let mut rng = Rng::new(seed);
        let boards: Vec<katarenga_core::Board> = katarenga_core::Board::all_tile_boards()
            .step_by(4099)
            .map(|(b, _)| b)
            .chain([katarenga_core::Board::standard()])
            .collect();
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let board = boards[rng.below(boards.len())];
            let mut p = katarenga_core::Position::start_on(board);
            let plies = rng.below(40);
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[rng.below(moves.len())]);
            }
            if !p.legal_moves().is_empty() {
                out.push(p);
            }
        }
        out
    }
}
