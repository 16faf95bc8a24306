//! Perft from the command line, with an output contract other tools rely on:
//!
//! ```text
//! cargo run --release --example perft -- <kamisado|katarenga> <position|startpos> <depth> [--divide] [--played]
//! ```
//!
//! - with `--divide`, one line per legal move, `<move> <nodes>`, sorted by move text;
//! - the last line on stdout is the total node count alone;
//! - timing and nodes per second go to stderr;
//! - a malformed position or depth prints the error to stderr and exits with status 2.

use std::process::ExitCode;
use std::time::Instant;

use kamisado_katarenga::{run_perft_with, usage_error};

const USAGE: &str = "usage: perft <kamisado|katarenga> <position|startpos> <depth> [--divide] [--played]

Counts the legal move sequences of <depth> plies (RULES.md section 3).
  <position>  a position in the game's notation, as one argument (quote it), or startpos
  --divide    print '<move> <nodes>' for each legal move, sorted by move text
  --played    play every leaf instead of counting the last ply in bulk
The last line of stdout is the total; timing goes to stderr.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let divide = args.iter().any(|a| a == "--divide");
    let played = args.iter().any(|a| a == "--played");
    let positional: Vec<&String> = args
        .iter()
        .filter(|a| *a != "--divide" && *a != "--played")
        .collect();
    if let Some(unknown) = positional.iter().find(|a| a.starts_with("--")) {
        return usage_error(format!("unknown option {unknown}"), USAGE);
    }
    let [game, position, depth] = positional.as_slice() else {
        return usage_error(
            format!(
                "expected 3 arguments (game, position, depth), got {}",
                positional.len()
            ),
            USAGE,
        );
    };
    let depth: u32 = match depth.parse() {
        Ok(d) if d <= 64 => d,
        _ => {
            return usage_error(
                format!("bad depth {depth:?}: expected a whole number from 0 to 64"),
                USAGE,
            );
        }
    };
    let started = Instant::now();
    let run = match run_perft_with(game, position, depth, divide, played) {
        Ok(run) => run,
        Err(message) => return usage_error(message, USAGE),
    };
    let seconds = started.elapsed().as_secs_f64();
    for (mv, nodes) in &run.divide {
        println!("{mv} {nodes}");
    }
    println!("{}", run.nodes);
    eprintln!(
        "{game} perft {depth}: {} nodes in {seconds:.3} s, {:.1} M nodes/s",
        run.nodes,
        run.nodes as f64 / seconds.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
