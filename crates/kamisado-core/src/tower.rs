//! Towers and their sumo ranks.

use core::fmt;

use board_geometry::Player;

use crate::Colour;

board_geometry::named_enum! {
    /// A tower's sumo rank ([rules](crate::rules#towers-and-the-start)): it limits how far the tower moves
    /// ([rules](crate::rules#how-a-tower-moves)) and how many towers it can push
    /// ([rules](crate::rules#sumo-push)). [`SumoRank::ALL`] runs from plain to triple sumo;
    /// `Display` writes the name (`double sumo`).
    #[derive(Default)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "snake_case")
    )]
    pub enum SumoRank {
        /// A plain tower: moves any distance, never pushes.
        #[default]
        Plain => "plain",
        /// A sumo: moves at most 5 squares, pushes one tower.
        Sumo => "sumo",
        /// A double sumo: moves at most 3 squares, pushes up to two towers.
        DoubleSumo => "double sumo",
        /// A triple sumo: moves 1 square, pushes up to three towers.
        TripleSumo => "triple sumo",
    }
}

impl SumoRank {
    /// The rank with this many `+` marks, or `None` above 3.
    #[inline]
    #[must_use]
    pub const fn new(level: u8) -> Option<SumoRank> {
        match level {
            0 => Some(SumoRank::Plain),
            1 => Some(SumoRank::Sumo),
            2 => Some(SumoRank::DoubleSumo),
            3 => Some(SumoRank::TripleSumo),
            _ => None,
        }
    }

    /// The number of `+` marks: 0 to 3.
    #[inline]
    #[must_use]
    pub const fn level(self) -> u8 {
        self as u8
    }

    /// How many squares the tower may move: `None` for a plain tower
    /// (unlimited), else 5, 3 or 1.
    #[inline]
    #[must_use]
    pub const fn max_distance(self) -> Option<u8> {
        match self {
            SumoRank::Plain => None,
            SumoRank::Sumo => Some(5),
            SumoRank::DoubleSumo => Some(3),
            SumoRank::TripleSumo => Some(1),
        }
    }

    /// The rank after winning a round: one higher, a triple sumo stays
    /// triple ([rules](crate::rules#match-play)).
    #[inline]
    #[must_use]
    pub const fn promoted(self) -> SumoRank {
        match self {
            SumoRank::Plain => SumoRank::Sumo,
            SumoRank::Sumo => SumoRank::DoubleSumo,
            SumoRank::DoubleSumo | SumoRank::TripleSumo => SumoRank::TripleSumo,
        }
    }
}

/// A tower: a player's piece of one colour. Each player has one tower of
/// each colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tower {
    /// The tower's owner.
    pub player: Player,
    /// The tower's colour.
    pub colour: Colour,
}

impl Tower {
    /// The tower of `player` and `colour`.
    #[inline]
    #[must_use]
    pub const fn new(player: Player, colour: Colour) -> Tower {
        Tower { player, colour }
    }

    /// The notation letter: uppercase for Black, lowercase for White.
    #[inline]
    #[must_use]
    pub const fn letter(self) -> char {
        let c = self.colour.letter();
        match self.player {
            Player::Black => c.to_ascii_uppercase(),
            Player::White => c,
        }
    }
}

impl fmt::Display for Tower {
    /// Writes e.g. `black red`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.player, self.colour)
    }
}
