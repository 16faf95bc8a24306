//! The native module of the `kamisado_katarenga` Python package: both
//! engines, their action and observation encodings, and batched play. The
//! Python side (`python/kamisado_katarenga`) wraps it in the modules users
//! import.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod batch;
#[macro_use]
mod position;
mod kamisado;
mod katarenga;

/// `"black"` or `"white"`.
pub(crate) fn player_name(player: board_geometry::Player) -> &'static str {
    match player {
        board_geometry::Player::Black => "black",
        board_geometry::Player::White => "white",
    }
}

/// A `ValueError` carrying the Rust error and its causes.
pub(crate) fn value_error(e: &dyn std::error::Error) -> PyErr {
    PyValueError::new_err(board_geometry::notation::ErrorChain(e).to_string())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<kamisado::PyPosition>()?;
    m.add_class::<kamisado::PyMatch>()?;
    m.add_class::<katarenga::PyPosition>()?;
    m.add_class::<katarenga::PyBoard>()?;
    m.add_class::<katarenga::PyRematch>()?;
    m.add_class::<batch::KamisadoBatch>()?;
    m.add_class::<batch::KatarengaBatch>()?;
    m.add("KAMISADO_ACTIONS", kamisado::ACTIONS)?;
    m.add("KAMISADO_CHANNELS", kamisado::CHANNELS)?;
    m.add("KAMISADO_MAX_MOVES", kamisado_core::MAX_MOVES)?;
    m.add("KATARENGA_ACTIONS", katarenga::ACTIONS)?;
    m.add("KATARENGA_CHANNELS", katarenga::CHANNELS)?;
    m.add("KATARENGA_MAX_MOVES", katarenga_core::MAX_MOVES)?;
    m.add("KAMISADO_EDGE_A", kamisado::EDGE_A)?;
    m.add("KAMISADO_EDGE_H", kamisado::EDGE_H)?;
    Ok(())
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
