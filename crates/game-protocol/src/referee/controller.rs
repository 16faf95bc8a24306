//! One engine program driven over KKP for a program other than the
//! referee (the game server's bot bridge, a GUI): the referee's own
//! dialogue (handshake, options, fences, the reading of every answer, each
//! failure a [`Fault`]) asked one question at a time.

use std::path::PathBuf;
use std::time::Duration;

use board_geometry::Player;
use game_records::BoardSpec;
use game_spec::GameSpec;
use kamisado_core::{Edge, Match};
use katarenga_core::Orientation;

use super::process::Interrupt;
use super::session::{Fault, Handshake, Slot};
use super::spec::EngineSpec;
use super::time::{Clocks, TimeControl};
use crate::message::{Command, Start};

/// An engine program, started when first asked (and again after a fault),
/// stopped when dropped or shut down.
#[derive(Debug)]
pub struct Controller {
    slot: Slot,
    patience: Duration,
    margin: Duration,
}

impl Controller {
    /// The engine `spec` describes; each answer may come `margin` after its
    /// time, and what has no time (the handshake, `go depth`) within
    /// `patience`. Its standard error goes to `stderr` (a file, appended),
    /// or is inherited.
    #[must_use]
    pub fn new(
        spec: EngineSpec,
        patience: Duration,
        margin: Duration,
        stderr: Option<PathBuf>,
    ) -> Controller {
        Controller {
            slot: Slot::new(spec, stderr, Interrupt::new()),
            patience,
            margin,
        }
    }

    /// Starts the engine for `game` (its handshake, options, and the check
    /// that it plays the game), unless it runs.
    ///
    /// # Errors
    /// The engine's [`Fault`].
    pub fn start(&mut self, game: GameSpec) -> Result<&Handshake, Fault> {
        self.slot.ready(game, self.patience)?;
        Ok(&self.slot.handshake)
    }

    /// Tells the engine a new game of `game` begins.
    ///
    /// # Errors
    /// The engine's [`Fault`].
    pub fn new_game(&mut self, game: GameSpec) -> Result<(), Fault> {
        self.slot.new_game(game, self.patience)
    }

    /// Tells an engine of KKP 1 or later a Kamisado match's state before
    /// a round (`round` from 1).
    ///
    /// # Errors
    /// The engine's [`Fault`].
    pub fn match_state(&mut self, game: &Match, round: u32) -> Result<(), Fault> {
        self.slot.match_state(game, round, self.patience)
    }

    fn clocks(&self, time: [TimeControl; 2]) -> Clocks {
        Clocks::new(time, self.margin, self.patience)
    }

    /// The move `side` plays after `moves` from `start` (a position in its
    /// game's notation), with `time` for each side (a clock's base is the
    /// time left now).
    ///
    /// # Errors
    /// The engine's [`Fault`] (no answer in time among them).
    pub fn best_move(
        &mut self,
        game: GameSpec,
        start: &str,
        moves: Vec<String>,
        time: [TimeControl; 2],
        side: Player,
    ) -> Result<String, Fault> {
        self.slot.ready(game, self.patience)?;
        let mut clocks = self.clocks(time);
        let position = Command::Position {
            start: Start::Notation(start.to_string()),
            moves,
        };
        self.slot
            .ask_move(position, &mut clocks, side, self.patience)
    }

    /// The refill edge `side`, the winner of the round that just ended in
    /// `played`, chooses.
    ///
    /// # Errors
    /// The engine's [`Fault`].
    pub fn best_edge(
        &mut self,
        game: GameSpec,
        played: &Match,
        time: [TimeControl; 2],
        side: Player,
    ) -> Result<Edge, Fault> {
        self.slot.ready(game, self.patience)?;
        let mut clocks = self.clocks(time);
        self.slot.ask_edge(played, &mut clocks, side, self.patience)
    }

    /// The edge of the laid Katarenga board `laid` that `side` (Black)
    /// plays from (an engine of KKP 2 or later).
    ///
    /// # Errors
    /// The engine's [`Fault`].
    pub fn best_orientation(
        &mut self,
        game: GameSpec,
        laid: &BoardSpec,
        time: [TimeControl; 2],
        side: Player,
    ) -> Result<Orientation, Fault> {
        self.slot.ready(game, self.patience)?;
        let mut clocks = self.clocks(time);
        self.slot
            .ask_orientation(laid, &mut clocks, side, self.patience)
    }

    /// Stops the engine (`quit`, then its process group killed).
    pub fn shut_down(&mut self) {
        self.slot.shut_down();
    }
}

impl Drop for Controller {
    fn drop(&mut self) {
        self.slot.shut_down();
    }
}
