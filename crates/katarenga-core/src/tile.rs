//! The four official double-sided tiles ([rules](crate::rules#board)): the one place that
//! defines them.

use core::fmt;
use core::str::FromStr;

use board_geometry::ParseNameError;

use crate::SquareColour;
use crate::SquareColour::{Blue as B, Green as G, Red as R, Yellow as Y};
use crate::quadrant::{Grid4, mirror_grid4, rotate_grid4};

board_geometry::named_enum! {
    /// One of the four double-sided quarter-board tiles. Serde writes it as
    /// its number, 1 to 4.
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(into = "u8", try_from = "u8")
    )]
    pub enum Tile {
        /// Tile 1.
        One,
        /// Tile 2.
        Two,
        /// Tile 3.
        Three,
        /// Tile 4.
        Four,
    }
}

/// The fronts of the tiles, rows top to bottom as placed in rotation 0.
/// A transcription from a public implementation (the published rules show
/// them only as pictures): correct them here, and only here.
const FRONTS: [Grid4<SquareColour>; 4] = [
    // tile 1
    [[R, Y, B, G], [G, R, G, B], [Y, Y, B, R], [B, G, R, Y]],
    // tile 2
    [[R, Y, G, B], [G, Y, R, Y], [B, B, G, R], [Y, R, B, G]],
    // tile 3
    [[R, G, B, Y], [Y, Y, G, R], [B, B, R, G], [G, R, Y, B]],
    // tile 4
    [[R, G, B, Y], [Y, Y, B, R], [B, G, R, G], [G, R, Y, B]],
];

impl Tile {
    /// The tile's front, rows top to bottom, unrotated.
    #[inline]
    #[must_use]
    pub const fn front(self) -> Grid4<SquareColour> {
        FRONTS[self as usize]
    }

    /// The tile's face `side` up, turned `rotation`.
    #[must_use]
    pub fn grid(self, side: Side, rotation: Rotation) -> Grid4<SquareColour> {
        let face = match side {
            Side::Front => self.front(),
            Side::Back => mirror_grid4(&self.front()),
        };
        rotate_grid4(&face, rotation.quarter_turns())
    }
}

impl Tile {
    /// The tile with this number (1 to 4).
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Tile> {
        match number {
            1 => Some(Tile::One),
            2 => Some(Tile::Two),
            3 => Some(Tile::Three),
            4 => Some(Tile::Four),
            _ => None,
        }
    }

    /// The tile's number, 1 to 4.
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }
}

impl From<Tile> for u8 {
    fn from(tile: Tile) -> u8 {
        tile.number()
    }
}

impl TryFrom<u8> for Tile {
    type Error = ParseNameError;

    fn try_from(number: u8) -> Result<Tile, ParseNameError> {
        Tile::from_number(number).ok_or(ParseNameError {
            what: "tile",
            expected: "a tile number from 1 to 4",
        })
    }
}

impl fmt::Display for Tile {
    /// Writes `tile 1` to `tile 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tile {}", self.number())
    }
}

board_geometry::named_enum! {
    /// Which face of a tile is up. The back is the front mirrored left to
    /// right.
    #[derive(Default)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "lowercase")
    )]
    pub enum Side {
        /// The front.
        #[default]
        Front,
        /// The back: the front mirrored left to right.
        Back,
    }
}

board_geometry::named_enum! {
    /// How far a tile is turned clockwise, in quarter turns. Serde writes the
    /// number of quarter turns, 0 to 3.
    #[derive(Default)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(into = "u8", try_from = "u8")
    )]
    pub enum Rotation {
        /// Not turned.
        #[default]
        R0,
        /// A quarter turn clockwise.
        R90,
        /// A half turn.
        R180,
        /// Three quarter turns clockwise.
        R270,
    }
}

impl Rotation {
    /// The number of clockwise quarter turns, `0..4`.
    #[inline]
    #[must_use]
    pub const fn quarter_turns(self) -> u8 {
        self as u8
    }

    /// The rotation of `quarter_turns` clockwise quarter turns (modulo 4).
    #[inline]
    #[must_use]
    pub const fn new(quarter_turns: u8) -> Rotation {
        Rotation::ALL[(quarter_turns % 4) as usize]
    }
}

impl From<Rotation> for u8 {
    fn from(rotation: Rotation) -> u8 {
        rotation.quarter_turns()
    }
}

impl TryFrom<u8> for Rotation {
    type Error = ParseNameError;

    /// The rotation of 0 to 3 quarter turns (no wrapping).
    fn try_from(quarter_turns: u8) -> Result<Rotation, ParseNameError> {
        Rotation::ALL
            .get(usize::from(quarter_turns))
            .copied()
            .ok_or(ParseNameError {
                what: "rotation",
                expected: "0 to 3 quarter turns",
            })
    }
}

/// One quadrant's choice: which tile, which side up, which rotation.
/// Written as the tile number, `f` (front) or `b` (back), and the number of
/// clockwise quarter turns: `2b1` is tile 2 back up, turned a quarter turn.
///
/// ```
/// use katarenga_core::{Rotation, Side, Tile, TilePlacement};
/// let p: TilePlacement = "2b1".parse()?;
/// assert_eq!((p.tile, p.side, p.rotation), (Tile::Two, Side::Back, Rotation::R90));
/// assert_eq!(p.to_string(), "2b1");
/// # Ok::<(), board_geometry::ParseNameError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TilePlacement {
    /// The tile.
    pub tile: Tile,
    /// The face that is up.
    pub side: Side,
    /// How far it is turned.
    pub rotation: Rotation,
}

impl TilePlacement {
    /// `tile` front up, unrotated.
    #[inline]
    #[must_use]
    pub const fn new(tile: Tile) -> TilePlacement {
        TilePlacement {
            tile,
            side: Side::Front,
            rotation: Rotation::R0,
        }
    }

    /// The placement's grid of colours.
    #[inline]
    #[must_use]
    pub fn grid(self) -> Grid4<SquareColour> {
        self.tile.grid(self.side, self.rotation)
    }

    /// The number of ways to lay the four tiles in the four quadrants:
    /// 4! orders x 2^4 sides x 4^4 rotations = 98,304.
    pub const ARRANGEMENTS: u32 = 98_304;

    /// The `index`-th of the [`TilePlacement::ARRANGEMENTS`] ways to lay the
    /// four tiles, in quadrant order (top-left, top-right, bottom-left,
    /// bottom-right), each tile used once; `None` if `index` is out of
    /// range. The index packs a permutation of the tiles (`index % 24`, in
    /// Lehmer code), the sides (4 bits) and the rotations (2 bits each), so
    /// a random number picks a random official board.
    ///
    /// ```
    /// use katarenga_core::{Board, TilePlacement};
    /// let first = TilePlacement::arrangement(0).unwrap();
    /// assert_eq!(Board::from_tiles(first), Ok(Board::standard()));
    /// assert!(TilePlacement::arrangement(TilePlacement::ARRANGEMENTS).is_none());
    /// ```
    #[must_use]
    pub fn arrangement(index: u32) -> Option<[TilePlacement; 4]> {
        if index >= TilePlacement::ARRANGEMENTS {
            return None;
        }
        // The permutation's Lehmer digits are `index % 4`, `index / 4 % 3`
        // and `index / 12 % 2`: they read `index % 24` without reducing it
        // first. Likewise the side bits read only bits 0-3 of `index / 24`.
        let mut tiles = Tile::ALL;
        let mut code = index;
        for i in 0..3 {
            let pick = i + (code % (4 - i as u32)) as usize;
            code /= 4 - i as u32;
            tiles.swap(i, pick);
        }
        let sides = index / 24;
        let rotations = index / (24 * 16);
        Some(core::array::from_fn(|q| TilePlacement {
            tile: tiles[q],
            side: if sides >> q & 1 == 1 {
                Side::Back
            } else {
                Side::Front
            },
            rotation: Rotation::new((rotations >> (2 * q)) as u8),
        }))
    }
}

impl fmt::Display for TilePlacement {
    /// Writes e.g. `2b1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Side::Front => 'f',
            Side::Back => 'b',
        };
        write!(
            f,
            "{}{side}{}",
            self.tile.number(),
            self.rotation.quarter_turns()
        )
    }
}

impl FromStr for TilePlacement {
    type Err = ParseNameError;

    /// Reads e.g. `2b1`: the tile number 1-4, `f` or `b`, quarter turns 0-3.
    fn from_str(s: &str) -> Result<TilePlacement, ParseNameError> {
        let error = ParseNameError {
            what: "tile placement",
            expected: "a tile number 1-4, f or b, and quarter turns 0-3, such as 2b1",
        };
        let &[tile, side, turns] = s.as_bytes() else {
            return Err(error);
        };
        let tile = Tile::from_number(tile.wrapping_sub(b'0')).ok_or(error)?;
        let side = match side {
            b'f' => Side::Front,
            b'b' => Side::Back,
            _ => return Err(error),
        };
        let rotation = Rotation::try_from(turns.wrapping_sub(b'0')).map_err(|_| error)?;
        Ok(TilePlacement {
            tile,
            side,
            rotation,
        })
    }
}

#[cfg(feature = "serde")]
board_geometry::serde_as_notation! {
    TilePlacement => "a tile placement such as \"2b1\"",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_has_four_squares_of_each_colour() {
        for tile in Tile::ALL {
            for side in Side::ALL {
                for rotation in Rotation::ALL {
                    let grid = tile.grid(side, rotation);
                    for colour in SquareColour::ALL {
                        let n = grid.iter().flatten().filter(|&&c| c == colour).count();
                        assert_eq!(n, 4, "{tile} {side:?} {rotation:?} {colour}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_back_is_the_mirrored_front() {
        let back = Tile::One.grid(Side::Back, Rotation::R0);
        assert_eq!(back[0], [G, B, Y, R]);
        let turned = Tile::One.grid(Side::Front, Rotation::R90);
        // The left column read bottom to top becomes the top row.
        assert_eq!(turned[0], [B, Y, G, R]);
    }

    #[test]
    fn placements_round_trip_through_their_notation() {
        extern crate std;
        use std::string::ToString;
        for index in 0..TilePlacement::ARRANGEMENTS {
            for p in TilePlacement::arrangement(index).unwrap() {
                assert_eq!(p.to_string().parse::<TilePlacement>(), Ok(p));
            }
        }
        for bad in ["", "1f", "5f0", "0f0", "1x0", "1f4", "1f00", "1F0"] {
            assert!(bad.parse::<TilePlacement>().is_err(), "{bad}");
        }
        assert!(Tile::try_from(0).is_err() && Tile::try_from(5).is_err());
        assert!(Rotation::try_from(4).is_err());
    }
}
