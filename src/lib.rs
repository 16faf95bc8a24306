//! Shared helpers of the workspace's examples and benchmarks.
//!
//! This package is not published; the libraries are `board-geometry`,
//! `kamisado-core` and `katarenga-core` under `crates/`.

pub mod draw;
pub mod fuzzing;
pub mod games;
pub mod play;
pub mod render;
pub mod selfplay;

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
    run_perft_with(
        game,
        position,
        depth,
        &PerftOptions {
            divide,
            ..PerftOptions::default()
        },
    )
}

/// How [`run_perft_with`] counts.
#[derive(Debug, Clone, Copy)]
pub struct PerftOptions {
    /// Report each root move's count.
    pub divide: bool,
    /// Play every leaf instead of counting the last ply in bulk.
    pub played: bool,
    /// Threads that share the root moves (1: no extra threads).
    pub threads: usize,
}

impl Default for PerftOptions {
    fn default() -> PerftOptions {
        PerftOptions {
            divide: false,
            played: false,
            threads: 1,
        }
    }
}

/// Counts each of `children` with `count`, the work split over `threads`
/// scoped threads (children dealt out in turn).
fn count_children<P: Sync>(
    children: &[P],
    threads: usize,
    count: impl Fn(&P) -> u64 + Sync,
) -> Vec<u64> {
    let threads = threads.clamp(1, children.len().max(1));
    if threads == 1 {
        return children.iter().map(&count).collect();
    }
    let mut counts = vec![0; children.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let count = &count;
                scope.spawn(move || {
                    children
                        .iter()
                        .enumerate()
                        .skip(k)
                        .step_by(threads)
                        .map(|(i, child)| (i, count(child)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            for (i, n) in handle.join().expect("a perft thread panicked") {
                counts[i] = n;
            }
        }
    });
    counts
}

/// [`run_perft`] with every option: bulk or played counting, and the root
/// moves shared among threads.
pub fn run_perft_with(
    game: &str,
    position: &str,
    depth: u32,
    options: &PerftOptions,
) -> Result<PerftRun, String> {
    macro_rules! run {
        ($krate:ident, $name:literal) => {{
            use $krate::{Position, perft, perft_played};
            let p: Position = if position == "startpos" {
                Position::start()
            } else {
                position
                    .parse()
                    .map_err(|e| format!("bad {} position: {e}", $name))?
            };
            let count = |child: &Position| {
                if options.played {
                    perft_played(child, depth - 1)
                } else {
                    perft(child, depth - 1)
                }
            };
            if depth == 0 {
                PerftRun {
                    divide: Vec::new(),
                    nodes: 1,
                }
            } else if !options.divide && options.threads <= 1 {
                PerftRun {
                    divide: Vec::new(),
                    nodes: if options.played {
                        perft_played(&p, depth)
                    } else {
                        perft(&p, depth)
                    },
                }
            } else {
                let moves = p.legal_moves();
                let children: Vec<Position> = moves.iter().map(|&m| p.play(m)).collect();
                let counts = count_children(&children, options.threads, count);
                let nodes = counts.iter().sum();
                let mut divide: Vec<(String, u64)> = if options.divide {
                    moves.iter().map(|m| m.to_string()).zip(counts).collect()
                } else {
                    Vec::new()
                };
                divide.sort();
                PerftRun { divide, nodes }
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

    use crate::games::Game;

    /// `count` positions with legal moves: each from a start chosen by
    /// `start`, after up to `max_plies - 1` random moves.
    fn positions<G: Game>(
        count: usize,
        seed: u64,
        max_plies: usize,
        mut start: impl FnMut(&mut Rng) -> G,
    ) -> Vec<G> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let mut p = start(&mut rng);
            for _ in 0..rng.below(max_plies) {
                let moves = p.moves();
                if moves.is_empty() {
                    break;
                }
                p = p.after(moves[rng.below(moves.len())]);
            }
            if !p.moves().is_empty() {
                out.push(p);
            }
        }
        out
    }

    const KAMISADO_STARTS: [&str; 3] = [
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        "o+kgp+++yrbn+/8/8/8/8/8/8/R++KB+G+Y+++OPN w -",
        "rpy+k+ogbn/8/8/8/8/8/8/YOB+GRK+NP++ b -",
    ];

    /// `count` Kamisado positions with legal moves, from random games.
    pub fn kamisado_positions(count: usize, seed: u64) -> Vec<kamisado_core::Position> {
        positions(count, seed, 16, |rng| {
            KAMISADO_STARTS[rng.below(KAMISADO_STARTS.len())]
                .parse()
                .expect("fixture start")
        })
    }

    /// `count` Katarenga positions with legal moves, from random games on
    /// the standard board and on other tile boards.
    pub fn katarenga_positions(count: usize, seed: u64) -> Vec<katarenga_core::Position> {
        let boards: Vec<katarenga_core::Board> = katarenga_core::Board::all_tile_boards()
            .step_by(4099)
            .map(|(b, _)| b)
            .chain([katarenga_core::Board::standard()])
            .collect();
        positions(count, seed, 40, |rng| {
            katarenga_core::Position::start_on(boards[rng.below(boards.len())])
        })
    }
}
