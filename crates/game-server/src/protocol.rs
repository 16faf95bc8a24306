//! The messages between the server and its clients, as JSON (the protocol
//! page, `docs/server.md`, shows each with an example).

use game_records::{Phase, TableError};
use kamisado_core::board_geometry::Player;
use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;

/// Who holds a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The black seat.
    Black,
    /// The white seat.
    White,
    /// A spectator: sees everything, does nothing.
    Spectator,
}

impl Role {
    /// The seat's player (`None` for a spectator).
    #[must_use]
    pub fn player(self) -> Option<Player> {
        match self {
            Role::Black => Some(Player::Black),
            Role::White => Some(Player::White),
            Role::Spectator => None,
        }
    }
}

/// What a client sends over its WebSocket.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the link's token, and the last event the client
    /// saw (0 for none), so that it gets what it missed.
    Hello {
        /// The seat's or the spectators' token.
        token: String,
        /// The last event seen.
        #[serde(default)]
        since: u64,
    },
    /// An action in its text form (`d1d7`, `edge a`, `orientation left`,
    /// `resign`).
    Act {
        /// The action.
        action: String,
        /// Echoed in an error about it.
        #[serde(default)]
        id: Option<u64>,
    },
    /// Claims the game of an opponent away for longer than the grace
    /// period.
    Claim {
        /// Echoed in an error about it.
        #[serde(default)]
        id: Option<u64>,
    },
    /// Offers (or, once the opponent offered, accepts) a rematch of the
    /// finished game, the colours exchanged.
    Rematch {
        /// Echoed in an error about it.
        #[serde(default)]
        id: Option<u64>,
    },
}

/// An event as clients see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventView {
    /// Its number, from 1.
    pub n: u64,
    /// `start`, `act`, `flag`, `abandon` or `resume`.
    pub kind: &'static str,
    /// The player it concerns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Player>,
    /// An action's text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// When, in milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// Both players' time after it (`[black, white]`, milliseconds);
    /// `null` in an untimed game.
    pub clocks: Option<[u64; 2]>,
    /// How long the clocks stood still while the server was down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paused_ms: Option<u64>,
}

/// One seat's connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPresence {
    /// Whether the seat has a connection open.
    pub connected: bool,
    /// How long it has been away.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away_ms: Option<u64>,
    /// Whether its opponent may claim the game now.
    pub claimable: bool,
}

/// Both seats' connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presence {
    /// Black's.
    pub black: SeatPresence,
    /// White's.
    pub white: SeatPresence,
}

/// The rematch of a finished game: who offered it, and the new game once
/// both did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RematchView {
    /// Whether Black offered it.
    pub black: bool,
    /// Whether White offered it.
    pub white: bool,
    /// The new game's id, once both offered.
    pub game: Option<String>,
}

/// Where a game stands (read back by clients in Rust, the bridge among
/// them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The game's id.
    pub game: String,
    /// What is played (`GameSpec`'s text).
    pub spec: String,
    /// The position in its game's notation.
    pub position: String,
    /// What the game waits for.
    pub phase: Phase,
    /// Who must act (`null` once over).
    pub actor: Option<Player>,
    /// The number of events so far.
    pub n: u64,
    /// The result: `*`, `black`, `white` or `draw`.
    pub result: String,
    /// How it ended (`unfinished` while it goes on).
    pub termination: String,
    /// A Kamisado match's scores.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<[u32; 2]>,
    /// A Kamisado match's round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// Whether both seats have come (the clocks run from then).
    pub started: bool,
    /// The time control.
    pub control: TimeControl,
    /// Both players' time now (`[black, white]`, milliseconds); `null`
    /// in an untimed game.
    pub clocks: Option<[u64; 2]>,
    /// Whose time runs.
    pub running: Option<Player>,
    /// The seats' connections.
    pub presence: Presence,
    /// Every action so far, with its player.
    pub actions: Vec<(Player, String)>,
    /// The rematch offers, and the rematch once made.
    pub rematch: RematchView,
    /// The game this one is the rematch of.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<String>,
    /// Whether the game counts for the players' ratings (if both seats
    /// belong to two accounts when it ends).
    pub rated: bool,
}

/// What the server sends.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`: the role, the events after `since`, and the
    /// state.
    Welcome {
        /// The link's role.
        role: Role,
        /// The events the client missed.
        events: Vec<EventView>,
        /// The state now.
        state: Snapshot,
    },
    /// An event, with the state after it.
    Event {
        /// The event.
        event: EventView,
        /// The state after it.
        state: Snapshot,
    },
    /// A seat came or left.
    Presence {
        /// The state now.
        state: Snapshot,
    },
    /// A rematch was offered (or made: `state.rematch.game`).
    Offer {
        /// The state now.
        state: Snapshot,
    },
    /// The rematch is made: this connection's link to it (a seat's token
    /// is for the other colour's seat; a spectator's for the spectators).
    /// Sent to each connection alone, never broadcast.
    Rematch {
        /// The new game's id.
        game: String,
        /// The token of this connection's seat in the new game.
        token: String,
    },
    /// A message was refused: nothing changed.
    Error(ClientError),
}

/// Why a client's message was refused: a `kind` to tell it apart and a
/// `message` for a person. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{message}")]
pub struct ClientError {
    /// The kind: the table's (`not_your_turn`, `wrong_phase`, `move`,
    /// `over`, ...) or the server's (`bad_message`, `unknown_token`,
    /// `spectator`, `not_claimable`, `time_out`, `rate_limited`,
    /// `store_failed`, ...).
    pub kind: String,
    /// What went wrong.
    pub message: String,
    /// The `id` of the message refused, if it had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
}

impl ClientError {
    /// An error of `kind`.
    #[must_use]
    pub fn new(kind: &str, message: &str) -> ClientError {
        ClientError {
            kind: kind.into(),
            message: message.into(),
            id: None,
        }
    }

    /// The table's refusal, in its serde shape.
    #[must_use]
    pub fn table(e: &TableError) -> ClientError {
        let json = serde_json::to_value(e).unwrap_or_default();
        ClientError::new(
            json["kind"].as_str().unwrap_or("refused"),
            json["message"].as_str().unwrap_or_default(),
        )
    }

    /// The store's failure: the action was not stored, so not taken.
    #[must_use]
    pub fn store(e: crate::store::StoreError) -> ClientError {
        ClientError::new("store_failed", &format!("not stored, so not taken: {e}"))
    }

    /// The same error about the message `id`.
    #[must_use]
    pub fn about(mut self, id: Option<u64>) -> ClientError {
        self.id = id;
        self
    }
}
