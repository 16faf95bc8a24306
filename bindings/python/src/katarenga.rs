//! Katarenga for Python: positions, boards, search, and the fixed encoding
//! of actions and observations (documented in the Python module
//! `kamisado_katarenga.katarenga`).

use board_geometry::{Player, Square};
use game_search::{Game, Limits, TableError};
use katarenga_core::{Board, Camp, Destination, Move, Position, SquareColour, TilePlacement};
use numpy::prelude::*;
use numpy::{PyArray1, PyArray3};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::position::{Encoding, Proof, Prove};
use crate::value_error;

/// Destinations per origin: 64 squares, then the camp on the a-file side
/// and the camp on the h-file side of the mover's goal row.
const DESTINATIONS: usize = 66;
/// The number of actions: origin (64) x destination (66).
pub const ACTIONS: usize = 64 * DESTINATIONS;
/// The observation's channels.
pub const CHANNELS: usize = 11;

/// A square in `player`'s frame: the board mirrored top to bottom for
/// White, so every player moves up and its camps are beyond rank 8.
pub fn frame(player: Player, square: Square) -> usize {
    match player {
        Player::Black => square as usize,
        Player::White => square as usize ^ 56,
    }
}

fn unframe(player: Player, index: usize) -> Square {
    let index = match player {
        Player::Black => index,
        Player::White => index ^ 56,
    };
    Square::ALL[index & 63]
}

/// The destination number of a move for `player`.
fn destination(player: Player, to: Destination) -> usize {
    match to {
        Destination::Square(s) => frame(player, s),
        Destination::Camp(Camp::A9 | Camp::A0) => 64,
        Destination::Camp(Camp::H9 | Camp::H0) => 65,
    }
}

impl Encoding for Position {
    const ACTIONS: usize = ACTIONS;
    const CHANNELS: usize = CHANNELS;
    const MAX_MOVES: usize = katarenga_core::MAX_MOVES;
    const FIRST: Player = Player::White;

    /// Every move has its action.
    fn action_of(&self, mv: Move) -> Option<usize> {
        let side = self.side_to_move();
        Some(frame(side, mv.from) * DESTINATIONS + destination(side, mv.to))
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        if action >= ACTIONS {
            return None;
        }
        let side = self.side_to_move();
        let from = unframe(side, action / DESTINATIONS);
        let [a_side, h_side] = Camp::of(side);
        Some(match action % DESTINATIONS {
            64 => Move::to_camp(from, a_side),
            65 => Move::to_camp(from, h_side),
            d => Move::new(from, unframe(side, d)),
        })
    }

    fn fill_observation(&self, me: Player, out: &mut [f32]) {
        fill_observation(self, me, out);
    }
}

/// Katarenga's proof is the alpha-beta search's: a proven score, with a
/// bound on the game's length.
impl Prove for Position {
    fn prove(&self, limits: Limits, table_mib: usize) -> Result<Proof<Move>, TableError> {
        crate::position::search_proof(self, limits, table_mib)
    }
}

/// Writes the observation of `p` for `me` into `out` (8 x 8 x `CHANNELS`,
/// rows from the far rank down, in `me`'s frame).
pub fn fill_observation(p: &Position, me: Player, out: &mut [f32]) {
    out.fill(0.0);
    let mut set = |index: usize, channel: usize| {
        let (rank, file) = (index / 8, index % 8);
        out[((7 - rank) * 8 + file) * CHANNELS + channel] = 1.0;
    };
    for square in p.pieces(me) {
        set(frame(me, square), 0);
    }
    for square in p.pieces(me.opponent()) {
        set(frame(me, square), 1);
    }
    for square in Square::ALL {
        set(frame(me, square), 2 + p.board().colour_of(square).index());
    }
    let [own_a, own_h] = Camp::of(me);
    let [opp_a, opp_h] = Camp::of(me.opponent());
    let planes = [
        (6, p.camp_occupied(own_a)),
        (7, p.camp_occupied(own_h)),
        (8, p.camp_occupied(opp_a)),
        (9, p.camp_occupied(opp_h)),
        (10, me == Player::White),
    ];
    for (channel, on) in planes {
        if on {
            for cell in 0..64 {
                out[cell * CHANNELS + channel] = 1.0;
            }
        }
    }
}

fn parse_orientation(text: &str) -> PyResult<katarenga_core::Orientation> {
    text.parse().map_err(|e| value_error(&e))
}

/// A Katarenga match as the rules recommend: a game and its rematch from
/// the same start with the sides exchanged, points added. The players are
/// named by their part in the first game: `"first"` (Black in game 1, who
/// chose the orientation; White in the rematch) and `"second"`.
#[pyclass(module = "kamisado_katarenga.katarenga", name = "Rematch")]
#[derive(Clone, Copy)]
pub struct PyRematch {
    inner: katarenga_core::Rematch,
}

#[pymethods]
impl PyRematch {
    /// A match from `start` (the first game's start).
    #[new]
    fn new(start: PyRef<'_, PyPosition>) -> Self {
        PyRematch {
            inner: katarenga_core::Rematch::new(start.inner),
        }
    }

    /// The start of both games.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition {
            inner: self.inner.start(),
        }
    }

    /// The game being played: 1 or 2.
    #[getter]
    fn game(&self) -> u8 {
        self.inner.game()
    }

    /// Who has Black in the current game: `"first"` or `"second"`.
    #[getter]
    fn black_player(&self) -> &'static str {
        ["first", "second"][self.inner.black_player()]
    }

    /// Records the current game's winner by colour (`"black"`, `"white"`,
    /// or `None` for a drawn game, half a point each).
    #[pyo3(signature = (winner))]
    fn record_game(&mut self, winner: Option<&str>) -> PyResult<()> {
        let winner = winner
            .map(|w| w.parse::<Player>().map_err(|e| value_error(&e)))
            .transpose()?;
        self.inner.record_game(winner).map_err(|e| value_error(&e))
    }

    /// Whether both games have been played.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The points `(first, second)`, a win 1, a drawn game 0.5.
    #[getter]
    fn points(&self) -> (f64, f64) {
        let [a, b] = self.inner.half_points();
        (f64::from(a) / 2.0, f64::from(b) / 2.0)
    }

    /// `"first"` or `"second"` once the match is over and the points
    /// differ, else `None`.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.winner().map(|w| ["first", "second"][w])
    }

    fn __repr__(&self) -> String {
        let (a, b) = self.points();
        format!(
            "katarenga.Rematch(game {}, points {a}-{b})",
            self.inner.game()
        )
    }
}

/// A Katarenga board: the colours of the 64 squares.
#[pyclass(module = "kamisado_katarenga.katarenga", name = "Board", frozen)]
#[derive(Clone, Copy)]
pub struct PyBoard {
    pub(crate) inner: Board,
}

#[pymethods]
impl PyBoard {
    /// A board from its colours field (`"RYBG.../..."`), or the standard
    /// board.
    #[new]
    #[pyo3(signature = (text = None))]
    fn new(text: Option<&str>) -> PyResult<Self> {
        let inner = match text {
            Some(text) => text.parse().map_err(|e| value_error(&e))?,
            None => Board::standard(),
        };
        Ok(PyBoard { inner })
    }

    /// The board of four tile placements (`["1f0", "2b1", "3f2", "4f3"]`:
    /// tile number, front or back, quarter turns), top-left, top-right,
    /// bottom-left, bottom-right.
    #[staticmethod]
    fn from_tiles(tiles: Vec<String>) -> PyResult<Self> {
        let placements: Vec<TilePlacement> = tiles
            .iter()
            .map(|t| t.parse().map_err(|e| value_error(&e)))
            .collect::<PyResult<_>>()?;
        let placements: [TilePlacement; 4] = placements
            .try_into()
            .map_err(|_| PyValueError::new_err("expected four tile placements"))?;
        let inner = Board::from_tiles(placements).map_err(|e| value_error(&e))?;
        Ok(PyBoard { inner })
    }

    /// The `index`-th of the 98,304 tile arrangements.
    #[staticmethod]
    fn arrangement(index: i64) -> PyResult<Self> {
        let count = TilePlacement::ARRANGEMENTS;
        let placements = u32::try_from(index)
            .ok()
            .and_then(TilePlacement::arrangement)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "index must be below {count}: an integer from 0 to {}, not {index}",
                    count - 1
                ))
            })?;
        let inner = Board::from_tiles(placements).map_err(|e| value_error(&e))?;
        Ok(PyBoard { inner })
    }

    /// The board as Black sees it from `orientation`'s edge of this board
    /// as laid (`"bottom"`, `"right"`, `"top"` or `"left"`): turned so
    /// that this edge is rank 1.
    fn turned(&self, orientation: &str) -> PyResult<PyBoard> {
        Ok(PyBoard {
            inner: self.inner.turned(parse_orientation(orientation)?),
        })
    }

    /// The board from each edge, in the order bottom, right, top, left.
    fn orientations(&self) -> Vec<PyBoard> {
        self.inner
            .orientations()
            .into_iter()
            .map(|inner| PyBoard { inner })
            .collect()
    }

    /// The first player's (Black's) choice of orientation by the
    /// alpha-beta search: the edge whose start the search scores worst for
    /// White, searching each of the four starts for `milliseconds` (or to
    /// `depth` plies, reproducible on any machine, when given).
    #[pyo3(signature = (rules = "standard", milliseconds = 400, depth = None, table_mib = 16))]
    fn best_orientation(
        &self,
        py: Python<'_>,
        rules: &str,
        milliseconds: i64,
        depth: Option<i64>,
        table_mib: i64,
    ) -> PyResult<&'static str> {
        let rules: katarenga_core::Rules = rules.parse().map_err(|e| value_error(&e))?;
        let milliseconds = crate::int_arg("milliseconds", milliseconds, 0..=i64::MAX)?;
        let table_mib = crate::int_arg("table_mib", table_mib, 0..=crate::MAX_TABLE_MIB)?;
        let limits = match depth {
            Some(d) => game_search::Limits::depth(crate::int_arg("depth", d, 1..=64)? as u32),
            // Shared out between the four starts by the agent.
            None => {
                game_search::Limits::time(std::time::Duration::from_millis(milliseconds as u64 * 4))
            }
        };
        let mut agent = game_search::SearchAgent::<Position>::new(limits, table_mib as usize)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let setup = katarenga_core::Setup::new(self.inner, rules);
        Ok(py
            .detach(|| game_search::play::choose_orientation(&mut agent, &setup))
            .name())
    }

    /// The colour name of a square (`"red"`, ...).
    fn colour_of(&self, square: &str) -> PyResult<&'static str> {
        let square: Square = square.parse().map_err(|e| value_error(&e))?;
        Ok(self.inner.colour_of(square).name())
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("katarenga.Board('{}')", self.inner)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyBoard>>()
            .is_ok_and(|o| o.inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        let mut h = 0u64;
        for colour in SquareColour::ALL {
            h = h.rotate_left(17) ^ self.inner.squares(colour).0;
        }
        h >> 2
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().inner.to_string(),)))
    }
}

position_class! {
    /// A Katarenga position (immutable).
    PyPosition(Position, Move, "kamisado_katarenga.katarenga", "katarenga.Position", layout),
    {
        /// The start on `board` (the standard board by default) by `rules`:
        /// `"standard"` or `"no-first-capture"` (no capture on either
        /// player's first move), with Black at `orientation`'s edge of the
        /// board as laid (`"bottom"`: as given; `"right"`, `"top"`,
        /// `"left"`: the board turned so that this edge is rank 1).
        #[staticmethod]
        #[pyo3(signature = (board = None, rules = "standard", orientation = "bottom"))]
        fn start(
            board: Option<PyRef<'_, PyBoard>>,
            rules: &str,
            orientation: &str,
        ) -> PyResult<Self> {
            let rules: katarenga_core::Rules = rules.parse().map_err(|e| value_error(&e))?;
            let laid = board.map_or_else(Board::standard, |b| b.inner);
            let setup = katarenga_core::Setup::new(laid, rules);
            Ok(PyPosition {
                inner: setup.start(parse_orientation(orientation)?),
            })
        }

        /// Whether `player` (`"black"` or `"white"`) has its first move
        /// still to make under the no-first-capture rules (it may not
        /// capture then).
        fn first_move_pending(&self, player: &str) -> PyResult<bool> {
            let player: Player = player.parse().map_err(|e| value_error(&e))?;
            Ok(self.inner.first_move_pending(player))
        }

        /// The board.
        #[getter]
        fn board(&self) -> PyBoard {
            PyBoard {
                inner: *self.inner.board(),
            }
        }

        /// The squares of `player`'s pieces (`"black"` or `"white"`).
        fn pieces(&self, player: &str) -> PyResult<Vec<String>> {
            let player: Player = player.parse().map_err(|e| value_error(&e))?;
            Ok(self
                .inner
                .pieces(player)
                .iter()
                .map(|s| s.to_string())
                .collect())
        }

        /// The occupied camps (`["a9", "h0"]`).
        fn camps(&self) -> Vec<String> {
            self.inner.camps().iter().map(|c| c.to_string()).collect()
        }

        /// The observation planes, `(8, 8, CHANNELS)` float32, for `player`
        /// (the side to move by default).
        #[pyo3(signature = (player = None))]
        fn observation<'py>(
            &self,
            py: Python<'py>,
            player: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyArray3<f32>>> {
            let me = self.inner.observer(player)?;
            let mut out = vec![0.0f32; 64 * CHANNELS];
            fill_observation(&self.inner, me, &mut out);
            PyArray1::from_vec(py, out).reshape([8, 8, CHANNELS])
        }
    }
}
