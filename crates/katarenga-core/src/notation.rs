//! The [position notation](crate::rules#position-notation): parsing with precise errors,
//! printing, and a pretty board drawing.

use core::fmt;
use core::str::FromStr;

use board_geometry::notation::{GridError, char_at, next_field, parse_grid, write_grid};
use board_geometry::{Bitboard, File, Player, Rank, Square};

use crate::{Board, Camp, Camps, InvalidPosition, ParseBoardError, Position, PositionBuilder};

board_geometry::named_enum! {
    /// A field of the position notation.
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "snake_case")
    )]
    pub enum Field {
        /// The square colours, ranks 8 to 1.
        Colours => "colours",
        /// The pieces, ranks 8 to 1.
        Pieces => "pieces",
        /// The side to move.
        Side => "side",
        /// The occupied camps.
        Camps => "camps",
        /// The players whose first move is pending under the no-first-capture
        /// option (optional).
        FirstMoves => "first moves",
    }
}

/// Why a position string could not be parsed. Offsets count bytes from the
/// start of the whole string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParsePositionError {
    /// A field is missing (the input ended, or a space was missing).
    #[error("missing the {field} field at offset {offset}")]
    MissingField {
        /// The missing field.
        field: Field,
        /// Where it should start.
        offset: usize,
    },
    /// The colours field is malformed (its offsets are those of the whole
    /// string, as the field comes first).
    #[error(transparent)]
    Colours(#[from] ParseBoardError),
    /// A character that does not belong there.
    #[error("unexpected {found:?} in the {field} field at offset {offset}: expected {expected}")]
    Unexpected {
        /// The field being read.
        field: Field,
        /// The character found.
        found: char,
        /// Where.
        offset: usize,
        /// What would have been valid.
        expected: &'static str,
    },
    /// The pieces field is not 8 ranks of 8 squares, or has two digits in
    /// a row.
    #[error(transparent)]
    Pieces(#[from] GridError),
    /// A camp listed twice or out of the order `a9 h9 a0 h0`.
    #[error("camp {camp} at offset {offset} is repeated or out of the order a9 h9 a0 h0")]
    CampOrder {
        /// The camp.
        camp: Camp,
        /// Where.
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
        /// The start of the pieces field (piece counts) or of the camps
        /// field (camps).
        offset: usize,
    },
}

/// The start of the next field after `end`, or the error for `field`
/// missing.
fn field_after(bytes: &[u8], end: usize, field: Field) -> Result<usize, ParsePositionError> {
    next_field(bytes, end).map_err(|offset| ParsePositionError::MissingField { field, offset })
}

/// Parses the pieces field starting at `start`; returns the two sides'
/// pieces and the offset after the field.
fn parse_pieces(bytes: &[u8], start: usize) -> Result<([Bitboard; 2], usize), ParsePositionError> {
    use ParsePositionError as E;
    let mut pieces = [Bitboard::EMPTY; 2];
    let end = parse_grid(
        bytes,
        start,
        |i| match bytes[i] {
            b'b' => Ok((Player::Black, 1)),
            b'w' => Ok((Player::White, 1)),
            _ => Err(E::Unexpected {
                field: Field::Pieces,
                found: char_at(bytes, i),
                offset: i,
                expected: "'b', 'w', a digit 1-8 or '/'",
            }),
        },
        |player, square, _| {
            pieces[player.index()] |= square;
            Ok(())
        },
    )?;
    Ok((pieces, end))
}

/// Parses the camps field starting at `start` up to the end of the input.
pub(crate) fn parse_camps(bytes: &[u8], start: usize) -> Result<Camps, ParsePositionError> {
    use ParsePositionError as E;
    if bytes.get(start) == Some(&b'-') {
        if start + 1 < bytes.len() {
            return Err(E::TrailingText { offset: start + 1 });
        }
        return Ok(Camps::EMPTY);
    }
    let mut camps = Camps::EMPTY;
    let mut i = start;
    let mut last: Option<Camp> = None;
    while i < bytes.len() {
        let camp = bytes
            .get(i..i + 2)
            .and_then(|pair| Camp::from_ascii([pair[0], pair[1]]))
            .ok_or(E::Unexpected {
                field: Field::Camps,
                found: char_at(bytes, i),
                offset: i,
                expected: "'-' or camp names a9, h9, a0, h0 in that order",
            })?;
        if last.is_some_and(|l| l >= camp) {
            return Err(E::CampOrder { camp, offset: i });
        }
        camps = camps.with(camp);
        last = Some(camp);
        i += 2;
    }
    Ok(camps)
}

/// Parses the optional first-moves field (`w`, `b` or `wb`) from `start`
/// to the end of the input: whose first move is pending, by player index.
fn parse_first_moves(bytes: &[u8], start: usize) -> Result<[bool; 2], ParsePositionError> {
    let mut pending = [false; 2];
    let mut expected: &'static [u8] = b"wb";
    for (i, &byte) in bytes.iter().enumerate().skip(start) {
        let at =
            expected
                .iter()
                .position(|&e| e == byte)
                .ok_or(ParsePositionError::Unexpected {
                    field: Field::FirstMoves,
                    found: char_at(bytes, i),
                    offset: i,
                    expected: "'w', 'b' or \"wb\" (the players whose first move is pending)",
                })?;
        expected = &expected[at + 1..];
        pending[usize::from(byte == b'w')] = true;
    }
    Ok(pending)
}

impl Position {
    /// Parses the [position notation](crate::rules#position-notation) from ASCII bytes.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field and the byte offset of the
    /// first problem: a syntax error, a rank of the wrong length, two
    /// adjacent digits, camps repeated or out of order, a first-moves field
    /// other than `w`, `b` or `wb`, more than 8 pieces
    /// of a side on the board plus in its camps, both players holding both
    /// their camps, or both having fewer than 2 pieces.
    pub fn from_ascii(bytes: &[u8]) -> Result<Position, ParsePositionError> {
        use ParsePositionError as E;
        if bytes.is_empty() {
            return Err(E::MissingField {
                field: Field::Colours,
                offset: 0,
            });
        }
        let colours_end = bytes.iter().position(|&b| b == b' ').unwrap_or(bytes.len());
        let board = Board::from_ascii(&bytes[..colours_end])?;
        let pieces_start = field_after(bytes, colours_end, Field::Pieces)?;
        let (pieces, pieces_end) = parse_pieces(bytes, pieces_start)?;
        let side_at = field_after(bytes, pieces_end, Field::Side)?;
        let side = Player::from_ascii(bytes[side_at]).ok_or(E::Unexpected {
            field: Field::Side,
            found: char_at(bytes, side_at),
            offset: side_at,
            expected: "'b' or 'w'",
        })?;
        let camps_start = field_after(bytes, side_at + 1, Field::Camps)?;
        // The camps field ends at a space before the optional fifth field.
        let camps_end = bytes[camps_start..]
            .iter()
            .position(|&b| b == b' ')
            .map_or(bytes.len(), |n| camps_start + n);
        let camps = parse_camps(&bytes[..camps_end], camps_start)?;
        let first = if camps_end < bytes.len() {
            let first_start = field_after(bytes, camps_end, Field::FirstMoves)?;
            parse_first_moves(bytes, first_start)?
        } else {
            [false; 2]
        };
        let position = PositionBuilder::new()
            .board(board)
            .pieces(Player::Black, pieces[0])
            .pieces(Player::White, pieces[1])
            .camps(camps)
            .side_to_move(side)
            .build()
            .map_err(|error| {
                let offset = match error {
                    InvalidPosition::BothHoldBothCamps => camps_start,
                    _ => pieces_start,
                };
                E::Invalid { error, offset }
            })?;
        Ok(Player::ALL.into_iter().fold(position, |p, player| {
            p.with_first_move_pending(player, first[player.index()])
        }))
    }

    /// A drawing of the position for people: one line per rank, each square
    /// as its colour letter and the piece on it (`b`, `w`, or `.`), and the
    /// camps at the corners.
    ///
    /// ```
    /// use katarenga_core::Game;
    /// let text = katarenga_core::Position::start().pretty().to_string();
    /// assert!(text.contains("8 Rw Yw Bw Gw Rw Yw Gw Bw"));
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

impl fmt::Display for Position {
    /// Writes the [position notation](crate::rules#position-notation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.board)?;
        write_grid(f, |square| self.piece_on(square).map(Player::to_char))?;
        write!(f, " {} {}", self.side.to_char(), self.camps)?;
        if self.first != 0 {
            f.write_str(" ")?;
            for player in [Player::White, Player::Black] {
                if self.first_move_pending(player) {
                    write!(f, "{}", player.to_char())?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

/// The board drawing of [`Position::pretty`].
#[derive(Debug, Clone, Copy)]
pub struct Pretty<'a>(&'a Position);

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        let camp = |c: Camp| if p.camps.has(c) { "[x]" } else { "[ ]" };
        writeln!(f, " a9{}{:>21}h9{}", camp(Camp::A9), "", camp(Camp::H9))?;
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{}", rank.to_char())?;
            for file in File::ALL {
                let square = Square::new(file, *rank);
                let piece = match p.piece_on(square) {
                    Some(player) => player.to_char(),
                    None => '.',
                };
                write!(f, " {}{piece}", p.board.colour_of(square).letter())?;
            }
            f.write_str("\n")?;
        }
        writeln!(f, " a0{}{:>21}h0{}", camp(Camp::A0), "", camp(Camp::H0))?;
        writeln!(f, "   a  b  c  d  e  f  g  h")?;
        writeln!(f, "{} to move", p.side)?;
        for player in [Player::White, Player::Black] {
            if p.first_move_pending(player) {
                writeln!(f, "{player}'s first move: no capture")?;
            }
        }
        Ok(())
    }
}
