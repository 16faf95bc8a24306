//! Solves a Kamisado single round: proves who wins with best play, with a
//! winning first move and the principal variation.
//!
//! ```text
//! cargo run --release --example solve -- [POSITION] [--seconds N] [--table-mib M]
//! ```
//!
//! Without a position it starts from the start of a match. The proof uses
//! the rules exactly as `kamisado-core` defines them (passes and deadlocks
//! included): alpha-beta search to increasing depths until the score is a
//! proven win or loss.

use std::process::ExitCode;
use std::time::Duration;

use game_search::{Limits, Searcher};
use kamisado_core::Position;
use kamisado_katarenga::usage_error;

const USAGE: &str = "usage: solve [POSITION] [--seconds N] [--table-mib M]

Proves the game-theoretic value of a Kamisado round (default: the start).
  POSITION       a position in the notation of RULES.md 1.9 (one argument)
  --seconds N    give up after N seconds (default 60)
  --table-mib M  transposition table size in MiB (default 256)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut position = Position::start();
    let mut seconds = 60u64;
    let mut table_mib = 256usize;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--seconds" => match iter.next().and_then(|v| v.parse().ok()).filter(|&n| n > 0) {
                Some(n) => seconds = n,
                None => return usage_error("--seconds needs a positive whole number", USAGE),
            },
            "--table-mib" => match iter
                .next()
                .and_then(|v| v.parse().ok())
                .filter(|&n| (1..=65_536).contains(&n))
            {
                Some(n) => table_mib = n,
                None => return usage_error("--table-mib needs a number from 1 to 65536", USAGE),
            },
            text => match text.parse() {
                Ok(p) => position = p,
                Err(e) => return usage_error(format!("bad position: {e}"), USAGE),
            },
        }
    }
    println!("position: {position}");
    let mut searcher = Searcher::<Position>::new(table_mib * 1024 * 1024 / 32);
    let result = searcher.search(&position, Limits::time(Duration::from_secs(seconds)));
    let side = position.side_to_move();
    let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
    let rate = result.nodes as f64 / result.elapsed.as_secs_f64().max(1e-9) / 1e6;
    match result.plies_to_end() {
        Some(plies) if result.score > 0 => {
            println!("value: {side} (to move) wins in at most {plies} plies");
            if let Some(best) = result.best {
                println!("winning move: {best}");
            }
        }
        Some(plies) => {
            println!("value: {side} (to move) loses; the game lasts at least {plies} plies")
        }
        None => println!(
            "not proven within {seconds} s (deepest complete search: {} plies, score {})",
            result.depth, result.score
        ),
    }
    println!("principal variation: {}", pv.join(" "));
    println!(
        "nodes: {}, time: {:.2} s, {rate:.2} M nodes/s, depth {}",
        result.nodes,
        result.elapsed.as_secs_f64(),
        result.depth
    );
    ExitCode::SUCCESS
}
