//! Checks a Kamisado proof certificate with the rules alone (the checker
//! shares no code with the solver): every line of play the certificate
//! allows must end in the winner's win within the declared plies.
//!
//! ```text
//! cargo run --release --example check_certificate -- FILE
//! ```

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use game_search::proof::check::check;

/// Checks a Kamisado proof certificate (as `solve --certificate` writes
/// it). Prints what was verified and exits with 0, or prints the first hole
/// or bad line and exits with 1.
#[derive(Parser)]
#[command(name = "check_certificate")]
struct Args {
    /// The certificate file
    file: String,
}

fn main() -> ExitCode {
    let path = Args::parse().file;
    let started = std::time::Instant::now();
    let verified = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {path}: {e}"))
        .and_then(|text| check(&text).map_err(|e| format!("{path}: {e}")));
    match verified {
        Ok(v) => {
            let _ = writeln!(
                io::stdout(),
                "verified: {} wins from {} within {} plies (the longest line lasts {}); {} lines, {} unused, {} positions visited in {:.3} s",
                v.winner,
                v.start,
                v.plies,
                v.longest,
                v.lines,
                v.unused,
                v.positions,
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            ExitCode::FAILURE
        }
    }
}
