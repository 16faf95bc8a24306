//! Playing moves: `play`, `try_play` with the reasons a move is illegal, and
//! `play_unchecked`.

use board_geometry::{Bitboard, Player, Square, between, king_moves, knight_moves};

use crate::camps::on_target_line;
use crate::zobrist::{KEYS, piece_key};
use crate::{Camp, Destination, Game, Move, Outcome, PieceKind, Position, SquareColour};

/// What kind of move a legal move is, from [`Position::check_move`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum MoveKind {
    /// A move to an empty square.
    Quiet,
    /// A move onto an opponent's piece, which is captured.
    Capture,
    /// A move from the target line into a camp.
    Camp,
}

/// Why a move is illegal, from [`Game::try_play`](crate::Game::try_play)
/// and [`Position::check_move`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// No piece on the origin square.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece on the origin belongs to the player not to move.
    #[error("the piece on {square} belongs to {owner}, who is not to move")]
    NotYourPiece {
        /// The origin.
        square: Square,
        /// The piece's owner.
        owner: Player,
    },
    /// The destination holds a piece of the mover.
    #[error("{0} holds a piece of your own")]
    OwnPiece(Square),
    /// The destination is not a move of the piece's kind.
    #[error("a piece on a {colour} square moves like a {kind}: it cannot reach {to}")]
    WrongShape {
        /// The colour of the origin square.
        colour: SquareColour,
        /// How a piece on that colour moves.
        kind: PieceKind,
        /// The destination.
        to: Square,
    },
    /// A piece stands between origin and destination.
    #[error("the path is blocked on {0}")]
    PathBlocked(Square),
    /// The slider must stop on the first square of its own colour.
    #[error("a piece moving from a {colour} square stops on the first {colour} square, {stop}")]
    StopsEarlier {
        /// The colour of the origin (and of the stop square).
        colour: SquareColour,
        /// The square where it must stop.
        stop: Square,
    },
    /// The camp is a target of the other player.
    #[error("{0} is not one of your camps")]
    NotYourCamp(Camp),
    /// Only a piece on the target line may enter a camp.
    #[error("only a piece on your target line can enter a camp, and {0} is not on it")]
    NotOnTargetLine(Square),
    /// The camp is already occupied.
    #[error("{0} is already occupied")]
    CampOccupied(Camp),
    /// A capture on the player's first move, under the no-first-capture
    /// option.
    #[error("no capture on your first move (no-first-capture): {0} holds an opponent's piece")]
    FirstMoveCapture(Square),
}

impl Position {
    /// Checks `mv` against the rules and says what kind of move it is.
    ///
    /// # Errors
    /// [`IllegalMove`] with the first rule the move breaks.
    ///
    /// ```
    /// use katarenga_core::{Game, IllegalMove, MoveKind, Position};
    /// let start = Position::start();
    /// assert_eq!(start.check_move("a8a7".parse()?), Ok(MoveKind::Quiet));
    /// let next = start.try_play("a8a7".parse()?)?;
    /// assert_eq!(
    ///     next.try_play("a8a7".parse()?),
    ///     Err(IllegalMove::NoPiece("a8".parse()?))
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_move(&self, mv: Move) -> Result<MoveKind, IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        let side = self.side;
        let owner = self
            .piece_on(mv.from)
            .ok_or(IllegalMove::NoPiece(mv.from))?;
        if owner != side {
            return Err(IllegalMove::NotYourPiece {
                square: mv.from,
                owner,
            });
        }
        let to = match mv.to {
            Destination::Camp(camp) => {
                return if camp.owner() != side {
                    Err(IllegalMove::NotYourCamp(camp))
                } else if !on_target_line(side, mv.from) {
                    Err(IllegalMove::NotOnTargetLine(mv.from))
                } else if self.camps.has(camp) {
                    Err(IllegalMove::CampOccupied(camp))
                } else {
                    Ok(MoveKind::Camp)
                };
            }
            Destination::Square(to) => to,
        };
        if self.pieces[side.index()].has(to) {
            return Err(IllegalMove::OwnPiece(to));
        }
        if self.first_move_pending(side) && self.pieces[side.opponent().index()].has(to) {
            return Err(IllegalMove::FirstMoveCapture(to));
        }
        let colour = self.board.colour_of(mv.from);
        let shape = match colour {
            SquareColour::Blue => king_moves(mv.from).has(to),
            SquareColour::Green => knight_moves(mv.from).has(to),
            SquareColour::Yellow | SquareColour::Red => {
                let (files, ranks) = (
                    to.file() as i8 - mv.from.file() as i8,
                    to.rank() as i8 - mv.from.rank() as i8,
                );
                let diagonal = files != 0 && files.abs() == ranks.abs();
                let straight = (files == 0) != (ranks == 0);
                if colour == SquareColour::Yellow {
                    diagonal
                } else {
                    straight
                }
            }
        };
        if !shape {
            return Err(IllegalMove::WrongShape {
                colour,
                kind: colour.piece_kind(),
                to,
            });
        }
        if matches!(colour, SquareColour::Yellow | SquareColour::Red) {
            // The first square on the way that is occupied or of the
            // slider's own colour ends the slide.
            let path = between(mv.from, to) & (self.occupied() | self.board.squares(colour));
            let first = if to > mv.from {
                path.first()
            } else {
                path.last()
            };
            if let Some(stop) = first {
                return Err(if self.occupied().has(stop) {
                    IllegalMove::PathBlocked(stop)
                } else {
                    IllegalMove::StopsEarlier { colour, stop }
                });
            }
        }
        Ok(if self.pieces[side.opponent().index()].has(to) {
            MoveKind::Capture
        } else {
            MoveKind::Quiet
        })
    }

    /// The position after `mv`, which must be legal; nothing is checked in
    /// release builds (the fast path of search and perft).
    ///
    /// For an illegal move the result is unspecified: a position that may
    /// break the invariants [`Position::is_consistent`] checks (two pieces
    /// on one square, a hash that does not match). No function of this
    /// crate panics or causes undefined behaviour on such a position, but
    /// their answers about it are meaningless: its moves, outcome and perft
    /// are not those of any real position, its `Display` may print text
    /// that does not parse back, and `flip_files` returns it unchanged. Debug builds
    /// panic here instead (a `debug_assert!`), so that the misuse shows
    /// where it happens. Use [`Game::try_play`](crate::Game::try_play) for moves you have not
    /// generated yourself.
    #[inline]
    #[must_use]
    pub fn play_unchecked(&self, mv: Move) -> Position {
        debug_assert!(
            self.is_legal(mv),
            "play_unchecked with the illegal move {mv} in {self}"
        );
        match mv.to {
            Destination::Square(to) => self.play_to_square(mv.from, to),
            Destination::Camp(camp) => self.play_to_camp(mv.from, camp),
        }
    }

    /// A move to a square, with a capture if an opponent stands there.
    #[inline(always)]
    pub(crate) fn play_to_square(&self, from: Square, to: Square) -> Position {
        MovesFrom::new(self, from).to(to)
    }

    /// A move from the target line into a camp.
    #[cold]
    fn play_to_camp(&self, from: Square, camp: Camp) -> Position {
        let side = self.side;
        let mut next = *self;
        next.pieces[side.index()] = next.pieces[side.index()].without(from);
        next.hash ^= piece_key(side, from) ^ KEYS.side ^ first_key(self, side);
        next.first &= !(1 << side.index());
        if !next.camps.has(camp) {
            next.camps = next.camps.with(camp);
            next.hash ^= KEYS.camp[camp.index()];
        }
        next.side = side.opponent();
        next
    }
}

/// The key to take out of the hash when `side` moves: its pending first
/// move's, if any (a branch-free mask).
#[inline(always)]
fn first_key(position: &Position, side: Player) -> u64 {
    let pending = u64::from((position.first >> side.index()) & 1);
    KEYS.first[side.index()] & 0u64.wrapping_sub(pending)
}

/// Copy-make for the moves of one piece, split in two: [`MovesFrom::new`]
/// lifts the piece and passes the turn (with the hash) once,
/// [`MovesFrom::to`] sets it down on a square, capturing what stands there.
/// Both players' words are computed without indexing, so each result is
/// built in registers and stored once.
pub(crate) struct MovesFrom {
    lifted: Position,
    /// All ones for the player who moves, zero for the other.
    mover: [u64; 2],
    /// The opponent's pieces (the possible captures).
    opponent: u64,
    player: Player,
}

impl MovesFrom {
    #[inline(always)]
    pub(crate) fn new(position: &Position, from: Square) -> MovesFrom {
        let side = position.side;
        let s = side.index();
        let mut lifted = *position;
        lifted.pieces[s] = lifted.pieces[s].without(from);
        lifted.hash ^= piece_key(side, from) ^ KEYS.side ^ first_key(position, side);
        lifted.first &= !(1 << s);
        lifted.side = side.opponent();
        let white = 0u64.wrapping_sub(s as u64);
        MovesFrom {
            lifted,
            mover: [!white, white],
            opponent: position.pieces[side.opponent().index()].0,
            player: side,
        }
    }

    /// The position after the piece lands on `to`.
    #[inline(always)]
    pub(crate) fn to(&self, to: Square) -> Position {
        let lifted = &self.lifted;
        let bit = to.bitboard().0;
        let captured = self.opponent & bit;
        let took = u8::from(captured != 0);
        let capture_key = if captured != 0 {
            piece_key(self.player.opponent(), to)
        } else {
            0
        };
        // The counts drop for the opponent on a capture: `took` masked by
        // which player is the opponent.
        let black_loses = took & (self.mover[1] as u8 & 1);
        let white_loses = took & (self.mover[0] as u8 & 1);
        Position {
            board: lifted.board,
            pieces: [
                Bitboard(lifted.pieces[0].0 ^ (bit & self.mover[0]) ^ (captured & self.mover[1])),
                Bitboard(lifted.pieces[1].0 ^ (bit & self.mover[1]) ^ (captured & self.mover[0])),
            ],
            camps: lifted.camps,
            counts: [
                lifted.counts[0].saturating_sub(black_loses),
                lifted.counts[1].saturating_sub(white_loses),
            ],
            side: lifted.side,
            first: lifted.first,
            hash: lifted.hash ^ piece_key(self.player, to) ^ capture_key,
        }
    }
}
