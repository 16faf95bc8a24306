//! How the game ends (RULES.md 2.4).

use core::fmt;

use board_geometry::Player;

use crate::Position;

/// The end of a game: who won and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The winner occupies both of its target camps.
    Camps {
        /// The winner.
        winner: Player,
    },
    /// The loser has fewer than 2 pieces on the board plus in its camps.
    TooFewPieces {
        /// The winner.
        winner: Player,
    },
    /// The side to move has no legal move and loses (the usual rule of
    /// abstract games; the seeds are silent, and it never happens with up
    /// to 8 pieces a side, but it keeps the engine total).
    NoMove {
        /// The winner: the side not to move.
        winner: Player,
    },
}

impl Outcome {
    /// The winner.
    #[inline]
    pub fn winner(self) -> Player {
        match self {
            Outcome::Camps { winner }
            | Outcome::TooFewPieces { winner }
            | Outcome::NoMove { winner } => winner,
        }
    }

    /// The loser.
    #[inline]
    pub fn loser(self) -> Player {
        self.winner().opponent()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Camps { winner } => write!(f, "{winner} wins: both camps taken"),
            Outcome::TooFewPieces { winner } => write!(
                f,
                "{winner} wins: {} has fewer than 2 pieces",
                winner.opponent()
            ),
            Outcome::NoMove { winner } => {
                write!(f, "{winner} wins: {} has no legal move", winner.opponent())
            }
        }
    }
}

impl Position {
    /// The end of the game, or `None` while it goes on. A position has an
    /// outcome exactly when it has no legal move.
    pub fn outcome(&self) -> Option<Outcome> {
        for player in Player::ALL {
            if self.camps.count(player) == 2 {
                return Some(Outcome::Camps { winner: player });
            }
        }
        for player in Player::ALL {
            if self.counts[player.index()] < 2 {
                return Some(Outcome::TooFewPieces {
                    winner: player.opponent(),
                });
            }
        }
        if self.generate_moves(|_| true) {
            None
        } else {
            Some(Outcome::NoMove {
                winner: self.side.opponent(),
            })
        }
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}
