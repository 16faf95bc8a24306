//! The eight compass directions.

crate::named_enum! {
    /// A compass direction on the board, as seen from rank 1: north is toward
    /// rank 8, east toward the h-file. [`Direction::ALL`] runs clockwise from
    /// north.
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "snake_case")
    )]
    #[allow(missing_docs)]
    pub enum Direction {
        North,
        NorthEast,
        East,
        SouthEast,
        South,
        SouthWest,
        West,
        NorthWest,
    }
}

impl Direction {
    /// The four straight (rook) directions.
    pub const STRAIGHT: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The four diagonal (bishop) directions.
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// One step in this direction as (files, ranks).
    #[inline]
    #[must_use]
    pub const fn offset(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// The direction pointing the other way.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) & 7]
    }

    /// Whether the direction is diagonal.
    #[inline]
    #[must_use]
    pub const fn is_diagonal(self) -> bool {
        (self as u8) & 1 == 1
    }

    /// Whether a step in this direction raises the square index (north,
    /// north-east, east and north-west). Along such a ray the nearest square
    /// is the lowest set bit; along the others it is the highest.
    #[inline]
    #[must_use]
    pub const fn is_increasing(self) -> bool {
        let (files, ranks) = self.offset();
        ranks * 8 + files > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposites_and_kinds() {
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.is_increasing(), d.opposite().is_increasing());
            let (f, r) = d.offset();
            assert_eq!(d.is_diagonal(), f != 0 && r != 0);
        }
        assert_eq!(Direction::NorthWest.opposite(), Direction::SouthEast);
    }
}
