//! Playing moves: the reasons a move is illegal, and the copy-make behind
//! [`Game::play_unchecked`] (the checks themselves are in `game.rs`).

use board_geometry::{Bitboard, Player, Square};

use crate::zobrist::{KEYS, piece_key};
use crate::{Camp, Outcome, PieceKind, Position, SquareColour};

/// What kind of move a legal move is, from [`Game::check_move`](crate::Game::check_move).
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
/// and [`Game::check_move`](crate::Game::check_move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over: {0}")]
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
    #[error("{0} is occupied")]
    CampOccupied(Camp),
    /// A capture on the player's first move, under the no-first-capture
    /// option.
    #[error("no capture on your first move (no-first-capture): {0} holds an opponent's piece")]
    FirstMoveCapture(Square),
}

impl From<crate::Unreachable> for IllegalMove {
    fn from(why: crate::Unreachable) -> IllegalMove {
        use crate::Unreachable as U;
        match why {
            U::WrongShape { colour, kind, to } => IllegalMove::WrongShape { colour, kind, to },
            U::PathBlocked(square) => IllegalMove::PathBlocked(square),
            U::StopsEarlier { colour, stop } => IllegalMove::StopsEarlier { colour, stop },
        }
    }
}

impl Position {
    /// A move to a square, with a capture if an opponent stands there.
    #[inline(always)]
    pub(crate) fn play_to_square(&self, from: Square, to: Square) -> Position {
        let (moves, mut child) = MovesFrom::new(self, from);
        moves.set_down(&mut child, to);
        child
    }

    /// A move from the target line into a camp.
    #[cold]
    pub(crate) fn play_to_camp(&self, from: Square, camp: Camp) -> Position {
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
/// [`MovesFrom::set_down`] sets it down on a square, capturing what stands
/// there.
///
/// The children are written into one position that [`MovesFrom::new`]
/// returns beside it, and each landing writes only the words a landing
/// changes (both players' pieces, the opponent's count, the hash): the
/// board, the camps, the side and the first-move marks are the same for
/// every move of the piece, and stay where the first copy put them. The
/// child is a value of its own, apart from what is kept here, so that
/// handing it out (to `black_box`, say) does not send this back to memory.
pub(crate) struct MovesFrom {
    /// The mover's pieces with the piece lifted, and the opponent's.
    own: u64,
    opponent: u64,
    /// The opponent's count and the hash before the landing.
    count: u8,
    hash: u64,
    player: Player,
}

impl MovesFrom {
    /// The moves' constants, and the position with the piece lifted and
    /// the turn passed, for [`MovesFrom::set_down`] to finish.
    #[inline(always)]
    pub(crate) fn new(position: &Position, from: Square) -> (MovesFrom, Position) {
        let side = position.side;
        let s = side.index();
        let mut lifted = *position;
        lifted.pieces[s] = lifted.pieces[s].without(from);
        lifted.hash ^= piece_key(side, from) ^ KEYS.side ^ first_key(position, side);
        lifted.first &= !(1 << s);
        lifted.side = side.opponent();
        let o = side.opponent().index();
        let moves = MovesFrom {
            own: lifted.pieces[s].0,
            opponent: lifted.pieces[o].0,
            count: lifted.counts[o],
            hash: lifted.hash,
            player: side,
        };
        (moves, lifted)
    }

    /// Makes `child`, the position [`MovesFrom::new`] returned (whatever
    /// landings were written in it since), the position after the piece
    /// lands on `to`.
    #[inline(always)]
    pub(crate) fn set_down(&self, child: &mut Position, to: Square) {
        let bit = to.bitboard().0;
        let captured = self.opponent & bit;
        let capture_key = if captured != 0 {
            piece_key(self.player.opponent(), to)
        } else {
            0
        };
        let (s, o) = (self.player.index(), self.player.opponent().index());
        child.pieces[s] = Bitboard(self.own | bit);
        child.pieces[o] = Bitboard(self.opponent ^ captured);
        child.counts[o] = self.count.saturating_sub(u8::from(captured != 0));
        child.hash = self.hash ^ piece_key(self.player, to) ^ capture_key;
    }
}
