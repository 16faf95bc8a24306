//! The project's game records for Python: read (replayed and checked) into
//! their serde form, which Python reads as JSON, and written from it.

use game_records::{KamisadoRecord, KatarengaRecord};
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
        other => Err(not_yet(other)),
    })
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
        other => Err(not_yet(other)),
    }
}

/// The records of a game the package does not read yet.
fn not_yet(game: GameId) -> PyErr {
    pyo3::exceptions::PyNotImplementedError::new_err(format!(
        "{game} records are not in the Python package yet (game_records::FamilyRecord reads them)"
    ))
}
