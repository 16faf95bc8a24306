//! What the two position classes share, generated for each game by
//! [`position_class!`]: construction from the notation, text, equality,
//! hashing, pickling, moves, the outcome, perft, pictures, the action
//! encoding (mask, action numbers) and the best move; the game's own methods
//! follow. The encoding itself is each game's [`Encoding`].

use board_geometry::Player;
use game_search::Game;

/// A game's fixed encoding of actions and observations for learning (each
/// game's module documents its own), which the position classes, the
/// batches and the environments share.
pub(crate) trait Encoding: Game {
    /// The number of actions.
    const ACTIONS: usize;
    /// The observation's channels.
    const CHANNELS: usize;
    /// The most legal moves a position can have.
    const MAX_MOVES: usize;
    /// The side that moves first from the start: player 0.
    const FIRST: Player;

    /// The action number of `mv` (`None` for a move that no action names).
    fn action_of(&self, mv: Self::Move) -> Option<usize>;
    /// The move of action `action` (`None` for an action that is no move).
    fn move_of(&self, action: usize) -> Option<Self::Move>;
    /// Writes the observation for `me` into `out` (8 x 8 x `CHANNELS`).
    fn fill_observation(&self, me: Player, out: &mut [f32]);

    /// Calls `f` with the action of each legal move, in the order of
    /// [`Game::generate_moves`].
    fn for_each_action(&self, mut f: impl FnMut(usize)) {
        self.for_each_move(|mv| {
            if let Some(action) = self.action_of(mv) {
                f(action);
            }
        });
    }

    /// Whom an observation is for: `player` as [`crate::player_arg`] reads
    /// it (player 0 is [`Self::FIRST`]), the side to move without one.
    fn observer(&self, player: Option<&pyo3::Bound<'_, pyo3::PyAny>>) -> pyo3::PyResult<Player> {
        match player {
            Some(p) => crate::player_arg(p, Self::FIRST),
            None => Ok(self.side_to_move()),
        }
    }

    /// Sets `mask[a]` for every legal action.
    fn fill_mask(&self, mask: &mut [i8]) {
        self.for_each_action(|action| mask[action] = 1);
    }
}

/// The options a position is played by, as the position classes'
/// constructor, `rules` and pickling take them: the reading of the rules
/// (the game's first option field) and a second field (Kamisado's layout,
/// Isolation's supply; refused by the games without one).
pub(crate) trait Reading: Sized + core::str::FromStr<Err: std::error::Error> {
    /// The reading's name.
    fn reading(&self) -> &'static str;
    /// The same position played by the reading named `rules`; a
    /// `ValueError` says why it cannot be.
    fn read_as(self, rules: &str) -> pyo3::PyResult<Self>;
    /// The second option's value (`None` for a game without one, or whose
    /// notation holds it).
    fn layout_name(&self) -> Option<&'static str>;
    /// The same position with the second option set to `value`; a
    /// `ValueError` says why it cannot be.
    fn laid_as(self, value: &str) -> pyo3::PyResult<Self>;

    /// The position of the constructor's arguments: `text` (the start
    /// without), then the options given.
    fn from_args(
        text: Option<&str>,
        rules: Option<&str>,
        second: Option<&str>,
    ) -> pyo3::PyResult<Self>
    where
        Self: game_search::Game,
    {
        let position: Self = match text {
            Some(text) => text.parse().map_err(|e| crate::value_error(&e))?,
            None => <Self as game_search::Game>::start(),
        };
        let position = match rules {
            Some(rules) => position.read_as(rules)?,
            None => position,
        };
        match second {
            Some(value) => position.laid_as(value),
            None => Ok(position),
        }
    }
}

impl Reading for kamisado_core::Position {
    fn reading(&self) -> &'static str {
        self.rules().name()
    }

    fn read_as(self, rules: &str) -> pyo3::PyResult<Self> {
        let rules: kamisado_core::Rules = rules.parse().map_err(|e| crate::value_error(&e))?;
        Ok(self.with_rules(rules))
    }

    fn layout_name(&self) -> Option<&'static str> {
        Some(self.layout().name())
    }

    fn laid_as(self, layout: &str) -> pyo3::PyResult<Self> {
        let layout: kamisado_core::Layout = layout.parse().map_err(|e| crate::value_error(&e))?;
        Ok(self.with_layout(layout))
    }
}

impl Reading for katarenga_core::Position {
    fn reading(&self) -> &'static str {
        katarenga_core::Rules::of_position(self).name()
    }

    /// A Katarenga notation says its reading itself (its fifth field), so
    /// only that reading is taken.
    fn read_as(self, rules: &str) -> pyo3::PyResult<Self> {
        if rules == self.reading() {
            Ok(self)
        } else {
            Err(pyo3::exceptions::PyValueError::new_err(format!(
                "a katarenga position says its reading in the notation (its fifth field): this one is {}, not {rules}",
                self.reading()
            )))
        }
    }

    fn layout_name(&self) -> Option<&'static str> {
        None
    }

    fn laid_as(self, layout: &str) -> pyo3::PyResult<Self> {
        Err(pyo3::exceptions::PyValueError::new_err(format!(
            "a katarenga position's board is in its notation (its colours field), not a layout ({layout})"
        )))
    }
}

/// Defines the Python class `$name` (shown as `Position` of the Python
/// module `$module`) over the core position `$core`, with the shared
/// methods and then `$extra`.
macro_rules! position_class {
    (
        $(#[$meta:meta])*
        $name:ident($core:ty, $move:ty, $module:literal, $repr:literal, $second:ident),
        { $($extra:tt)* }
    ) => {
        $(#[$meta])*
        #[pyclass(module = $module, name = "Position", frozen)]
        #[derive(Clone, Copy)]
        pub struct $name {
            pub(crate) inner: $core,
        }

        #[pymethods]
        impl $name {
            /// A position from the notation, or the start, played by the
            /// reading of the rules named `rules` (the game's first option:
            /// default the standard rules; a Katarenga notation says its
            /// own) and the game's second option (Kamisado's board `layout`,
            /// Isolation's `supply`; the games without one refuse it).
            #[new]
            #[pyo3(signature = (text = None, rules = None, $second = None))]
            fn new(text: Option<&str>, rules: Option<&str>, $second: Option<&str>) -> PyResult<Self> {
                let inner = <$core as crate::position::Reading>::from_args(text, rules, $second)?;
                Ok($name { inner })
            }

            /// The reading of the rules the position is played by
            /// (``"standard"`` or one of ``GameSpec.readings``).
            #[getter]
            fn rules(&self) -> &'static str {
                crate::position::Reading::reading(&self.inner)
            }

            fn __str__(&self) -> String {
                self.inner.to_string()
            }

            fn __repr__(&self) -> String {
                format!(concat!($repr, "('{}')"), self.inner)
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .extract::<PyRef<'_, $name>>()
                    .is_ok_and(|o| o.inner == self.inner)
            }

            fn __hash__(&self) -> u64 {
                // Python truncates hashes; the Zobrist key is well mixed.
                self.inner.zobrist() >> 2
            }

            #[allow(clippy::type_complexity)]
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, (String, &'static str, Option<&'static str>))> {
                let inner = &slf.get().inner;
                let rules = crate::position::Reading::reading(inner);
                let layout = crate::position::Reading::layout_name(inner);
                Ok((slf.get_type().into_any(), (inner.to_string(), rules, layout)))
            }

            /// The legal moves in the move notation.
            fn legal_moves(&self) -> Vec<String> {
                self.inner
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect()
            }

            /// The position after `move`; a `ValueError` says why an illegal
            /// move is illegal.
            fn play(&self, r#move: &str) -> PyResult<Self> {
                let mv: $move = r#move.parse().map_err(|e| crate::value_error(&e))?;
                let inner = self.inner.try_play(mv).map_err(|e| crate::value_error(&e))?;
                Ok($name { inner })
            }

            /// Whether `move` is legal here.
            fn is_legal(&self, r#move: &str) -> bool {
                r#move
                    .parse::<$move>()
                    .is_ok_and(|mv| self.inner.is_legal(mv))
            }

            /// `"black"` or `"white"`.
            #[getter]
            fn side_to_move(&self) -> &'static str {
                crate::player_name(self.inner.side_to_move())
            }

            /// Whether the game (the round, in Kamisado) is over.
            #[getter]
            fn is_over(&self) -> bool {
                self.inner.is_over()
            }

            /// The winner once it is over (`"black"`/`"white"`), else `None`
            /// (also for a drawn game of the family).
            #[getter]
            fn winner(&self) -> Option<&'static str> {
                game_search::Game::winner(&self.inner).map(crate::player_name)
            }

            /// How it ended, in words; `None` while it goes on.
            #[getter]
            fn outcome(&self) -> Option<String> {
                self.inner.outcome().map(|o| o.to_string())
            }

            /// A short name of the ending: Kamisado `"arrival"`, `"deadlock"`,
            /// `"no move"`; Katarenga `"camps"`, `"too few pieces"`, `"no move"`;
            /// Congress and Quebec `"connected"`, `"both connected"` (a draw),
            /// `"no move"`, `"blocked"` (a draw); Isolation `"no move"`.
            #[getter]
            fn ending(&self) -> Option<&'static str> {
                self.inner.outcome().map(|o| o.ending())
            }

            /// The 64-bit Zobrist hash.
            #[getter]
            fn zobrist(&self) -> u64 {
                self.inner.zobrist()
            }

            /// The number of move sequences of `depth` plies (0 to 64).
            fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
                let depth = crate::int_arg("depth", depth, 0..=64)? as u32;
                let p = self.inner;
                Ok(py.detach(|| p.perft(depth)))
            }

            /// The board drawn as text.
            fn pretty(&self) -> String {
                self.inner.pretty().to_string()
            }

            /// An SVG picture; with `marks`, each square's mark for players
            /// who cannot tell the colours apart (the rules pages' "Marks
            /// for colour blindness").
            #[pyo3(signature = (marks = false))]
            fn svg(&self, marks: bool) -> String {
                let svg = self.inner.svg();
                if marks { svg.with_marks() } else { svg }.to_string()
            }

            /// The legal-action mask (`ACTIONS` bytes, 1 for a legal move).
            fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<i8>> {
                let mut mask = vec![0i8; <$core as crate::position::Encoding>::ACTIONS];
                crate::position::Encoding::fill_mask(&self.inner, &mut mask);
                numpy::PyArray1::from_vec(py, mask)
            }

            /// The action number of `move` (see the encoding).
            fn action(&self, r#move: &str) -> PyResult<usize> {
                let mv: $move = r#move.parse().map_err(|e| crate::value_error(&e))?;
                crate::position::Encoding::action_of(&self.inner, mv).ok_or_else(|| {
                    pyo3::exceptions::PyValueError::new_err(format!(
                        "{mv} moves no tower of the side to move"
                    ))
                })
            }

            /// The move of action number `action`, in the notation (it may be
            /// illegal: check the mask).
            fn move_of(&self, action: i64) -> PyResult<String> {
                let last = <$core as crate::position::Encoding>::ACTIONS as i64 - 1;
                let action = crate::int_arg("action", action, 0..=last)? as usize;
                crate::position::Encoding::move_of(&self.inner, action)
                    .map(|m| m.to_string())
                    .ok_or_else(|| {
                        pyo3::exceptions::PyValueError::new_err(format!(
                            "action {action} is not a move"
                        ))
                    })
            }

            /// The best move found by the alpha-beta search within its
            /// limits: `milliseconds` (a time: the result depends on the
            /// machine), `depth` (plies) and `nodes` (the same move on any
            /// machine), whichever comes first; 100 ms when none is given.
            #[pyo3(signature = (milliseconds = None, table_mib = 16, *, depth = None, nodes = None))]
            fn best_move(
                &self,
                py: Python<'_>,
                milliseconds: Option<i64>,
                table_mib: i64,
                depth: Option<i64>,
                nodes: Option<i64>,
            ) -> PyResult<Option<String>> {
                let limits = crate::players::limits(milliseconds, depth, nodes)?;
                let table_mib = crate::int_arg("table_mib", table_mib, 0..=crate::MAX_TABLE_MIB)?;
                let p = self.inner;
                let mut searcher = game_search::Searcher::<$core>::new(table_mib as usize)
                    .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
                Ok(py
                    .detach(|| searcher.search(&p, limits))
                    .best
                    .map(|m| m.to_string()))
            }

            /// Tries to prove who wins within `seconds`: a dict with `winner`
            /// (or `None`), `plies`, `best`, `nodes` and `seconds`. Kamisado's
            /// proof is exact (`plies`: the length of the round with best
            /// play); Katarenga's is the alpha-beta search's (`plies`: a
            /// bound, the winner wins within this many).
            #[pyo3(signature = (seconds = 10.0, table_mib = 64))]
            fn solve<'py>(
                &self,
                py: Python<'py>,
                seconds: f64,
                table_mib: i64,
            ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                crate::position::solve(py, &self.inner, seconds, table_mib)
            }

            $($extra)*
        }
    };
}

/// What `solve` found in either game.
pub(crate) struct Proof<M> {
    /// The winner with best play, if proven.
    pub(crate) winner: Option<Player>,
    /// The plies to the end with best play (or a bound on them), if proven.
    pub(crate) plies: Option<i64>,
    /// The best move found.
    pub(crate) best: Option<M>,
    /// The nodes visited.
    pub(crate) nodes: u64,
    /// The time taken.
    pub(crate) elapsed: std::time::Duration,
}

/// How a game's `solve` tries to prove who wins within its limits.
pub(crate) trait Prove: Game + Send {
    /// The proof of the position within `limits`, with a transposition
    /// table of `table_mib` MiB.
    fn prove(
        &self,
        limits: game_search::Limits,
        table_mib: usize,
    ) -> Result<Proof<Self::Move>, game_search::TableError>;
}

/// The proof of the alpha-beta search (the games without an exact prover of
/// their own): a proven score, with a bound on the game's length; a score
/// short of proof leaves the winner unknown.
pub(crate) fn search_proof<G: game_search::SearchGame>(
    position: &G,
    limits: game_search::Limits,
    table_mib: usize,
) -> Result<Proof<G::Move>, game_search::TableError> {
    let r = game_search::Searcher::<G>::new(table_mib)?.search(position, limits);
    let side = position.side_to_move();
    let winner = if r.score > game_search::PROVEN {
        Some(side)
    } else if r.score < -game_search::PROVEN {
        Some(side.opponent())
    } else {
        None
    };
    Ok(Proof {
        winner,
        plies: r.plies_to_end().map(i64::from),
        best: r.best,
        nodes: r.nodes,
        elapsed: r.elapsed,
    })
}

/// `solve` in any game: the arguments read, the proof tried without the
/// GIL, and the dict the stubs call `Solution` (`winner`, `plies`, `best`,
/// `nodes`, `seconds`).
pub(crate) fn solve<'py, G: Prove>(
    py: pyo3::Python<'py>,
    position: &G,
    seconds: f64,
    table_mib: i64,
) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyDict>>
where
    G::Move: Send + core::fmt::Display,
{
    use pyo3::types::PyDictMethods;
    let limits = game_search::Limits::time(crate::seconds_limit("seconds", seconds)?);
    let table_mib = crate::int_arg("table_mib", table_mib, 0..=crate::MAX_TABLE_MIB)? as usize;
    let proof = py
        .detach(|| position.prove(limits, table_mib))
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("winner", proof.winner.map(crate::player_name))?;
    dict.set_item("plies", proof.plies)?;
    dict.set_item("best", proof.best.map(|m| m.to_string()))?;
    dict.set_item("nodes", proof.nodes)?;
    dict.set_item("seconds", proof.elapsed.as_secs_f64())?;
    Ok(dict)
}
