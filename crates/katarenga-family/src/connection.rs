//! Congress and Quebec: move all your pawns into one orthogonal group
//! ([rules](crate::rules#congress)); Quebec adds Katarenga's captures.

use board_geometry::{Bitboard, Player};
use game_rules::Game;
use katarenga_core::Board;

use crate::common::pawn_position;
use crate::pawns::{self, Pawns};
use crate::{
    BothConnected, IllegalMove, InvalidPosition, Move, MoveKind, NoMove, Outcome,
    ParsePositionError, PieceMoves, Source, is_connected,
};

/// The start ([rules](crate::rules#congress)): on every edge the 2nd, 4th,
/// 5th and 7th squares, alternating in colour all the way round; White's,
/// then Black's.
const START: [[&str; 8]; 2] = [
    ["b1", "e1", "h2", "h5", "g8", "d8", "a7", "a4"],
    ["d1", "g1", "h4", "h7", "e8", "b8", "a5", "a2"],
];

/// The start's pawns of `START[side]`, built at compile time.
const fn start_pawns(side: usize) -> Bitboard {
    let mut bits = 0u64;
    let mut i = 0;
    while i < 8 {
        let name = START[side][i].as_bytes();
        bits |= 1 << ((name[1] - b'1') * 8 + (name[0] - b'a'));
        i += 1;
    }
    Bitboard(bits)
}

/// White's pawns at the start of Congress and Quebec.
pub const START_WHITE: Bitboard = start_pawns(0);
/// Black's pawns at the start of Congress and Quebec.
pub const START_BLACK: Bitboard = start_pawns(1);

const CONGRESS: usize = 0;
const QUEBEC: usize = 1;

/// Hands `listener` each pawn of `player` with the squares it may step to
/// (`captures`: onto the other side's pawns too) until it returns `true`;
/// returns whether it did.
#[inline(always)]
fn steps(
    pawns: &Pawns,
    player: Player,
    captures: bool,
    mut listener: impl FnMut(PieceMoves) -> bool,
) -> bool {
    let occupied = pawns.occupied();
    let own = pawns.pieces[player.index()];
    let barred = if captures { own } else { occupied };
    pawns.board.for_each_reach(own, occupied, |from, reach| {
        let to = reach - barred;
        !to.is_empty()
            && listener(PieceMoves {
                source: Source::Square(from),
                to,
            })
    })
}

/// Whether `player` has a step.
fn can_step(pawns: &Pawns, player: Player, captures: bool) -> bool {
    steps(pawns, player, captures, |_| true)
}

/// The connection test after a move: the side that just moved first
/// (`both` decides when both sides are connected).
fn connection(pawns: &Pawns, both: BothConnected) -> Option<Outcome> {
    let mover = pawns.side.opponent();
    let connected = |p: Player| is_connected(pawns.pieces[p.index()]);
    match (connected(mover), connected(pawns.side)) {
        (true, true) if both == BothConnected::Draw => Some(Outcome::BothConnected),
        (true, _) => Some(Outcome::Connected { winner: mover }),
        (false, true) => Some(Outcome::Connected { winner: pawns.side }),
        (false, false) => None,
    }
}

/// Checks a step of the side to move.
fn check_step(
    pawns: &Pawns,
    mv: Move,
    captures: bool,
    game: &'static str,
) -> Result<MoveKind, IllegalMove> {
    let (from, to) = match mv {
        Move::Step { from, to } => (from, to),
        Move::Drop(_) => {
            return Err(IllegalMove::NotInThisGame {
                game,
                kind: "drops",
            });
        }
        Move::Pass => return Err(IllegalMove::PassNotAllowed),
    };
    let side = pawns.side;
    let owner = pawns.piece_on(from).ok_or(IllegalMove::NoPawn(from))?;
    if owner != side {
        return Err(IllegalMove::NotYourPawn {
            square: from,
            owner,
        });
    }
    match pawns.piece_on(to) {
        Some(p) if p == side || !captures => return Err(IllegalMove::Occupied(to)),
        _ => {}
    }
    pawns.board.check_reach(from, to, pawns.occupied())?;
    Ok(if pawns.pieces[side.opponent().index()].has(to) {
        MoveKind::Capture
    } else {
        MoveKind::Quiet
    })
}

/// Parses and checks a Congress or Quebec position.
fn parse(bytes: &[u8], game: usize) -> Result<Pawns, ParsePositionError> {
    let (board, pieces, side, offset) = pawns::parse(bytes)?;
    for player in Player::ALL {
        let count = pieces[player.index()].len();
        let error = if count == 0 {
            InvalidPosition::NoPawn(player)
        } else if count > 8 {
            InvalidPosition::TooManyPawns {
                player,
                count,
                limit: 8,
            }
        } else {
            continue;
        };
        return Err(ParsePositionError::Invalid { error, offset });
    }
    Ok(Pawns::new(board, pieces[0], pieces[1], side, game))
}

/// A position of Congress ([rules](crate::rules#congress)): a game of
/// movement only, won by the side whose pawns first form one orthogonal
/// group. It carries its [`NoMove`] rule.
///
/// ```
/// use katarenga_family::{Congress, Game};
/// let start = Congress::start();
/// assert_eq!(start.side_to_move(), katarenga_family::Player::White);
/// assert_eq!(start.perft(1), start.legal_moves().len() as u64);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Congress {
    pawns: Pawns,
    no_move: NoMove,
}

pawn_position!(Congress, game = CONGRESS);

impl Congress {
    /// The start on `board`: the pawns on the edges, White to move.
    #[must_use]
    pub fn start_on(board: Board) -> Congress {
        Congress {
            pawns: Pawns::new(board, START_BLACK, START_WHITE, Player::White, CONGRESS),
            no_move: NoMove::Lose,
        }
    }

    /// The rule for a player with no legal move.
    #[must_use]
    pub fn no_move(&self) -> NoMove {
        self.no_move
    }

    /// This position under another [`NoMove`] rule.
    #[must_use]
    pub fn with_no_move(self, no_move: NoMove) -> Congress {
        Congress { no_move, ..self }
    }

    /// Parses the [position notation](crate::rules#notation); the position
    /// is played under [`NoMove::Lose`] until [`Congress::with_no_move`].
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field and the byte offset; a side
    /// without pawns or with more than 8 is refused.
    pub fn from_ascii(bytes: &[u8]) -> Result<Congress, ParsePositionError> {
        Ok(Congress {
            pawns: parse(bytes, CONGRESS)?,
            no_move: NoMove::Lose,
        })
    }
}

impl Game for Congress {
    type Move = Move;
    type MoveKind = MoveKind;
    type IllegalMove = IllegalMove;
    type Outcome = Outcome;
    type PieceMoves = PieceMoves;

    const NAME: &'static str = "congress";

    /// The start on the standard board.
    fn start() -> Congress {
        Congress::start_on(Board::standard())
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.pawns.side
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.pawns.hash
    }

    /// A connected side wins (the side that just moved, if both are: only
    /// the mover can become connected in play); then the player to move
    /// with no step loses, or under `NoMove::Pass` passes, and the game
    /// is drawn when neither can step.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = connection(&self.pawns, BothConnected::Mover) {
            return Some(outcome);
        }
        let side = self.pawns.side;
        if can_step(&self.pawns, side, false) {
            return None;
        }
        match self.no_move {
            NoMove::Lose => Some(Outcome::NoMove {
                winner: side.opponent(),
            }),
            NoMove::Pass if can_step(&self.pawns, side.opponent(), false) => None,
            NoMove::Pass => Some(Outcome::Blocked),
        }
    }

    #[inline(always)]
    fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        if connection(&self.pawns, BothConnected::Mover).is_some() {
            return false;
        }
        let side = self.pawns.side;
        let mut any = false;
        let stopped = steps(&self.pawns, side, false, |moves| {
            any = true;
            listener(moves)
        });
        if any || self.no_move == NoMove::Lose || !can_step(&self.pawns, side.opponent(), false) {
            return stopped;
        }
        listener(PieceMoves {
            source: Source::Pass,
            to: Bitboard::EMPTY,
        })
    }

    /// # Errors
    /// `IllegalMove` with the first rule the move breaks.
    fn check_move(&self, mv: Move) -> Result<MoveKind, IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        if mv == Move::Pass {
            return if self.no_move == NoMove::Pass && !can_step(&self.pawns, self.pawns.side, false)
            {
                Ok(MoveKind::Pass)
            } else {
                Err(IllegalMove::PassNotAllowed)
            };
        }
        check_step(&self.pawns, mv, false, Self::NAME)
    }

    #[inline(always)]
    fn play_unchecked(&self, mv: Move) -> Congress {
        debug_assert!(
            self.is_legal(mv),
            "play_unchecked with the illegal move {mv} in {self}"
        );
        let mut next = *self;
        next.pawns.play(mv);
        next
    }
}

/// A position of Quebec ([rules](crate::rules#quebec)): Congress with
/// Katarenga's captures; after each move both sides are tested, a single
/// pawn counting as connected. It carries its [`BothConnected`] rule.
///
/// ```
/// use katarenga_family::{Game, Quebec};
/// let start = Quebec::start();
/// assert!(start.outcome().is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Quebec {
    pawns: Pawns,
    both: BothConnected,
}

pawn_position!(Quebec, game = QUEBEC);

impl Quebec {
    /// The start on `board`: Congress's, White to move.
    #[must_use]
    pub fn start_on(board: Board) -> Quebec {
        Quebec {
            pawns: Pawns::new(board, START_BLACK, START_WHITE, Player::White, QUEBEC),
            both: BothConnected::Mover,
        }
    }

    /// The rule when both sides are connected at once.
    #[must_use]
    pub fn both_connected(&self) -> BothConnected {
        self.both
    }

    /// This position under another [`BothConnected`] rule.
    #[must_use]
    pub fn with_both_connected(self, both: BothConnected) -> Quebec {
        Quebec { both, ..self }
    }

    /// Parses the [position notation](crate::rules#notation); the position
    /// is played under [`BothConnected::Mover`] until
    /// [`Quebec::with_both_connected`].
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field and the byte offset; a side
    /// without pawns or with more than 8 is refused.
    pub fn from_ascii(bytes: &[u8]) -> Result<Quebec, ParsePositionError> {
        Ok(Quebec {
            pawns: parse(bytes, QUEBEC)?,
            both: BothConnected::Mover,
        })
    }
}

impl Game for Quebec {
    type Move = Move;
    type MoveKind = MoveKind;
    type IllegalMove = IllegalMove;
    type Outcome = Outcome;
    type PieceMoves = PieceMoves;

    const NAME: &'static str = "quebec";

    /// The start on the standard board.
    fn start() -> Quebec {
        Quebec::start_on(Board::standard())
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.pawns.side
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.pawns.hash
    }

    /// Both sides tested: a connected side wins (both: the
    /// `BothConnected` rule); then the player to move with no move loses.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = connection(&self.pawns, self.both) {
            return Some(outcome);
        }
        let side = self.pawns.side;
        (!can_step(&self.pawns, side, true)).then_some(Outcome::NoMove {
            winner: side.opponent(),
        })
    }

    #[inline(always)]
    fn generate_moves(&self, listener: impl FnMut(PieceMoves) -> bool) -> bool {
        if connection(&self.pawns, self.both).is_some() {
            return false;
        }
        steps(&self.pawns, self.pawns.side, true, listener)
    }

    /// # Errors
    /// `IllegalMove` with the first rule the move breaks.
    fn check_move(&self, mv: Move) -> Result<MoveKind, IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        check_step(&self.pawns, mv, true, Self::NAME)
    }

    #[inline(always)]
    fn play_unchecked(&self, mv: Move) -> Quebec {
        debug_assert!(
            self.is_legal(mv),
            "play_unchecked with the illegal move {mv} in {self}"
        );
        let mut next = *self;
        next.pawns.play(mv);
        next
    }
}
