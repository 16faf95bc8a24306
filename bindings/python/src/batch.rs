//! Batched play: N games stepped together in Rust, so that self-play and
//! training loops pay one Python call per batch, not per move.

use board_geometry::{Player, SplitMix64};
use game_search::Game;
use numpy::prelude::*;
use numpy::{PyArray1, PyArray2, PyArray4, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::kamisado;
use crate::position::Encoding;

/// What the batch needs of a game: a position of either game (by its
/// [`Encoding`]), or a Kamisado match.
trait BatchGame: Copy + Send {
    const ACTIONS: usize;
    const CHANNELS: usize;
    /// The most legal moves a position can have.
    const MAX_MOVES: usize;
    /// The side that moves first from the start: player 0.
    const FIRST: Player;
    fn side(&self) -> Player;
    fn winner(&self) -> Option<Player>;
    /// Whether the game is over (won, or drawn by the rules).
    fn is_over(&self) -> bool;
    fn fill_mask(&self, mask: &mut [i8]);
    fn legal_actions(&self, out: &mut [i32]) -> usize;
    fn play_action(&self, action: usize) -> Option<Self>;
    fn fill_observation(&self, out: &mut [f32]);
    /// The game in the notation (a match: its current position).
    fn notation(&self) -> String;
}

impl<P: Encoding> BatchGame for P {
    const ACTIONS: usize = P::ACTIONS;
    const CHANNELS: usize = P::CHANNELS;
    const MAX_MOVES: usize = P::MAX_MOVES;
    const FIRST: Player = P::FIRST;

    fn side(&self) -> Player {
        self.side_to_move()
    }

    fn winner(&self) -> Option<Player> {
        Game::winner(self)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn fill_mask(&self, mask: &mut [i8]) {
        Encoding::fill_mask(self, mask);
    }

    fn legal_actions(&self, out: &mut [i32]) -> usize {
        let mut n = 0;
        self.for_each_action(|action| {
            out[n] = action as i32;
            n += 1;
        });
        n
    }

    fn play_action(&self, action: usize) -> Option<Self> {
        let mv = self.move_of(action)?;
        self.is_legal(mv).then(|| self.play_unchecked(mv))
    }

    fn fill_observation(&self, out: &mut [f32]) {
        Encoding::fill_observation(self, self.side_to_move(), out);
    }

    fn notation(&self) -> String {
        self.to_string()
    }
}

/// A Kamisado match in a batch: rounds to the target, the round's winner
/// choosing the refill edge (actions `EDGE_A`, `EDGE_H`) between them; the
/// game ends (terminated, +1 / -1) when the match does. A match to 1 point
/// is a single round.
impl BatchGame for kamisado_core::Match {
    const ACTIONS: usize = kamisado::ACTIONS;
    const CHANNELS: usize = kamisado::CHANNELS;
    const MAX_MOVES: usize = kamisado_core::MAX_MOVES;
    const FIRST: Player = Player::Black;

    fn side(&self) -> Player {
        kamisado::match_actor(self)
    }

    fn winner(&self) -> Option<Player> {
        kamisado_core::Match::winner(self)
    }

    fn is_over(&self) -> bool {
        kamisado_core::Match::winner(self).is_some()
    }

    fn fill_mask(&self, mask: &mut [i8]) {
        kamisado::fill_match_mask(self, mask);
    }

    fn legal_actions(&self, out: &mut [i32]) -> usize {
        match self.state() {
            kamisado_core::MatchState::InRound => BatchGame::legal_actions(self.position(), out),
            kamisado_core::MatchState::ChooseEdge { .. } => {
                out[0] = kamisado::EDGE_A as i32;
                out[1] = kamisado::EDGE_H as i32;
                2
            }
            kamisado_core::MatchState::DrawSetups { .. }
            | kamisado_core::MatchState::Over { .. } => 0,
        }
    }

    fn play_action(&self, action: usize) -> Option<Self> {
        let mut next = *self;
        kamisado::apply_match_action(&mut next, action).ok()?;
        Some(next)
    }

    fn fill_observation(&self, out: &mut [f32]) {
        kamisado::fill_match_observation(self, kamisado::match_actor(self), out);
    }

    fn notation(&self) -> String {
        self.position().to_string()
    }
}

/// What one step of a batch returns, game by game.
struct Steps {
    /// The reward of the player who moved: +1 won, -1 lost, 0 otherwise
    /// (a draw too).
    rewards: Vec<f32>,
    /// The game ended by the rules (and restarted).
    terminated: Vec<bool>,
    /// The game reached the ply limit (and restarted).
    truncated: Vec<bool>,
}

/// The games of a batch, their starts and ply counts.
struct Batch<G> {
    games: Vec<G>,
    plies: Vec<u32>,
    max_plies: u32,
    /// Makes a new game.
    start: Box<dyn FnMut() -> G + Send + Sync>,
}

impl<G: BatchGame> Batch<G> {
    fn new(n: usize, max_plies: u32, mut start: Box<dyn FnMut() -> G + Send + Sync>) -> Batch<G> {
        Batch {
            games: (0..n).map(|_| start()).collect(),
            plies: vec![0; n],
            max_plies,
            start,
        }
    }

    fn reset(&mut self) {
        for (game, plies) in self.games.iter_mut().zip(&mut self.plies) {
            *game = (self.start)();
            *plies = 0;
        }
    }

    /// Plays one action in every game; returns the rewards of the players
    /// who moved, and which games ended (and restarted). Checks every action
    /// before playing any: on an error no game has moved.
    fn step(&mut self, actions: &[i64]) -> Result<Steps, String> {
        if actions.len() != self.games.len() {
            return Err(format!(
                "{} actions for {} games",
                actions.len(),
                self.games.len()
            ));
        }
        let nexts = self
            .games
            .iter()
            .zip(actions)
            .enumerate()
            .map(|(i, (game, &action))| {
                usize::try_from(action)
                    .ok()
                    .and_then(|a| game.play_action(a))
                    .ok_or_else(|| format!("game {i}: action {action} is not legal"))
            })
            .collect::<Result<Vec<G>, String>>()?;
        let n = self.games.len();
        let mut steps = Steps {
            rewards: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
        };
        for (i, next) in nexts.into_iter().enumerate() {
            let mover = self.games[i].side();
            self.plies[i] += 1;
            if next.is_over() {
                steps.rewards[i] = match next.winner() {
                    Some(winner) if winner == mover => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
                steps.terminated[i] = true;
            } else if self.plies[i] >= self.max_plies {
                steps.truncated[i] = true;
            }
            if steps.terminated[i] || steps.truncated[i] {
                self.games[i] = (self.start)();
                self.plies[i] = 0;
            } else {
                self.games[i] = next;
            }
        }
        Ok(steps)
    }

    /// Writes the masks of the games into `out` (N x ACTIONS, zeroed).
    fn fill_masks(&self, out: &mut [i8]) {
        for (game, mask) in self.games.iter().zip(out.chunks_mut(G::ACTIONS)) {
            game.fill_mask(mask);
        }
    }

    /// Writes the legal actions of each game into a row of `out` (N x
    /// MAX_MOVES, padded with -1) and their number into `counts`.
    fn fill_legal_actions(&self, out: &mut [i32], counts: &mut [i32]) {
        out.fill(-1);
        for ((game, row), count) in self
            .games
            .iter()
            .zip(out.chunks_mut(G::MAX_MOVES))
            .zip(counts)
        {
            *count = game.legal_actions(row) as i32;
        }
    }

    /// Writes the observations into `out` (N x 64 x CHANNELS).
    fn fill_observations(&self, out: &mut [f32]) {
        for (game, obs) in self.games.iter().zip(out.chunks_mut(64 * G::CHANNELS)) {
            game.fill_observation(obs);
        }
    }

    /// The player to move in each game: 0 for the first mover, 1 for the
    /// other (the project's player numbers, PettingZoo's and OpenSpiel's).
    fn players(&self) -> Vec<i8> {
        self.games
            .iter()
            .map(|g| i8::from(g.side() != G::FIRST))
            .collect()
    }
}

/// A batch of any game, behind one pointer: the Kamisado class holds
/// single rounds (the fast path) or whole matches.
trait AnyBatch: Send + Sync {
    fn reset(&mut self);
    fn len(&self) -> usize;
    fn step(&mut self, actions: &[i64]) -> Result<Steps, String>;
    fn fill_masks(&self, out: &mut [i8]);
    fn fill_legal_actions(&self, out: &mut [i32], counts: &mut [i32]);
    fn fill_observations(&self, out: &mut [f32]);
    fn players(&self) -> Vec<i8>;
    fn notations(&self) -> Vec<String>;
}

impl<G: BatchGame + Sync> AnyBatch for Batch<G> {
    fn reset(&mut self) {
        Batch::reset(self);
    }

    fn len(&self) -> usize {
        self.games.len()
    }

    fn step(&mut self, actions: &[i64]) -> Result<Steps, String> {
        Batch::step(self, actions)
    }

    fn fill_masks(&self, out: &mut [i8]) {
        Batch::fill_masks(self, out);
    }

    fn fill_legal_actions(&self, out: &mut [i32], counts: &mut [i32]) {
        Batch::fill_legal_actions(self, out, counts);
    }

    fn fill_observations(&self, out: &mut [f32]) {
        Batch::fill_observations(self, out);
    }

    fn players(&self) -> Vec<i8> {
        Batch::players(self)
    }

    fn notations(&self) -> Vec<String> {
        self.games.iter().map(BatchGame::notation).collect()
    }
}

/// The most games a batch may hold.
const MAX_GAMES: i64 = 1 << 24;

/// A batch's size and ply limit, checked: at least one game (at most
/// [`MAX_GAMES`]), and a ply limit of at least one ply.
fn batch_size(n: i64, max_plies: i64) -> PyResult<(usize, u32)> {
    let n = crate::int_arg("n", n, 1..=MAX_GAMES)? as usize;
    let max_plies = crate::int_arg("max_plies", max_plies, 1..=i64::from(u32::MAX))? as u32;
    Ok((n, max_plies))
}

/// The starts of a batch of a game on a Katarenga board: `start` on the
/// standard board, or on tile boards drawn from `seed` with
/// `random_boards`.
fn board_starts<G: 'static>(
    random_boards: bool,
    seed: i64,
    start: impl Fn(katarenga_core::Board) -> G + Send + Sync + 'static,
) -> PyResult<Box<dyn FnMut() -> G + Send + Sync>> {
    let seed = crate::int_arg("seed", seed, 0..=i64::MAX)? as u64;
    let mut rng = SplitMix64::new(seed);
    Ok(if random_boards {
        Box::new(move || {
            let index = rng.below(katarenga_core::TilePlacement::ARRANGEMENTS as usize) as u32;
            let placements = katarenga_core::TilePlacement::arrangement(index)
                .expect("an index below ARRANGEMENTS");
            let board = katarenga_core::Board::from_tiles(placements)
                .expect("an arrangement uses each tile once");
            start(board)
        })
    } else {
        Box::new(move || start(katarenga_core::Board::standard()))
    })
}

/// A fresh array is always contiguous; this never happens.
fn not_contiguous(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

type StepResult<'py> = (
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
);

/// Generates the Python class of a batch of one game.
macro_rules! batch_class {
    ($name:ident, $module:literal, $game:ty, { $($constructor:tt)* }) => {
        /// A batch of games stepped together (see the module docs).
        #[pyclass(module = $module, name = "Batch")]
        pub struct $name {
            batch: Box<dyn AnyBatch>,
        }

        #[pymethods]
        impl $name {
            $($constructor)*

            /// Restarts every game.
            fn reset(&mut self) {
                self.batch.reset();
            }

            /// The number of games.
            fn __len__(&self) -> usize {
                self.batch.len()
            }

            /// Plays `actions[i]` in game `i` (an int64 array of length N, or
            /// any sequence of N integers);
            /// returns `(rewards, terminated, truncated)`: the reward of the
            /// player who moved (+1 won, -1 lost, 0 otherwise), whether the
            /// game ended by the rules, whether it reached the ply limit.
            /// Finished games restart at once.
            fn step<'py>(
                &mut self,
                py: Python<'py>,
                actions: &Bound<'py, PyAny>,
            ) -> PyResult<StepResult<'py>> {
                // A contiguous int64 array is read in place; any other
                // sequence of integers (an int32 array, a strided view, a
                // list) is converted.
                let array = actions.extract::<PyReadonlyArray1<'py, i64>>().ok();
                let owned: Vec<i64>;
                let actions = match array.as_ref().and_then(|a| a.as_slice().ok()) {
                    Some(slice) => slice,
                    None => {
                        owned = actions.extract()?;
                        &owned
                    }
                };
                let steps = self.batch.step(actions).map_err(PyValueError::new_err)?;
                Ok((
                    PyArray1::from_vec(py, steps.rewards),
                    PyArray1::from_vec(py, steps.terminated),
                    PyArray1::from_vec(py, steps.truncated),
                ))
            }

            /// The legal-action masks, `(N, ACTIONS)` int8.
            fn masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
                let n = self.batch.len();
                let masks = PyArray2::<i8>::zeros(py, [n, <$game as BatchGame>::ACTIONS], false);
                self.batch.fill_masks(masks.readwrite().as_slice_mut().map_err(not_contiguous)?);
                Ok(masks)
            }

            /// The legal actions of each game, padded with -1: `(legal (N,
            /// MAX_MOVES) int32, counts (N,) int32)`.
            fn legal_actions<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyArray2<i32>>, Bound<'py, PyArray1<i32>>)> {
                let n = self.batch.len();
                let legal = PyArray2::<i32>::zeros(py, [n, <$game as BatchGame>::MAX_MOVES], false);
                let counts = PyArray1::<i32>::zeros(py, n, false);
                self.batch.fill_legal_actions(
                    legal.readwrite().as_slice_mut().map_err(not_contiguous)?,
                    counts.readwrite().as_slice_mut().map_err(not_contiguous)?,
                );
                Ok((legal, counts))
            }

            /// The observations, `(N, 8, 8, CHANNELS)` float32, each for its
            /// side to move.
            fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<f32>>> {
                let n = self.batch.len();
                let observations =
                    PyArray4::<f32>::zeros(py, [n, 8, 8, <$game as BatchGame>::CHANNELS], false);
                self.batch
                    .fill_observations(observations.readwrite().as_slice_mut().map_err(not_contiguous)?);
                Ok(observations)
            }

            /// The player to move in each game: 0 for the player who moves
            /// first (Black in Kamisado, White in Katarenga), 1 for the other,
            /// as in the PettingZoo and OpenSpiel games.
            fn players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
                PyArray1::from_vec(py, self.batch.players())
            }

            /// The positions in the notation.
            fn positions(&self) -> Vec<String> {
                self.batch.notations()
            }
        }
    };
}

batch_class!(
    KamisadoBatch,
    "kamisado_katarenga.kamisado",
    kamisado_core::Position,
    {
        /// `n` Kamisado matches to `target` points (a number, or `"single"`,
        /// `"standard"`, `"long"`, `"marathon"`; the default 1 is a single
        /// round), from the start. Between rounds the round's winner acts with
        /// an edge action (`EDGE_A` or `EDGE_H`); a game ends, with its reward,
        /// when the match does. A round always ends; `max_plies` truncates a
        /// long match.
        #[new]
        #[pyo3(signature = (n, max_plies = 1000, target = None))]
        fn new(n: i64, max_plies: i64, target: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
            let (n, max_plies) = batch_size(n, max_plies)?;
            let target = match target {
                Some(t) => kamisado::target_arg(t)?,
                None => kamisado_core::Target::SINGLE_ROUND,
            };
            // A single round needs no match around it: the rounds' batch
            // is the faster one (about a fifth more plies a second).
            let batch: Box<dyn AnyBatch> = if target == kamisado_core::Target::SINGLE_ROUND {
                Box::new(Batch::new(
                    n,
                    max_plies,
                    Box::new(kamisado_core::Position::start),
                ))
            } else {
                Box::new(Batch::new(
                    n,
                    max_plies,
                    Box::new(move || kamisado_core::Match::new(target)),
                ))
            };
            Ok(KamisadoBatch { batch })
        }
    }
);

batch_class!(
    KatarengaBatch,
    "kamisado_katarenga.katarenga",
    katarenga_core::Position,
    {
        /// `n` Katarenga games on the standard board, or on random tile boards
        /// (seeded) with `random_boards`; games are truncated after `max_plies`
        /// plies (the rules have no draw); `rules` `"standard"` or
        /// `"no-first-capture"`.
        #[new]
        #[pyo3(signature = (n, random_boards = false, seed = 0, max_plies = 300, rules = "standard"))]
        fn new(
            n: i64,
            random_boards: bool,
            seed: i64,
            max_plies: i64,
            rules: &str,
        ) -> PyResult<Self> {
            let (n, max_plies) = batch_size(n, max_plies)?;
            let rules: katarenga_core::Rules = rules.parse().map_err(|e| crate::value_error(&e))?;
            let start = board_starts(random_boards, seed, move |board| {
                katarenga_core::Position::start_with(board, rules)
            })?;
            Ok(KatarengaBatch {
                batch: Box::new(Batch::new(n, max_plies, start)),
            })
        }
    }
);

/// A batch of one game of the family, its start on each board with the
/// options `rules` and `second` applied ([`crate::position::Reading`]).
fn family_batch<G>(
    n: i64,
    random_boards: bool,
    seed: i64,
    max_plies: i64,
    rules: &str,
    second: Option<&str>,
    start_on: fn(katarenga_core::Board) -> G,
) -> PyResult<Box<dyn AnyBatch>>
where
    G: BatchGame + Sync + crate::position::Reading + 'static,
{
    let (n, max_plies) = batch_size(n, max_plies)?;
    // The options read once, on the standard board (their errors raised
    // here); each start on another board reads their names again.
    let template = start_on(katarenga_core::Board::standard()).read_as(rules)?;
    let template = match second {
        Some(value) => template.laid_as(value)?,
        None => template,
    };
    let (rules, second) = (template.reading(), second.and(template.layout_name()));
    let start = board_starts(random_boards, seed, move |board| {
        let p = start_on(board).read_as(rules).expect("read above");
        match second {
            Some(value) => p.laid_as(value).expect("read above"),
            None => p,
        }
    })?;
    Ok(Box::new(Batch::new(n, max_plies, start)))
}

batch_class!(
    CongressBatch,
    "kamisado_katarenga.congress",
    katarenga_family::Congress,
    {
        /// `n` Congress games on the standard board, or on random tile
        /// boards (seeded) with `random_boards`, by the no-move rule `rules`
        /// (``"lose"`` or ``"pass"``); games are truncated after `max_plies`
        /// plies (the rules have no draw by repetition).
        #[new]
        #[pyo3(signature = (n, random_boards = false, seed = 0, max_plies = 300, rules = "lose"))]
        fn new(
            n: i64,
            random_boards: bool,
            seed: i64,
            max_plies: i64,
            rules: &str,
        ) -> PyResult<Self> {
            let start_on = katarenga_family::Congress::start_on;
            let batch = family_batch(n, random_boards, seed, max_plies, rules, None, start_on)?;
            Ok(CongressBatch { batch })
        }
    }
);

batch_class!(
    QuebecBatch,
    "kamisado_katarenga.quebec",
    katarenga_family::Quebec,
    {
        /// `n` Quebec games on the standard board, or on random tile boards
        /// (seeded) with `random_boards`, by the both-connected rule `rules`
        /// (``"mover"`` or ``"draw"``: a draw ends the game with reward 0);
        /// games are truncated after `max_plies` plies.
        #[new]
        #[pyo3(signature = (n, random_boards = false, seed = 0, max_plies = 300, rules = "mover"))]
        fn new(
            n: i64,
            random_boards: bool,
            seed: i64,
            max_plies: i64,
            rules: &str,
        ) -> PyResult<Self> {
            let start_on = katarenga_family::Quebec::start_on;
            let batch = family_batch(n, random_boards, seed, max_plies, rules, None, start_on)?;
            Ok(QuebecBatch { batch })
        }
    }
);

batch_class!(
    IsolationBatch,
    "kamisado_katarenga.isolation",
    katarenga_family::Isolation,
    {
        /// `n` Isolation games on the standard board, or on random tile
        /// boards (seeded) with `random_boards`, by the reading `rules`
        /// (``"strict"``, ``"opposite"``, ``"one-way"``) with `supply`
        /// (``"8"`` or ``"none"``); every game ends within 64 plies.
        #[new]
        #[pyo3(signature = (n, random_boards = false, seed = 0, rules = "strict", supply = "8"))]
        fn new(
            n: i64,
            random_boards: bool,
            seed: i64,
            rules: &str,
            supply: &str,
        ) -> PyResult<Self> {
            let start_on = katarenga_family::Isolation::start_on;
            let batch = family_batch(n, random_boards, seed, 64, rules, Some(supply), start_on)?;
            Ok(IsolationBatch { batch })
        }
    }
);
