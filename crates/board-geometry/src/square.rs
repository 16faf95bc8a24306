//! Files, ranks and squares of an 8x8 board.

use core::fmt;
use core::str::FromStr;

use crate::Bitboard;
use crate::direction::Direction;
use crate::notation::ParseNameError;

crate::named_enum! {
    /// A file (column) of the board, `a` to `h` from left to right as seen by
    /// the player at rank 1.
    #[allow(missing_docs)]
    pub enum File {
        A,
        B,
        C,
        D,
        E,
        F,
        G,
        H,
    }
}

impl File {
    /// The file of index `index % 8`: a match the compiler turns into the
    /// index itself (see [`Square::of_low_bits`]).
    #[inline(always)]
    const fn of_low_bits(index: usize) -> File {
        match index & 7 {
            0 => File::A,
            1 => File::B,
            2 => File::C,
            3 => File::D,
            4 => File::E,
            5 => File::F,
            6 => File::G,
            _ => File::H,
        }
    }

    /// The file with this index (`0` = `a`), or `None` if `index >= 8`.
    #[inline]
    #[must_use]
    pub const fn new(index: usize) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index])
        } else {
            None
        }
    }

    /// The file written as this lowercase ASCII letter (`b'a'..=b'h'`).
    #[inline]
    #[must_use]
    pub const fn from_ascii(letter: u8) -> Option<File> {
        File::new(letter.wrapping_sub(b'a') as usize)
    }

    /// The lowercase letter of the file.
    #[inline]
    #[must_use]
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file mirrored left to right (`a` <-> `h`).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> File {
        File::ALL[7 - self as usize]
    }

    /// All squares of this file.
    #[inline]
    #[must_use]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << self as u8)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

crate::named_enum! {
    /// A rank (row) of the board, `1` to `8` from bottom to top as seen by the
    /// player at rank 1 (Black).
    #[allow(missing_docs)]
    pub enum Rank {
        First,
        Second,
        Third,
        Fourth,
        Fifth,
        Sixth,
        Seventh,
        Eighth,
    }
}

impl Rank {
    /// The rank of index `index % 8`: a match the compiler turns into the
    /// index itself (see [`Square::of_low_bits`]).
    #[inline(always)]
    const fn of_low_bits(index: usize) -> Rank {
        match index & 7 {
            0 => Rank::First,
            1 => Rank::Second,
            2 => Rank::Third,
            3 => Rank::Fourth,
            4 => Rank::Fifth,
            5 => Rank::Sixth,
            6 => Rank::Seventh,
            _ => Rank::Eighth,
        }
    }

    /// The rank with this index (`0` = rank 1), or `None` if `index >= 8`.
    #[inline]
    #[must_use]
    pub const fn new(index: usize) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index])
        } else {
            None
        }
    }

    /// The rank written as this ASCII digit (`b'1'..=b'8'`).
    #[inline]
    #[must_use]
    pub const fn from_ascii(digit: u8) -> Option<Rank> {
        Rank::new(digit.wrapping_sub(b'1') as usize)
    }

    /// The digit of the rank.
    #[inline]
    #[must_use]
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank mirrored top to bottom (`1` <-> `8`).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }

    /// All squares of this rank.
    #[inline]
    #[must_use]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0xFF << (8 * self as u8))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

macro_rules! squares {
    ($($name:ident = $index:literal),* $(,)?) => {
        /// A square of the board, `a1` = 0 to `h8` = 63 (index = rank * 8 + file).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square {
            $($name = $index),*
        }

        impl Square {
            /// All 64 squares in index order (`a1`, `b1`, ..., `h8`).
            pub const ALL: [Square; 64] = [$(Square::$name),*];

            /// The square of index `index % 64`. A match, which the
            /// compiler turns into the index itself, where reading
            /// [`Square::ALL`] would be a load from memory on every
            /// square of a bitboard's iteration.
            #[inline(always)]
            pub(crate) const fn of_low_bits(index: u32) -> Square {
                match index & 63 {
                    $($index => Square::$name,)*
                    // `index & 63` is below 64.
                    _ => Square::A1,
                }
            }
        }
    };
}

squares! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square on this file and rank.
    #[inline]
    #[must_use]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::of_low_bits((rank as u32) * 8 + file as u32)
    }

    /// The square with this index (`0` = `a1`, `63` = `h8`), or `None` if
    /// `index >= 64`. Never wraps.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index])
        } else {
            None
        }
    }

    /// The square with this index.
    ///
    /// # Panics
    /// Panics if `index >= 64`.
    #[inline]
    #[must_use]
    pub const fn from_index_unchecked(index: usize) -> Square {
        Square::ALL[index]
    }

    /// The square's index, `rank * 8 + file`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square's file.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::of_low_bits(self as usize)
    }

    /// The square's rank.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::of_low_bits((self as usize) >> 3)
    }

    /// The square `files` to the right and `ranks` up from this one, or
    /// `None` if that is off the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file < 0 || file > 7 || rank < 0 || rank > 7 {
            None
        } else {
            Some(Square::ALL[(rank * 8 + file) as usize])
        }
    }

    /// The neighbouring square in `direction`, or `None` at the edge.
    #[inline]
    #[must_use]
    pub const fn step(self, direction: Direction) -> Option<Square> {
        let (files, ranks) = direction.offset();
        self.offset(files, ranks)
    }

    /// The square mirrored top to bottom (`a1` <-> `a8`).
    #[inline]
    #[must_use]
    pub const fn flip_rank(self) -> Square {
        Square::of_low_bits((self as u32) ^ 56)
    }

    /// The square mirrored left to right (`a1` <-> `h1`).
    #[inline]
    #[must_use]
    pub const fn flip_file(self) -> Square {
        Square::of_low_bits((self as u32) ^ 7)
    }

    /// The square after turning the board half a turn (`a1` <-> `h8`).
    #[inline]
    #[must_use]
    pub const fn rotate_180(self) -> Square {
        Square::ALL[63 - self as usize]
    }

    /// The square after turning the board a quarter turn clockwise, as seen
    /// from rank 1 (`a8` -> `h8` -> `h1` -> `a1` -> `a8`).
    #[inline]
    #[must_use]
    pub const fn rotate_cw(self) -> Square {
        // (file, rank) -> (rank, 7 - file)
        Square::new(
            File::ALL[self.rank() as usize],
            Rank::ALL[7 - self.file() as usize],
        )
    }

    /// The square as a one-square bitboard.
    #[inline]
    #[must_use]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u8)
    }

    /// Parses a square from the first two bytes of `bytes` (`b"e4"`),
    /// ignoring anything after them. `offset` is the position of `bytes`
    /// in a larger input and is added to the offsets in the error.
    ///
    /// # Errors
    /// [`ParseSquareError`] if a byte is missing or is not a file letter
    /// `a`-`h` followed by a rank digit `1`-`8`.
    pub fn parse_prefix(bytes: &[u8], offset: usize) -> Result<Square, ParseSquareError> {
        let file = match bytes.first() {
            None => return Err(ParseSquareError::MissingFile { offset }),
            Some(&b) => File::from_ascii(b).ok_or(ParseSquareError::InvalidFile {
                found: b as char,
                offset,
            })?,
        };
        let rank = match bytes.get(1) {
            None => return Err(ParseSquareError::MissingRank { offset: offset + 1 }),
            Some(&b) => Rank::from_ascii(b).ok_or(ParseSquareError::InvalidRank {
                found: b as char,
                offset: offset + 1,
            })?,
        };
        Ok(Square::new(file, rank))
    }
}

/// Why a square's name could not be parsed. Offsets count bytes from the
/// start of the parsed text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseSquareError {
    /// The text ended where a file letter was expected.
    #[error("expected a file letter a-h at offset {offset}, found the end of the input")]
    MissingFile {
        /// Where the file letter was expected.
        offset: usize,
    },
    /// A character that is not a file letter.
    #[error("expected a file letter a-h at offset {offset}, found {found:?}")]
    InvalidFile {
        /// The character found (a byte shown as a char).
        found: char,
        /// Where it was found.
        offset: usize,
    },
    /// The text ended where a rank digit was expected.
    #[error("expected a rank digit 1-8 at offset {offset}, found the end of the input")]
    MissingRank {
        /// Where the rank digit was expected.
        offset: usize,
    },
    /// A character that is not a rank digit.
    #[error("expected a rank digit 1-8 at offset {offset}, found {found:?}")]
    InvalidRank {
        /// The character found (a byte shown as a char).
        found: char,
        /// Where it was found.
        offset: usize,
    },
    /// Text after a complete square name.
    #[error("unexpected text after the square name at offset {offset}")]
    TrailingText {
        /// Where the extra text starts.
        offset: usize,
    },
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `"e4"`-style names: exactly a file letter and a rank digit.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bytes = s.as_bytes();
        let square = Square::parse_prefix(bytes, 0)?;
        if bytes.len() > 2 {
            return Err(ParseSquareError::TrailingText { offset: 2 });
        }
        Ok(square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

impl FromStr for File {
    type Err = ParseNameError;

    /// Reads a lowercase file letter, `a` to `h`.
    fn from_str(s: &str) -> Result<File, ParseNameError> {
        match s.as_bytes() {
            &[letter] => File::from_ascii(letter),
            _ => None,
        }
        .ok_or(ParseNameError {
            what: "file",
            expected: "a letter a-h",
        })
    }
}

impl FromStr for Rank {
    type Err = ParseNameError;

    /// Reads a rank digit, `1` to `8`.
    fn from_str(s: &str) -> Result<Rank, ParseNameError> {
        match s.as_bytes() {
            &[digit] => Rank::from_ascii(digit),
            _ => None,
        }
        .ok_or(ParseNameError {
            what: "rank",
            expected: "a digit 1-8",
        })
    }
}

#[cfg(feature = "serde")]
crate::serde_as_notation! {
    Square => "a square name such as \"e4\"",
    File => "a file letter a-h",
    Rank => "a rank digit 1-8",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_layout_matches_the_rules() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::H1.index(), 7);
        assert_eq!(Square::A8.index(), 56);
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::new(File::E, Rank::Fourth), Square::E4);
        assert_eq!(Square::E4.file(), File::E);
        assert_eq!(Square::E4.rank(), Rank::Fourth);
    }

    #[test]
    fn constructors_never_wrap() {
        assert_eq!(Square::from_index(64), None);
        assert_eq!(Square::from_index(255), None);
        assert_eq!(File::new(8), None);
        assert_eq!(Rank::new(8), None);
        assert_eq!(Square::H4.offset(1, 0), None);
        assert_eq!(Square::A4.offset(-1, 0), None);
        assert_eq!(Square::E8.offset(0, 1), None);
        assert_eq!(Square::E1.offset(0, -1), None);
        assert_eq!(Square::E4.offset(-2, 3), Some(Square::C7));
    }

    #[test]
    fn parse_errors_name_the_offset() {
        assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
        assert_eq!(
            "".parse::<Square>(),
            Err(ParseSquareError::MissingFile { offset: 0 })
        );
        assert_eq!(
            "i4".parse::<Square>(),
            Err(ParseSquareError::InvalidFile {
                found: 'i',
                offset: 0
            })
        );
        assert_eq!(
            "e".parse::<Square>(),
            Err(ParseSquareError::MissingRank { offset: 1 })
        );
        assert_eq!(
            "e9".parse::<Square>(),
            Err(ParseSquareError::InvalidRank {
                found: '9',
                offset: 1
            })
        );
        assert_eq!(
            "e44".parse::<Square>(),
            Err(ParseSquareError::TrailingText { offset: 2 })
        );
        assert_eq!(
            Square::parse_prefix(b"xe0", 10),
            Err(ParseSquareError::InvalidFile {
                found: 'x',
                offset: 10
            })
        );
    }

    #[test]
    fn rotations_move_the_corners_clockwise() {
        assert_eq!(Square::A8.rotate_cw(), Square::H8);
        assert_eq!(Square::H8.rotate_cw(), Square::H1);
        assert_eq!(Square::H1.rotate_cw(), Square::A1);
        assert_eq!(Square::A1.rotate_cw(), Square::A8);
        assert_eq!(Square::B1.rotate_180(), Square::G8);
        assert_eq!(Square::B1.flip_file(), Square::G1);
        assert_eq!(Square::B1.flip_rank(), Square::B8);
    }

    #[test]
    fn files_and_ranks_parse_what_they_print() {
        extern crate std;
        use std::string::ToString;
        for file in File::ALL {
            assert_eq!(file.to_string().parse::<File>(), Ok(file));
        }
        for rank in Rank::ALL {
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
        }
        assert!("i".parse::<File>().is_err());
        assert!("ab".parse::<File>().is_err());
        assert!("9".parse::<Rank>().is_err());
        assert!("".parse::<Rank>().is_err());
    }
}
