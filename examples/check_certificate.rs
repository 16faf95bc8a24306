//! Checks a proof certificate of any game (its first line says which:
//! `# congress-certificate 1`), with the rules alone (the checker shares no code with
//! the solvers): every line of play the certificate allows must end in the
//! winner's win within the declared plies.
//!
//! ```text
//! cargo run --release --example check_certificate -- FILE
//! ```

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use game_search::proof::check::{Certified, Verified, check_game};

/// Checks a proof certificate of any game (as `solve --certificate`
/// writes them, and `kk-isolation-study certify` strict Isolation's). Prints what was verified and exits with 0, or prints the first hole
/// or bad line and exits with 1.
#[derive(Parser)]
#[command(name = "check_certificate")]
struct Args {
    /// The certificate file
    file: String,
}

/// What the check of `text` verified, in words, or the first problem.
fn verify<G: Certified>(text: &str, path: &str) -> Result<String, String> {
    let started = std::time::Instant::now();
    let v: Verified<G> = check_game(text).map_err(|e| format!("{path}: {e}"))?;
    Ok(format!(
        "verified: {} wins from {} within {} plies (the longest line lasts {}); {} lines, {} unused, {} positions visited in {:.3} s",
        v.winner,
        v.start.start_text(),
        v.plies,
        v.longest,
        v.lines,
        v.unused,
        v.positions,
        started.elapsed().as_secs_f64()
    ))
}

fn main() -> ExitCode {
    let path = Args::parse().file;
    let verified = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {path}: {e}"))
        .and_then(|text| {
            // The game from the first line; an unknown one is left to
            // Kamisado's checker, which says what the first line must be.
            let kind = text
                .strip_prefix("# ")
                .and_then(|t| t.split_once("-certificate"))
                .map_or("", |(kind, _)| kind);
            match kind {
                "katarenga" => verify::<katarenga_core::Position>(&text, &path),
                "congress" => verify::<katarenga_family::Congress>(&text, &path),
                "quebec" => verify::<katarenga_family::Quebec>(&text, &path),
                "isolation" => verify::<katarenga_family::Isolation>(&text, &path),
                _ => verify::<kamisado_core::Position>(&text, &path),
            }
        });
    match verified {
        Ok(line) => {
            let _ = writeln!(io::stdout(), "{line}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            ExitCode::FAILURE
        }
    }
}
