//! The four square colours of Katarenga, each a way of moving.

use core::fmt;

/// The colour of a Katarenga square, which decides how a piece standing on
/// it moves (RULES.md 2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum SquareColour {
    /// Moves like a rook, stopping on the first red square.
    Red,
    /// Moves like a bishop, stopping on the first yellow square.
    Yellow,
    /// Moves like a king: one square in any direction.
    Blue,
    /// Moves like a knight.
    Green,
}

impl SquareColour {
    /// The four colours: red, yellow, blue, green.
    pub const ALL: [SquareColour; 4] = [
        SquareColour::Red,
        SquareColour::Yellow,
        SquareColour::Blue,
        SquareColour::Green,
    ];

    /// `0..4`, for per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour written as this uppercase letter (`R Y B G`).
    #[inline]
    pub const fn from_letter(letter: u8) -> Option<SquareColour> {
        match letter {
            b'R' => Some(SquareColour::Red),
            b'Y' => Some(SquareColour::Yellow),
            b'B' => Some(SquareColour::Blue),
            b'G' => Some(SquareColour::Green),
            _ => None,
        }
    }

    /// The notation letter.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            SquareColour::Red => 'R',
            SquareColour::Yellow => 'Y',
            SquareColour::Blue => 'B',
            SquareColour::Green => 'G',
        }
    }

    /// The English name, lowercase.
    pub const fn name(self) -> &'static str {
        match self {
            SquareColour::Red => "red",
            SquareColour::Yellow => "yellow",
            SquareColour::Blue => "blue",
            SquareColour::Green => "green",
        }
    }
}

impl fmt::Display for SquareColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
