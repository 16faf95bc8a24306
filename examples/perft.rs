//! Perft from the command line, with an output contract other tools rely on:
//!
//! ```text
//! cargo run --release --example perft -- <kamisado|katarenga> <position|startpos> <depth> [--divide] [--played] [--threads N]
//! ```
//!
//! - with `--divide`, one line per legal move, `<move> <nodes>`, sorted by move text;
//! - the last line on stdout is the total node count alone;
//! - timing and nodes per second go to stderr;
//! - a malformed position, depth or option prints the error to stderr and exits with
//!   status 2.

use std::process::ExitCode;
use std::time::Instant;

use kamisado_katarenga::{PerftOptions, run_perft_with, usage_error};

const USAGE: &str = "usage: perft <kamisado|katarenga> <position|startpos> <depth> [--divide] [--played] [--threads N]

Counts the legal move sequences of <depth> plies (RULES.md section 3).
  <position>   a position in the game's notation, as one argument (quote it), or startpos
  --divide     print '<move> <nodes>' for each legal move, sorted by move text
  --played     play every leaf instead of counting the last ply in bulk
  --threads N  share the root moves among N threads; also times one thread and
               reports the speed-up
The last line of stdout is the total; timing goes to stderr.";

struct Args {
    game: String,
    position: String,
    depth: u32,
    options: PerftOptions,
}

fn parse_args(args: &[String]) -> Result<Option<Args>, String> {
    let mut options = PerftOptions::default();
    let mut positional = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--divide" => options.divide = true,
            "--played" => options.played = true,
            "--threads" => {
                let value = iter.next().ok_or("--threads needs a number")?;
                options.threads = match value.parse() {
                    Ok(n) if (1..=256).contains(&n) => n,
                    _ => return Err(format!("bad thread count {value:?}: expected 1 to 256")),
                };
            }
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            _ => positional.push(arg.clone()),
        }
    }
    let [game, position, depth] = <[String; 3]>::try_from(positional).map_err(|p| {
        format!(
            "expected 3 arguments (game, position, depth), got {}",
            p.len()
        )
    })?;
    let depth = match depth.parse() {
        Ok(d) if d <= 64 => d,
        _ => {
            return Err(format!(
                "bad depth {depth:?}: expected a whole number from 0 to 64"
            ));
        }
    };
    Ok(Some(Args {
        game,
        position,
        depth,
        options,
    }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse_args(&args) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => return usage_error(message, USAGE),
    };
    let rate = |nodes: u64, seconds: f64| nodes as f64 / seconds.max(1e-9) / 1e6;
    let single_thread = if args.options.threads > 1 {
        let one = PerftOptions {
            threads: 1,
            divide: false,
            ..args.options
        };
        let started = Instant::now();
        match run_perft_with(&args.game, &args.position, args.depth, &one) {
            Ok(run) => Some((run.nodes, started.elapsed().as_secs_f64())),
            Err(message) => return usage_error(message, USAGE),
        }
    } else {
        None
    };
    let started = Instant::now();
    let run = match run_perft_with(&args.game, &args.position, args.depth, &args.options) {
        Ok(run) => run,
        Err(message) => return usage_error(message, USAGE),
    };
    let seconds = started.elapsed().as_secs_f64();
    for (mv, nodes) in &run.divide {
        println!("{mv} {nodes}");
    }
    println!("{}", run.nodes);
    let (game, depth, threads) = (&args.game, args.depth, args.options.threads);
    eprintln!(
        "{game} perft {depth}: {} nodes in {seconds:.3} s, {:.1} M nodes/s ({threads} thread{})",
        run.nodes,
        rate(run.nodes, seconds),
        if threads == 1 { "" } else { "s" }
    );
    if let Some((nodes, one)) = single_thread {
        if nodes != run.nodes {
            eprintln!(
                "error: one thread counted {nodes}, {threads} threads {}",
                run.nodes
            );
            return ExitCode::FAILURE;
        }
        eprintln!(
            "one thread: {one:.3} s, {:.1} M nodes/s; speed-up with {threads} threads: {:.2}x",
            rate(nodes, one),
            one / seconds.max(1e-9)
        );
    }
    ExitCode::SUCCESS
}
