//! The studies' items for `kamisado_katarenga.studies`: each function runs
//! one item of a study in Rust (`kk_apps::work`, the code the programs
//! run) without the GIL, and returns plain Python values a runner can
//! store as JSON.

use std::time::Duration;

use game_search::Limits;
use game_search::stats::Pentanomial;
use game_spec::{AnyPosition, GameId, GameSpec};
use kk_apps::solve_table::RoundStarts;
use kk_apps::work::{self, BOARDS, Contestant, Tournament};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{MAX_TABLE_MIB, int_arg, player_name, value_error};

fn failed(e: &kk_apps::cli::CliError) -> PyErr {
    value_error(e)
}

/// The boards `first` to `end` (excluded), checked.
fn board_range(first: i64, end: i64) -> PyResult<std::ops::Range<usize>> {
    let max = BOARDS as i64;
    let first = int_arg("first", first, 0..=max - 1)? as usize;
    let end = int_arg("end", end, 1..=max)? as usize;
    if end <= first {
        return Err(PyValueError::new_err(format!(
            "end ({end}) must be greater than first ({first})"
        )));
    }
    Ok(first..end)
}

/// The board map's item: the scores file's lines (``index,tiles,`` then
/// White's eight clamped scores) of boards ``first`` to ``end`` (excluded),
/// each start searched to ``depth`` from an empty table.
#[pyfunction]
pub fn study_score_boards(
    py: Python<'_>,
    first: i64,
    end: i64,
    depth: i64,
) -> PyResult<Vec<String>> {
    let range = board_range(first, end)?;
    let depth = int_arg("depth", depth, 1..=12)? as u32;
    let rows = py
        .detach(|| work::score_boards(range, depth))
        .map_err(|e| failed(&e))?;
    Ok(rows.iter().map(work::BoardScores::row).collect())
}

/// The header line of the board map's scores file.
#[pyfunction]
pub fn study_scores_header() -> String {
    kk_apps::board_study::scores_header()
}

/// The Isolation map's item: strict Isolation solved on boards ``first``
/// to ``end`` (excluded), one dict a board (``board``, ``largest``,
/// ``winner``, ``grundy``, ``best``, ``nodes``, ``micros``).
#[pyfunction]
pub fn study_isolation_boards<'py>(
    py: Python<'py>,
    first: i64,
    end: i64,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let range = board_range(first, end)?;
    let rows = py
        .detach(|| work::solve_isolation_boards(range))
        .map_err(|e| failed(&e))?;
    rows.into_iter()
        .map(|row| {
            let d = PyDict::new(py);
            d.set_item("board", row.board)?;
            d.set_item("largest", row.largest)?;
            d.set_item("winner", player_name(row.winner))?;
            d.set_item("grundy", row.grundy)?;
            d.set_item("best", row.best)?;
            d.set_item("nodes", row.nodes)?;
            d.set_item("micros", row.micros)?;
            Ok(d)
        })
        .collect()
}

/// The solving studies' item: ``position`` (``game``'s notation) solved
/// by a fresh solver with a table of ``table_mib`` MiB within ``nodes``
/// positions or ``milliseconds`` (reproducible with ``nodes`` alone); a
/// dict of ``winner`` (``None`` if unknown), ``plies``, ``best``,
/// ``variation`` (when asked for), ``nodes`` and ``seconds``.
#[pyfunction]
#[pyo3(signature = (game, position, *, nodes = None, milliseconds = None, table_mib = 64, variation = false))]
pub fn study_solve<'py>(
    py: Python<'py>,
    game: &str,
    position: &str,
    nodes: Option<i64>,
    milliseconds: Option<i64>,
    table_mib: i64,
    variation: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let id: GameId = game.parse().map_err(|e| value_error(&e))?;
    let position = AnyPosition::parse(id, position).map_err(|e| value_error(&e))?;
    let mut limits = Limits::depth(game_search::MAX_DEPTH);
    if let Some(nodes) = nodes {
        limits.nodes = int_arg("nodes", nodes, 1..=i64::MAX)? as u64;
    }
    if let Some(ms) = milliseconds {
        limits.time = Some(Duration::from_millis(
            int_arg("milliseconds", ms, 1..=i64::MAX)? as u64,
        ));
    }
    if nodes.is_none() && milliseconds.is_none() {
        return Err(PyValueError::new_err(
            "give nodes or milliseconds: an unbounded solve may never end",
        ));
    }
    let mib = int_arg("table_mib", table_mib, 1..=MAX_TABLE_MIB)? as usize;
    let s = py
        .detach(|| work::solve(&position, limits, mib, variation))
        .map_err(|e| failed(&e))?;
    let d = PyDict::new(py);
    d.set_item("winner", s.winner.map(player_name))?;
    d.set_item("plies", s.plies)?;
    d.set_item("best", s.best)?;
    d.set_item("variation", s.variation)?;
    d.set_item("nodes", s.nodes)?;
    d.set_item("seconds", s.elapsed.as_secs_f64())?;
    Ok(d)
}

/// The distinct start positions of round ``round`` of a Kamisado match
/// from seeded random games (``kk-solve-table round-starts``), with
/// exactly ``sumos`` sumo towers when given.
#[pyfunction]
#[pyo3(signature = (round, count, seed, sumos = None))]
pub fn study_round_starts(
    py: Python<'_>,
    round: i64,
    count: i64,
    seed: u64,
    sumos: Option<i64>,
) -> PyResult<Vec<String>> {
    let options = RoundStarts {
        round: int_arg("round", round, 2..=15)? as u32,
        count: int_arg("count", count, 1..=1_000_000)? as u64,
        seed,
        sumos: sumos
            .map(|k| int_arg("sumos", k, 0..=16).map(|k| k as u32))
            .transpose()?,
    };
    let starts = py
        .detach(|| work::round_starts(options))
        .map_err(|e| failed(&e))?;
    Ok(starts.iter().map(ToString::to_string).collect())
}

/// The tournament's item: pair ``index`` of colour-swapped games between
/// ``first`` and ``second`` (``random``, ``greedy``, ``depth=D``,
/// ``nodes=N``) in ``game`` (a game spec's text), from an opening of
/// ``opening_plies`` random plies drawn from ``seed`` and ``index``; a dict
/// of ``opening``, ``half_points`` (the first player's, 0 to 4) and
/// ``games`` (each ``first_moved_first``, ``half_points``, ``plies``,
/// ``ending``).
#[pyfunction]
#[pyo3(signature = (game, first, second, seed, index, *, opening_plies = 4, max_plies = 300, table_mib = 8))]
#[allow(clippy::too_many_arguments)]
pub fn study_play_pair<'py>(
    py: Python<'py>,
    game: &str,
    first: &str,
    second: &str,
    seed: u64,
    index: u64,
    opening_plies: i64,
    max_plies: i64,
    table_mib: i64,
) -> PyResult<Bound<'py, PyDict>> {
    let spec: GameSpec = game
        .parse()
        .map_err(|e: game_spec::SpecError| value_error(&e))?;
    let contestant = |name: &str, text: &str| {
        Contestant::parse(text).map_err(|e| PyValueError::new_err(format!("{name}: {e}")))
    };
    let tournament = Tournament {
        spec,
        contestants: [contestant("first", first)?, contestant("second", second)?],
        opening_plies: int_arg("opening_plies", opening_plies, 0..=200)? as u32,
        max_plies: int_arg("max_plies", max_plies, 1..=100_000)? as u32,
        table_mib: int_arg("table_mib", table_mib, 1..=MAX_TABLE_MIB)? as usize,
        seed,
    };
    let pair = py
        .detach(|| tournament.play_pair(index))
        .map_err(|e| failed(&e))?;
    let d = PyDict::new(py);
    d.set_item("opening", &pair.opening)?;
    d.set_item("half_points", pair.half_points())?;
    let games = pair
        .games
        .iter()
        .map(|g| {
            let gd = PyDict::new(py);
            gd.set_item("first_moved_first", g.first_moved_first)?;
            gd.set_item("half_points", g.half_points)?;
            gd.set_item("plies", g.plies)?;
            gd.set_item("ending", g.ending)?;
            Ok(gd)
        })
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("games", games)?;
    Ok(d)
}

/// The pentanomial statistics of colour-swapped pairs (``counts[k]``: the
/// pairs in which the first player scored ``k`` half-points): ``(score,
/// elo, low, high)``, the mean score of a game, the Elo difference and its
/// 95% interval (infinite bounds where the interval reaches 0 or 1).
#[pyfunction]
pub fn pentanomial(counts: [u32; 5]) -> (f64, f64, f64, f64) {
    let pairs = Pentanomial { counts };
    let (elo, (low, high)) = pairs.elo();
    (pairs.score(), elo, low, high)
}
