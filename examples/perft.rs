//! Perft from the command line: the number of legal move sequences of a
//! given length, counted by `game_rules::Game::perft`.
//!
//! ```text
//! cargo run --release --example perft -- <kamisado|katarenga> <position|startpos> <depth> [--divide] [--played] [--threads N]
//! ```
//!
//! The output is a contract other tools rely on: with `--divide`, one line
//! per legal move, `<move> <nodes>`, sorted by move text; the last line on
//! stdout is the total alone; timing goes to stderr.

use game_spec::GameId;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use board_geometry::ErrorChain;
use clap::{CommandFactory, Parser};
use game_rules::Game;

/// Counts the legal move sequences of DEPTH plies (each game's rules,
/// section Perft). The last line of stdout is the total; timing goes to
/// stderr.
#[derive(Parser)]
#[command(name = "perft")]
struct Args {
    /// The game: kamisado or katarenga
    game: GameId,
    /// A position in the game's notation, as one argument (quote it), or
    /// startpos
    position: String,
    /// The number of plies
    #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
    /// Print '<move> <nodes>' for each legal move, sorted by move text
    #[arg(long)]
    divide: bool,
    /// Play every leaf instead of counting the last ply in bulk
    #[arg(long)]
    played: bool,
    /// Share the root moves among N threads; also time one thread and
    /// report the speed-up
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
}

/// Each root move with its count, the moves dealt out to `threads` scoped
/// threads in turn.
fn divide<G: Game>(position: &G, depth: u32, played: bool, threads: u32) -> Vec<(G::Move, u64)> {
    let moves = position.legal_moves();
    let count = |mv: G::Move| {
        let child = position.play(mv);
        if played {
            child.perft_played(depth - 1)
        } else {
            child.perft(depth - 1)
        }
    };
    let threads = threads as usize;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let moves = &moves;
                scope.spawn(move || {
                    let mine = moves.iter().skip(t).step_by(threads);
                    mine.map(|&mv| (mv, count(mv))).collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a perft thread panicked"))
            .collect()
    })
}

fn perft<G: Game>(args: &Args, out: &mut dyn Write) -> io::Result<()> {
    let position = if args.position == "startpos" {
        G::start()
    } else {
        args.position.parse().unwrap_or_else(|e| {
            let message = format!("bad position {:?}: {}", args.position, ErrorChain(&e));
            Args::command()
                .error(clap::error::ErrorKind::InvalidValue, message)
                .exit()
        })
    };
    let run = |threads| {
        let started = Instant::now();
        let mut counts = if args.depth == 0 {
            Vec::new()
        } else {
            divide(&position, args.depth, args.played, threads)
        };
        let total = if args.depth == 0 {
            1
        } else {
            counts.iter().map(|&(_, n)| n).sum()
        };
        counts.sort_by_key(|(mv, _)| mv.to_string());
        (counts, total, started.elapsed().as_secs_f64().max(1e-9))
    };
    let (counts, total, seconds) = run(args.threads);
    if args.divide {
        for (mv, nodes) in &counts {
            writeln!(out, "{mv} {nodes}")?;
        }
    }
    writeln!(out, "{total}")?;
    out.flush()?;
    let speed = |seconds: f64| total as f64 / seconds / 1e6;
    let mut err = io::stderr().lock();
    let threads = args.threads;
    let _ = writeln!(
        err,
        "{} perft {}: {total} nodes in {seconds:.3} s, {:.1} M nodes/s ({threads} thread{})",
        args.game,
        args.depth,
        speed(seconds),
        if threads == 1 { "" } else { "s" }
    );
    if threads > 1 {
        if counts.len() < 2 {
            let _ = writeln!(
                err,
                "no speed-up to report: the root has {} move(s) to share",
                counts.len()
            );
        } else {
            let (_, one_total, one) = run(1);
            if one_total != total {
                return Err(io::Error::other(format!(
                    "one thread counted {one_total}, {threads} threads {total}"
                )));
            }
            let _ = writeln!(
                err,
                "one thread: {one:.3} s, {:.1} M nodes/s; speed-up with {threads} threads: {:.2}x",
                speed(one),
                one / seconds
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut out = io::stdout().lock();
    let result = match args.game {
        GameId::Kamisado => perft::<kamisado_core::Position>(&args, &mut out),
        GameId::Katarenga => perft::<katarenga_core::Position>(&args, &mut out),
        GameId::Congress => perft::<katarenga_family::Congress>(&args, &mut out),
        GameId::Quebec => perft::<katarenga_family::Quebec>(&args, &mut out),
        GameId::Isolation => perft::<katarenga_family::Isolation>(&args, &mut out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed output (`| head`) ends the program quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
    }
}
