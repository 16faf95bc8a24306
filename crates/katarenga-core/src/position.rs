//! The position: the board, the pieces, the camps and the side to move.

use board_geometry::{Bitboard, Player, Rank, Square};

use crate::Game;
use crate::zobrist::{self, KEYS};
use crate::{Board, Camp, Camps};

/// A Katarenga position ([rules](crate::rules)): the coloured board, each side's
/// pieces, the occupied camps and the side to move.
///
/// A small `Copy` value; [`Game::play`](crate::Game::play) and friends return the position
/// after a move. Every `Position` that can be built is valid (see
/// [`PositionBuilder`]).
///
/// ```
/// use katarenga_core::{Game, Position};
/// let start = Position::start();
/// assert_eq!(start.legal_moves().len(), 31);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) pieces: [Bitboard; 2],
    pub(crate) camps: Camps,
    /// Pieces on the board plus pieces in the player's camps.
    pub(crate) counts: [u8; 2],
    pub(crate) side: Player,
    /// Bit `player.index()`: that player has not made its first move yet
    /// and plays by the [no-first-capture](Rules::NoFirstCapture) option
    /// (so that move may not capture). Zero under the standard rules.
    pub(crate) first: u8,
    pub(crate) hash: u64,
}

board_geometry::named_enum! {
    /// The rules a game is played by: the seed text's, or with the
    /// published first-move rule ([rules](crate::rules#rule-option-no-first-capture)).
    ///
    /// ```
    /// use katarenga_core::{Board, Player, Position, Rules};
    /// let p = Position::start_with(Board::standard(), Rules::NoFirstCapture);
    /// assert!(p.first_move_pending(Player::White) && p.first_move_pending(Player::Black));
    /// assert_eq!("no-first-capture".parse(), Ok(Rules::NoFirstCapture));
    /// assert_eq!(Rules::Standard.to_string(), "standard");
    /// ```
    #[derive(Default)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "kebab-case")
    )]
    pub enum Rules {
        /// The seed text's rules: a capture is allowed from the first move on
        /// (the default).
        #[default]
        Standard => "standard",
        /// David Parlett's published rule: neither player may capture on its
        /// own first move (`no-first-capture`).
        NoFirstCapture => "no-first-capture",
    }
    parse_error: UnknownRules,
}

impl Rules {
    /// The reading `position` is played under, as far as the position can
    /// tell: [`Rules::NoFirstCapture`] while a player's first move is
    /// [pending](Position::first_move_pending), else [`Rules::Standard`].
    /// So the start of each reading gives that reading.
    ///
    /// What it cannot tell: once both players have made their first
    /// moves, a game under `no-first-capture` plays on exactly as under
    /// the standard rules and its positions are the same, so they give
    /// [`Rules::Standard`].
    ///
    /// ```
    /// use katarenga_core::{Board, Position, Rules};
    /// for rules in Rules::ALL {
    ///     assert_eq!(Rules::of_position(&Position::start_with(Board::standard(), rules)), rules);
    /// }
    /// ```
    #[must_use]
    pub fn of_position(position: &Position) -> Rules {
        if position.first != 0 {
            Rules::NoFirstCapture
        } else {
            Rules::Standard
        }
    }
}

/// A rules name that is neither `standard` nor `no-first-capture`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("unknown rules (expected standard or no-first-capture)")]
pub struct UnknownRules;

/// Why a set of pieces and camps is not a valid position (see the
/// [notation](crate::rules#position-notation)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum InvalidPosition {
    /// A square holds pieces of both players.
    #[error("{0} holds pieces of both players")]
    SquareTaken(Square),
    /// More than 8 pieces of a side on the board plus in its camps.
    #[error("{player} has {count} pieces on the board and in its camps, more than 8")]
    TooManyPieces {
        /// The side.
        player: Player,
        /// How many it has.
        count: u32,
    },
    /// Both players hold both their camps.
    #[error("both players hold both their camps")]
    BothHoldBothCamps,
    /// Both players have fewer than 2 pieces.
    #[error("both players have fewer than 2 pieces")]
    BothTooFew,
}

impl Position {
    /// The start on any board by `rules`: under
    /// [`Rules::NoFirstCapture`] both players' first moves are
    /// [pending](Position::first_move_pending).
    #[must_use]
    pub fn start_with(board: Board, rules: Rules) -> Position {
        let start = Position::start_on(board);
        match rules {
            Rules::Standard => start,
            Rules::NoFirstCapture => start
                .with_first_move_pending(Player::White, true)
                .with_first_move_pending(Player::Black, true),
        }
    }

    /// The start on any board: White's 8 pieces on rank 8, Black's on
    /// rank 1, White to move.
    #[must_use]
    pub fn start_on(board: Board) -> Position {
        PositionBuilder::new()
            .board(board)
            .pieces(Player::Black, Rank::First.bitboard())
            .pieces(Player::White, Rank::Eighth.bitboard())
            .build()
            .unwrap_or_else(|_| unreachable!("the start is valid"))
    }

    /// The coloured board.
    #[inline]
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The squares of `player`'s pieces on the board.
    #[inline]
    #[must_use]
    pub fn pieces(&self, player: Player) -> Bitboard {
        self.pieces[player.index()]
    }

    /// The squares of all pieces.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// The owner of the piece on `square`, if any.
    #[inline]
    #[must_use]
    pub fn piece_on(&self, square: Square) -> Option<Player> {
        if self.pieces[0].has(square) {
            Some(Player::Black)
        } else if self.pieces[1].has(square) {
            Some(Player::White)
        } else {
            None
        }
    }

    /// The occupied camps.
    #[inline]
    #[must_use]
    pub fn camps(&self) -> Camps {
        self.camps
    }

    /// Whether `camp` is occupied (by its owner: only a camp's owner can
    /// enter it).
    #[inline]
    #[must_use]
    pub fn camp_occupied(&self, camp: Camp) -> bool {
        self.camps.has(camp)
    }

    /// `player`'s pieces on the board plus in its camps: the count that
    /// must stay at 2 or more ([rules](crate::rules#end-of-the-game)).
    #[inline]
    #[must_use]
    pub fn piece_count(&self, player: Player) -> u32 {
        u32::from(self.counts[player.index()])
    }

    /// Whether `player` has not made its first move yet under
    /// [`Rules::NoFirstCapture`]: while it is pending, that player may not
    /// capture. Always `false` under the standard rules.
    #[inline]
    #[must_use]
    pub fn first_move_pending(&self, player: Player) -> bool {
        self.first & (1 << player.index()) != 0
    }

    /// The position with `player`'s first move pending or not (how a
    /// position is set up under [`Rules::NoFirstCapture`]: the players who
    /// have not moved yet). The notation writes them as a fifth field.
    ///
    /// ```
    /// use katarenga_core::{Game, Player, Position};
    /// let p = Position::start().with_first_move_pending(Player::White, true);
    /// assert!(p.to_string().ends_with(" w - w"));
    /// assert_eq!(p.to_string().parse::<Position>(), Ok(p));
    /// assert_ne!(p.zobrist(), Position::start().zobrist());
    /// ```
    #[must_use]
    pub fn with_first_move_pending(&self, player: Player, pending: bool) -> Position {
        let mut next = *self;
        let bit = 1 << player.index();
        if pending != self.first_move_pending(player) {
            next.first ^= bit;
            next.hash ^= KEYS.first[player.index()];
        }
        next
    }

    /// The hash computed from scratch; always equal to
    /// [`Game::zobrist`](crate::Game::zobrist).
    #[must_use]
    pub fn zobrist_from_scratch(&self) -> u64 {
        zobrist::hash_of(self)
    }

    /// The position mirrored left to right: board, pieces and camps
    /// (`a9` <-> `h9`, `a0` <-> `h0`). The game from there is the same game
    /// (same perft at every depth).
    ///
    /// Mirroring keeps a valid position valid; a position broken by
    /// [`Game::play_unchecked`] with an illegal move comes back
    /// unchanged (and a debug build stops on it).
    #[must_use]
    pub fn flip_files(&self) -> Position {
        let mut builder = PositionBuilder::new();
        builder
            .board(self.board.flip_files())
            .pieces(Player::Black, self.pieces[0].flip_files())
            .pieces(Player::White, self.pieces[1].flip_files())
            .camps(self.camps.flip_files())
            .side_to_move(self.side);
        for player in Player::ALL {
            builder.first_move_pending(player, self.first_move_pending(player));
        }
        let flipped = builder.build();
        debug_assert!(flipped.is_ok(), "flip_files of an inconsistent position");
        flipped.unwrap_or(*self)
    }

    /// Checks the internal invariants: pieces disjoint, counts agree with
    /// pieces and camps, hash equal to the hash from scratch. For tests and
    /// fuzzing.
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        !self.pieces[0].intersects(self.pieces[1])
            && Player::ALL.iter().all(|&p| {
                u32::from(self.counts[p.index()])
                    == self.pieces[p.index()].len() + self.camps.count(p)
                    && self.counts[p.index()] <= 8
            })
            && self.camps.0 & !0b1111 == 0
            && self.first & !0b11 == 0
            && self.hash == zobrist::hash_of(self)
    }
}

/// Builds a position from its parts: the board, each side's pieces, the
/// occupied camps, the side to move and the pending first moves.
///
/// ```
/// use katarenga_core::{InvalidPosition, Player, PositionBuilder, Rank, Square};
/// let mut builder = PositionBuilder::new();
/// builder
///     .pieces(Player::White, Rank::Eighth.bitboard())
///     .pieces(Player::Black, Rank::First.bitboard());
/// assert_eq!(builder.build()?, katarenga_core::Position::default());
/// builder.pieces(Player::Black, Rank::Eighth.bitboard());
/// assert_eq!(builder.build(), Err(InvalidPosition::SquareTaken(Square::A8)));
/// # Ok::<(), InvalidPosition>(())
/// ```
#[derive(Debug, Clone)]
pub struct PositionBuilder {
    board: Board,
    pieces: [Bitboard; 2],
    camps: Camps,
    side: Player,
    first: u8,
}

impl Default for PositionBuilder {
    fn default() -> PositionBuilder {
        PositionBuilder::new()
    }
}

impl PositionBuilder {
    /// The standard board with no pieces and no camps taken, White to move,
    /// no first move pending.
    #[must_use]
    pub fn new() -> PositionBuilder {
        PositionBuilder {
            board: Board::standard(),
            pieces: [Bitboard::EMPTY; 2],
            camps: Camps::EMPTY,
            side: Player::White,
            first: 0,
        }
    }

    /// Sets the coloured board (the standard board by default).
    pub fn board(&mut self, board: Board) -> &mut PositionBuilder {
        self.board = board;
        self
    }

    /// Sets the squares of `player`'s pieces on the board (none by default).
    pub fn pieces(&mut self, player: Player, squares: Bitboard) -> &mut PositionBuilder {
        self.pieces[player.index()] = squares;
        self
    }

    /// Sets the occupied camps (none by default).
    pub fn camps(&mut self, camps: Camps) -> &mut PositionBuilder {
        self.camps = camps;
        self
    }

    /// Sets the player to move (White by default).
    pub fn side_to_move(&mut self, player: Player) -> &mut PositionBuilder {
        self.side = player;
        self
    }

    /// Marks `player`'s first move as pending under
    /// [`Rules::NoFirstCapture`] (see [`Position::first_move_pending`]);
    /// off by default, as under the standard rules.
    pub fn first_move_pending(&mut self, player: Player, pending: bool) -> &mut PositionBuilder {
        let bit = 1 << player.index();
        self.first = if pending {
            self.first | bit
        } else {
            self.first & !bit
        };
        self
    }

    /// The position.
    ///
    /// # Errors
    /// [`InvalidPosition`] if a square holds pieces of both players, a side
    /// has more than 8 pieces on the board plus in its camps, both players
    /// hold both their camps, or both have fewer than 2 pieces. A position
    /// in which one player has already won or lost is accepted (it is
    /// terminal).
    pub fn build(&self) -> Result<Position, InvalidPosition> {
        let [black, white] = self.pieces;
        let camps = self.camps;
        if let Some(square) = (black & white).first() {
            return Err(InvalidPosition::SquareTaken(square));
        }
        let mut counts = [0u8; 2];
        for player in Player::ALL {
            let count = self.pieces[player.index()].len() + camps.count(player);
            if count > 8 {
                return Err(InvalidPosition::TooManyPieces { player, count });
            }
            counts[player.index()] = count as u8;
        }
        if camps.count(Player::Black) == 2 && camps.count(Player::White) == 2 {
            return Err(InvalidPosition::BothHoldBothCamps);
        }
        if counts[0] < 2 && counts[1] < 2 {
            return Err(InvalidPosition::BothTooFew);
        }
        let mut position = Position {
            board: self.board,
            pieces: self.pieces,
            camps: Camps(camps.0 & 0b1111),
            counts,
            side: self.side,
            first: self.first,
            hash: 0,
        };
        position.hash = zobrist::hash_of(&position);
        Ok(position)
    }
}

impl Default for Position {
    /// The start on the standard board.
    fn default() -> Position {
        Position::start()
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;

    /// Each invariant broken alone makes the position inconsistent.
    #[test]
    fn each_broken_invariant_is_caught() {
        let p: Position =
            "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB \
                           ww1w1w2/8/8/8/8/8/8/bbbbbb2 w a0"
                .parse()
                .unwrap();
        assert!(p.is_consistent());
        let rehash = |mut q: Position| {
            q.hash = zobrist::hash_of(&q);
            q
        };
        let white = p.pieces[1].into_iter().next().unwrap();
        let mut broken: Vec<(&str, Position)> = Vec::new();
        let mut q = p;
        q.pieces[0] |= white.bitboard();
        q.counts[0] += 1;
        broken.push(("a square held by both", rehash(q)));
        let mut q = p;
        q.counts[1] += 1;
        broken.push(("a count too high", rehash(q)));
        let mut q = p;
        q.counts[0] -= 1;
        broken.push(("a count too low", rehash(q)));
        let mut q = p;
        q.pieces[0] |= Bitboard::FULL & !q.pieces[1];
        q.counts[0] = q.pieces[0].len() as u8;
        broken.push(("more than 8 pieces", rehash(q)));
        let mut q = p;
        q.camps = Camps(q.camps.0 | 0b1_0000);
        broken.push(("an undefined camp bit", rehash(q)));
        let mut q = p;
        q.first = 0b100;
        broken.push(("an undefined first-move bit", rehash(q)));
        let mut q = p;
        q.hash ^= 1;
        broken.push(("stale hash", q));
        for (what, q) in broken {
            assert!(!q.is_consistent(), "{what}: {q:?}");
        }
    }
}
