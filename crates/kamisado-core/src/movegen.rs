//! Move generation: forward slides as masked rays, sumo pushes, and the
//! fixed-capacity move list.

use arrayvec::ArrayVec;
use board_geometry::{Bitboard, Direction, Player, Square, ray};

use crate::{Colour, Move, Position, PushError, SumoRank, Tower};

/// The most legal moves a position can have. A tower on its home row has
/// at most 7 straight moves and 7 diagonal ones (the two diagonals share
/// the 7 files beside it), and fewer anywhere else; with 8 towers on a free
/// choice that is 8 x 14 = 112. A push replaces the blocked one-square step,
/// so it adds nothing; a pass is the only move of its position.
pub const MAX_MOVES: usize = 112;

/// A list of moves that never allocates.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The legal moves of one tower, handed over as a set of destinations by
/// [`Position::generate_moves`]. A push is its sumo's one-square step onto
/// the first pushed tower; a pass has the tower's own square as its only
/// destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TowerMoves {
    /// The tower that moves.
    pub tower: Tower,
    /// Its square.
    pub from: Square,
    /// Its destinations (never empty).
    pub to: Bitboard,
}

impl TowerMoves {
    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.to.len() as usize
    }

    /// Always `false`: the generator never hands over an empty set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// The moves one by one.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Move> + use<> {
        let from = self.from;
        self.to.into_iter().map(move |to| Move::new(from, to))
    }
}

/// `LIMIT[player][rank of the tower][sumo level]`: the ranks a tower may
/// reach (RULES.md 1.4: plain unlimited, sumo 5, double 3, triple 1).
/// Every forward move gains exactly one rank per square, so a distance
/// limit is a band of ranks.
static LIMIT: [[[Bitboard; 4]; 8]; 2] = {
    let mut table = [[[Bitboard::FULL; 4]; 8]; 2];
    let limits = [8u32, 5, 3, 1];
    let mut rank = 0;
    while rank < 8 {
        let mut level = 1;
        while level < 4 {
            let (mut up, mut down) = (0u64, 0u64);
            let mut step = 1;
            while step <= limits[level] {
                // Black moves up the ranks, White down.
                if rank + step < 8 {
                    up |= 0xFF << (8 * (rank + step));
                }
                if step <= rank {
                    down |= 0xFF << (8 * (rank - step));
                }
                step += 1;
            }
            table[0][rank as usize][level] = Bitboard(up);
            table[1][rank as usize][level] = Bitboard(down);
            level += 1;
        }
        rank += 1;
    }
    table
};

/// `STEPS[player][square]`: the (up to three) squares one step forward.
/// A tower with an empty one among them can slide (every limit is at
/// least 1).
static STEPS: [[Bitboard; 64]; 2] = {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut s = 0;
    while s < 64 {
        let sq = Square::ALL[s];
        let mut p = 0;
        while p < 2 {
            let dirs = Player::ALL[p].forward_directions();
            let mut d = 0;
            while d < 3 {
                if let Some(to) = sq.step(dirs[d]) {
                    table[p][s].0 |= 1 << to as u8;
                }
                d += 1;
            }
            p += 1;
        }
        s += 1;
    }
    table
};

/// The squares along an upward ray (index increasing) before its first
/// blocker.
#[inline(always)]
fn up_to_blocker(direction: Direction, from: Square, occupied: u64) -> u64 {
    let ray = ray(direction, from).0;
    let blockers = ray & occupied;
    // Everything below the lowest blocker; the whole ray if there is none.
    ray & (blockers & blockers.wrapping_neg()).wrapping_sub(1)
}

/// The squares along a downward ray (index decreasing) before its first
/// blocker.
#[inline(always)]
fn down_to_blocker(direction: Direction, from: Square, occupied: u64) -> u64 {
    let ray = ray(direction, from).0;
    let blockers = ray & occupied;
    if blockers == 0 {
        ray
    } else {
        // Everything above the highest blocker.
        let highest = 63 - blockers.leading_zeros();
        ray & (!0u64 << highest << 1)
    }
}

/// The slides of a tower of `player` on `from` with sumo level `level`,
/// over the occupied squares `occupied`.
#[inline(always)]
pub(crate) fn slides(player: Player, from: Square, level: usize, occupied: Bitboard) -> Bitboard {
    let occ = occupied.0;
    let reach = match player {
        Player::Black => {
            up_to_blocker(Direction::North, from, occ)
                | up_to_blocker(Direction::NorthWest, from, occ)
                | up_to_blocker(Direction::NorthEast, from, occ)
        }
        Player::White => {
            down_to_blocker(Direction::South, from, occ)
                | down_to_blocker(Direction::SouthWest, from, occ)
                | down_to_blocker(Direction::SouthEast, from, occ)
        }
    };
    Bitboard(reach & LIMIT[player.index()][from.rank().index() as usize][level].0)
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

    /// All destinations of `player`'s tower on `from`: slides and, for a
    /// sumo, the push.
    #[inline]
    pub(crate) fn destinations(&self, player: Player, from: Square) -> Bitboard {
        let occupied = self.occupied();
        let level = self.rank_at(from).level() as usize;
        let mut to = slides(player, from, level, occupied);
        if level > 0 {
            if let Ok((front, _)) = self.push_line(player, from, self.rank_at(from)) {
                to |= front;
            }
        }
        to
    }

    /// Whether `player`'s tower of `colour` has a slide or a push.
    #[inline]
    pub(crate) fn can_move(&self, player: Player, colour: Colour) -> bool {
        let from = self.towers[player.index()][colour.index()];
        if STEPS[player.index()][from as usize].0 & !self.occupied().0 != 0 {
            return true;
        }
        let rank = self.rank_at(from);
        rank != SumoRank::Plain && self.push_line(player, from, rank).is_ok()
    }

    /// Hands the legal moves to `listener`, one tower at a time, until it
    /// returns `true`. Returns `true` if the listener stopped early.
    ///
    /// This is the fast path: nothing is allocated and a tower's moves come
    /// as one bitboard, cheap to count or test. A finished round has no
    /// moves. When the forced tower is blocked and a pass is legal, the
    /// pass comes as the tower with its own square as destination.
    ///
    /// ```
    /// use kamisado_core::Position;
    /// let mut total = 0;
    /// Position::start().generate_moves(|moves| {
    ///     total += moves.len();
    ///     false
    /// });
    /// assert_eq!(total, 102);
    /// ```
    pub fn generate_moves(&self, mut listener: impl FnMut(TowerMoves) -> bool) -> bool {
        if self.arrived().is_some() {
            return false;
        }
        let side = self.side;
        match self.forced {
            Some(colour) => {
                let from = self.towers[side.index()][colour.index()];
                let to = self.destinations(side, from);
                let tower = Tower::new(side, colour);
                if !to.is_empty() {
                    listener(TowerMoves { tower, from, to })
                } else if self.pass_is_legal() {
                    listener(TowerMoves {
                        tower,
                        from,
                        to: from.bitboard(),
                    })
                } else {
                    false
                }
            }
            None => {
                for colour in Colour::ALL {
                    let from = self.towers[side.index()][colour.index()];
                    let to = self.destinations(side, from);
                    if !to.is_empty()
                        && listener(TowerMoves {
                            tower: Tower::new(side, colour),
                            from,
                            to,
                        })
                    {
                        return true;
                    }
                }
                false
            }
        }
    }

    /// All legal moves, in a list that never allocates.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(|moves| {
            list.extend(moves.iter());
            false
        });
        list
    }

    /// The number of legal moves, counted without building them.
    #[inline]
    pub fn count_moves(&self) -> usize {
        let mut count = 0;
        self.generate_moves(|moves| {
            count += moves.len();
            false
        });
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_rank_bands() {
        use board_geometry::Rank;
        // A Black sumo on rank 2 reaches ranks 3-7.
        let band = LIMIT[0][1][1];
        assert_eq!(band.len(), 40);
        assert!(band.has(Square::A7) && !band.has(Square::A8) && !band.has(Square::A2));
        // A White triple sumo on rank 5 reaches rank 4 only.
        assert_eq!(LIMIT[1][4][3], Rank::Fourth.bitboard());
        // A White double sumo on rank 2 reaches rank 1 only.
        assert_eq!(LIMIT[1][1][2], Rank::First.bitboard());
        assert_eq!(LIMIT[0][3][0], Bitboard::FULL);
    }

    #[test]
    fn steps_are_the_forward_neighbours() {
        assert_eq!(
            STEPS[0][Square::A1 as usize],
            Square::A2.bitboard() | Square::B2
        );
        assert_eq!(STEPS[1][Square::E5 as usize].len(), 3);
        assert_eq!(STEPS[1][Square::E1 as usize], Bitboard::EMPTY);
    }
}
