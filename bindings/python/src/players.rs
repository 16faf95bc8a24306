//! Reproducible opponents for Python: the random and greedy players
//! (seeded) and the search with a depth or node limit, through
//! `game_search`'s agents, for either game.

use std::sync::Mutex;
use std::time::Duration;

use game_search::{Agent, GreedyAgent, Limits, RandomAgent, SearchAgent};
use kamisado_core::{Edge, MatchState};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::{MAX_TABLE_MIB, family, int_arg, kamisado, katarenga};

/// Search limits from the Python arguments: a time, a depth, a node count,
/// whichever comes first; 100 ms when none is given.
pub(crate) fn limits(
    milliseconds: Option<i64>,
    depth: Option<i64>,
    nodes: Option<i64>,
) -> PyResult<Limits> {
    let mut limits = Limits::depth(game_search::MAX_DEPTH);
    if let Some(depth) = depth {
        let max = i64::from(game_search::MAX_DEPTH);
        limits.depth = int_arg("depth", depth, 1..=max)? as u32;
    }
    if let Some(nodes) = nodes {
        limits.nodes = int_arg("nodes", nodes, 1..=i64::MAX)? as u64;
    }
    match milliseconds {
        Some(ms) => {
            let ms = int_arg("milliseconds", ms, 0..=i64::MAX)? as u64;
            limits.time = Some(Duration::from_millis(ms));
        }
        None if depth.is_none() && nodes.is_none() => {
            limits.time = Some(Duration::from_millis(100));
        }
        None => {}
    }
    Ok(limits)
}

/// What kind of player, with its settings.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Random(u64),
    Greedy(u64),
    Search(Limits, usize),
}

type Boxed<G> = Box<dyn Agent<G> + Send>;

fn make<G: game_search::SearchGame + 'static>(kind: Kind) -> PyResult<Boxed<G>> {
    Ok(match kind {
        Kind::Random(seed) => Box::new(RandomAgent::new(seed)),
        Kind::Greedy(seed) => Box::new(GreedyAgent::new(seed)),
        Kind::Search(limits, mib) => Box::new(
            SearchAgent::<G>::new(limits, mib).map_err(|e| PyValueError::new_err(e.to_string()))?,
        ),
    })
}

/// A computer player of either game: `Player.random(seed)`,
/// `Player.greedy(seed)` (the best move one ply ahead, ties broken by the
/// seed) or `Player.search(depth=..., nodes=..., milliseconds=...)`. With
/// a seed, a depth or a node limit, the same positions get the same moves
/// on any machine; a time limit depends on the machine. A player keeps its
/// state (its random sequence, its search table) from move to move, one
/// per game.
#[pyclass(module = "kamisado_katarenga", name = "Player")]
pub struct PyPlayer {
    kind: Kind,
    kamisado: Mutex<Option<Boxed<kamisado_core::Position>>>,
    katarenga: Mutex<Option<Boxed<katarenga_core::Position>>>,
    congress: Mutex<Option<Boxed<katarenga_family::Congress>>>,
    quebec: Mutex<Option<Boxed<katarenga_family::Quebec>>>,
    isolation: Mutex<Option<Boxed<katarenga_family::Isolation>>>,
}

impl PyPlayer {
    fn new(kind: Kind) -> PyPlayer {
        PyPlayer {
            kind,
            kamisado: Mutex::new(None),
            katarenga: Mutex::new(None),
            congress: Mutex::new(None),
            quebec: Mutex::new(None),
            isolation: Mutex::new(None),
        }
    }
}

/// Runs `f` with the player's agent for game `G`, made at first use.
fn with_agent<G: game_search::SearchGame + 'static, T>(
    slot: &Mutex<Option<Boxed<G>>>,
    kind: Kind,
    f: impl FnOnce(&mut Boxed<G>) -> T,
) -> PyResult<T> {
    let mut guard = slot
        .lock()
        .map_err(|_| PyValueError::new_err("the player failed in an earlier call"))?;
    if guard.is_none() {
        *guard = Some(make::<G>(kind)?);
    }
    Ok(f(guard.as_mut().expect("just made")))
}

fn seed_arg(seed: i64) -> PyResult<u64> {
    Ok(int_arg("seed", seed, 0..=i64::MAX)? as u64)
}

#[pymethods]
impl PyPlayer {
    /// A player that picks a legal move uniformly at random (seeded).
    #[staticmethod]
    #[pyo3(signature = (seed = 0))]
    fn random(seed: i64) -> PyResult<Self> {
        Ok(PyPlayer::new(Kind::Random(seed_arg(seed)?)))
    }

    /// A player that plays the best move one ply ahead by the engine's
    /// evaluation (a win at once if there is one), ties broken by the seed.
    #[staticmethod]
    #[pyo3(signature = (seed = 0))]
    fn greedy(seed: i64) -> PyResult<Self> {
        Ok(PyPlayer::new(Kind::Greedy(seed_arg(seed)?)))
    }

    /// The alpha-beta search with the given limits, whichever comes first
    /// (`depth` in plies, `nodes`, `milliseconds`; 100 ms when none is
    /// given), and a table of `table_mib` MiB.
    #[staticmethod]
    #[pyo3(signature = (milliseconds = None, *, depth = None, nodes = None, table_mib = 16))]
    fn search(
        milliseconds: Option<i64>,
        depth: Option<i64>,
        nodes: Option<i64>,
        table_mib: i64,
    ) -> PyResult<Self> {
        let limits = limits(milliseconds, depth, nodes)?;
        let mib = int_arg("table_mib", table_mib, 0..=MAX_TABLE_MIB)? as usize;
        Ok(PyPlayer::new(Kind::Search(limits, mib)))
    }

    /// The player's move in `position` (a position of any of the games
    /// modules), or `None` when the game is over.
    fn choose(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        // Each game's agent, made on first use.
        fn pick<G: game_search::SearchGame + Send + 'static>(
            py: Python<'_>,
            slot: &Mutex<Option<Boxed<G>>>,
            kind: Kind,
            p: G,
        ) -> PyResult<Option<String>>
        where
            G::Move: Send,
        {
            py.detach(|| with_agent(slot, kind, |a| a.choose(&p)))
                .map(|m| m.map(|m| m.to_string()))
        }
        if let Ok(p) = position.cast::<kamisado::PyPosition>() {
            return pick(py, &self.kamisado, self.kind, p.get().inner);
        }
        if let Ok(p) = position.cast::<katarenga::PyPosition>() {
            return pick(py, &self.katarenga, self.kind, p.get().inner);
        }
        if let Ok(p) = position.cast::<family::PyCongress>() {
            return pick(py, &self.congress, self.kind, p.get().inner);
        }
        if let Ok(p) = position.cast::<family::PyQuebec>() {
            return pick(py, &self.quebec, self.kind, p.get().inner);
        }
        if let Ok(p) = position.cast::<family::PyIsolation>() {
            return pick(py, &self.isolation, self.kind, p.get().inner);
        }
        Err(PyTypeError::new_err(format!(
            "position must be the Position of one of the games' modules (kamisado, katarenga, congress, quebec, isolation), not {}",
            position.get_type().name()?
        )))
    }

    /// The refill edge this player chooses in a Kamisado match waiting for
    /// its choice (`"a"` or `"h"`), having seen the next round's start
    /// from each.
    fn choose_edge(&self, py: Python<'_>, r#match: &kamisado::PyMatch) -> PyResult<&'static str> {
        let m = r#match.inner;
        let MatchState::ChooseEdge { chooser } = m.state() else {
            return Err(PyValueError::new_err(
                "the match is not waiting for an edge choice",
            ));
        };
        let starts: Vec<kamisado_core::Position> = Edge::ALL
            .iter()
            .map(|&e| m.next_round_start(e).expect("an edge choice is pending"))
            .collect();
        let pick = py.detach(|| {
            with_agent(&self.kamisado, self.kind, |a| {
                a.choose_start(chooser, &starts)
            })
        })?;
        Ok(match Edge::ALL[pick % Edge::ALL.len()] {
            Edge::AFile => "a",
            Edge::HFile => "h",
        })
    }

    /// The edge at which Black sits on a Katarenga `board` laid on the
    /// table (`"bottom"`, `"right"`, `"top"` or `"left"`), as this player
    /// chooses it under `rules` (`"standard"` or `"no-first-capture"`).
    #[pyo3(signature = (board, rules = "standard"))]
    fn choose_orientation(
        &self,
        py: Python<'_>,
        board: &katarenga::PyBoard,
        rules: &str,
    ) -> PyResult<String> {
        let rules: katarenga_core::Rules = rules.parse().map_err(|e| crate::value_error(&e))?;
        let setup = katarenga_core::Setup::new(board.inner, rules);
        let orientation = py.detach(|| {
            with_agent(&self.katarenga, self.kind, |a| {
                game_search::play::choose_orientation(a.as_mut(), &setup)
            })
        })?;
        Ok(orientation.to_string())
    }

    fn __repr__(&self) -> String {
        match self.kind {
            Kind::Random(seed) => format!("Player.random(seed={seed})"),
            Kind::Greedy(seed) => format!("Player.greedy(seed={seed})"),
            Kind::Search(l, mib) => {
                let mut parts = Vec::new();
                if let Some(t) = l.time {
                    parts.push(format!("milliseconds={}", t.as_millis()));
                }
                if l.depth < game_search::MAX_DEPTH {
                    parts.push(format!("depth={}", l.depth));
                }
                if l.nodes < u64::MAX {
                    parts.push(format!("nodes={}", l.nodes));
                }
                parts.push(format!("table_mib={mib}"));
                format!("Player.search({})", parts.join(", "))
            }
        }
    }
}
