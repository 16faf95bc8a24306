//! The target line and the four camps beyond the corners
//! ([rules](crate::rules#the-enemy-line-and-the-camps)).

use core::fmt;
use core::str::FromStr;

use board_geometry::{Bitboard, ParseNameError, Player, Square};

use crate::Position;

board_geometry::named_enum! {
    /// One of the four camps outside the board's corners. Black's targets are
    /// `a9` and `h9` (beyond rank 8), White's are `a0` and `h0` (beyond
    /// rank 1). [`Camp::ALL`] is in notation order: `a9 h9 a0 h0`.
    pub enum Camp {
        /// Beyond `a8`: a target of Black.
        A9 => "a9",
        /// Beyond `h8`: a target of Black.
        H9 => "h9",
        /// Beyond `a1`: a target of White.
        A0 => "a0",
        /// Beyond `h1`: a target of White.
        H0 => "h0",
    }
    parse_error: ParseNameError { what: "camp", expected: "a9, h9, a0 or h0" },
}

impl Camp {
    /// The player whose target this camp is.
    #[inline]
    #[must_use]
    pub const fn owner(self) -> Player {
        match self {
            Camp::A9 | Camp::H9 => Player::Black,
            Camp::A0 | Camp::H0 => Player::White,
        }
    }

    /// The two target camps of `player`.
    #[inline]
    #[must_use]
    pub const fn of(player: Player) -> [Camp; 2] {
        match player {
            Player::Black => [Camp::A9, Camp::H9],
            Player::White => [Camp::A0, Camp::H0],
        }
    }

    /// The camp written as these two bytes (`b"a9"`).
    #[must_use]
    pub const fn from_ascii(bytes: [u8; 2]) -> Option<Camp> {
        match bytes {
            [b'a', b'9'] => Some(Camp::A9),
            [b'h', b'9'] => Some(Camp::H9),
            [b'a', b'0'] => Some(Camp::A0),
            [b'h', b'0'] => Some(Camp::H0),
            _ => None,
        }
    }

    /// The camp mirrored left to right (`a9` <-> `h9`, `a0` <-> `h0`).
    #[inline]
    #[must_use]
    pub const fn flip_files(self) -> Camp {
        match self {
            Camp::A9 => Camp::H9,
            Camp::H9 => Camp::A9,
            Camp::A0 => Camp::H0,
            Camp::H0 => Camp::A0,
        }
    }

    /// The bit of this camp in a camp set (see [`Camps`]).
    #[inline]
    #[must_use]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The set of occupied camps, one bit per camp in notation order. `Display`
/// and `FromStr` use the camps field of the
/// [notation](crate::rules#position-notation) (`a9h0`, or `-` for none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Camps(pub u8);

impl Camps {
    /// No camp occupied.
    pub const EMPTY: Camps = Camps(0);

    /// Whether `camp` is occupied.
    #[inline]
    #[must_use]
    pub const fn has(self, camp: Camp) -> bool {
        self.0 & camp.bit() != 0
    }

    /// The set with `camp` added.
    #[inline]
    #[must_use]
    pub const fn with(self, camp: Camp) -> Camps {
        Camps(self.0 | camp.bit())
    }

    /// How many of `player`'s target camps are occupied (0-2).
    #[inline]
    #[must_use]
    pub const fn count(self, player: Player) -> u32 {
        // Two bits added: the default x86-64 target has no population
        // count instruction, and its `count_ones` is a dozen instructions.
        let bits = match player {
            Player::Black => self.0,
            Player::White => self.0 >> 2,
        };
        ((bits & 1) + ((bits >> 1) & 1)) as u32
    }

    /// The occupied camps in notation order.
    pub fn iter(self) -> impl Iterator<Item = Camp> {
        Camp::ALL.into_iter().filter(move |c| self.has(*c))
    }

    /// The set mirrored left to right.
    #[must_use]
    pub fn flip_files(self) -> Camps {
        self.iter()
            .fold(Camps::EMPTY, |set, c| set.with(c.flip_files()))
    }

    /// The two target camps of `player`.
    #[must_use]
    pub const fn of(player: Player) -> Camps {
        let [a, b] = Camp::of(player);
        Camps(a.bit() | b.bit())
    }
}

impl fmt::Display for Camps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 & 0b1111 == 0 {
            return f.write_str("-");
        }
        self.iter().try_for_each(|c| write!(f, "{c}"))
    }
}

impl FromStr for Camps {
    type Err = ParseNameError;

    /// Reads `-` or camp names in the order `a9 h9 a0 h0`, each at most
    /// once (`a9h0`).
    fn from_str(s: &str) -> Result<Camps, ParseNameError> {
        crate::notation::parse_camps(s.as_bytes(), 0).map_err(|_| ParseNameError {
            what: "camps",
            expected: "'-' or camp names a9, h9, a0, h0 in that order, each at most once",
        })
    }
}

#[cfg(feature = "serde")]
board_geometry::serde_as_notation! {
    Camp => "a camp: a9, h9, a0 or h0",
    Camps => "the occupied camps, such as \"a9h0\" or \"-\"",
}

impl Position {
    /// The empty target camps of the side to move.
    #[inline]
    pub(crate) fn open_camps(&self) -> Camps {
        Camps(Camps::of(self.side).0 & !self.camps.0)
    }
}

/// The target line of `player`: the opponent's home row.
#[inline]
#[must_use]
pub const fn target_line(player: Player) -> Bitboard {
    player.goal_rank().bitboard()
}

/// Whether `square` is on `player`'s target line.
#[inline]
#[must_use]
pub const fn on_target_line(player: Player, square: Square) -> bool {
    target_line(player).has(square)
}
