//! The sumo push ([rules](crate::rules#sumo-push)): which line a sumo can
//! push, why it cannot, and the position after a push. The one place the
//! push rule lives.

use board_geometry::{Player, Square};

use crate::Game;
use crate::zobrist::KEYS;
use crate::{Move, Position, SumoRank, Tower};

/// Why a sumo cannot push ([rules](crate::rules#sumo-push)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PushError {
    /// A plain tower never pushes.
    #[error("a plain tower cannot push")]
    NotASumo,
    /// The square in front of the sumo is empty: that is a slide.
    #[error("there is no tower in front to push")]
    NothingToPush,
    /// A tower of the pusher stands in the line.
    #[error("the pusher's own tower on {0} is in the line")]
    OwnTower(Square),
    /// A tower in the line has a rank equal to or higher than the pusher's.
    #[error("the tower on {0} is not of a lower sumo rank than the pusher")]
    RankNotLower(Square),
    /// More adjacent towers than the pusher's rank allows.
    #[error("the line of towers is longer than {max}, the most this sumo can push")]
    LineTooLong {
        /// The pusher's sumo level (1-3).
        max: u8,
    },
    /// The square behind the line is off the board.
    #[error("there is no square behind the line")]
    NoRoomBehind,
}

impl Position {
    /// The line a sumo of `player` on `from` with rank `rank` would push:
    /// the front square and the number of towers in the line.
    ///
    /// # Errors
    /// Why there is no push: the front square is empty or off the board, a
    /// tower in the line is the pusher's own or not of strictly lower rank,
    /// the line is longer than `rank`, or nothing is behind it.
    pub(crate) fn push_line(
        &self,
        player: Player,
        from: Square,
        rank: SumoRank,
    ) -> Result<(Square, u8), PushError> {
        let dir = player.forward();
        let front = from.step(dir).ok_or(PushError::NoRoomBehind)?;
        let all = self.occupied();
        let opponent = self.occupied[player.opponent().index()];
        let max = rank.level();
        if max == 0 {
            return Err(PushError::NotASumo);
        }
        let mut square = front;
        let mut count = 0u8;
        while all.has(square) {
            if !opponent.has(square) {
                return Err(PushError::OwnTower(square));
            }
            if self.rank_at(square) >= rank {
                return Err(PushError::RankNotLower(square));
            }
            count += 1;
            if count > max {
                return Err(PushError::LineTooLong { max });
            }
            square = square.step(dir).ok_or(PushError::NoRoomBehind)?;
        }
        if count == 0 {
            return Err(PushError::NothingToPush);
        }
        Ok((front, count))
    }

    /// The position after the push `mv` (the sumo's one-square step onto
    /// the first pushed tower): the line moves back one square each,
    /// farthest first, the sumo steps forward, and the pusher moves again
    /// with the colour under the sumo's new square as its forced colour.
    /// Pushes are rare: `#[cold]` keeps this out of the slide path.
    #[cold]
    pub(crate) fn play_push(&self, mv: Move) -> Position {
        let side = self.side_to_move();
        let colour = match self.forced_colour() {
            Some(colour) => colour,
            None => self.colour_of_tower_at(side, mv.from),
        };
        let occupied = self.occupied();
        let mut next = *self;
        let dir = side.forward();
        let opponent = side.opponent();
        let mut last = mv.to;
        while let Some(beyond) = last.step(dir) {
            if !occupied.has(beyond) {
                break;
            }
            last = beyond;
        }
        let mut square = last;
        loop {
            if let Some(behind) = square.step(dir) {
                let c = next.colour_of_tower_at(opponent, square);
                next.move_tower(Tower::new(opponent, c), square, behind);
            }
            if square == mv.to {
                break;
            }
            match square.step(dir.opposite()) {
                Some(s) => square = s,
                None => break,
            }
        }
        next.move_tower(Tower::new(side, colour), mv.from, mv.to);
        // A push leaves the line on the board (the square behind it must be
        // free), so the touched tower's step exists.
        let pushed = mv.to.step(dir).unwrap_or(mv.to);
        let forced = self.rules().colour_after_push(self.layout(), mv.to, pushed);
        let push_mark = if self.is_after_push() {
            0
        } else {
            KEYS.after_push
        };
        next.hash ^= KEYS.forced[self.forced_index()] ^ KEYS.forced[forced.index()] ^ push_mark;
        next.state = self.state.next(side, Some(forced), true);
        next
    }
}
