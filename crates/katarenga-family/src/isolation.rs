//! Isolation: a placement game governed by the move rules
//! ([rules](crate::rules#isolation)).

use board_geometry::{Bitboard, Player, Square};
use game_rules::Game;
use katarenga_core::Board;

use crate::common::pawn_position;
use crate::pawns::{self, Pawns};
use crate::{
    IllegalMove, InvalidPosition, Move, MoveKind, Outcome, ParsePositionError, PieceMoves, Reading,
    Source, Supply,
};

const ISOLATION: usize = 2;

/// A position of Isolation ([rules](crate::rules#isolation)): the board
/// starts empty, each turn places a pawn where the [`Reading`] allows, and
/// the player to move with no legitimate placement loses. It carries its
/// reading and its [`Supply`]; the pawns in hand are the supply less those
/// on the board.
///
/// ```
/// use katarenga_family::{Game, Isolation, Move};
/// let start = Isolation::start();
/// assert_eq!(start.count_moves(), 64);
/// let next = start.play("@d4".parse()?);
/// // Nothing may stand where the pawn on d4 reaches, or reach it.
/// assert!(next.count_moves() < 63);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Isolation {
    pawns: Pawns,
    reading: Reading,
    supply: Supply,
}

pawn_position!(Isolation, game = ISOLATION);

impl Isolation {
    /// The empty `board`, White to place first, under the default reading
    /// and supply.
    #[must_use]
    pub fn start_on(board: Board) -> Isolation {
        Isolation {
            pawns: Pawns::new(
                board,
                Bitboard::EMPTY,
                Bitboard::EMPTY,
                Player::White,
                ISOLATION,
            ),
            reading: Reading::Strict,
            supply: Supply::Eight,
        }
    }

    /// The reading of the placement rule.
    #[must_use]
    pub fn reading(&self) -> Reading {
        self.reading
    }

    /// This position under another [`Reading`].
    #[must_use]
    pub fn with_reading(self, reading: Reading) -> Isolation {
        Isolation { reading, ..self }
    }

    /// The supply of pawns.
    #[must_use]
    pub fn supply(&self) -> Supply {
        self.supply
    }

    /// This position under another [`Supply`].
    #[must_use]
    pub fn with_supply(self, supply: Supply) -> Isolation {
        Isolation { supply, ..self }
    }

    /// How many pawns `player` has in hand (`None`: an unlimited supply).
    #[must_use]
    pub fn in_hand(&self, player: Player) -> Option<u32> {
        self.supply
            .limit()
            .map(|limit| limit.saturating_sub(self.pawns.pieces[player.index()].len()))
    }

    /// Parses the [position notation](crate::rules#notation); the position
    /// is played under [`Reading::Strict`] and [`Supply::Eight`] until told
    /// otherwise. Any pawns are accepted (a puzzle may place them as it
    /// likes), up to 8 a side.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field and the byte offset; a side
    /// with more than 8 pawns is refused (use
    /// [`Isolation::from_ascii_unlimited`] for more).
    pub fn from_ascii(bytes: &[u8]) -> Result<Isolation, ParsePositionError> {
        let position = Isolation::from_ascii_unlimited(bytes)?;
        for player in Player::ALL {
            let count = position.pieces(player).len();
            if count > 8 {
                let error = InvalidPosition::TooManyPawns {
                    player,
                    count,
                    limit: 8,
                };
                let offset = bytes.iter().position(|&b| b == b' ').map_or(0, |i| i + 1);
                return Err(ParsePositionError::Invalid { error, offset });
            }
        }
        Ok(position.with_supply(Supply::Eight))
    }

    /// Parses the [position notation](crate::rules#notation) under
    /// [`Supply::Unlimited`]: any number of pawns.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field and the byte offset.
    pub fn from_ascii_unlimited(bytes: &[u8]) -> Result<Isolation, ParsePositionError> {
        let (board, pieces, side, _) = pawns::parse(bytes)?;
        Ok(Isolation {
            pawns: Pawns::new(board, pieces[0], pieces[1], side, ISOLATION),
            reading: Reading::Strict,
            supply: Supply::Unlimited,
        })
    }

    /// The pawns whose reach the new pawn must stay out of, and the pawns
    /// it may not reach, under the reading.
    #[inline(always)]
    fn constraints(&self) -> (Bitboard, Bitboard) {
        let occupied = self.pawns.occupied();
        let theirs = self.pawns.pieces[self.pawns.side.opponent().index()];
        match self.reading {
            Reading::Strict => (occupied, occupied),
            Reading::Opposite => (theirs, theirs),
            Reading::OneWay => (occupied, Bitboard::EMPTY),
        }
    }

    /// The squares where the player to move may place a pawn.
    ///
    /// ```
    /// use katarenga_family::{Game, Isolation};
    /// let p = Isolation::start();
    /// assert_eq!(p.placements().len(), 64);
    /// ```
    #[must_use]
    pub fn placements(&self) -> Bitboard {
        let side = self.pawns.side;
        if self.in_hand(side) == Some(0) {
            return Bitboard::EMPTY;
        }
        let occupied = self.pawns.occupied();
        let board = &self.pawns.board;
        let (attackers, targets) = self.constraints();
        let mut attacked = Bitboard::EMPTY;
        board.for_each_reach(attackers, occupied, |_, reach| {
            attacked |= reach;
            false
        });
        let mut legal = !(occupied | attacked);
        if !targets.is_empty() {
            for square in legal {
                if board.reach(square, occupied).intersects(targets) {
                    legal = legal.without(square);
                }
            }
        }
        legal
    }
}

impl Game for Isolation {
    type Move = Move;
    type MoveKind = MoveKind;
    type IllegalMove = IllegalMove;
    type Outcome = Outcome;
    type PieceMoves = PieceMoves;

    const NAME: &'static str = "isolation";

    /// The empty standard board.
    fn start() -> Isolation {
        Isolation::start_on(Board::standard())
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.pawns.side
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.pawns.hash
    }

    /// The player to move with no legitimate placement loses.
    fn outcome(&self) -> Option<Outcome> {
        self.placements().is_empty().then_some(Outcome::NoMove {
            winner: self.pawns.side.opponent(),
        })
    }

    #[inline]
    fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        let to = self.placements();
        !to.is_empty()
            && listener(PieceMoves {
                source: Source::Hand,
                to,
            })
    }

    /// # Errors
    /// `IllegalMove` with the first rule the placement breaks: a step or
    /// a pass, the square taken, no pawn in hand, the pawn that would reach
    /// the new one, the pawn the new one would reach.
    fn check_move(&self, mv: Move) -> Result<MoveKind, IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        let to = match mv {
            Move::Drop(to) => to,
            Move::Step { .. } => {
                return Err(IllegalMove::NotInThisGame {
                    game: Self::NAME,
                    kind: "steps",
                });
            }
            Move::Pass => {
                return Err(IllegalMove::NotInThisGame {
                    game: Self::NAME,
                    kind: "pass",
                });
            }
        };
        let occupied = self.pawns.occupied();
        if occupied.has(to) {
            return Err(IllegalMove::Occupied(to));
        }
        // The outcome check above leaves the player at least one pawn.
        let board = &self.pawns.board;
        let (attackers, targets) = self.constraints();
        let mut by: Option<Square> = None;
        board.for_each_reach(attackers, occupied, |from, reach| {
            let hit = reach.has(to);
            if hit {
                by = Some(from);
            }
            hit
        });
        if let Some(by) = by {
            return Err(IllegalMove::EnPrise { to, by });
        }
        if let Some(target) = (board.reach(to, occupied) & targets).first() {
            return Err(IllegalMove::WouldAttack { to, target });
        }
        Ok(MoveKind::Drop)
    }

    #[inline(always)]
    fn play_unchecked(&self, mv: Move) -> Isolation {
        debug_assert!(
            self.is_legal(mv),
            "play_unchecked with the illegal move {mv} in {self}"
        );
        let mut next = *self;
        next.pawns.play(mv);
        next
    }
}
