//! The score a match is played to, and the points a round is worth.

use core::fmt;
use core::str::FromStr;

use board_geometry::ParseNameError;

use crate::SumoRank;

/// The score a match is played to: one of the named presets, or any
/// positive target. `Display` writes the number of points; `FromStr` reads
/// a positive number or a preset's name: the published rules' `single`,
/// `standard`, `long` and `marathon` (1, 3, 7, 15) and the tile edition's
/// `tile-long` and `tile-marathon` (5, 7: rule text `001`,
/// [rules](crate::rules#match-lengths-by-source)).
///
/// ```
/// use kamisado_core::Target;
/// assert_eq!("7".parse(), Ok(Target::LONG));
/// assert_eq!("marathon".parse(), Ok(Target::MARATHON));
/// assert_eq!("tile-long".parse::<Target>().map(Target::points), Ok(5));
/// assert_eq!(Target::STANDARD.to_string(), "3");
/// assert!("0".parse::<Target>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "u32", try_from = "u32")
)]
pub struct Target(u32);

impl Target {
    /// A single round (1 point).
    pub const SINGLE_ROUND: Target = Target(1);
    /// The standard match (3 points).
    pub const STANDARD: Target = Target(3);
    /// The long match (7 points).
    pub const LONG: Target = Target(7);
    /// The marathon (15 points).
    pub const MARATHON: Target = Target(15);
    /// The tile edition's long match (5 points, rule text `001`).
    pub const TILE_LONG: Target = Target(5);
    /// The tile edition's marathon (7 points, rule text `001`).
    pub const TILE_MARATHON: Target = Target(7);

    /// A match to `points`, or `None` for 0.
    #[must_use]
    pub const fn new(points: u32) -> Option<Target> {
        if points == 0 {
            None
        } else {
            Some(Target(points))
        }
    }

    /// The points needed to win.
    #[must_use]
    pub const fn points(self) -> u32 {
        self.0
    }
}

/// A target of 0 points, refused by `Target`'s `TryFrom<u32>` (and so by
/// its serde impl).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("a match target must be at least 1 point")]
pub struct ZeroTarget;

impl TryFrom<u32> for Target {
    type Error = ZeroTarget;

    fn try_from(points: u32) -> Result<Target, ZeroTarget> {
        Target::new(points).ok_or(ZeroTarget)
    }
}

impl From<Target> for u32 {
    fn from(target: Target) -> u32 {
        target.0
    }
}

impl fmt::Display for Target {
    /// Writes the number of points.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Target {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Target, ParseNameError> {
        let preset = match s {
            "single" => Some(Target::SINGLE_ROUND),
            "standard" => Some(Target::STANDARD),
            "long" => Some(Target::LONG),
            "marathon" => Some(Target::MARATHON),
            "tile-long" => Some(Target::TILE_LONG),
            "tile-marathon" => Some(Target::TILE_MARATHON),
            _ => s.parse().ok().and_then(Target::new),
        };
        preset.ok_or(ParseNameError {
            what: "target",
            expected: "a positive number of points, single, standard, long, marathon, tile-long or tile-marathon",
        })
    }
}

/// The points a round is worth when won by a tower of `rank`, before its
/// promotion: 1, 3, 7 or 15 (the [rules](crate::rules#match-play) give
/// these values per win).
#[must_use]
pub const fn points_for(rank: SumoRank) -> u32 {
    match rank {
        SumoRank::Plain => 1,
        SumoRank::Sumo => 3,
        SumoRank::DoubleSumo => 7,
        SumoRank::TripleSumo => 15,
    }
}
