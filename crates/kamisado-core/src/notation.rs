//! The [position notation](crate::rules#position-notation): parsing with precise errors,
//! printing, and a pretty board drawing.

use core::fmt;
use core::str::FromStr;

use board_geometry::notation::{GridError, char_at, next_field, parse_grid, write_grid};
use board_geometry::{File, Player, Rank, Square};

use crate::Game;
use crate::{Colour, InvalidPosition, Position, PositionBuilder, SumoRank, Tower};

board_geometry::named_enum! {
    /// A field of the position notation.
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "snake_case")
    )]
    pub enum Field {
        /// The tower placement, ranks 8 to 1.
        Placement => "placement",
        /// The side to move, `b` or `w`.
        Side => "side",
        /// The forced colour or `-`, with an optional `!`.
        Forced => "forced",
    }
}

/// Why a position string could not be parsed. Every variant carries the
/// byte offset in the input where the problem was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParsePositionError {
    /// The input ended (or a space was missing) where a field should start.
    #[error("missing the {field} field at offset {offset}")]
    MissingField {
        /// The field that is missing.
        field: Field,
        /// Where it should start.
        offset: usize,
    },
    /// A character that does not belong there.
    #[error("unexpected {found:?} in the {field} field at offset {offset}: expected {expected}")]
    Unexpected {
        /// The field being read.
        field: Field,
        /// The character found.
        found: char,
        /// Where it was found.
        offset: usize,
        /// What would have been valid there.
        expected: &'static str,
    },
    /// The placement field is not 8 ranks of 8 squares, or has two digits
    /// in a row.
    #[error(transparent)]
    Placement(#[from] GridError),
    /// More than three `+` marks after a tower.
    #[error("sumo rank above 3 (a fourth '+') at offset {offset}")]
    SumoRankTooHigh {
        /// The offset of the fourth `+`.
        offset: usize,
    },
    /// Text after the last field.
    #[error("unexpected text after the position at offset {offset}")]
    TrailingText {
        /// Where the extra text starts.
        offset: usize,
    },
    /// Well-formed text that describes an impossible position.
    #[error("impossible position (offset {offset})")]
    Invalid {
        /// What is wrong.
        #[source]
        error: InvalidPosition,
        /// Where: the tower's letter for a duplicate, the end of the
        /// placement for a missing tower, the `!` for a misplaced push mark,
        /// 0 when both players have arrived.
        offset: usize,
    },
}

impl Position {
    /// Parses the [position notation](crate::rules#position-notation) from ASCII bytes, e.g.
    /// `b"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"`.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field and the byte offset of the
    /// first problem: a syntax error, a rank of the wrong length, two
    /// adjacent digits, a sumo rank above 3, a tower twice or missing,
    /// towers of both players on their goal rows, or a `!` with `-` or
    /// without a sumo of the side to move.
    pub fn from_ascii(bytes: &[u8]) -> Result<Position, ParsePositionError> {
        use ParsePositionError as E;
        let mut builder = PositionBuilder::new();
        // Placement: ranks 8 down to 1.
        if bytes.is_empty() {
            return Err(E::MissingField {
                field: Field::Placement,
                offset: 0,
            });
        }
        let mut i = parse_grid(
            bytes,
            0,
            |i| {
                let b = bytes[i];
                let colour = Colour::from_letter(b).ok_or(E::Unexpected {
                    field: Field::Placement,
                    found: char_at(bytes, i),
                    offset: i,
                    expected: "a tower letter (O B P K Y R G N, either case), a digit 1-8 or '/'",
                })?;
                let player = if b.is_ascii_uppercase() {
                    Player::Black
                } else {
                    Player::White
                };
                let mut end = i + 1;
                let mut level = 0u8;
                while bytes.get(end) == Some(&b'+') {
                    if level == 3 {
                        return Err(E::SumoRankTooHigh { offset: end });
                    }
                    level += 1;
                    end += 1;
                }
                let rank = SumoRank::new(level).unwrap_or(SumoRank::TripleSumo);
                Ok(((Tower::new(player, colour), rank), end - i))
            },
            |(tower, rank), square, offset| {
                builder
                    .place(tower, square, rank)
                    .map(|_| ())
                    .map_err(|error| E::Invalid { error, offset })
            },
        )?;
        let placement_end = i;
        // Side to move.
        i = next_field(bytes, i).map_err(|offset| E::MissingField {
            field: Field::Side,
            offset,
        })?;
        let side = Player::from_ascii(bytes[i]).ok_or(E::Unexpected {
            field: Field::Side,
            found: char_at(bytes, i),
            offset: i,
            expected: "'b' or 'w'",
        })?;
        i += 1;
        // Forced colour and push mark.
        i = next_field(bytes, i).map_err(|offset| E::MissingField {
            field: Field::Forced,
            offset,
        })?;
        let forced = match bytes[i] {
            b'-' => None,
            b if b.is_ascii_lowercase() && Colour::from_letter(b).is_some() => {
                Colour::from_letter(b)
            }
            _ => {
                return Err(E::Unexpected {
                    field: Field::Forced,
                    found: char_at(bytes, i),
                    offset: i,
                    expected: "'-' or a lowercase colour letter (o b p k y r g n)",
                });
            }
        };
        i += 1;
        let mark = if bytes.get(i) == Some(&b'!') {
            i += 1;
            Some(i - 1)
        } else {
            None
        };
        if i < bytes.len() {
            return Err(E::TrailingText { offset: i });
        }
        builder
            .side_to_move(side)
            .forced(forced)
            .after_push(mark.is_some());
        builder.build().map_err(|error| {
            let offset = match error {
                InvalidPosition::MissingTower(_) => placement_end,
                InvalidPosition::PushMarkWithoutForcedColour
                | InvalidPosition::PushMarkWithoutSumo(_) => mark.unwrap_or(0),
                _ => 0,
            };
            E::Invalid { error, offset }
        })
    }

    /// A drawing of the board for people: one line per rank, each square
    /// as its colour letter followed by the tower on it (uppercase Black,
    /// lowercase White, `+` per sumo rank), or `.` when empty.
    ///
    /// ```
    /// use kamisado_core::Game;
    /// let text = kamisado_core::Position::start().pretty().to_string();
    /// assert!(text.starts_with("8 O:o    B:b    P:p"));
    /// ```
    #[must_use]
    pub fn pretty(&self) -> Pretty<'_> {
        Pretty(self)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Position::from_ascii(s.as_bytes())
    }
}

/// A tower as the notation writes it: its letter and one `+` per sumo
/// rank.
pub(crate) struct TowerToken(pub(crate) Tower, pub(crate) SumoRank);

impl fmt::Display for TowerToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.letter())?;
        for _ in 0..self.1.level() {
            f.write_str("+")?;
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    /// Writes the [position notation](crate::rules#position-notation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, |square| {
            self.piece_on(square)
                .map(|tower| TowerToken(tower, self.rank_at(square)))
        })?;
        write!(f, " {} ", self.side_to_move().to_char())?;
        match self.forced_colour() {
            Some(c) => write!(f, "{}", c.letter())?,
            None => f.write_str("-")?,
        }
        if self.is_after_push() {
            f.write_str("!")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    /// The notation, and the reading of the rules and the layout where
    /// they are not the standard ones (the notation does not say them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\"")?;
        if self.rules() != crate::Rules::Standard {
            write!(f, ", {}", self.rules())?;
        }
        if self.layout() != crate::Layout::Standard {
            write!(f, ", {}", self.layout())?;
        }
        f.write_str(")")
    }
}

/// The board drawing of [`Position::pretty`].
#[derive(Debug, Clone, Copy)]
pub struct Pretty<'a>(&'a Position);

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let position = self.0;
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{}", rank.to_char())?;
            for file in File::ALL {
                let square = Square::new(file, *rank);
                let colour = position
                    .layout()
                    .colour_of(square)
                    .letter()
                    .to_ascii_uppercase();
                write!(f, " {colour}:")?;
                let mut width = 1;
                match position.piece_on(square) {
                    Some(tower) => {
                        let rank = position.rank_at(square);
                        write!(f, "{}", TowerToken(tower, rank))?;
                        width += rank.level() as usize;
                    }
                    None => f.write_str(".")?,
                }
                if file != File::H {
                    for _ in width..4 {
                        f.write_str(" ")?;
                    }
                }
            }
            f.write_str("\n")?;
        }
        f.write_str("   ")?;
        for file in File::ALL {
            write!(f, " {}", file.to_char())?;
            if file != File::H {
                f.write_str("     ")?;
            }
        }
        f.write_str("\n")?;
        write!(f, "{} to move, ", position.side_to_move())?;
        match position.forced_colour() {
            Some(colour) => write!(f, "forced tower: {colour}")?,
            None => f.write_str("free choice")?,
        }
        if position.is_after_push() {
            f.write_str(" (extra move after a push)")?;
        }
        f.write_str("\n")
    }
}
