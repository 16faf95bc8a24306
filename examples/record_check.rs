//! Reads a file of game records, replaying every move, and summarises it.
//!
//! ```text
//! cargo run --example record_check -- <kamisado|katarenga> FILE
//! ```
//!
//! Prints how many records the file holds and how they ended; a record
//! that does not read or replay is reported with its line and column (exit
//! status 2).

use std::collections::BTreeMap;
use std::process::ExitCode;

use game_records::{KamisadoRecord, KatarengaRecord, RecordResult, Termination};
use kamisado_katarenga::CliError;

const USAGE: &str = "usage: record_check <kamisado|katarenga> FILE

Reads every record in FILE (the formats of the rules pages' \"Game records\"),
replaying each move, and prints how the games ended.";

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let [game, path] = args else {
            return Err(CliError::Usage(
                "expected the game (kamisado or katarenga) and the file".into(),
            ));
        };
        let (game, path) = (game.as_str(), path.as_str());
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Usage(format!("cannot read {path}: {e}")))?;
        let bad = |e: game_records::RecordError| CliError::Usage(format!("{path}: {e}"));
        let ends: Vec<(RecordResult, Termination)> = match game {
            "kamisado" => KamisadoRecord::parse_all(&text)
                .map_err(bad)?
                .iter()
                .map(|r| (r.result, r.termination))
                .collect(),
            "katarenga" => KatarengaRecord::parse_all(&text)
                .map_err(bad)?
                .iter()
                .map(|r| (r.result, r.termination))
                .collect(),
            other => {
                return Err(CliError::Usage(format!(
                    "unknown game {other:?}: expected kamisado or katarenga"
                )));
            }
        };
        let mut counts: BTreeMap<String, u32> = BTreeMap::new();
        for (result, termination) in &ends {
            *counts
                .entry(format!("{result} ({termination})"))
                .or_insert(0) += 1;
        }
        writeln!(out, "{} records, every move legal", ends.len())?;
        for (end, n) in counts {
            writeln!(out, "  {n} {end}")?;
        }
        Ok(())
    })
}
