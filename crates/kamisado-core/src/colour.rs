//! The eight colours of Kamisado and the fixed colouring of the board.

use board_geometry::Rgb;
use board_geometry::{Bitboard, ParseNameError, Square};

board_geometry::named_enum! {
    /// One of the eight colours of Kamisado's squares and towers.
    ///
    /// The notation letters ([rules](crate::rules#board)) are `O B P K Y R G N`; the variants
    /// are declared in that order, so [`Colour::index`] follows it too. `Display` writes the
    /// English name, lowercase (`orange`); `FromStr` reads the name or the letter in either
    /// case (`o`, `O`).
    ///
    /// ```
    /// use kamisado_core::Colour;
    /// assert_eq!("pink".parse(), Ok(Colour::Pink));
    /// assert_eq!("K".parse(), Ok(Colour::Pink));
    /// assert!("violet".parse::<Colour>().is_err());
    /// ```
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "lowercase")
    )]
    #[allow(missing_docs)]
    pub enum Colour {
        Orange => "orange" / 'o',
        Blue => "blue" / 'b',
        Purple => "purple" / 'p',
        Pink => "pink" / 'k',
        Yellow => "yellow" / 'y',
        Red => "red" / 'r',
        Green => "green" / 'g',
        Brown => "brown" / 'n',
    }
    letters: either_case(letter, from_letter),
    parse_error: ParseNameError {
        what: "colour",
        expected: "a colour name (orange, blue, purple, pink, yellow, red, green, brown) or its letter (o b p k y r g n)",
    },
}

impl Colour {
    /// The colour of `square` on the printed board ([`Layout::Standard`](crate::Layout::Standard);
    /// [`Layout::colour_of`](crate::Layout::colour_of) for the others).
    #[inline]
    #[must_use]
    pub const fn of_square(square: Square) -> Colour {
        BOARD[square as usize]
    }

    /// All squares of this colour on the printed board (one on every rank
    /// and every file).
    #[inline]
    #[must_use]
    pub const fn squares(self) -> Bitboard {
        COLOUR_SQUARES[self as usize]
    }
}

impl Colour {
    /// The mark of this colour for players who cannot tell the colours
    /// apart ([rules](crate::rules#marks-for-colour-blindness)): the kanji
    /// of the colour's Japanese name (`橙` orange, `青` blue, `紫` purple,
    /// `桃` pink, `黄` yellow, `赤` red, `緑` green, `茶` brown). The box's
    /// own characters are in no public text; these are this crate's.
    #[must_use]
    pub const fn mark(self) -> char {
        match self {
            Colour::Orange => '橙',
            Colour::Blue => '青',
            Colour::Purple => '紫',
            Colour::Pink => '桃',
            Colour::Yellow => '黄',
            Colour::Red => '赤',
            Colour::Green => '緑',
            Colour::Brown => '茶',
        }
    }

    /// The ink a [mark](Colour::mark) is written in on this colour: near
    /// black or white, whichever contrasts more (at least 4.5 to 1 for
    /// each colour, as the tests compute it).
    #[must_use]
    pub const fn mark_ink(self) -> Rgb {
        match self {
            Colour::Orange | Colour::Pink | Colour::Yellow | Colour::Green => Rgb(17, 17, 17),
            Colour::Blue | Colour::Purple | Colour::Red | Colour::Brown => Rgb(255, 255, 255),
        }
    }

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
pub(crate) const BOARD: [Colour; 64] = {
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
