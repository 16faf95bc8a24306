//! Kamisado for Python: positions, matches, search, and the fixed
//! encoding of actions and observations (documented in the Python module
//! `kamisado_katarenga.kamisado`).

use board_geometry::{Player, Square};
use game_search::Game;
use game_search::proof::Solver;
use game_search::{Limits, TableError};

use kamisado_core::{Colour, Edge, Match, MatchState, Move, Position, Target, Tower};
use numpy::prelude::*;
use numpy::{PyArray1, PyArray3};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::position::{Encoding, Proof, Prove};
use crate::{int_arg, player_name, value_error};

/// The number of actions: tower colour (8) x destination square (64), then
/// the two refill edges of match play.
pub const ACTIONS: usize = 8 * 64 + 2;
/// The action that chooses the a-file edge between rounds.
pub const EDGE_A: usize = 512;
/// The action that chooses the h-file edge between rounds.
pub const EDGE_H: usize = 513;
/// The observation's channels.
pub const CHANNELS: usize = 36;

/// A square in `player`'s frame: the board turned half a turn for White
/// (the colouring is the same turned round), so every player moves up.
pub fn frame(player: Player, square: Square) -> usize {
    match player {
        Player::Black => square as usize,
        Player::White => 63 - square as usize,
    }
}

fn unframe(player: Player, index: usize) -> Square {
    let index = match player {
        Player::Black => index,
        Player::White => 63 - index,
    };
    Square::ALL[index & 63]
}

impl Encoding for Position {
    const ACTIONS: usize = ACTIONS;
    const CHANNELS: usize = CHANNELS;
    const MAX_MOVES: usize = kamisado_core::MAX_MOVES;
    const FIRST: Player = Player::Black;

    /// `None` for a move of no tower of the side to move.
    fn action_of(&self, mv: Move) -> Option<usize> {
        let side = self.side_to_move();
        let tower = self.piece_on(mv.from).filter(|t| t.player == side)?;
        Some(tower.colour.index() * 64 + frame(side, mv.to))
    }

    /// `None` for an edge action.
    fn move_of(&self, action: usize) -> Option<Move> {
        if action >= 512 {
            return None;
        }
        let side = self.side_to_move();
        let colour = Colour::ALL[action / 64];
        let from = self.square_of(Tower::new(side, colour));
        Some(Move::new(from, unframe(side, action % 64)))
    }

    /// A single round's observation (no match scores).
    fn fill_observation(&self, me: Player, out: &mut [f32]) {
        fill_observation(self, me, [0, 0], 1, out);
    }

    /// A tower at a time, without a look-up per move.
    fn for_each_action(&self, mut f: impl FnMut(usize)) {
        let side = self.side_to_move();
        self.generate_moves(|tower| {
            let base = tower.tower.colour.index() * 64;
            for to in tower.to {
                f(base + frame(side, to));
            }
            false
        });
    }
}

/// Kamisado's proof is the solver's: exact, with the length of the round.
impl Prove for Position {
    fn prove(&self, limits: Limits, table_mib: usize) -> Result<Proof<Move>, TableError> {
        let s = Solver::new(table_mib)?.solve(self, limits);
        Ok(Proof {
            winner: s.winner,
            plies: s.plies.map(i64::from),
            best: s.best,
            nodes: s.nodes,
            elapsed: s.elapsed,
        })
    }
}

/// Writes the observation of `p` for `me` into `out` (8 x 8 x `CHANNELS`,
/// rows from the far rank down, in `me`'s frame), with the match scores as
/// fractions of the target.
pub fn fill_observation(p: &Position, me: Player, scores: [u32; 2], target: u32, out: &mut [f32]) {
    out.fill(0.0);
    let mut set = |index: usize, channel: usize| {
        let (rank, file) = (index / 8, index % 8);
        out[((7 - rank) * 8 + file) * CHANNELS + channel] = 1.0;
    };
    for (tower, square, rank) in p.towers() {
        let own = tower.player == me;
        let index = frame(me, square);
        set(index, if own { 0 } else { 8 } + tower.colour.index());
        for level in 1..=rank.level() as usize {
            set(index, if own { 15 } else { 18 } + level);
        }
    }
    if let Some(square) = p.forced_square() {
        set(frame(me, square), 22);
    }
    for square in Square::ALL {
        set(frame(me, square), 26 + p.layout().colour_of(square).index());
    }
    let planes: [(usize, f32); 5] = [
        (23, f32::from(u8::from(p.forced_colour().is_none()))),
        (24, f32::from(u8::from(p.is_after_push()))),
        (25, f32::from(u8::from(me == Player::White))),
        (34, fraction(scores[me.index()], target)),
        (35, fraction(scores[me.opponent().index()], target)),
    ];
    for (channel, value) in planes {
        if value != 0.0 {
            for cell in 0..64 {
                out[cell * CHANNELS + channel] = value;
            }
        }
    }
}

/// A score as a fraction of the target, at most 1 (the last round of a
/// match can take a score past the target).
fn fraction(score: u32, target: u32) -> f32 {
    (score as f32 / target.max(1) as f32).min(1.0)
}

fn parse_move(text: &str) -> PyResult<Move> {
    text.parse().map_err(|e| value_error(&e))
}

position_class! {
    /// A Kamisado position (immutable): parse it from the notation, list its
    /// moves, play one to get the next position.
    PyPosition(Position, Move, "kamisado_katarenga.kamisado", "kamisado.Position", layout),
    {
        /// The start of a match, played by the reading of the rules named
        /// `rules` (``"standard"``, ``"pushed-square"``, ``"blocked-colour"``)
        /// on the board layout named `layout` (``"standard"``, ``"turned"``,
        /// ``"mirrored"``, ``"mirrored-turned"``): the towers on their
        /// colours of that layout.
        #[staticmethod]
        #[pyo3(signature = (rules = "standard", layout = "standard"))]
        fn start(rules: &str, layout: &str) -> PyResult<Self> {
            let rules: kamisado_core::Rules = rules.parse().map_err(|e| value_error(&e))?;
            let layout: kamisado_core::Layout = layout.parse().map_err(|e| value_error(&e))?;
            Ok(PyPosition {
                inner: Position::start_on(layout).with_rules(rules),
            })
        }

        /// The board layout the position is played on (``"standard"`` or
        /// one of ``GameSpec.layouts``).
        #[getter]
        fn layout(&self) -> &'static str {
            self.inner.layout().name()
        }

        /// The colour of `square` (``"a1"``...) on the position's layout.
        fn square_colour(&self, square: &str) -> PyResult<&'static str> {
            let square: Square = square.parse().map_err(|e| value_error(&e))?;
            Ok(self.inner.layout().colour_of(square).name())
        }

        /// The start of a round whose home rows are laid out as `black`
        /// and `white` say, each eight colour letters from its player's own
        /// left (``"NGRYKPBO"`` is the standard start for either), every
        /// tower plain, `to_move` with a free choice (the tile edition's
        /// numbered set-ups: the rules page's "Numbered set-ups").
        #[staticmethod]
        #[pyo3(signature = (black, white, to_move = None))]
        fn from_home_rows(
            black: &str,
            white: &str,
            to_move: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Self> {
            let row = |text: &str| text.parse::<kamisado_core::HomeRow>().map_err(|e| value_error(&e));
            let to_move = match to_move {
                Some(p) => crate::player_arg(p, Player::Black)?,
                None => Player::Black,
            };
            Ok(PyPosition {
                inner: Position::from_home_rows(row(black)?, row(white)?, to_move),
            })
        }

        /// The colour of the tower that must move (`"orange"` ...), or `None`
        /// on a free choice.
        #[getter]
        fn forced_colour(&self) -> Option<&'static str> {
            self.inner.forced_colour().map(Colour::name)
        }

        /// Whether the side to move takes the extra move after its own push.
        #[getter]
        fn after_push(&self) -> bool {
            self.inner.is_after_push()
        }

        /// The towers: `(player, colour, square, sumo level)` for each.
        fn towers(&self) -> Vec<(&'static str, &'static str, String, u8)> {
            self.inner
                .towers()
                .map(|(t, s, r)| {
                    (
                        player_name(t.player),
                        t.colour.name(),
                        s.to_string(),
                        r.level(),
                    )
                })
                .collect()
        }

        /// The observation planes, `(8, 8, CHANNELS)` float32, for `player`
        /// (the side to move by default), with the match scores (Black's,
        /// White's) and target.
        #[pyo3(signature = (scores = (0, 0), target = 1, player = None))]
        fn observation<'py>(
            &self,
            py: Python<'py>,
            scores: (i64, i64),
            target: i64,
            player: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyArray3<f32>>> {
            let max = i64::from(u32::MAX);
            let scores = (
                int_arg("scores[0]", scores.0, 0..=max)? as u32,
                int_arg("scores[1]", scores.1, 0..=max)? as u32,
            );
            let target = int_arg("target", target, 1..=max)? as u32;
            let mut out = vec![0.0f32; 64 * CHANNELS];
            let me = self.inner.observer(player)?;
            fill_observation(&self.inner, me, [scores.0, scores.1], target, &mut out);
            PyArray1::from_vec(py, out).reshape([8, 8, CHANNELS])
        }
    }
}

/// A Kamisado match: rounds to a target score, the refill edge between
/// rounds; with ``refill="setups"`` the tile edition's set-up match, each
/// round from set-ups drawn (``start`` the first round's, then
/// ``draw_setups`` or ``start_round`` between rounds).
#[pyclass(module = "kamisado_katarenga.kamisado", name = "Match")]
#[derive(Clone)]
pub struct PyMatch {
    pub(crate) inner: Match,
}

/// A match target: a positive number of points, or a preset's name as
/// Rust reads it (`"single"`, `"standard"`, `"long"`, `"marathon"`).
pub(crate) fn target_arg(target: &Bound<'_, PyAny>) -> PyResult<Target> {
    if let Ok(name) = target.extract::<String>() {
        return name.parse().map_err(|e| value_error(&e));
    }
    if !target.is_instance_of::<pyo3::types::PyBool>() {
        if let Ok(points) = target.extract::<i64>() {
            let points = int_arg("target", points, 1..=i64::from(u32::MAX))? as u32;
            return Target::new(points)
                .ok_or_else(|| PyValueError::new_err("a match target must be at least 1 point"));
        }
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "target must be a number of points or a preset (single, standard, long, marathon, tile-long, tile-marathon), not {}",
        target.repr()?
    )))
}

fn match_error(e: &kamisado_core::MatchError) -> PyErr {
    value_error(e)
}

#[pymethods]
impl PyMatch {
    #[new]
    #[pyo3(signature = (target = None, rules = None, scoring = None, refill = None, layout = None, start = None))]
    fn new(
        target: Option<&Bound<'_, PyAny>>,
        rules: Option<&str>,
        scoring: Option<&str>,
        refill: Option<&str>,
        layout: Option<&str>,
        start: Option<&PyPosition>,
    ) -> PyResult<Self> {
        let target = match target {
            Some(t) => target_arg(t)?,
            None => Target::STANDARD,
        };
        let options = kamisado_core::MatchOptions {
            scoring: named(scoring)?,
            refill: named(refill)?,
        };
        // The first round's start (the layout's, or a set-up match's drawn
        // set-ups) is played by the match's reading, on its layout.
        let layout: kamisado_core::Layout = named(layout)?;
        let start = start.map_or_else(|| Position::start_on(layout), |p| p.inner);
        Ok(PyMatch {
            inner: Match::new_on(
                target,
                start.with_rules(named(rules)?).with_layout(layout),
                options,
            ),
        })
    }

    /// The match a ``GameSpec`` (or its text) describes: its reading,
    /// target, scoring and refill.
    #[staticmethod]
    fn from_spec(spec: &Bound<'_, PyAny>) -> PyResult<Self> {
        let spec = crate::spec::spec_arg(spec)?;
        let inner = spec
            .new_match()
            .ok_or_else(|| PyValueError::new_err(format!("{spec} is not a kamisado match")))?;
        Ok(PyMatch { inner })
    }

    /// How a won round scores: ``"rank"`` (1, 3, 7, 15) or ``"rings"``
    /// (1, 2, 4, 8).
    #[getter]
    fn scoring(&self) -> &'static str {
        self.inner.options().scoring.name()
    }

    /// How the next round is set up: ``"nearest"``, ``"farthest"`` or
    /// ``"restart"``.
    #[getter]
    fn refill(&self) -> &'static str {
        self.inner.options().refill.name()
    }

    /// Plays `move` in the current round; returns the round's summary (a
    /// string) if it ended the round.
    fn play(&mut self, r#move: &str) -> PyResult<Option<String>> {
        let mv = parse_move(r#move)?;
        let summary = self.inner.play(mv).map_err(|e| match_error(&e))?;
        Ok(summary.map(|s| s.to_string()))
    }

    /// The round's winner chooses the refill edge: `"a"` or `"h"`.
    fn choose_edge(&mut self, edge: &str) -> PyResult<()> {
        let edge: Edge = edge.parse().map_err(|e| value_error(&e))?;
        self.inner.choose_edge(edge).map_err(|e| match_error(&e))
    }

    /// The current round's position.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: *self.inner.position(),
        }
    }

    /// `(black, white)`.
    #[getter]
    fn scores(&self) -> (u32, u32) {
        let [b, w] = self.inner.scores();
        (b, w)
    }

    /// The target score.
    #[getter]
    fn target(&self) -> u32 {
        self.inner.target().points()
    }

    /// The round number, from 1.
    #[getter]
    fn round(&self) -> u32 {
        self.inner.round()
    }

    /// `"in_round"`, `"choose_edge"`, `"draw_setups"` (a set-up match
    /// between rounds) or `"over"`.
    #[getter]
    fn state(&self) -> &'static str {
        match self.inner.state() {
            MatchState::InRound => "in_round",
            MatchState::ChooseEdge { .. } => "choose_edge",
            MatchState::DrawSetups { .. } => "draw_setups",
            MatchState::Over { .. } => "over",
        }
    }

    /// Whether the edge to choose makes a difference (the next round's
    /// start differs between the edges): never with ``refill="restart"``;
    /// ``False`` unless an edge is to be chosen.
    #[getter]
    fn edge_matters(&self) -> bool {
        self.inner.edge_matters()
    }

    /// The player who must draw the next round's set-ups (the last
    /// round's loser, in a set-up match), if any.
    #[getter]
    fn drawer(&self) -> Option<&'static str> {
        match self.inner.state() {
            MatchState::DrawSetups { drawer } => Some(player_name(drawer)),
            _ => None,
        }
    }

    /// The loser of the last round draws two set-ups from `chart` (a
    /// ``SetupChart``), seeded by `seed`, and the next round starts from
    /// them; returns the numbers drawn, ``(low, high)``.
    fn draw_setups(&mut self, chart: &PySetupChart, seed: u64) -> PyResult<(u32, u32)> {
        let mut rng = board_geometry::SplitMix64::new(seed);
        let draw = self
            .inner
            .draw_setups(&chart.inner, &mut rng)
            .map_err(|e| match_error(&e))?;
        Ok((draw.low, draw.high))
    }

    /// Starts the next round of a set-up match from `position` (the
    /// set-ups drawn, laid out: every tower plain on its home row, the
    /// last round's loser to move); a ``ValueError`` says why not.
    fn start_round(&mut self, position: &PyPosition) -> PyResult<()> {
        self.inner
            .start_round(position.inner)
            .map_err(|e| match_error(&e))
    }

    /// The player who must choose the edge, if any.
    #[getter]
    fn chooser(&self) -> Option<&'static str> {
        match self.inner.state() {
            MatchState::ChooseEdge { chooser } => Some(player_name(chooser)),
            _ => None,
        }
    }

    /// The match winner, once over.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.winner().map(player_name)
    }

    /// The player to act: the side to move, the round's winner choosing
    /// the edge, or its loser drawing set-ups; `None` once the match is
    /// over.
    #[getter]
    fn actor(&self) -> Option<&'static str> {
        (!matches!(self.inner.state(), MatchState::Over { .. }))
            .then(|| player_name(match_actor(&self.inner)))
    }

    /// The legal-action mask of the player to act: the round's moves, or
    /// the two edge actions between rounds.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; ACTIONS];
        fill_match_mask(&self.inner, &mut mask);
        PyArray1::from_vec(py, mask)
    }

    /// The observation planes for `player` (the player to act by default),
    /// with the scores.
    #[pyo3(signature = (player = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let me = match player {
            Some(p) => crate::player_arg(p, Player::Black)?,
            None => match_actor(&self.inner),
        };
        let mut out = vec![0.0f32; 64 * CHANNELS];
        fill_match_observation(&self.inner, me, &mut out);
        PyArray1::from_vec(py, out).reshape([8, 8, CHANNELS])
    }

    /// Plays action number `action` (a move, or an edge between rounds).
    fn step(&mut self, action: i64) -> PyResult<()> {
        let action = int_arg("action", action, 0..=ACTIONS as i64 - 1)? as usize;
        apply_match_action(&mut self.inner, action).map_err(PyValueError::new_err)
    }

    /// The action number of `move` in the current round.
    fn action(&self, r#move: &str) -> PyResult<usize> {
        let mv = parse_move(r#move)?;
        self.inner.position().action_of(mv).ok_or_else(|| {
            PyValueError::new_err(format!("{mv} moves no tower of the side to move"))
        })
    }

    /// The match as JSON (its serde form).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// A match from its JSON form (validated).
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Self> {
        let inner = serde_json::from_str(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyMatch { inner })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyMatch>>()
            .is_ok_and(|o| o.inner == self.inner)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = slf.get_type().getattr("from_json")?;
        Ok((from_json, (slf.borrow().to_json()?,)))
    }

    fn __repr__(&self) -> String {
        let [b, w] = self.inner.scores();
        format!(
            "kamisado.Match(target={}, round={}, scores=({b}, {w}), state='{}')",
            self.inner.target().points(),
            self.inner.round(),
            self.state()
        )
    }
}

/// The legal actions of a match: the round's moves, or the two edges.
pub fn fill_match_mask(m: &Match, mask: &mut [i8]) {
    match m.state() {
        MatchState::InRound => m.position().fill_mask(mask),
        MatchState::ChooseEdge { .. } => {
            mask[EDGE_A] = 1;
            mask[EDGE_H] = 1;
        }
        MatchState::DrawSetups { .. } | MatchState::Over { .. } => {}
    }
}

/// The player to act in a match: the side to move, or the chooser.
pub fn match_actor(m: &Match) -> Player {
    match m.state() {
        MatchState::ChooseEdge { chooser } => chooser,
        MatchState::DrawSetups { drawer } => drawer,
        _ => m.position().side_to_move(),
    }
}

/// Plays `action` in `m`; `Err` with a message when it is not legal.
pub fn apply_match_action(m: &mut Match, action: usize) -> Result<(), String> {
    match m.state() {
        MatchState::ChooseEdge { .. } => {
            let edge = match action {
                EDGE_A => Edge::AFile,
                EDGE_H => Edge::HFile,
                _ => return Err(format!("action {action} is not an edge: the round is over")),
            };
            m.choose_edge(edge).map_err(|e| e.to_string())
        }
        MatchState::InRound => {
            let p = *m.position();
            let mv = p
                .move_of(action)
                .ok_or_else(|| format!("action {action} is not a move"))?;
            m.play(mv)
                .map(|_| ())
                .map_err(|e| board_geometry::ErrorChain(&e).to_string())
        }
        MatchState::DrawSetups { drawer } => Err(format!(
            "no action now: {drawer} must draw the next round's set-ups (Match.draw_setups)"
        )),
        MatchState::Over { winner } => Err(format!("the match is over: {winner} won")),
    }
}

/// The observation of a match for `me` (the player to act, or the other
/// agent).
pub fn fill_match_observation(m: &Match, me: Player, out: &mut [f32]) {
    fill_observation(m.position(), me, m.scores(), m.target().points(), out);
}

/// A named value (a reading, a scoring, a refill) given by name, its
/// default when left out; a `ValueError` lists the names.
fn named<T: Default + std::str::FromStr<Err: std::fmt::Display>>(
    name: Option<&str>,
) -> PyResult<T> {
    name.map_or(Ok(T::default()), |name| {
        name.parse()
            .map_err(|e: T::Err| PyValueError::new_err(e.to_string()))
    })
}

/// A chart of numbered set-ups (the tile edition's: the rules page's
/// "Numbered set-ups"), read from its text form: one set-up a line, its
/// number then its home row from the player's left (``1 NGRYKPBO``),
/// numbered from 1; ``#`` starts a comment. A ``ValueError`` names the line
/// and column of what is wrong.
#[pyclass(module = "kamisado_katarenga.kamisado", name = "SetupChart", frozen)]
pub(crate) struct PySetupChart {
    inner: kamisado_core::SetupChart,
}

#[pymethods]
impl PySetupChart {
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        let inner = text.parse().map_err(|e| value_error(&e))?;
        Ok(PySetupChart { inner })
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    /// Set-up `number` (from 1) as its home row's letters, or ``None``.
    fn get(&self, number: u32) -> Option<String> {
        self.inner.get(number).map(|row| row.to_string())
    }

    /// Two different set-up numbers drawn at random with `seed`, the lower
    /// first.
    fn draw(&self, seed: u64) -> (u32, u32) {
        let draw = self.inner.draw(&mut board_geometry::SplitMix64::new(seed));
        (draw.low, draw.high)
    }

    /// The start of a round from set-ups `low` and `high` when `first`
    /// moves first: the higher number to the player who moves second.
    #[pyo3(signature = (low, high, first = None))]
    fn start(&self, low: u32, high: u32, first: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
        if low >= high {
            return Err(PyValueError::new_err(format!(
                "set-up {low} is not lower than {high}: the higher number goes to the player who moves second"
            )));
        }
        let first = match first {
            Some(p) => crate::player_arg(p, Player::Black)?,
            None => Player::Black,
        };
        let draw = kamisado_core::SetupDraw { low, high };
        let inner = draw.start(&self.inner, first).ok_or_else(|| {
            PyValueError::new_err(format!(
                "the chart has set-ups 1 to {}, not {high}",
                self.inner.len()
            ))
        })?;
        Ok(PyPosition { inner })
    }
}
