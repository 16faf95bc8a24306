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
use kamisado_katarenga::{CliError, chain, number};

const USAGE: &str = "usage: solve [POSITION] [--seconds N] [--table-mib M]

Proves the game-theoretic value of a Kamisado round (default: the start).
  POSITION       a position in the Kamisado notation (one argument)
  --seconds N    give up after N seconds (default 60)
  --table-mib M  transposition table size in MiB (default 256)";

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let mut position = Position::start();
        let mut seconds = 60u64;
        let mut table_mib = 256usize;
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            match arg.as_str() {
                "--seconds" => seconds = number("--seconds", &mut iter, 1..=1_000_000)?,
                "--table-mib" => table_mib = number("--table-mib", &mut iter, 1..=1 << 20)?,
                other if other.starts_with("--") => {
                    return Err(CliError::Usage(format!("unknown option {other}")));
                }
                text => {
                    position = text
                        .parse()
                        .map_err(|e| format!("bad position: {}", chain(&e)))?;
                }
            }
        }
        writeln!(out, "position: {position}")?;
        let mut searcher = Searcher::<Position>::new(table_mib)
            .map_err(|e| CliError::Failed(format!("{e}; try a smaller --table-mib")))?;
        let result = searcher.search(&position, Limits::time(Duration::from_secs(seconds)));
        let side = position.side_to_move();
        let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
        match result.plies_to_end() {
            Some(plies) if result.score > 0 => {
                writeln!(out, "value: {side} (to move) wins in at most {plies} plies")?;
                if let Some(best) = result.best {
                    writeln!(out, "winning move: {best}")?;
                }
            }
            Some(plies) => writeln!(
                out,
                "value: {side} (to move) loses; the game lasts at least {plies} plies"
            )?,
            None => writeln!(
                out,
                "not proven within {seconds} s (deepest complete search: {} plies, score {})",
                result.depth, result.score
            )?,
        }
        writeln!(out, "principal variation: {}", pv.join(" "))?;
        writeln!(
            out,
            "nodes: {}, time: {:.2} s, {:.2} M nodes/s, depth {}",
            result.nodes,
            result.elapsed.as_secs_f64(),
            result.nodes_per_second() / 1e6,
            result.depth
        )?;
        Ok(())
    })
}
