//! How a round ends ([rules](crate::rules#end-of-a-round)).

use core::fmt;

use board_geometry::Player;

use crate::Colour;

/// The end of a round: who won and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Outcome {
    /// A tower of the winner stands on the winner's goal row (the
    /// opponent's home row).
    Arrival {
        /// The player whose tower arrived.
        winner: Player,
        /// The colour of the tower that arrived.
        tower: Colour,
    },
    /// The chain of obligations went round without reaching a tower that
    /// can move; the player who made the last real move caused it and
    /// loses.
    Deadlock {
        /// The opponent of the player who made the last real move.
        winner: Player,
        /// The colour of the square on which the loser's last real move
        /// ended, which is the forced colour of the deadlocked position.
        /// In match play the winner scores with, and promotes, its tower of
        /// this colour ([rules](crate::rules#match-play)).
        tower: Colour,
    },
    /// The side to move had a free choice and no tower that can move; it
    /// loses. This cannot arise in play, only in a hand-made position.
    NoMove {
        /// The opponent of the side that could not move.
        winner: Player,
    },
}

impl Outcome {
    /// The winner of the round.
    #[inline]
    #[must_use]
    pub fn winner(self) -> Player {
        match self {
            Outcome::Arrival { winner, .. }
            | Outcome::Deadlock { winner, .. }
            | Outcome::NoMove { winner } => winner,
        }
    }

    /// The loser of the round.
    #[inline]
    #[must_use]
    pub fn loser(self) -> Player {
        self.winner().opponent()
    }

    /// A short name of the way the round ended, for statistics and
    /// interfaces: `"arrival"`, `"deadlock"` or `"no move"`.
    #[must_use]
    pub const fn ending(self) -> &'static str {
        match self {
            Outcome::Arrival { .. } => "arrival",
            Outcome::Deadlock { .. } => "deadlock",
            Outcome::NoMove { .. } => "no move",
        }
    }

    /// The colour of the winner's tower that scores the round in match
    /// play: the arriving tower, or after a deadlock the tower of the
    /// colour of the loser's last landing square. `None` after
    /// [`Outcome::NoMove`], which names no tower.
    #[inline]
    #[must_use]
    pub fn scoring_tower(self) -> Option<Colour> {
        match self {
            Outcome::Arrival { tower, .. } | Outcome::Deadlock { tower, .. } => Some(tower),
            Outcome::NoMove { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Arrival { winner, tower } => {
                write!(f, "{winner} wins: the {tower} tower reached the goal row")
            }
            Outcome::Deadlock { winner, .. } => {
                write!(f, "{winner} wins: {} caused a deadlock", winner.opponent())
            }
            Outcome::NoMove { winner } => write!(
                f,
                "{winner} wins: {} has a free choice and no tower that can move",
                winner.opponent()
            ),
        }
    }
}
