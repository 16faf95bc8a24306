//! The project's game records for Python: read (replayed and checked) into
//! their serde form, which Python reads as JSON, and written from it.

use game_records::{FamilyRecord, KamisadoRecord, KatarengaRecord};
use game_spec::GameId;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

fn game_arg(game: &str) -> PyResult<GameId> {
    game.parse()
        .map_err(|e: game_spec::UnknownGame| PyValueError::new_err(e.to_string()))
}

fn json_error(e: serde_json::Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Reads every record of `text` (replaying each move; a `ValueError` names
/// the line and column of the first problem) and returns them as one JSON
/// array in their serde form.
#[pyfunction]
pub fn read_records(py: Python<'_>, game: &str, text: &str) -> PyResult<String> {
    let game = game_arg(game)?;
    let text = text.to_owned();
    py.detach(move || match game {
        GameId::Kamisado => KamisadoRecord::parse_all(&text)
            .map_err(|e| PyValueError::new_err(e.to_string()))
            .and_then(|r| serde_json::to_string(&r).map_err(json_error)),
        GameId::Katarenga => KatarengaRecord::parse_all(&text)
            .map_err(|e| PyValueError::new_err(e.to_string()))
            .and_then(|r| serde_json::to_string(&r).map_err(json_error)),
        family => FamilyRecord::parse_all(&text)
            .map_err(|e| PyValueError::new_err(e.to_string()))
            .and_then(|records| {
                for (i, r) in records.iter().enumerate() {
                    of_game(r, family)
                        .map_err(|e| PyValueError::new_err(format!("record {}: {e}", i + 1)))?;
                }
                serde_json::to_string(&records).map_err(json_error)
            }),
    })
}

/// `Ok` if the family record `record` is of `game`, else what it is.
fn of_game(record: &FamilyRecord, game: GameId) -> Result<(), String> {
    let its = record.game.game();
    if its == game {
        Ok(())
    } else {
        Err(format!("a record of {its}, not {game}"))
    }
}

/// The record text of one record given in its serde form as JSON (checked
/// by replaying it; a `ValueError` says what does not hold).
#[pyfunction]
pub fn write_record(game: &str, json: &str) -> PyResult<String> {
    match game_arg(game)? {
        GameId::Kamisado => serde_json::from_str::<KamisadoRecord>(json)
            .map(|r| r.to_string())
            .map_err(json_error),
        GameId::Katarenga => serde_json::from_str::<KatarengaRecord>(json)
            .map(|r| r.to_string())
            .map_err(json_error),
        family => {
            let record = serde_json::from_str::<FamilyRecord>(json).map_err(json_error)?;
            of_game(&record, family).map_err(PyValueError::new_err)?;
            Ok(record.to_string())
        }
    }
}
