//! What the three games' positions share: the board, each side's pawns, the
//! side to move, the hash, and the [position notation](crate::rules#notation)
//! `<colours> <pieces> <side>`.

use core::fmt;

use board_geometry::notation::{GridError, char_at, next_field, parse_grid, write_grid};
use board_geometry::{Bitboard, Player, Square};
use katarenga_core::{Board, ParseBoardError};

use crate::zobrist::{KEYS, board_key, pawn_key};

/// The board, the pawns, the side to move and the hash.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Pawns {
    pub(crate) board: Board,
    /// By player index.
    pub(crate) pieces: [Bitboard; 2],
    pub(crate) side: Player,
    pub(crate) hash: u64,
}

impl Pawns {
    /// `pieces` (Black's, White's) on `board`, `side` to move; `game` is
    /// the game's index in the keys.
    pub(crate) fn new(
        board: Board,
        black: Bitboard,
        white: Bitboard,
        side: Player,
        game: usize,
    ) -> Pawns {
        let mut pawns = Pawns {
            board,
            pieces: [black, white],
            side,
            hash: 0,
        };
        pawns.hash = pawns.hash_from_scratch(game);
        pawns
    }

    pub(crate) fn hash_from_scratch(&self, game: usize) -> u64 {
        let mut hash = board_key(&self.board) ^ KEYS.game[game];
        for player in Player::ALL {
            for square in self.pieces[player.index()] {
                hash ^= pawn_key(player, square);
            }
        }
        if self.side == Player::Black {
            hash ^= KEYS.side;
        }
        hash
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    #[inline]
    pub(crate) fn piece_on(&self, square: Square) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|p| self.pieces[p.index()].has(square))
    }

    /// The side to move passes the turn.
    #[inline(always)]
    pub(crate) fn pass(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= KEYS.side;
    }

    /// The side to move's pawn goes from `from` to `to`, capturing what
    /// stands there; then the turn passes.
    #[inline(always)]
    pub(crate) fn step(&mut self, from: Square, to: Square) {
        let (us, them) = (self.side, self.side.opponent());
        if self.pieces[them.index()].has(to) {
            self.pieces[them.index()] = self.pieces[them.index()].without(to);
            self.hash ^= pawn_key(them, to);
        }
        self.pieces[us.index()] = self.pieces[us.index()].without(from).with(to);
        self.hash ^= pawn_key(us, from) ^ pawn_key(us, to);
        self.pass();
    }

    /// The side to move places a pawn on `to`; then the turn passes.
    #[inline(always)]
    pub(crate) fn drop(&mut self, to: Square) {
        let us = self.side;
        self.pieces[us.index()] = self.pieces[us.index()].with(to);
        self.hash ^= pawn_key(us, to);
        self.pass();
    }

    /// Plays `mv` for the side to move: a step (capturing what stands
    /// there), a drop or a pass. The caller has checked it.
    #[inline(always)]
    pub(crate) fn play(&mut self, mv: crate::Move) {
        match mv {
            crate::Move::Step { from, to } => self.step(from, to),
            crate::Move::Drop(to) => self.drop(to),
            crate::Move::Pass => self.pass(),
        }
    }

    /// Writes `<colours> <pieces> <side>`.
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.board)?;
        write_grid(f, |square| self.piece_on(square).map(Player::to_char))?;
        write!(f, " {}", self.side.to_char())
    }
}

/// A drawing of a position for people ([`Congress::pretty`](crate::Congress::pretty) and
/// the others'): one line per rank, each square as its colour letter and
/// the pawn on it (`b`, `w`, or `.`), the files below, and who is to move.
#[derive(Clone, Copy)]
pub struct Pretty<'a>(pub(crate) &'a Pawns);

impl fmt::Debug for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pretty").finish_non_exhaustive()
    }
}

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        for rank in board_geometry::Rank::ALL.iter().rev() {
            write!(f, "{}", rank.to_char())?;
            for file in board_geometry::File::ALL {
                let square = Square::new(file, *rank);
                let pawn = p.piece_on(square).map_or('.', Player::to_char);
                write!(f, " {}{pawn}", p.board.colour_of(square).letter())?;
            }
            f.write_str("\n")?;
        }
        writeln!(f, "   a  b  c  d  e  f  g  h")?;
        writeln!(f, "{} to move", p.side)
    }
}

board_geometry::named_enum! {
    /// A field of the position notation.
    pub enum Field {
        /// The square colours, ranks 8 to 1.
        Colours => "colours",
        /// The pawns, ranks 8 to 1.
        Pieces => "pieces",
        /// The side to move.
        Side => "side",
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
    /// The colours field is malformed.
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
    /// Text after the last field.
    #[error("unexpected text after the position at offset {offset}")]
    TrailingText {
        /// Where the extra text starts.
        offset: usize,
    },
    /// Well-formed text that describes a position the game cannot have.
    #[error("impossible position (offset {offset})")]
    Invalid {
        /// What is wrong.
        #[source]
        error: InvalidPosition,
        /// The start of the pieces field.
        offset: usize,
    },
}

/// Why pawns do not make a position of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum InvalidPosition {
    /// More pawns of a side than the game allows.
    #[error("{player} has {count} pawns on the board, more than the {limit} of the box")]
    TooManyPawns {
        /// The side.
        player: Player,
        /// Its pawns on the board.
        count: u32,
        /// The most it may have.
        limit: u32,
    },
    /// A side without pawns in a game of movement.
    #[error("{0} has no pawn: Congress and Quebec need at least one a side")]
    NoPawn(Player),
}

/// Parses `<colours> <pieces> <side>`; returns the parts and the offset of
/// the pieces field (for the caller's checks).
pub(crate) fn parse(
    bytes: &[u8],
) -> Result<(Board, [Bitboard; 2], Player, usize), ParsePositionError> {
    use ParsePositionError as E;
    if bytes.is_empty() {
        return Err(E::MissingField {
            field: Field::Colours,
            offset: 0,
        });
    }
    let colours_end = bytes.iter().position(|&b| b == b' ').unwrap_or(bytes.len());
    let board = Board::from_ascii(&bytes[..colours_end])?;
    let field_after = |end: usize, field: Field| {
        next_field(bytes, end).map_err(|offset| E::MissingField { field, offset })
    };
    let pieces_start = field_after(colours_end, Field::Pieces)?;
    let mut pieces = [Bitboard::EMPTY; 2];
    let pieces_end = parse_grid(
        bytes,
        pieces_start,
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
        |player: Player, square, _| {
            pieces[player.index()] |= square;
            Ok(())
        },
    )?;
    let side_at = field_after(pieces_end, Field::Side)?;
    let side = Player::from_ascii(bytes[side_at]).ok_or(E::Unexpected {
        field: Field::Side,
        found: char_at(bytes, side_at),
        offset: side_at,
        expected: "'b' or 'w'",
    })?;
    if bytes.len() > side_at + 1 {
        return Err(E::TrailingText {
            offset: side_at + 1,
        });
    }
    Ok((board, pieces, side, pieces_start))
}
