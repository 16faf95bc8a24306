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

use kamisado_katarenga::{CliError, number};
use test_support::perft::{PerftOptions, run_perft_with};

const USAGE: &str = "usage: perft <kamisado|katarenga> <position|startpos> <depth> [--divide] [--played] [--threads N]

Counts the legal move sequences of <depth> plies (each game's rules, section Perft).
  <position>   a position in the game's notation, as one argument (quote it), or startpos
  --divide     print '<move> <nodes>' for each legal move, sorted by move text
  --played     play every leaf instead of counting the last ply in bulk
  --threads N  share the root moves among N threads; also times one thread and
               reports the speed-up
The last line of stdout is the total; timing goes to stderr.";

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let mut options = PerftOptions::default();
        let mut positional = Vec::new();
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            match arg.as_str() {
                "--divide" => options.divide = true,
                "--played" => options.played = true,
                "--threads" => options.threads = number("--threads", &mut iter, 1..=256)?,
                other if other.starts_with("--") => {
                    return Err(CliError::Usage(format!("unknown option {other}")));
                }
                _ => positional.push(arg.clone()),
            }
        }
        let [game, position, depth] = <[String; 3]>::try_from(positional)
            .map_err(|p| kamisado_katarenga::argument_count("game, position, depth", 3, p.len()))?;
        let depth = number("depth", &mut [depth].iter(), 0..=64)?;
        let rate = |nodes: u64, seconds: f64| nodes as f64 / seconds.max(1e-9) / 1e6;
        let single_thread = if options.threads > 1 {
            let one = PerftOptions {
                threads: 1,
                divide: false,
                ..options
            };
            let started = Instant::now();
            let run = run_perft_with(&game, &position, depth, &one)?;
            Some((run.nodes, started.elapsed().as_secs_f64()))
        } else {
            None
        };
        let started = Instant::now();
        let run = run_perft_with(&game, &position, depth, &options)?;
        let seconds = started.elapsed().as_secs_f64();
        for (mv, nodes) in &run.divide {
            writeln!(out, "{mv} {nodes}")?;
        }
        writeln!(out, "{}", run.nodes)?;
        let threads = options.threads;
        kamisado_katarenga::say(format_args!(
            "{game} perft {depth}: {} nodes in {seconds:.3} s, {:.1} M nodes/s ({threads} thread{})",
            run.nodes,
            rate(run.nodes, seconds),
            if threads == 1 { "" } else { "s" }
        ));
        if let Some((nodes, one)) = single_thread {
            if nodes != run.nodes {
                return Err(CliError::Failed(format!(
                    "one thread counted {nodes}, {threads} threads {}",
                    run.nodes
                )));
            }
            if run.roots < 2 {
                kamisado_katarenga::say(format_args!(
                    "no speed-up to report: the root has {} move(s) to share",
                    run.roots
                ));
            } else {
                kamisado_katarenga::say(format_args!(
                    "one thread: {one:.3} s, {:.1} M nodes/s; speed-up with {threads} threads: {:.2}x",
                    rate(nodes, one),
                    one / seconds.max(1e-9)
                ));
            }
        }
        Ok(())
    })
}
