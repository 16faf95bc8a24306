//! Checks a Kamisado proof certificate with the rules alone (the checker
//! shares no code with the solver): every line of play the certificate
//! allows must end in the winner's win within the declared plies.
//!
//! ```text
//! cargo run --release --example check_certificate -- FILE
//! ```

use std::process::ExitCode;

use game_search::proof::check::check;
use kamisado_katarenga::CliError;

const USAGE: &str = "usage: check_certificate FILE

Checks a Kamisado proof certificate (as written by solve --certificate). Prints what was
verified and exits with 0, or prints the first hole or bad line and exits with 1.";

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let [path] = args else {
            return Err(CliError::Usage(format!(
                "expected 1 argument (the certificate file), got {}",
                args.len()
            )));
        };
        if path.starts_with("--") {
            return Err(CliError::Usage(format!("unknown option {path}")));
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Failed(format!("cannot read {path}: {e}")))?;
        let started = std::time::Instant::now();
        let verified = check(&text).map_err(|e| CliError::Failed(format!("{path}: {e}")))?;
        writeln!(
            out,
            "verified: {} wins from {} within {} plies (the longest line lasts {}); {} lines, {} unused, {} positions visited in {:.3} s",
            verified.winner,
            verified.start,
            verified.plies,
            verified.longest,
            verified.lines,
            verified.unused,
            verified.positions,
            started.elapsed().as_secs_f64()
        )?;
        Ok(())
    })
}
