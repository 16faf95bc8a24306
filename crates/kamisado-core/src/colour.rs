//! The eight colours of Kamisado and the fixed colouring of the board.

use core::fmt;
use core::str::FromStr;

use board_geometry::Rgb;
use board_geometry::{Bitboard, ParseNameError, Square};

/// One of the eight colours of Kamisado's squares and towers.
///
/// The notation letters ([rules](crate::rules#board)) are `O B P K Y R G N`; the variants
/// are declared in that order, so [`Colour::index`] follows it too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Colour {
    Orange,
    Blue,
    Purple,
    Pink,
    Yellow,
    Red,
    Green,
    Brown,
}

impl Colour {
    /// All eight colours in notation-letter order (`O B P K Y R G N`).
    pub const ALL: [Colour; 8] = [
        Colour::Orange,
        Colour::Blue,
        Colour::Purple,
        Colour::Pink,
        Colour::Yellow,
        Colour::Red,
        Colour::Green,
        Colour::Brown,
    ];

    const LETTERS: [u8; 8] = *b"obpkyrgn";

    /// `0..8` in notation-letter order, for per-colour arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour whose lowercase or uppercase letter this is.
    #[inline]
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Colour> {
        match letter.to_ascii_lowercase() {
            b'o' => Some(Colour::Orange),
            b'b' => Some(Colour::Blue),
            b'p' => Some(Colour::Purple),
            b'k' => Some(Colour::Pink),
            b'y' => Some(Colour::Yellow),
            b'r' => Some(Colour::Red),
            b'g' => Some(Colour::Green),
            b'n' => Some(Colour::Brown),
            _ => None,
        }
    }

    /// The lowercase notation letter.
    #[inline]
    #[must_use]
    pub const fn letter(self) -> char {
        Colour::LETTERS[self as usize] as char
    }

    /// The colour of `square` on the Kamisado board.
    #[inline]
    #[must_use]
    pub const fn of_square(square: Square) -> Colour {
        BOARD[square as usize]
    }

    /// All squares of this colour (one on every rank and every file).
    #[inline]
    #[must_use]
    pub const fn squares(self) -> Bitboard {
        COLOUR_SQUARES[self as usize]
    }

    /// The English name, lowercase (`"orange"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Orange => "orange",
            Colour::Blue => "blue",
            Colour::Purple => "purple",
            Colour::Pink => "pink",
            Colour::Yellow => "yellow",
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Brown => "brown",
        }
    }
}

impl Colour {
    /// The colour on screen, for pictures of the board and its towers.
    #[must_use]
    pub const fn rgb(self) -> Rgb {
        match self {
            Colour::Orange => Rgb(236, 134, 34),
            Colour::Blue => Rgb(36, 92, 196),
            Colour::Purple => Rgb(116, 56, 160),
            Colour::Pink => Rgb(236, 128, 170),
            Colour::Yellow => Rgb(236, 206, 40),
            Colour::Red => Rgb(204, 36, 40),
            Colour::Green => Rgb(36, 146, 70),
            Colour::Brown => Rgb(116, 68, 30),
        }
    }
}

impl fmt::Display for Colour {
    /// Writes the English name (`orange`); use [`Colour::letter`] for the
    /// notation letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Colour {
    type Err = ParseNameError;

    /// Reads the English name (`orange`) or the notation letter in either
    /// case (`o`, `O`).
    ///
    /// ```
    /// use kamisado_core::Colour;
    /// assert_eq!("pink".parse(), Ok(Colour::Pink));
    /// assert_eq!("K".parse(), Ok(Colour::Pink));
    /// assert!("violet".parse::<Colour>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Colour, ParseNameError> {
        let by_letter = match s.as_bytes() {
            &[letter] => Colour::from_letter(letter),
            _ => None,
        };
        by_letter
            .or_else(|| Colour::ALL.into_iter().find(|c| c.name() == s))
            .ok_or(ParseNameError {
                what: "colour",
                expected: "a colour name (orange, blue, purple, pink, yellow, red, green, brown) or its letter (o b p k y r g n)",
            })
    }
}

/// The board of the [rules](crate::rules#board), rank 8 first, files a to h.
const DRAWING: [&[u8; 8]; 8] = [
    b"obpkyrgn", // 8
    b"rokgbynp", // 7
    b"gkorpnyb", // 6
    b"kpbongry", // 5
    b"yrgnobpk", // 4
    b"bynprokg", // 3
    b"pnybgkor", // 2
    b"ngrykpbo", // 1
];

/// The colour of each square, by square index.
const BOARD: [Colour; 64] = {
    let mut board = [Colour::Orange; 64];
    let mut i = 0;
    while i < 64 {
        let letter = DRAWING[7 - i / 8][i % 8];
        board[i] = match Colour::from_letter(letter) {
            Some(c) => c,
            None => panic!("bad letter in the board drawing"),
        };
        i += 1;
    }
    board
};

const COLOUR_SQUARES: [Bitboard; 8] = {
    let mut sets = [Bitboard::EMPTY; 8];
    let mut i = 0;
    while i < 64 {
        let c = BOARD[i] as usize;
        sets[c] = Bitboard(sets[c].0 | 1 << i);
        i += 1;
    }
    sets
};

#[cfg(test)]
mod tests {
    use super::*;
    use board_geometry::{File, Rank};

    #[test]
    fn every_rank_and_file_holds_each_colour_once() {
        for colour in Colour::ALL {
            let set = colour.squares();
            assert_eq!(set.len(), 8);
            for r in Rank::ALL {
                assert_eq!((set & r.bitboard()).len(), 1, "{colour} on rank {r}");
            }
            for f in File::ALL {
                assert_eq!((set & f.bitboard()).len(), 1, "{colour} on file {f}");
            }
        }
    }

    #[test]
    fn the_board_is_symmetric_under_a_half_turn() {
        for sq in Square::ALL {
            assert_eq!(Colour::of_square(sq), Colour::of_square(sq.rotate_180()));
        }
        assert_eq!(Colour::of_square(Square::A1), Colour::Brown);
        assert_eq!(Colour::of_square(Square::H8), Colour::Brown);
        assert_eq!(Colour::of_square(Square::D5), Colour::Orange);
        assert_eq!(Colour::of_square(Square::E7), Colour::Blue);
    }

    #[test]
    fn letters_round_trip() {
        for c in Colour::ALL {
            assert_eq!(Colour::from_letter(c.letter() as u8), Some(c));
            assert_eq!(
                Colour::from_letter(c.letter().to_ascii_uppercase() as u8),
                Some(c)
            );
        }
        assert_eq!(Colour::from_letter(b'x'), None);
    }

    #[test]
    fn names_round_trip() {
        extern crate std;
        use std::string::ToString;
        for c in Colour::ALL {
            assert_eq!(c.to_string().parse::<Colour>(), Ok(c));
            assert_eq!(c.letter().to_string().parse::<Colour>(), Ok(c));
        }
        assert!("".parse::<Colour>().is_err());
        assert!("Orange".parse::<Colour>().is_err());
    }
}
