//! The coloured board: four colour bitboards, built from tiles or from any
//! 64-square grid.

use core::fmt;

use board_geometry::notation::char_at;
use board_geometry::{Bitboard, File, Rank, Square};

use crate::{Quadrant, SquareColour, Tile, TilePlacement};

/// The colours of the 64 squares, as four disjoint bitboards that cover the
/// board. Any colouring is accepted (a custom board); the official ones are
/// made of four tiles ([`Board::from_tiles`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    colours: [Bitboard; 4],
}

/// Why four tile placements do not make a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum BoardError {
    /// The same tile was placed in two quadrants.
    #[error("{0} is used twice (each tile is used once)")]
    TileUsedTwice(Tile),
}

impl Board {
    /// The standard board of the [rules](crate::rules#board): tiles 1 to 4 in the top-left,
    /// top-right, bottom-left and bottom-right quadrants, fronts up,
    /// unrotated.
    ///
    /// ```
    /// use katarenga_core::Board;
    /// assert_eq!(
    ///     Board::standard().to_string(),
    ///     "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB"
    /// );
    /// ```
    #[must_use]
    pub fn standard() -> Board {
        let [a, b, c, d] = Tile::ALL.map(TilePlacement::new);
        Board::from_tiles([a, b, c, d]).unwrap_or_else(|_| unreachable!("four distinct tiles"))
    }

    /// The board made of four tile placements, in the quadrant order of
    /// [`Quadrant::ALL`]: top-left, top-right, bottom-left, bottom-right.
    ///
    /// # Errors
    /// [`BoardError::TileUsedTwice`] if a tile appears twice.
    pub fn from_tiles(placements: [TilePlacement; 4]) -> Result<Board, BoardError> {
        let mut used = [false; 4];
        for p in &placements {
            if core::mem::replace(&mut used[p.tile.index()], true) {
                return Err(BoardError::TileUsedTwice(p.tile));
            }
        }
        let mut colours = [Bitboard::EMPTY; 4];
        for (quadrant, placement) in Quadrant::ALL.into_iter().zip(placements) {
            let grid = placement.grid();
            for (row, cells) in (0u8..).zip(grid) {
                for (column, colour) in (0u8..).zip(cells) {
                    if let Some(square) = quadrant.square(row, column) {
                        colours[colour.index()] |= square;
                    }
                }
            }
        }
        Ok(Board { colours })
    }

    /// A custom board: the colour of each square, by square index (`a1`
    /// first).
    #[must_use]
    pub fn from_colours(grid: [SquareColour; 64]) -> Board {
        let mut colours = [Bitboard::EMPTY; 4];
        for (square, colour) in Square::ALL.into_iter().zip(grid) {
            colours[colour.index()] |= square;
        }
        Board { colours }
    }

    /// The colour of `square`.
    #[inline]
    #[must_use]
    pub fn colour_of(&self, square: Square) -> SquareColour {
        let [red, yellow, blue, _] = self.colours;
        if red.has(square) {
            SquareColour::Red
        } else if yellow.has(square) {
            SquareColour::Yellow
        } else if blue.has(square) {
            SquareColour::Blue
        } else {
            SquareColour::Green
        }
    }

    /// The squares of `colour`.
    #[inline]
    #[must_use]
    pub fn squares(&self, colour: SquareColour) -> Bitboard {
        self.colours[colour.index()]
    }

    /// The board turned a quarter turn clockwise.
    #[must_use]
    pub fn rotate_cw(&self) -> Board {
        Board {
            colours: self.colours.map(Bitboard::rotate_cw),
        }
    }

    /// The board mirrored left to right.
    #[must_use]
    pub fn flip_files(&self) -> Board {
        Board {
            colours: self.colours.map(Bitboard::flip_files),
        }
    }

    /// The board turned half a turn.
    #[must_use]
    pub fn rotate_180(&self) -> Board {
        Board {
            colours: self.colours.map(Bitboard::rotate_180),
        }
    }

    /// Every board that four tiles make, counted once up to turning the
    /// whole board: 24,576 boards, each with one placement that makes it.
    /// (4! orders x 2^4 sides x 4^4 rotations = 98,304 placements, in
    /// orbits of four under quarter turns; the least of each orbit is
    /// kept.) Nothing is allocated.
    pub fn all_tile_boards() -> impl Iterator<Item = (Board, [TilePlacement; 4])> {
        (0..TilePlacement::ARRANGEMENTS).filter_map(|index| {
            let placements = TilePlacement::arrangement(index)?;
            let board = Board::from_tiles(placements).ok()?;
            let r1 = board.rotate_cw();
            let r2 = r1.rotate_cw();
            let r3 = r2.rotate_cw();
            (board <= r1 && board <= r2 && board <= r3).then_some((board, placements))
        })
    }

    /// Parses the colours field of the position notation: ranks 8 down to 1
    /// separated by `/`, each 8 letters `R Y B G`.
    ///
    /// # Errors
    /// [`ParseBoardError`] with the offset of the first problem.
    pub fn from_ascii(bytes: &[u8]) -> Result<Board, ParseBoardError> {
        let mut colours = [Bitboard::EMPTY; 4];
        let mut i = 0;
        for rank in Rank::ALL.iter().rev() {
            if *rank != Rank::Eighth {
                match bytes.get(i) {
                    Some(b'/') => i += 1,
                    found => {
                        return Err(ParseBoardError {
                            offset: i,
                            found: found.map(|_| char_at(bytes, i)),
                            expected: "'/' after 8 square colours",
                        });
                    }
                }
            }
            for file in File::ALL {
                let colour = bytes
                    .get(i)
                    .and_then(|&b| SquareColour::from_letter(b))
                    .ok_or(ParseBoardError {
                        offset: i,
                        found: bytes.get(i).map(|_| char_at(bytes, i)),
                        expected: "a square colour R, Y, B or G",
                    })?;
                colours[colour.index()] |= Square::new(file, *rank);
                i += 1;
            }
        }
        if i < bytes.len() {
            return Err(ParseBoardError {
                offset: i,
                found: Some(char_at(bytes, i)),
                expected: "the end of the colours field",
            });
        }
        Ok(Board { colours })
    }
}

/// Why the colours field could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("bad board colours at offset {offset}: found {}, expected {expected}", Found(*found))]
pub struct ParseBoardError {
    /// Where the problem is, from the start of the colours field.
    pub offset: usize,
    /// The character found (U+FFFD for bytes that are not UTF-8), or `None`
    /// at the end of the input.
    pub found: Option<char>,
    /// What was expected there.
    pub expected: &'static str,
}

/// What a [`ParseBoardError`] found: a quoted character or the end.
struct Found(Option<char>);

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(c) => write!(f, "{c:?}"),
            None => f.write_str("the end of the input"),
        }
    }
}

impl core::str::FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        Board::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Board {
    /// The colours field of the notation (rank 8 first).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                write!(f, "{}", self.colour_of(Square::new(file, *rank)).letter())?;
            }
            if *rank != Rank::First {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\"{self}\")")
    }
}

impl Default for Board {
    /// The standard board.
    fn default() -> Board {
        Board::standard()
    }
}
