//! Perft of either game from its notation: bulk or played counting,
//! divide, and the root moves shared among threads.

use board_geometry::ErrorChain;
use game_rules::Game;
use game_spec::{AnyPosition, ForEachGame, GameId};

/// A perft run's result: the moves with their counts (empty without
/// `--divide`) and the total.
pub struct PerftRun {
    /// `(move, nodes)` pairs, sorted by move text (empty without divide).
    pub divide: Vec<(String, u64)>,
    /// The total node count.
    pub nodes: u64,
    /// The number of legal moves at the root (the work threads share).
    pub roots: usize,
}

/// Runs perft on a position given in `game`'s notation (or `startpos`).
/// With `divide`, the moves come with their counts, sorted by move text.
/// Errors are messages for people.
pub fn run_perft(
    game: GameId,
    position: &str,
    depth: u32,
    divide: bool,
) -> Result<PerftRun, String> {
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
    game: GameId,
    position: &str,
    depth: u32,
    options: &PerftOptions,
) -> Result<PerftRun, String> {
    let p = if position == "startpos" {
        AnyPosition::start(game)
    } else {
        AnyPosition::parse(game, position).map_err(|e| ErrorChain(&e).to_string())?
    };
    Ok(p.with(Run { depth, options }))
}

/// [`run_perft_with`] on the position inside an [`AnyPosition`].
struct Run<'a> {
    depth: u32,
    options: &'a PerftOptions,
}

impl ForEachGame for Run<'_> {
    type Output = PerftRun;

    fn run<P: Game>(self, p: &P) -> PerftRun {
        run(p, self.depth, self.options)
    }
}

/// [`run_perft_with`] for one game.
fn run<P: Game>(p: &P, depth: u32, options: &PerftOptions) -> PerftRun {
    let count = |child: &P| {
        if options.played {
            child.perft_played(depth - 1)
        } else {
            child.perft(depth - 1)
        }
    };
    let roots = p.count_moves();
    if depth == 0 {
        return PerftRun {
            divide: Vec::new(),
            nodes: 1,
            roots,
        };
    }
    if !options.divide && options.threads <= 1 {
        let nodes = if options.played {
            p.perft_played(depth)
        } else {
            p.perft(depth)
        };
        return PerftRun {
            divide: Vec::new(),
            roots,
            nodes,
        };
    }
    let moves = p.legal_moves();
    let children: Vec<P> = moves.iter().map(|&m| p.play_unchecked(m)).collect();
    let counts = count_children(&children, options.threads, count);
    let nodes = counts.iter().sum();
    let mut divide: Vec<(String, u64)> = if options.divide {
        moves.iter().map(|m| m.to_string()).zip(counts).collect()
    } else {
        Vec::new()
    };
    divide.sort();
    PerftRun {
        divide,
        nodes,
        roots,
    }
}
