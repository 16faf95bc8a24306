//! The pieces of text notation that both games share, for the
//! `kamisado-core` and `katarenga-core` position parsers and printers: a
//! board field read and written rank by rank with digits for empty squares,
//! the split into space-separated fields, and the character shown in an
//! error. Hidden from the docs and outside the semver API: only
//! [`GridError`] and [`ParseNameError`], which the games' APIs show, are
//! public (at the crate root).

use core::fmt;

use crate::{File, Rank, Square};

/// The character that starts at byte `offset` of `bytes`, for error
/// messages: the whole UTF-8 character when one starts there, U+FFFD when
/// the bytes there are not valid UTF-8 or `offset` is past the end.
///
/// ```
/// use board_geometry::notation::char_at;
/// assert_eq!(char_at("x7é".as_bytes(), 2), 'é');
/// assert_eq!(char_at(b"ab", 5), char::REPLACEMENT_CHARACTER);
/// ```
#[must_use]
pub fn char_at(bytes: &[u8], offset: usize) -> char {
    let end = offset.saturating_add(4).min(bytes.len());
    let tail = bytes.get(offset..end).unwrap_or(&[]);
    let valid = match core::str::from_utf8(tail) {
        Ok(s) => s,
        Err(e) => core::str::from_utf8(&tail[..e.valid_up_to()]).unwrap_or(""),
    };
    valid.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The start of the next space-separated field: `end` (where the previous
/// field ended) must hold one space and be followed by at least one byte.
///
/// # Errors
/// The offset where the missing field should start (`end + 1`, at most the
/// length of the input), for the caller's "missing field" error.
///
/// ```
/// use board_geometry::notation::next_field;
/// assert_eq!(next_field(b"8/8 w", 3), Ok(4));
/// assert_eq!(next_field(b"8/8", 3), Err(3));
/// assert_eq!(next_field(b"8/8 ", 3), Err(4));
/// ```
pub fn next_field(bytes: &[u8], end: usize) -> Result<usize, usize> {
    if bytes.get(end) != Some(&b' ') || end + 1 >= bytes.len() {
        return Err((end + 1).min(bytes.len()));
    }
    Ok(end + 1)
}

/// What is wrong with the shape of a board field read by the board-field parser (`parse_grid`).
/// Offsets count bytes from the start of the whole input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GridError {
    /// A rank does not describe exactly 8 squares.
    #[error("rank {rank} has {squares} squares, expected 8 (offset {offset})")]
    RankLength {
        /// The rank (1-8).
        rank: u8,
        /// How many squares it describes (counted up to the offset).
        squares: u8,
        /// Where the problem was found.
        offset: usize,
    },
    /// The field does not have exactly 8 ranks.
    #[error("the board field has {ranks} ranks, expected 8 (offset {offset})")]
    RankCount {
        /// How many ranks were found (9 when there are too many).
        ranks: u8,
        /// Where the problem was found.
        offset: usize,
    },
    /// Two digits next to each other (`44` instead of `8`).
    #[error(
        "two digits next to each other at offset {offset} ({}{}: {})",
        digits[0],
        digits[1],
        OneDigit(*digits)
    )]
    AdjacentDigits {
        /// The offset of the second digit.
        offset: usize,
        /// The two digits, as numbers.
        digits: [u8; 2],
    },
}

/// What to write instead of two digits next to each other: their sum,
/// where it is a run of empty squares a rank can hold.
struct OneDigit([u8; 2]);

impl core::fmt::Display for OneDigit {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let sum = self.0[0] + self.0[1];
        if sum <= 8 {
            write!(f, "write {sum}")
        } else {
            write!(
                f,
                "one digit counts a run of empty squares, and {sum} is more than a rank holds"
            )
        }
    }
}

/// Reads a board field of the FEN kind: ranks 8 down to 1 separated by
/// `/`, files a to h within a rank, a digit 1-8 for that many empty squares
/// (never two digits in a row), anything else a piece token. It starts at
/// byte `start` and ends at the first space or the end of `bytes`; the
/// offset after the field is returned.
///
/// Each token is first read by `read(offset)`, which returns the token and
/// its length in bytes (or the caller's error); a token on a full rank is a
/// [`GridError::RankLength`]; otherwise `place(token, square, offset)` puts
/// it on its square. Both games' position parsers are this function plus
/// their own tokens.
///
/// # Errors
/// The caller's error, or a [`GridError`] converted into it, for the first
/// problem.
///
/// ```
/// use board_geometry::notation::{parse_grid, GridError};
/// use board_geometry::Square;
/// let mut squares = Vec::new();
/// let end = parse_grid::<_, GridError>(
///     b"8/8/8/8/8/8/8/x6x rest",
///     0,
///     |_| Ok(((), 1)),
///     |(), square, _| {
///         squares.push(square);
///         Ok(())
///     },
/// );
/// assert_eq!(end, Ok(17));
/// assert_eq!(squares, [Square::A1, Square::H1]);
/// assert_eq!(
///     parse_grid::<_, GridError>(b"44/", 0, |_| Ok(((), 1)), |(), _, _| Ok(())),
///     Err(GridError::AdjacentDigits { offset: 1, digits: [4, 4] })
/// );
/// ```
pub fn parse_grid<T, E: From<GridError>>(
    bytes: &[u8],
    start: usize,
    mut read: impl FnMut(usize) -> Result<(T, usize), E>,
    mut place: impl FnMut(T, Square, usize) -> Result<(), E>,
) -> Result<usize, E> {
    // A rank of the wrong length: `rank` counts from 0, the error from 1.
    let rank_length = |rank: u8, squares: u8, offset: usize| -> E {
        GridError::RankLength {
            rank: rank + 1,
            squares,
            offset,
        }
        .into()
    };
    let mut i = start;
    let mut rank = 7u8;
    let mut file = 0u8;
    // The digit just read, if the last token was one.
    let mut previous_digit = None;
    while i < bytes.len() && bytes[i] != b' ' {
        match bytes[i] {
            b'/' => {
                if file != 8 {
                    return Err(rank_length(rank, file, i));
                }
                if rank == 0 {
                    return Err(GridError::RankCount {
                        ranks: 9,
                        offset: i,
                    }
                    .into());
                }
                rank -= 1;
                file = 0;
                previous_digit = None;
                i += 1;
            }
            digit @ b'1'..=b'8' => {
                if let Some(first) = previous_digit {
                    return Err(GridError::AdjacentDigits {
                        offset: i,
                        digits: [first, digit - b'0'],
                    }
                    .into());
                }
                file += digit - b'0';
                if file > 8 {
                    return Err(rank_length(rank, file, i));
                }
                previous_digit = Some(digit - b'0');
                i += 1;
            }
            _ => {
                let (token, len) = read(i)?;
                if file == 8 {
                    return Err(rank_length(rank, 9, i));
                }
                let square = Square::new(File::ALL[file as usize], Rank::ALL[rank as usize]);
                place(token, square, i)?;
                file += 1;
                previous_digit = None;
                i += len.max(1);
            }
        }
    }
    if file != 8 {
        return Err(rank_length(rank, file, i));
    }
    if rank != 0 {
        return Err(GridError::RankCount {
            ranks: 8 - rank,
            offset: i,
        }
        .into());
    }
    Ok(i)
}

/// Writes a board field the way [`parse_grid`] reads it: ranks 8 down to 1
/// separated by `/`, each square's token from `token(square)`, and runs of
/// squares without a token as one digit.
///
/// ```
/// use board_geometry::notation::write_grid;
/// use board_geometry::Square;
/// let mut text = String::new();
/// write_grid(&mut text, |s| (s == Square::C1 || s == Square::H8).then_some('x')).unwrap();
/// assert_eq!(text, "7x/8/8/8/8/8/8/2x5");
/// ```
///
/// # Errors
/// The writer's error.
pub fn write_grid<W: fmt::Write + ?Sized, T: fmt::Display>(
    out: &mut W,
    mut token: impl FnMut(Square) -> Option<T>,
) -> fmt::Result {
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            match token(Square::new(file, *rank)) {
                Some(t) => {
                    if empty > 0 {
                        write!(out, "{empty}")?;
                        empty = 0;
                    }
                    write!(out, "{t}")?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(out, "{empty}")?;
        }
        if *rank != Rank::First {
            out.write_char('/')?;
        }
    }
    Ok(())
}

/// A word that names none of the values of a type, from the `FromStr`
/// impls of small enums (players, colours, edges) in this crate and the
/// game crates.
///
/// ```
/// use board_geometry::Player;
/// let e = "red".parse::<Player>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown player: expected b, w, black or white");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("unknown {what}: expected {expected}")]
pub struct ParseNameError {
    /// What was being read (`"player"`).
    pub what: &'static str,
    /// The accepted words.
    pub expected: &'static str,
}

/// The value whose name (any of its spellings) is `text`, for `FromStr`
/// impls: `names` pairs each value with its accepted spellings.
///
/// # Errors
/// [`ParseNameError`] with `what` and `expected` when no spelling matches.
pub fn parse_name<T: Copy>(
    text: &str,
    names: &[(T, &[&str])],
    what: &'static str,
    expected: &'static str,
) -> Result<T, ParseNameError> {
    names
        .iter()
        .find(|(_, spellings)| spellings.contains(&text))
        .map(|&(value, _)| value)
        .ok_or(ParseNameError { what, expected })
}
