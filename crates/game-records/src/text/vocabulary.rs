//! The words a record's tags use for how a game came out and ended.

use std::fmt;
use std::str::FromStr;

use kamisado_core::Player;

/// How a game or match came out: a `Result` tag. Serde writes it as the
/// tag's value: `"black"`, `"white"`, `"draw"` or `"*"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordResult {
    /// The player won (`black` or `white`).
    Win(Player),
    /// No winner: a game adjudicated drawn (`draw`).
    Draw,
    /// Not finished (`*`).
    Unfinished,
}

impl RecordResult {
    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            RecordResult::Win(p) => Some(p),
            RecordResult::Draw | RecordResult::Unfinished => None,
        }
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordResult::Win(p) => write!(f, "{p}"),
            RecordResult::Draw => f.write_str("draw"),
            RecordResult::Unfinished => f.write_str("*"),
        }
    }
}

impl FromStr for RecordResult {
    type Err = String;

    fn from_str(s: &str) -> Result<RecordResult, String> {
        match s {
            "black" => Ok(RecordResult::Win(Player::Black)),
            "white" => Ok(RecordResult::Win(Player::White)),
            "draw" => Ok(RecordResult::Draw),
            "*" => Ok(RecordResult::Unfinished),
            _ => Err("expected black, white, draw or *".into()),
        }
    }
}

/// How a game or match ended: a `Termination` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Termination {
    /// The rules ended it (`normal`): the final position is over (in
    /// Kamisado, the winner reached the target).
    Normal,
    /// Adjudicated drawn: a position came back too often (`repetition`;
    /// Katarenga only).
    Repetition,
    /// Adjudicated drawn: the ply limit was reached (`ply limit`;
    /// Katarenga only).
    PlyLimit,
    /// The loser ran out of time (`time forfeit`).
    TimeForfeit,
    /// The loser sent an illegal move (`illegal move`).
    IllegalMove,
    /// The loser's program crashed or closed its output (`crash`).
    Crash,
    /// The loser's program stopped answering (`no answer`).
    NoAnswer,
    /// The loser's program sent something the protocol does not allow
    /// (`protocol error`).
    ProtocolError,
    /// The loser resigned (`resignation`).
    Resignation,
    /// The loser left the game and did not come back in time: the
    /// opponent claimed it (`abandoned`; a game server's decision).
    Abandoned,
    /// Not finished (`unfinished`).
    Unfinished,
}

impl Termination {
    /// Every termination, in the order of the documentation.
    pub const ALL: [Termination; 11] = [
        Termination::Normal,
        Termination::Repetition,
        Termination::PlyLimit,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::Crash,
        Termination::NoAnswer,
        Termination::ProtocolError,
        Termination::Resignation,
        Termination::Abandoned,
        Termination::Unfinished,
    ];

    /// The tag value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Repetition => "repetition",
            Termination::PlyLimit => "ply limit",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "crash",
            Termination::NoAnswer => "no answer",
            Termination::ProtocolError => "protocol error",
            Termination::Resignation => "resignation",
            Termination::Abandoned => "abandoned",
            Termination::Unfinished => "unfinished",
        }
    }

    /// Whether one player lost it by a fault of its own rather than by
    /// the rules (time, illegal move, crash, silence, garbage, resigning).
    #[must_use]
    pub const fn is_forfeit(self) -> bool {
        matches!(
            self,
            Termination::TimeForfeit
                | Termination::IllegalMove
                | Termination::Crash
                | Termination::NoAnswer
                | Termination::ProtocolError
                | Termination::Resignation
                | Termination::Abandoned
        )
    }

    /// Whether it is a draw by this project's adjudication.
    #[must_use]
    pub const fn is_adjudicated_draw(self) -> bool {
        matches!(self, Termination::Repetition | Termination::PlyLimit)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Termination {
    type Err = String;

    fn from_str(s: &str) -> Result<Termination, String> {
        Termination::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Termination::ALL.iter().map(|t| t.name()).collect();
                format!("expected one of: {}", names.join(", "))
            })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for RecordResult {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for RecordResult {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RecordResult, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
