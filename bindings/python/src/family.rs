//! The Katarenga family for Python: Congress, Quebec and Isolation
//! positions (the shared class of [`position_class!`] over
//! `katarenga-family`), their options, proofs, and the fixed encoding of
//! actions and observations (documented in the Python modules
//! `kamisado_katarenga.congress`, `.quebec` and `.isolation`).

use board_geometry::{Bitboard, Player, Square};
use game_search::proof::isolation::IsolationSolver;
use game_search::{Game, Limits, TableError};
use katarenga_core::{Board, SquareColour};
use katarenga_family::{BothConnected, Congress, Isolation, Move, NoMove, Quebec, Reading, Supply};
use numpy::prelude::*;
use numpy::{PyArray1, PyArray3};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::katarenga::PyBoard;
use crate::position::{Encoding, Proof, Prove};
use crate::value_error;

/// Congress's and Quebec's actions: `from * 64 + to`, then the pass.
pub const STEP_ACTIONS: usize = 64 * 64 + 1;
/// The action of the pass (Congress under `no-move=pass`).
pub const PASS: usize = 64 * 64;
/// Congress's and Quebec's observation channels.
pub const STEP_CHANNELS: usize = 7;
/// Isolation's actions: the square of the placement.
pub const DROP_ACTIONS: usize = 64;
/// Isolation's observation channels.
pub const DROP_CHANNELS: usize = 10;

/// Writes the channels every game of the family shares into `out` (zeroed
/// first): 0 `me`'s pawns, 1 the opponent's, 2-5 the square colours, and
/// `white_channel` all ones when `me` is White. Rows from rank 8 down,
/// columns from the a-file: the board is not turned for either player (the
/// family's games have no direction).
fn fill_pawns(
    board: &Board,
    pieces: [Bitboard; 2],
    me: Player,
    white_channel: usize,
    channels: usize,
    out: &mut [f32],
) {
    out.fill(0.0);
    let cell = |square: Square| ((7 - square.index() / 8) * 8 + square.index() % 8) * channels;
    for square in pieces[me.index()] {
        out[cell(square)] = 1.0;
    }
    for square in pieces[me.opponent().index()] {
        out[cell(square) + 1] = 1.0;
    }
    for square in Square::ALL {
        out[cell(square) + 2 + board.colour_of(square).index()] = 1.0;
    }
    debug_assert_eq!(SquareColour::ALL.len(), 4);
    if me == Player::White {
        fill_plane(out, channels, white_channel, 1.0);
    }
}

/// Sets channel `channel` of every cell to `value`.
fn fill_plane(out: &mut [f32], channels: usize, channel: usize, value: f32) {
    for cell in out.chunks_mut(channels) {
        cell[channel] = value;
    }
}

/// The action of a move of Congress or Quebec.
fn step_action(mv: Move) -> Option<usize> {
    match mv {
        Move::Step { from, to } => Some(from.index() * 64 + to.index()),
        Move::Pass => Some(PASS),
        Move::Drop(_) => None,
    }
}

/// The move of a Congress or Quebec action.
fn step_move(action: usize) -> Option<Move> {
    match action {
        PASS => Some(Move::Pass),
        a if a < PASS => Some(Move::Step {
            from: Square::ALL[a / 64],
            to: Square::ALL[a % 64],
        }),
        _ => None,
    }
}

/// The encoding, the options and the proof of Congress and Quebec, which
/// differ only in the first option's type.
macro_rules! step_game {
    ($game:ty, $option:ty, $get:ident, $with:ident) => {
        impl Encoding for $game {
            const ACTIONS: usize = STEP_ACTIONS;
            const CHANNELS: usize = STEP_CHANNELS;
            const MAX_MOVES: usize = katarenga_family::MAX_MOVES;
            const FIRST: Player = Player::White;

            fn action_of(&self, mv: Move) -> Option<usize> {
                step_action(mv)
            }

            fn move_of(&self, action: usize) -> Option<Move> {
                step_move(action)
            }

            fn fill_observation(&self, me: Player, out: &mut [f32]) {
                let pieces = [self.pieces(Player::Black), self.pieces(Player::White)];
                fill_pawns(self.board(), pieces, me, 6, STEP_CHANNELS, out);
            }
        }

        impl crate::position::Reading for $game {
            fn reading(&self) -> &'static str {
                self.$get().name()
            }

            fn read_as(self, rules: &str) -> PyResult<Self> {
                let option: $option = rules.parse().map_err(|e| value_error(&e))?;
                Ok(self.$with(option))
            }

            fn layout_name(&self) -> Option<&'static str> {
                None
            }

            fn laid_as(self, layout: &str) -> PyResult<Self> {
                Err(PyValueError::new_err(format!(
                    "a {} position's board is in its notation (its colours field), not a layout ({layout})",
                    <$game as Game>::NAME
                )))
            }
        }

        /// The proof is the alpha-beta search's.
        impl Prove for $game {
            fn prove(&self, limits: Limits, table_mib: usize) -> Result<Proof<Move>, TableError> {
                crate::position::search_proof(self, limits, table_mib)
            }
        }
    };
}

step_game!(Congress, NoMove, no_move, with_no_move);
step_game!(Quebec, BothConnected, both_connected, with_both_connected);

impl Encoding for Isolation {
    const ACTIONS: usize = DROP_ACTIONS;
    const CHANNELS: usize = DROP_CHANNELS;
    const MAX_MOVES: usize = 64;
    const FIRST: Player = Player::White;

    fn action_of(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Drop(to) => Some(to.index()),
            Move::Step { .. } | Move::Pass => None,
        }
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        Square::ALL.get(action).map(|&s| Move::Drop(s))
    }

    fn fill_observation(&self, me: Player, out: &mut [f32]) {
        let pieces = [self.pieces(Player::Black), self.pieces(Player::White)];
        fill_pawns(self.board(), pieces, me, 9, DROP_CHANNELS, out);
        for square in self.placements() {
            let index = square.index();
            out[((7 - index / 8) * 8 + index % 8) * DROP_CHANNELS + 6] = 1.0;
        }
        // The supply as a fraction of the box's 8 (1 for an unlimited one).
        let hand = |player: Player| self.in_hand(player).map_or(1.0, |n| n as f32 / 8.0);
        fill_plane(out, DROP_CHANNELS, 7, hand(me));
        fill_plane(out, DROP_CHANNELS, 8, hand(me.opponent()));
    }
}

impl crate::position::Reading for Isolation {
    fn reading(&self) -> &'static str {
        Isolation::reading(self).name()
    }

    fn read_as(self, rules: &str) -> PyResult<Self> {
        let reading: Reading = rules.parse().map_err(|e| value_error(&e))?;
        Ok(self.with_reading(reading))
    }

    fn layout_name(&self) -> Option<&'static str> {
        Some(self.supply().name())
    }

    fn laid_as(self, supply: &str) -> PyResult<Self> {
        let supply: Supply = supply.parse().map_err(|e| value_error(&e))?;
        Ok(self.with_supply(supply))
    }

    /// An unlimited supply admits a notation with more than 8 pawns a side.
    fn from_args(text: Option<&str>, rules: Option<&str>, supply: Option<&str>) -> PyResult<Self> {
        let unlimited = supply
            .map(|s| s.parse::<Supply>().map_err(|e| value_error(&e)))
            .transpose()?
            .is_some_and(|s| s.limit().is_none());
        let position = match text {
            Some(text) if unlimited => {
                Isolation::from_ascii_unlimited(text.as_bytes()).map_err(|e| value_error(&e))?
            }
            Some(text) => text.parse().map_err(|e| value_error(&e))?,
            None => Isolation::start(),
        };
        let position = match rules {
            Some(rules) => crate::position::Reading::read_as(position, rules)?,
            None => position,
        };
        match supply {
            Some(supply) => crate::position::Reading::laid_as(position, supply),
            None => Ok(position),
        }
    }
}

/// Strict Isolation's proof is exact (Node Kayles over the conflict
/// graph, well under a second from any empty board, whatever the limits);
/// the other readings' is the alpha-beta search's.
impl Prove for Isolation {
    fn prove(&self, limits: Limits, table_mib: usize) -> Result<Proof<Move>, TableError> {
        let started = std::time::Instant::now();
        match IsolationSolver::new().solve(self) {
            Ok(solution) => Ok(Proof {
                winner: Some(solution.winner),
                plies: None,
                best: solution.best,
                nodes: solution.nodes,
                elapsed: started.elapsed(),
            }),
            Err(_) => crate::position::search_proof(self, limits, table_mib),
        }
    }
}

/// The board of a `start` argument (the standard board without one).
fn board_arg(board: Option<PyRef<'_, PyBoard>>) -> Board {
    board.map_or_else(Board::standard, |b| b.inner)
}

/// `player`'s pawns as square names.
fn squares(pieces: Bitboard) -> Vec<String> {
    pieces.iter().map(|s| s.to_string()).collect()
}

/// The observation of `position` for `player` (the side to move without
/// one) as an `(8, 8, CHANNELS)` array.
fn observation<'py, G: Encoding>(
    py: Python<'py>,
    position: &G,
    player: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let me = position.observer(player)?;
    let mut out = vec![0.0f32; 64 * G::CHANNELS];
    position.fill_observation(me, &mut out);
    PyArray1::from_vec(py, out).reshape([8, 8, G::CHANNELS])
}

/// The methods the three classes add to the shared ones: the start on a
/// board, the board, the pawns and the observation.
macro_rules! family_class {
    ($(#[$meta:meta])* $name:ident($core:ty, $module:literal, $repr:literal, $second:ident), { $($extra:tt)* }) => {
        position_class! {
            $(#[$meta])*
            $name($core, Move, $module, $repr, $second),
            {
                /// The board.
                #[getter]
                fn board(&self) -> PyBoard {
                    PyBoard {
                        inner: *self.inner.board(),
                    }
                }

                /// The squares of `player`'s pawns (`"black"` or `"white"`).
                fn pieces(&self, player: &str) -> PyResult<Vec<String>> {
                    let player: Player = player.parse().map_err(|e| value_error(&e))?;
                    Ok(squares(self.inner.pieces(player)))
                }

                /// The observation planes, `(8, 8, CHANNELS)` float32, for
                /// `player` (the side to move by default).
                #[pyo3(signature = (player = None))]
                fn observation<'py>(
                    &self,
                    py: Python<'py>,
                    player: Option<&Bound<'py, PyAny>>,
                ) -> PyResult<Bound<'py, PyArray3<f32>>> {
                    observation(py, &self.inner, player)
                }

                $($extra)*
            }
        }
    };
}

family_class! {
    /// A Congress position (immutable): connect all your pawns, no captures.
    PyCongress(Congress, "kamisado_katarenga.congress", "congress.Position", layout),
    {
        /// The start on `board` (the standard board by default), played by
        /// the no-move rule `rules`: ``"lose"`` (the default: a player with
        /// no move loses) or ``"pass"`` (it passes; neither able to move is
        /// a draw).
        #[staticmethod]
        #[pyo3(signature = (board = None, rules = "lose"))]
        fn start(board: Option<PyRef<'_, PyBoard>>, rules: &str) -> PyResult<Self> {
            let inner = crate::position::Reading::read_as(Congress::start_on(board_arg(board)), rules)?;
            Ok(PyCongress { inner })
        }
    }
}

family_class! {
    /// A Quebec position (immutable): Congress with captures, where a lone
    /// pawn counts as connected.
    PyQuebec(Quebec, "kamisado_katarenga.quebec", "quebec.Position", layout),
    {
        /// The start on `board` (the standard board by default), played by
        /// the both-connected rule `rules`: ``"mover"`` (the default: the
        /// player who moved wins) or ``"draw"``.
        #[staticmethod]
        #[pyo3(signature = (board = None, rules = "mover"))]
        fn start(board: Option<PyRef<'_, PyBoard>>, rules: &str) -> PyResult<Self> {
            let inner = crate::position::Reading::read_as(Quebec::start_on(board_arg(board)), rules)?;
            Ok(PyQuebec { inner })
        }
    }
}

family_class! {
    /// An Isolation position (immutable): place pawns where no two are en
    /// prise; the last player able to place wins.
    PyIsolation(Isolation, "kamisado_katarenga.isolation", "isolation.Position", supply),
    {
        /// The empty `board` (the standard board by default), played by the
        /// reading `rules` (``"strict"``, the default, ``"opposite"``,
        /// ``"one-way"``) with `supply` pawns a side (``"8"``, the default,
        /// or ``"none"`` for an unlimited supply).
        #[staticmethod]
        #[pyo3(signature = (board = None, rules = "strict", supply = "8"))]
        fn start(board: Option<PyRef<'_, PyBoard>>, rules: &str, supply: &str) -> PyResult<Self> {
            let inner = Isolation::start_on(board_arg(board));
            let inner = crate::position::Reading::read_as(inner, rules)?;
            let inner = crate::position::Reading::laid_as(inner, supply)?;
            Ok(PyIsolation { inner })
        }

        /// The supply: ``"8"`` or ``"none"`` (unlimited).
        #[getter]
        fn supply(&self) -> &'static str {
            self.inner.supply().name()
        }

        /// How many pawns `player` has in hand (`None`: an unlimited supply).
        fn in_hand(&self, player: &str) -> PyResult<Option<u32>> {
            let player: Player = player.parse().map_err(|e| value_error(&e))?;
            Ok(self.inner.in_hand(player))
        }

        /// The squares where the side to move may place a pawn.
        fn placements(&self) -> Vec<String> {
            squares(self.inner.placements())
        }
    }
}
