//! The board's layouts ([rules](crate::rules#board-layouts)): the printed
//! board, turned a quarter and mirrored.

use board_geometry::{Bitboard, ParseNameError, SplitMix64, Square};

use crate::Colour;
use crate::colour::BOARD;

board_geometry::named_enum! {
    /// Which way the board lies: the colour of each square. A position
    /// carries its layout ([`Position::layout`](crate::Position::layout)),
    /// every position after it keeps it, and the towers start on the
    /// squares of their colours on their home rows
    /// ([`Position::start_on`](crate::Position::start_on)). The
    /// [notation](crate::rules#position-notation) does not write it: a
    /// parsed position lies on [`Layout::Standard`] until
    /// [`Position::with_layout`](crate::Position::with_layout) says
    /// otherwise.
    ///
    /// The four are the distinct images of the printed board under turns
    /// and reflections (a half turn gives the printed board back). Each
    /// is the printed board with its colours renamed, so the game from a
    /// layout's start is the standard game under other names.
    ///
    /// ```
    /// use kamisado_core::{Colour, Layout, Square};
    /// assert_eq!(Layout::Standard.colour_of(Square::A1), Colour::Brown);
    /// // Turned a quarter: orange at each player's left.
    /// assert_eq!(Layout::Turned.colour_of(Square::A1), Colour::Orange);
    /// assert_eq!(Layout::Turned.colour_of(Square::H8), Colour::Orange);
    /// assert_eq!("mirrored".parse(), Ok(Layout::Mirrored));
    /// ```
    #[derive(Default)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "kebab-case")
    )]
    pub enum Layout {
        /// The board as the published rules print it: brown at each
        /// player's left (the default).
        #[default]
        Standard => "standard",
        /// The board turned a quarter, which the published rules say plays
        /// equally well: orange at each player's left.
        Turned => "turned",
        /// The printed board's mirror image (files `a` and `h` exchanged):
        /// orange at each player's left, in the other order.
        Mirrored => "mirrored",
        /// The turned board's mirror image: brown at each player's left,
        /// the printed board's home row with blue and red, purple and green
        /// exchanged.
        MirroredTurned => "mirrored-turned",
    }
    parse_error: ParseNameError {
        what: "layout",
        expected: "standard, turned, mirrored or mirrored-turned",
    },
}

impl Layout {
    /// The colour of `square` on this layout.
    #[inline(always)]
    #[must_use]
    pub const fn colour_of(self, square: Square) -> Colour {
        LAYOUTS[self as usize][square as usize]
    }

    /// The colour of each square on this layout, by the square's index:
    /// for loops that look up many squares of one layout.
    #[inline(always)]
    pub(crate) fn colours(self) -> &'static [Colour; 64] {
        &LAYOUTS[self as usize]
    }

    /// All squares of `colour` on this layout (one on every rank and
    /// every file).
    #[inline]
    #[must_use]
    pub const fn squares(self, colour: Colour) -> Bitboard {
        LAYOUT_SQUARES[self as usize][colour as usize]
    }

    /// A layout drawn at random, each of the four equally likely: how a
    /// game is set up on "the board layouts drawn at random" (Yucata's
    /// house rule, [rules](crate::rules#board-layouts)).
    ///
    /// ```
    /// use kamisado_core::{Layout, board_geometry::SplitMix64};
    /// let mut rng = SplitMix64::new(7);
    /// let drawn = Layout::draw(&mut rng);
    /// assert!(Layout::ALL.contains(&drawn));
    /// ```
    #[must_use]
    pub fn draw(rng: &mut SplitMix64) -> Layout {
        // The top bits: four equally likely values.
        Layout::ALL[(rng.next_u64() >> 62) as usize]
    }
}

/// The printed board's square whose colour `square` has on `layout`.
const fn source(layout: usize, square: usize) -> usize {
    let (file, rank) = (square % 8, square / 8);
    let (file, rank) = match layout {
        0 => (file, rank),
        // A quarter turn; the printed board is the same after a half turn,
        // so the direction does not matter.
        1 => (rank, 7 - file),
        2 => (7 - file, rank),
        _ => (rank, file),
    };
    rank * 8 + file
}

/// Each layout's colours by square: a `static`, one table in memory that
/// [`Layout::colours`] lends out.
static LAYOUTS: [[Colour; 64]; 4] = {
    let mut layouts = [[Colour::Orange; 64]; 4];
    let mut l = 0;
    while l < 4 {
        let mut s = 0;
        while s < 64 {
            layouts[l][s] = BOARD[source(l, s)];
            s += 1;
        }
        l += 1;
    }
    layouts
};

const LAYOUT_SQUARES: [[Bitboard; 8]; 4] = {
    let mut sets = [[Bitboard::EMPTY; 8]; 4];
    let mut l = 0;
    while l < 4 {
        let mut s = 0;
        while s < 64 {
            let c = LAYOUTS[l][s] as usize;
            sets[l][c] = Bitboard(sets[l][c].0 | 1 << s);
            s += 1;
        }
        l += 1;
    }
    sets
};

// The names the layouts go by are checked against the squares they say.
const _: () = {
    assert!(matches!(LAYOUTS[1][0], Colour::Orange));
    assert!(matches!(LAYOUTS[2][0], Colour::Orange));
    assert!(matches!(LAYOUTS[3][0], Colour::Brown));
};

#[cfg(test)]
mod tests {
    use super::*;
    use board_geometry::{File, Rank};

    #[test]
    fn every_layout_is_a_latin_square_symmetric_under_a_half_turn() {
        for layout in Layout::ALL {
            for colour in Colour::ALL {
                let set = layout.squares(colour);
                for r in Rank::ALL {
                    assert_eq!((set & r.bitboard()).len(), 1, "{layout}: {colour} on {r}");
                }
                for f in File::ALL {
                    assert_eq!((set & f.bitboard()).len(), 1, "{layout}: {colour} on {f}");
                }
            }
            for square in Square::ALL {
                assert_eq!(
                    layout.colour_of(square),
                    layout.colour_of(square.rotate_180())
                );
            }
        }
    }

    #[test]
    fn the_four_layouts_differ() {
        for (i, a) in Layout::ALL.iter().enumerate() {
            for b in &Layout::ALL[i + 1..] {
                assert!(
                    Square::ALL
                        .iter()
                        .any(|&s| a.colour_of(s) != b.colour_of(s))
                );
            }
        }
    }
}
