//! The four official double-sided tiles (RULES.md 2.1): the one place that
//! defines them.

use core::fmt;

use board_geometry::{Grid4, mirror_grid4, rotate_grid4};

use crate::SquareColour;
use crate::SquareColour::{Blue as B, Green as G, Red as R, Yellow as Y};

/// One of the four double-sided quarter-board tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
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
    /// The four tiles.
    pub const ALL: [Tile; 4] = [Tile::One, Tile::Two, Tile::Three, Tile::Four];

    /// `0..4`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The tile's front, rows top to bottom, unrotated.
    #[inline]
    pub const fn front(self) -> Grid4<SquareColour> {
        FRONTS[self as usize]
    }

    /// The tile's face `side` up, turned `rotation`.
    pub fn grid(self, side: Side, rotation: Rotation) -> Grid4<SquareColour> {
        let face = match side {
            Side::Front => self.front(),
            Side::Back => mirror_grid4(&self.front()),
        };
        rotate_grid4(&face, rotation.quarter_turns())
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tile {}", *self as u8 + 1)
    }
}

/// Which face of a tile is up. The back is the front mirrored left to
/// right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Side {
    /// The front.
    #[default]
    Front,
    /// The back: the front mirrored left to right.
    Back,
}

impl Side {
    /// Both sides.
    pub const ALL: [Side; 2] = [Side::Front, Side::Back];
}

/// How far a tile is turned clockwise, in quarter turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
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

impl Rotation {
    /// The four rotations.
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    /// The number of clockwise quarter turns, `0..4`.
    #[inline]
    pub const fn quarter_turns(self) -> u8 {
        self as u8
    }

    /// The rotation of `quarter_turns` clockwise quarter turns (modulo 4).
    #[inline]
    pub const fn new(quarter_turns: u8) -> Rotation {
        Rotation::ALL[(quarter_turns % 4) as usize]
    }
}

/// One quadrant's choice: which tile, which side up, which rotation.
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
    pub const fn new(tile: Tile) -> TilePlacement {
        TilePlacement {
            tile,
            side: Side::Front,
            rotation: Rotation::R0,
        }
    }

    /// The placement's grid of colours.
    #[inline]
    pub fn grid(self) -> Grid4<SquareColour> {
        self.tile.grid(self.side, self.rotation)
    }
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
}
