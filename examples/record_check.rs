//! Reads a file of game records, replaying every move, and summarises it.
//!
//! ```text
//! cargo run --example record_check -- <kamisado|katarenga> FILE
//! ```
//!
//! Prints how many records the file holds and how they ended; a record
//! that does not read or replay is reported with its line and column (exit
//! status 1; bad arguments exit with 2).

use std::collections::BTreeMap;
use std::process::ExitCode;

use game_records::{KamisadoRecord, KatarengaRecord, RecordResult, Termination};
use kamisado_katarenga::{CliError, GameName, count};

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
        let (path, game) = (path.as_str(), game.as_str());
        let game = GameName::parse(game).ok_or_else(|| GameName::unknown(game))?;
        // From here on the arguments are right: what fails is the file
        // (status 1).
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Failed(format!("cannot read {path}: {e}")))?;
        let bad = |e: game_records::RecordError| CliError::Failed(format!("{path}: {e}"));
        let ends: Vec<(RecordResult, Termination)> = match game {
            GameName::Kamisado => KamisadoRecord::parse_all(&text)
                .map_err(bad)?
                .iter()
                .map(|r| (r.result, r.termination))
                .collect(),
            GameName::Katarenga => KatarengaRecord::parse_all(&text)
                .map_err(bad)?
                .iter()
                .map(|r| (r.result, r.termination))
                .collect(),
        };
        let mut counts: BTreeMap<String, u32> = BTreeMap::new();
        for (result, termination) in &ends {
            *counts
                .entry(format!("{result} ({termination})"))
                .or_insert(0) += 1;
        }
        writeln!(
            out,
            "{}, every move legal",
            count(ends.len() as u64, "record")
        )?;
        for (end, n) in counts {
            writeln!(out, "  {n} {end}")?;
        }
        Ok(())
    })
}
