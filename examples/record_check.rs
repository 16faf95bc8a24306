//! Reads a file of game records, replaying every move, and summarises it.
//!
//! ```text
//! cargo run --example record_check -- <kamisado|katarenga> FILE
//! ```

use game_spec::GameId;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use game_records::{FamilyRecord, KamisadoRecord, KatarengaRecord, RecordResult, Termination};

/// Reads every record in FILE (the formats of the rules pages' "Game
/// records"), replaying each move, and prints how the games ended; a
/// record that does not read or replay is reported with its line and
/// column (exit status 1).
#[derive(Parser)]
#[command(name = "record_check")]
struct Args {
    /// The game: kamisado, katarenga, congress, quebec or isolation
    game: GameId,
    /// The file of records
    file: String,
}

/// How each record of the file ended.
fn endings(args: &Args) -> Result<Vec<(RecordResult, Termination)>, String> {
    let path = &args.file;
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let bad = |e: game_records::RecordError| format!("{path}: {e}");
    Ok(match args.game {
        GameId::Kamisado => KamisadoRecord::parse_all(&text)
            .map_err(bad)?
            .iter()
            .map(|r| (r.result, r.termination))
            .collect(),
        GameId::Katarenga => KatarengaRecord::parse_all(&text)
            .map_err(bad)?
            .iter()
            .map(|r| (r.result, r.termination))
            .collect(),
        GameId::Congress | GameId::Quebec | GameId::Isolation => FamilyRecord::parse_all(&text)
            .map_err(bad)?
            .iter()
            .map(|r| (r.result, r.termination))
            .collect(),
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    let ends = match endings(&args) {
        Ok(ends) => ends,
        Err(message) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for (result, termination) in &ends {
        *counts
            .entry(format!("{result} ({termination})"))
            .or_insert(0) += 1;
    }
    let plural = if ends.len() == 1 { "" } else { "s" };
    let mut text = format!("{} record{plural}, every move legal\n", ends.len());
    for (end, n) in counts {
        text.push_str(&format!("  {n} {end}\n"));
    }
    match io::stdout().lock().write_all(text.as_bytes()) {
        // A closed output (`| head`) ends the program quietly.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}
