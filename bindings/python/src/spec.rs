//! `GameSpec` for Python: the one description of a game (which game, under
//! which rules, from which set-up) in its one text form, from `game-spec`.

use game_spec::{AnyPosition, GameId, GameSpec};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// A game as every door of the project names it: which game, under which
/// reading of the rules, from which set-up, e.g.
/// ``GameSpec("katarenga rules=no-first-capture")``; ``str()`` gives the
/// canonical text, which reads back as the same spec.
#[pyclass(module = "kamisado_katarenga", name = "GameSpec", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyGameSpec {
    inner: GameSpec,
}

#[pymethods]
impl PyGameSpec {
    /// Reads the text form; a ``ValueError`` says what is wrong and at
    /// which byte. Without ``text``: a single Kamisado round. With
    /// ``seed``, what the text leaves to chance (``layout=random``) is
    /// drawn from it; without, ``random`` is refused.
    #[new]
    #[pyo3(signature = (text = None, seed = None))]
    fn new(text: Option<&str>, seed: Option<u64>) -> PyResult<Self> {
        let inner = match (text, seed) {
            (Some(text), None) => text.parse(),
            (Some(text), Some(seed)) => GameSpec::parse_drawing(text, seed),
            (None, _) => Ok(GameSpec::default()),
        };
        let inner =
            inner.map_err(|e: game_spec::SpecError| PyValueError::new_err(e.to_string()))?;
        Ok(PyGameSpec { inner })
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("GameSpec('{}')", self.inner)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().inner.to_string(),)))
    }

    /// The game's name: ``"kamisado"``, ``"katarenga"``, ``"congress"``,
    /// ``"quebec"`` or ``"isolation"``.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game().name()
    }

    /// The reading of the rules (``"standard"``, ``"no-first-capture"``).
    #[getter]
    fn rules(&self) -> &'static str {
        self.inner.rules()
    }

    /// Kamisado: the points that win the match (1: a single round);
    /// ``None`` for Katarenga.
    #[getter]
    fn target(&self) -> Option<u32> {
        match self.inner {
            GameSpec::Kamisado { target, .. } => Some(target.points()),
            _ => None,
        }
    }

    /// Kamisado: the board's layout (``"standard"``, ``"turned"``,
    /// ``"mirrored"``, ``"mirrored-turned"``); ``None`` for Katarenga.
    #[getter]
    fn layout(&self) -> Option<&'static str> {
        match self.inner {
            GameSpec::Kamisado { layout, .. } => Some(layout.name()),
            _ => None,
        }
    }

    /// The games on a Katarenga board: the board as laid
    /// (``"standard"``, four tiles, or the colours field); ``None`` for
    /// Kamisado.
    #[getter]
    fn board(&self) -> Option<String> {
        self.inner.board().map(|board| board.to_string())
    }

    /// The start position: a ``Position`` of the game's module
    /// (``kamisado.Position``, ..., ``isolation.Position``).
    fn start(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        position_to_py(py, self.inner.start())
    }

    /// The names of the games.
    #[staticmethod]
    fn games() -> Vec<&'static str> {
        GameId::ALL.iter().map(|g| g.name()).collect()
    }

    /// The readings of the rules ``game`` can be played by, the default
    /// first.
    #[staticmethod]
    fn readings(game: &str) -> PyResult<Vec<&'static str>> {
        Ok(game_arg(game)?.readings().to_vec())
    }

    /// The board layouts ``game`` can be played on, the default first
    /// (none for Katarenga, whose board is a spec's ``board``).
    #[staticmethod]
    fn layouts(game: &str) -> PyResult<Vec<&'static str>> {
        Ok(game_arg(game)?.layouts().to_vec())
    }
}

/// The game named `game`; a ``ValueError`` for another name.
fn game_arg(game: &str) -> PyResult<GameId> {
    game.parse()
        .map_err(|e: game_spec::UnknownGame| PyValueError::new_err(e.to_string()))
}

/// The start position of the game ``spec`` describes, given as a
/// ``GameSpec`` or its text form: a ``Position`` of the game's module
/// (``kamisado.Position``, ..., ``isolation.Position``). A ``ValueError`` says what is wrong in the text
/// and at which byte; a ``TypeError`` is raised for anything else.
#[pyfunction]
pub(crate) fn start(py: Python<'_>, spec: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    position_to_py(py, spec_arg(spec)?.start())
}

/// A ``GameSpec`` or its text form, as the functions that take a spec
/// read it.
pub(crate) fn spec_arg(spec: &Bound<'_, PyAny>) -> PyResult<GameSpec> {
    if let Ok(spec) = spec.extract::<PyRef<'_, PyGameSpec>>() {
        Ok(spec.inner)
    } else if let Ok(text) = spec.extract::<String>() {
        Ok(PyGameSpec::new(Some(&text), None)?.inner)
    } else {
        Err(PyTypeError::new_err(format!(
            "spec must be a GameSpec or its text, not {}",
            spec.repr()?
        )))
    }
}

/// A position of any game as its Python class.
fn position_to_py(py: Python<'_>, position: AnyPosition) -> PyResult<Py<PyAny>> {
    Ok(match position {
        AnyPosition::Kamisado(inner) => {
            Py::new(py, crate::kamisado::PyPosition { inner })?.into_any()
        }
        AnyPosition::Katarenga(inner) => {
            Py::new(py, crate::katarenga::PyPosition { inner })?.into_any()
        }
        AnyPosition::Congress(inner) => {
            Py::new(py, crate::family::PyCongress { inner })?.into_any()
        }
        AnyPosition::Quebec(inner) => Py::new(py, crate::family::PyQuebec { inner })?.into_any(),
        AnyPosition::Isolation(inner) => {
            Py::new(py, crate::family::PyIsolation { inner })?.into_any()
        }
    })
}
