//! How the game ends ([rules](crate::rules#end-of-the-game)).

use core::fmt;

use board_geometry::Player;

use crate::{Camps, Position};

/// The end of a game: who won and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
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
    #[must_use]
    pub fn winner(self) -> Player {
        match self {
            Outcome::Camps { winner }
            | Outcome::TooFewPieces { winner }
            | Outcome::NoMove { winner } => winner,
        }
    }

    /// The loser.
    #[inline]
    #[must_use]
    pub fn loser(self) -> Player {
        self.winner().opponent()
    }

    /// A short name of the way the game ended, for statistics and
    /// interfaces: `"camps"`, `"too few pieces"` or `"no move"`.
    #[must_use]
    pub const fn ending(self) -> &'static str {
        match self {
            Outcome::Camps { .. } => "camps",
            Outcome::TooFewPieces { .. } => "too few pieces",
            Outcome::NoMove { .. } => "no move",
        }
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
    /// The end of the game by camps or by piece count, the outcomes that
    /// need no move generation: the one definition of these two rules, used
    /// by [`Game::outcome`](crate::Game::outcome) and by move generation. Both camps are
    /// checked first (a valid position never has both players holding both
    /// camps, and never both with fewer than 2 pieces).
    #[inline(always)]
    pub(crate) fn decided_outcome(&self) -> Option<Outcome> {
        let black_camps = Camps::of(Player::Black).0;
        let white_camps = Camps::of(Player::White).0;
        let camps = self.camps.0;
        // The common case in one test: nobody holds both camps and both
        // have at least 2 pieces.
        if camps & black_camps != black_camps
            && camps & white_camps != white_camps
            && self.counts[0] >= 2
            && self.counts[1] >= 2
        {
            return None;
        }
        for player in Player::ALL {
            if self.camps.count(player) == 2 {
                return Some(Outcome::Camps { winner: player });
            }
        }
        Player::ALL
            .into_iter()
            .find(|p| self.counts[p.index()] < 2)
            .map(|loser| Outcome::TooFewPieces {
                winner: loser.opponent(),
            })
    }
}
