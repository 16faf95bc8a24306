//! Small helpers that both games' notation parsers and key tables share.

/// The character that starts at byte `offset` of `bytes`, for error
/// messages: the whole UTF-8 character when one starts there, U+FFFD when
/// the bytes there are not valid UTF-8 or `offset` is past the end.
///
/// ```
/// use board_geometry::char_at;
/// assert_eq!(char_at("x7é".as_bytes(), 2), 'é');
/// assert_eq!(char_at(b"ab", 5), char::REPLACEMENT_CHARACTER);
/// ```
pub fn char_at(bytes: &[u8], offset: usize) -> char {
    let end = offset.saturating_add(4).min(bytes.len());
    let tail = bytes.get(offset..end).unwrap_or(&[]);
    let valid = match core::str::from_utf8(tail) {
        Ok(s) => s,
        Err(e) => core::str::from_utf8(&tail[..e.valid_up_to()]).unwrap_or(""),
    };
    valid.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// One step of the splitmix64 generator: the next state and a well-mixed
/// 64-bit value. A `const fn`, so Zobrist keys are generated at compile
/// time.
///
/// ```
/// use board_geometry::splitmix64;
/// let (state, a) = splitmix64(1);
/// let (_, b) = splitmix64(state);
/// assert_ne!(a, b);
/// ```
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// What is wrong with the shape of a board field (see [`parse_grid`]), or
/// the caller's own error for a piece token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridError<E> {
    /// A rank does not describe exactly 8 squares.
    RankLength {
        /// The rank (1-8).
        rank: u8,
        /// How many squares it describes (counted up to the offset).
        squares: u8,
        /// Where the problem was found.
        offset: usize,
    },
    /// The field does not have exactly 8 ranks (9 when there are too many).
    RankCount {
        /// How many ranks were found.
        ranks: u8,
        /// Where the problem was found.
        offset: usize,
    },
    /// Two digits next to each other (`44` instead of `8`).
    AdjacentDigits {
        /// The offset of the second digit.
        offset: usize,
    },
    /// The caller's error, from reading or placing a piece token.
    Piece(E),
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
/// [`GridError`] with the offset of the first problem.
///
/// ```
/// use board_geometry::{parse_grid, GridError, Square};
/// let mut squares = Vec::new();
/// let end = parse_grid(
///     b"8/8/8/8/8/8/8/x6x rest",
///     0,
///     |offset| if offset < 100 { Ok(((), 1)) } else { Err(()) },
///     |(), square, _| {
///         squares.push(square);
///         Ok(())
///     },
/// );
/// assert_eq!(end, Ok(17));
/// assert_eq!(squares, [Square::A1, Square::H1]);
/// assert_eq!(
///     parse_grid(b"44/", 0, |_| Ok(((), 1)), |(), _, _| Ok::<(), ()>(())),
///     Err(GridError::AdjacentDigits { offset: 1 })
/// );
/// ```
pub fn parse_grid<T, E>(
    bytes: &[u8],
    start: usize,
    mut read: impl FnMut(usize) -> Result<(T, usize), E>,
    mut place: impl FnMut(T, crate::Square, usize) -> Result<(), E>,
) -> Result<usize, GridError<E>> {
    use crate::{File, Rank, Square};
    let mut i = start;
    let mut rank = 7u8;
    let mut file = 0u8;
    let mut previous_digit = false;
    while i < bytes.len() && bytes[i] != b' ' {
        match bytes[i] {
            b'/' => {
                if file != 8 {
                    return Err(GridError::RankLength {
                        rank: rank + 1,
                        squares: file,
                        offset: i,
                    });
                }
                if rank == 0 {
                    return Err(GridError::RankCount {
                        ranks: 9,
                        offset: i,
                    });
                }
                rank -= 1;
                file = 0;
                previous_digit = false;
                i += 1;
            }
            digit @ b'1'..=b'8' => {
                if previous_digit {
                    return Err(GridError::AdjacentDigits { offset: i });
                }
                file += digit - b'0';
                if file > 8 {
                    return Err(GridError::RankLength {
                        rank: rank + 1,
                        squares: file,
                        offset: i,
                    });
                }
                previous_digit = true;
                i += 1;
            }
            _ => {
                let (token, len) = read(i).map_err(GridError::Piece)?;
                if file == 8 {
                    return Err(GridError::RankLength {
                        rank: rank + 1,
                        squares: 9,
                        offset: i,
                    });
                }
                let square = Square::new(File::ALL[file as usize], Rank::ALL[rank as usize]);
                place(token, square, i).map_err(GridError::Piece)?;
                file += 1;
                previous_digit = false;
                i += len.max(1);
            }
        }
    }
    if file != 8 {
        return Err(GridError::RankLength {
            rank: rank + 1,
            squares: file,
            offset: i,
        });
    }
    if rank != 0 {
        return Err(GridError::RankCount {
            ranks: 8 - rank,
            offset: i,
        });
    }
    Ok(i)
}
