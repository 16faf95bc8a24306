//! The two players and the facts both games share about them.

use core::ops::Not;

use crate::direction::Direction;
use crate::notation::ParseNameError;
use crate::square::Rank;

crate::named_enum! {
    /// One of the two players. Black sits at rank 1 and White at rank 8 in both
    /// games.
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "lowercase")
    )]
    pub enum Player {
        /// The player whose home row is rank 1.
        Black => "black" / 'b',
        /// The player whose home row is rank 8.
        White => "white" / 'w',
    }
    letters: exact(to_char, from_ascii),
    parse_error: ParseNameError { what: "player", expected: "b, w, black or white" },
}

impl Player {
    /// The other player.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// The player's own home row: rank 1 for Black, rank 8 for White.
    #[inline]
    #[must_use]
    pub const fn home_rank(self) -> Rank {
        match self {
            Player::Black => Rank::First,
            Player::White => Rank::Eighth,
        }
    }

    /// The opponent's home row, which the player's pieces head for.
    #[inline]
    #[must_use]
    pub const fn goal_rank(self) -> Rank {
        self.opponent().home_rank()
    }

    /// Straight forward for this player: north for Black, south for White.
    #[inline]
    #[must_use]
    pub const fn forward(self) -> Direction {
        match self {
            Player::Black => Direction::North,
            Player::White => Direction::South,
        }
    }

    /// The three forward directions (straight first, then the two
    /// diagonals).
    #[inline]
    #[must_use]
    pub const fn forward_directions(self) -> [Direction; 3] {
        match self {
            Player::Black => [Direction::North, Direction::NorthWest, Direction::NorthEast],
            Player::White => [Direction::South, Direction::SouthWest, Direction::SouthEast],
        }
    }
}

impl Not for Player {
    type Output = Player;

    #[inline]
    fn not(self) -> Player {
        self.opponent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_face_each_other() {
        assert_eq!(!Player::Black, Player::White);
        assert_eq!(Player::White.opponent(), Player::Black);
        assert_eq!(Player::Black.home_rank(), Rank::First);
        assert_eq!(Player::Black.goal_rank(), Rank::Eighth);
        assert_eq!(Player::White.forward(), Direction::South);
        assert_eq!(Player::from_ascii(b'w'), Some(Player::White));
        assert_eq!(Player::from_ascii(b'x'), None);
    }

    #[test]
    fn names_round_trip() {
        extern crate std;
        use std::string::ToString;
        for p in Player::ALL {
            assert_eq!(p.to_string().parse::<Player>(), Ok(p));
            assert_eq!(p.to_char().to_string().parse::<Player>(), Ok(p));
        }
        assert!("Black".parse::<Player>().is_err());
        assert!("".parse::<Player>().is_err());
    }
}
