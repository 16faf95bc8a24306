//! The native module of the `kamisado_katarenga` Python package: the five
//! games' engines, their action and observation encodings, and batched play. The
//! Python side (`python/kamisado_katarenga`) wraps it in the modules users
//! import.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod batch;
#[macro_use]
mod position;
mod family;
mod kamisado;
mod katarenga;
mod players;
mod records;
mod spec;
mod studies;

/// `"black"` or `"white"`.
pub(crate) fn player_name(player: board_geometry::Player) -> &'static str {
    match player {
        board_geometry::Player::Black => "black",
        board_geometry::Player::White => "white",
    }
}

/// A `ValueError` carrying the Rust error and its causes.
pub(crate) fn value_error(e: &dyn std::error::Error) -> PyErr {
    PyValueError::new_err(board_geometry::ErrorChain(e).to_string())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Each class is named as its game's module shows it (`help()` says
    // `kamisado_katarenga.kamisado.Position`); here each game's classes
    // are told apart by a prefix.
    let py = m.py();
    m.add("KamisadoPosition", py.get_type::<kamisado::PyPosition>())?;
    m.add("KamisadoMatch", py.get_type::<kamisado::PyMatch>())?;
    m.add(
        "KamisadoSetupChart",
        py.get_type::<kamisado::PySetupChart>(),
    )?;
    m.add("KatarengaPosition", py.get_type::<katarenga::PyPosition>())?;
    m.add("KatarengaBoard", py.get_type::<katarenga::PyBoard>())?;
    m.add("KatarengaRematch", py.get_type::<katarenga::PyRematch>())?;
    m.add("CongressPosition", py.get_type::<family::PyCongress>())?;
    m.add("QuebecPosition", py.get_type::<family::PyQuebec>())?;
    m.add("IsolationPosition", py.get_type::<family::PyIsolation>())?;
    m.add("KamisadoBatch", py.get_type::<batch::KamisadoBatch>())?;
    m.add("KatarengaBatch", py.get_type::<batch::KatarengaBatch>())?;
    m.add("CongressBatch", py.get_type::<batch::CongressBatch>())?;
    m.add("QuebecBatch", py.get_type::<batch::QuebecBatch>())?;
    m.add("IsolationBatch", py.get_type::<batch::IsolationBatch>())?;
    m.add_class::<players::PyPlayer>()?;
    m.add_class::<spec::PyGameSpec>()?;
    m.add_function(wrap_pyfunction!(spec::start, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_records, m)?)?;
    m.add_function(wrap_pyfunction!(records::write_record, m)?)?;
    m.add_function(wrap_pyfunction!(studies::study_score_boards, m)?)?;
    m.add_function(wrap_pyfunction!(studies::study_isolation_boards, m)?)?;
    m.add_function(wrap_pyfunction!(studies::study_scores_header, m)?)?;
    m.add_function(wrap_pyfunction!(studies::study_solve, m)?)?;
    m.add_function(wrap_pyfunction!(studies::study_round_starts, m)?)?;
    m.add_function(wrap_pyfunction!(studies::study_play_pair, m)?)?;
    m.add_function(wrap_pyfunction!(studies::pentanomial, m)?)?;
    m.add("KAMISADO_ACTIONS", kamisado::ACTIONS)?;
    m.add("KAMISADO_CHANNELS", kamisado::CHANNELS)?;
    m.add("KAMISADO_MAX_MOVES", kamisado_core::MAX_MOVES)?;
    m.add("KATARENGA_ACTIONS", katarenga::ACTIONS)?;
    m.add("KATARENGA_CHANNELS", katarenga::CHANNELS)?;
    m.add("KATARENGA_MAX_MOVES", katarenga_core::MAX_MOVES)?;
    m.add("STEP_ACTIONS", family::STEP_ACTIONS)?;
    m.add("STEP_PASS", family::PASS)?;
    m.add("STEP_CHANNELS", family::STEP_CHANNELS)?;
    m.add("FAMILY_MAX_MOVES", katarenga_family::MAX_MOVES)?;
    m.add("DROP_ACTIONS", family::DROP_ACTIONS)?;
    m.add("DROP_CHANNELS", family::DROP_CHANNELS)?;
    m.add("KAMISADO_EDGE_A", kamisado::EDGE_A)?;
    m.add("KAMISADO_EDGE_H", kamisado::EDGE_H)?;
    Ok(())
}

/// The player named by `player`: `"black"` or `"white"`, or the player
/// index of the environments and batches (0 the side that moves first in
/// the game, `first`; 1 the other).
pub(crate) fn player_arg(
    player: &Bound<'_, PyAny>,
    first: board_geometry::Player,
) -> PyResult<board_geometry::Player> {
    if let Ok(name) = player.extract::<String>() {
        return name.parse().map_err(|e| value_error(&e));
    }
    if !player.is_instance_of::<pyo3::types::PyBool>() {
        if let Ok(index) = player.extract::<i64>() {
            return match index {
                0 => Ok(first),
                1 => Ok(first.opponent()),
                _ => Err(PyValueError::new_err(format!(
                    "player must be \"black\", \"white\", 0 or 1, not {index}"
                ))),
            };
        }
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "player must be \"black\", \"white\", 0 or 1, not {}",
        player.repr()?
    )))
}

/// A time limit of `seconds` (no limit for an infinite or huge number); a
/// `ValueError` naming the argument for a negative number or NaN.
pub(crate) fn seconds_limit(name: &str, seconds: f64) -> PyResult<std::time::Duration> {
    if seconds.is_nan() || seconds < 0.0 {
        return Err(PyValueError::new_err(format!(
            "{name} must be a number of seconds of at least 0, not {seconds}"
        )));
    }
    Ok(std::time::Duration::try_from_secs_f64(seconds).unwrap_or(std::time::Duration::MAX))
}

/// `value` if it lies in `range`, else a `ValueError` that names the
/// argument and the range. Integer arguments are taken as `i64` and checked
/// here, so that a negative number gets this message rather than pyo3's
/// `OverflowError` about unsigned integers (a float is refused by pyo3
/// itself, with the argument's name).
pub(crate) fn int_arg(
    name: &str,
    value: i64,
    range: std::ops::RangeInclusive<i64>,
) -> PyResult<i64> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(PyValueError::new_err(format!(
            "{name} must be an integer from {} to {}, not {value}",
            range.start(),
            range.end()
        )))
    }
}

/// The largest transposition table an argument may ask for, in MiB.
pub(crate) const MAX_TABLE_MIB: i64 = 1 << 20;
