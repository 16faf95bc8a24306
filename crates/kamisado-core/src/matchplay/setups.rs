//! The tile edition's numbered set-ups ([rules](crate::rules#numbered-set-ups)): a
//! player's home row as a set-up lays it out, a chart of numbered set-ups
//! with its text form, and the draw that starts a round from two of them.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use board_geometry::{File, Player, Rank, SplitMix64, Square};

use crate::{Colour, Position, PositionBuilder, SumoRank, Tower};

/// A player's home row as a numbered set-up lays it out: the colours of
/// its eight towers **from the player's own left** (Black's left is the
/// a-file, White's the h-file). Written as the eight colour letters
/// (`NGRYKPBO`, the standard start for either player).
///
/// ```
/// use kamisado_core::{Game, HomeRow, Player, Position};
/// let standard: HomeRow = "NGRYKPBO".parse()?;
/// assert_eq!(standard, HomeRow::STANDARD);
/// let start = Position::from_home_rows(standard, standard, Player::Black);
/// assert_eq!(start, Position::start());
/// assert!("NGRYKPBN".parse::<HomeRow>().is_err()); // brown twice, orange missing
/// # Ok::<(), kamisado_core::HomeRowError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HomeRow([Colour; 8]);

/// Why a text or a list of colours is not a [`HomeRow`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum HomeRowError {
    /// Not eight characters.
    #[error("a home row is 8 colour letters (such as NGRYKPBO), not {0}")]
    Length(usize),
    /// A character that is no colour letter, at this offset.
    #[error("at {at}: {found:?} is not a colour letter (o b p k y r g n)")]
    NotAColour {
        /// The character.
        found: char,
        /// Its offset from 0.
        at: usize,
    },
    /// A colour given twice, the second time at this offset.
    #[error("at {at}: {colour} is given twice (each colour once)")]
    Twice {
        /// The colour.
        colour: Colour,
        /// The offset of its second letter.
        at: usize,
    },
}

impl HomeRow {
    /// The standard start's home row, the same for both players from their
    /// own left: brown, green, red, yellow, pink, purple, blue, orange.
    pub const STANDARD: HomeRow = HomeRow([
        Colour::Brown,
        Colour::Green,
        Colour::Red,
        Colour::Yellow,
        Colour::Pink,
        Colour::Purple,
        Colour::Blue,
        Colour::Orange,
    ]);

    /// The row of `colours` from the player's left.
    ///
    /// # Errors
    /// [`HomeRowError::Twice`] if a colour is given twice.
    pub fn new(colours: [Colour; 8]) -> Result<HomeRow, HomeRowError> {
        let mut seen = 0u8;
        for (at, colour) in colours.iter().enumerate() {
            let bit = 1 << colour.index();
            if seen & bit != 0 {
                return Err(HomeRowError::Twice {
                    colour: *colour,
                    at,
                });
            }
            seen |= bit;
        }
        Ok(HomeRow(colours))
    }

    /// The colours from the player's left.
    #[must_use]
    pub const fn colours(self) -> [Colour; 8] {
        self.0
    }

    /// The square of the `i`-th tower from `player`'s left on its home row.
    fn square(player: Player, i: usize) -> Square {
        match player {
            Player::Black => Square::new(File::ALL[i], Rank::ALL[0]),
            Player::White => Square::new(File::ALL[7 - i], Rank::ALL[7]),
        }
    }
}

impl fmt::Display for HomeRow {
    /// The eight colour letters, uppercase.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for colour in self.0 {
            write!(f, "{}", colour.letter().to_ascii_uppercase())?;
        }
        Ok(())
    }
}

impl FromStr for HomeRow {
    type Err = HomeRowError;

    /// Eight colour letters in either case.
    fn from_str(s: &str) -> Result<HomeRow, HomeRowError> {
        let count = s.chars().count();
        if count != 8 {
            return Err(HomeRowError::Length(count));
        }
        let mut colours = [Colour::Brown; 8];
        for (at, (slot, found)) in colours.iter_mut().zip(s.chars()).enumerate() {
            *slot = u8::try_from(found)
                .ok()
                .and_then(Colour::from_letter)
                .ok_or(HomeRowError::NotAColour { found, at })?;
        }
        HomeRow::new(colours)
    }
}

impl Position {
    /// The start of a round whose home rows are laid out as `black` and
    /// `white` say (each from its player's left), every tower plain, with
    /// `to_move` to move with a free choice.
    #[must_use]
    pub fn from_home_rows(black: HomeRow, white: HomeRow, to_move: Player) -> Position {
        let mut builder = PositionBuilder::new();
        for (player, row) in [(Player::Black, black), (Player::White, white)] {
            for (i, colour) in row.0.into_iter().enumerate() {
                // A home row holds each colour once, on eight squares:
                // placing cannot fail.
                let _ = builder.place(
                    Tower::new(player, colour),
                    HomeRow::square(player, i),
                    SumoRank::Plain,
                );
            }
        }
        builder.side_to_move(to_move);
        builder.build().unwrap_or_default()
    }
}

/// The most set-ups a [`SetupChart`] holds.
pub const MAX_SETUPS: usize = 64;

/// A chart of numbered set-ups, numbered from 1, as a box's rulebook
/// prints them ([rules](crate::rules#numbered-set-ups)); at most
/// [`MAX_SETUPS`], and at least two (a draw takes two).
///
/// Its text form, read by [`FromStr`] and written by `Display`: one set-up
/// a line, its number then its home row (`1 NGRYKPBO`), the numbers from 1
/// in order; blank lines and everything after a `#` are ignored.
///
/// ```
/// use kamisado_core::SetupChart;
/// let chart: SetupChart = "# my box\n1 NGRYKPBO\n2 OBPKYRGN\n".parse()?;
/// assert_eq!(chart.len(), 2);
/// assert_eq!(chart.get(2).unwrap().to_string(), "OBPKYRGN");
/// assert_eq!(chart.to_string(), "1 NGRYKPBO\n2 OBPKYRGN\n");
/// let error = "1 NGRYKPBO\n3 OBPKYRGN".parse::<SetupChart>().unwrap_err();
/// assert_eq!(error.to_string(), "line 2, column 1: set-up 3 where 2 comes next (numbered from 1 in order)");
/// # Ok::<(), kamisado_core::ChartError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SetupChart {
    rows: ArrayVec<HomeRow, MAX_SETUPS>,
}

/// Why a text is not a [`SetupChart`]: what is wrong, at which line and
/// column (both from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ChartError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: ChartErrorKind,
}

/// What is wrong in a [`ChartError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ChartErrorKind {
    /// A line that is not a number and a home row.
    #[error("expected a set-up's number and its home row, such as 1 NGRYKPBO")]
    Syntax,
    /// A number out of order.
    #[error("set-up {found} where {expected} comes next (numbered from 1 in order)")]
    Number {
        /// The number given (`u32::MAX` if larger).
        found: u32,
        /// The number expected.
        expected: u32,
    },
    /// A home row that does not read.
    #[error("{0}")]
    Row(HomeRowError),
    /// More than [`MAX_SETUPS`] set-ups.
    #[error("more than {MAX_SETUPS} set-ups")]
    TooMany,
    /// Fewer than two set-ups (the line is the text's last).
    #[error("a chart needs at least two set-ups to draw from")]
    TooFew,
}

impl SetupChart {
    /// The number of set-ups.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the chart is empty (never, for a chart that was read).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Set-up `number` (from 1), if the chart has it.
    #[must_use]
    pub fn get(&self, number: u32) -> Option<HomeRow> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        self.rows.get(index).copied()
    }

    /// Draws two different set-ups at random (seeded by `rng`), as the
    /// rules have a player draw two of the shuffled tiles.
    #[must_use]
    pub fn draw(&self, rng: &mut SplitMix64) -> SetupDraw {
        let n = self.rows.len();
        let first = rng.below(n);
        // The second among the others: uniform over the pairs.
        let mut second = rng.below(n.saturating_sub(1).max(1));
        if second >= first {
            second += 1;
        }
        let number = |i: usize| u32::try_from(i + 1).unwrap_or(u32::MAX);
        SetupDraw {
            low: number(first.min(second)),
            high: number(first.max(second)),
        }
    }
}

impl fmt::Display for SetupChart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, row) in self.rows.iter().enumerate() {
            writeln!(f, "{} {row}", i + 1)?;
        }
        Ok(())
    }
}

impl FromStr for SetupChart {
    type Err = ChartError;

    fn from_str(text: &str) -> Result<SetupChart, ChartError> {
        let mut rows = ArrayVec::new();
        let mut last_line = 1;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            last_line = number;
            let error = |column: usize, kind| ChartError {
                line: number,
                column,
                kind,
            };
            let content = line.split('#').next().unwrap_or("");
            let mut words = words(content);
            let Some((at, first)) = words.next() else {
                continue;
            };
            let (row_at, row) = match (words.next(), words.next()) {
                (Some(word), None) => word,
                _ => return Err(error(at, ChartErrorKind::Syntax)),
            };
            let expected = u32::try_from(rows.len() + 1).unwrap_or(u32::MAX);
            let found = match first.parse::<u32>() {
                Ok(found) => found,
                Err(_) if first.bytes().all(|b| b.is_ascii_digit()) => u32::MAX,
                Err(_) => return Err(error(at, ChartErrorKind::Syntax)),
            };
            if found != expected {
                return Err(error(at, ChartErrorKind::Number { found, expected }));
            }
            let row: HomeRow = row.parse().map_err(|e| {
                let offset = match e {
                    HomeRowError::NotAColour { at, .. } | HomeRowError::Twice { at, .. } => at,
                    HomeRowError::Length(_) => 0,
                };
                error(row_at + offset, ChartErrorKind::Row(e))
            })?;
            rows.try_push(row)
                .map_err(|_| error(at, ChartErrorKind::TooMany))?;
        }
        if rows.len() < 2 {
            return Err(ChartError {
                line: last_line,
                column: 1,
                kind: ChartErrorKind::TooFew,
            });
        }
        Ok(SetupChart { rows })
    }
}

/// The words of `line` with their columns (in characters, from 1).
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    core::iter::from_fn(move || {
        let rest = &line[offset..];
        let start = rest.find(|c: char| !c.is_whitespace())?;
        let length = rest[start..]
            .find(char::is_whitespace)
            .unwrap_or(rest.len() - start);
        let column = line[..offset + start].chars().count() + 1;
        let word = &rest[start..start + length];
        offset += start + length;
        Some((column, word))
    })
}

/// Two set-ups drawn from a chart ([`SetupChart::draw`]): the higher
/// number goes to the player who moves second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SetupDraw {
    /// The lower number.
    pub low: u32,
    /// The higher number.
    pub high: u32,
}

impl SetupDraw {
    /// The round's start from `chart` when `first` moves first: `first`'s
    /// home row from the lower number, the other's from the higher, every
    /// tower plain, `first` to move with a free choice. `None` if the
    /// chart lacks a number.
    ///
    /// ```
    /// use kamisado_core::{Player, SetupChart, SetupDraw};
    /// let chart: SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n".parse()?;
    /// let draw = SetupDraw { low: 1, high: 2 };
    /// // Black moves first: White, second, lays out set-up 2 from its left
    /// // (h8 to a8).
    /// let start = draw.start(&chart, Player::Black).unwrap();
    /// assert_eq!(start.to_string(), "ngrykpbo/8/8/8/8/8/8/NGRYKPBO b -");
    /// # Ok::<(), kamisado_core::ChartError>(())
    /// ```
    #[must_use]
    pub fn start(self, chart: &SetupChart, first: Player) -> Option<Position> {
        let (first_row, second_row) = (chart.get(self.low)?, chart.get(self.high)?);
        let [black, white] = match first {
            Player::Black => [first_row, second_row],
            Player::White => [second_row, first_row],
        };
        Some(Position::from_home_rows(black, white, first))
    }
}
