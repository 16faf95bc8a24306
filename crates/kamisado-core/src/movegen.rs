//! Move generation: forward slides as masked rays, sumo pushes, one
//! tower's moves as a set ([`Game::generate_moves`] hands them over), and
//! the fixed-capacity move list.

use board_geometry::{Bitboard, Direction, Player, Square, Squares, ray};

use crate::{Colour, Move, Position, SumoRank, Tower};

/// The most legal moves a position can have. A tower on its home row has
/// at most 7 straight moves and 7 diagonal ones (the two diagonals share
/// the 7 files beside it), and fewer anywhere else; with 8 towers on a free
/// choice that is 8 x 14 = 112. A push replaces the blocked one-square step,
/// so it adds nothing; a pass is the only move of its position.
pub const MAX_MOVES: usize = 112;

/// A list of moves that never allocates ([`Game::legal_moves`](crate::Game::legal_moves)).
pub type MoveList = game_rules::MoveList<Move>;

/// The legal moves of one tower, handed over as a set of destinations by
/// [`Game::generate_moves`](crate::Game::generate_moves). A push is its sumo's one-square step onto
/// the first pushed tower; a pass has the tower's own square as its only
/// destination. Iterating gives the moves (an exact-size iterator).
///
/// ```
/// use kamisado_core::{Game, Position};
/// Position::start().generate_moves(|moves| {
///     let all: Vec<_> = moves.into_iter().collect();
///     assert_eq!(all.len(), moves.len());
///     assert!(all.iter().all(|m| m.from == moves.from));
///     false
/// });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceMoves {
    /// The tower that moves.
    pub tower: Tower,
    /// Its square.
    pub from: Square,
    /// Its destinations (never empty).
    pub to: Bitboard,
}

impl PieceMoves {
    /// The number of moves.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.to.len() as usize
    }

    /// Whether there is no move: never for a set the generator hands over
    /// (it skips towers without moves), possibly for one built by hand.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// The moves one by one, in destination order.
    #[inline]
    #[must_use]
    pub fn iter(&self) -> PieceMovesIter {
        PieceMovesIter {
            from: self.from,
            to: self.to.iter(),
        }
    }
}

/// The moves of a [`PieceMoves`], one by one.
#[derive(Debug, Clone)]
pub struct PieceMovesIter {
    from: Square,
    to: Squares,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        self.to.next().map(|to| Move::new(self.from, to))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.to.size_hint()
    }
}

impl ExactSizeIterator for PieceMovesIter {}
impl core::iter::FusedIterator for PieceMovesIter {}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    #[inline]
    fn into_iter(self) -> PieceMovesIter {
        self.iter()
    }
}

impl IntoIterator for &PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    #[inline]
    fn into_iter(self) -> PieceMovesIter {
        self.iter()
    }
}

/// The tables below are in Black's frame, where forward is up (toward
/// rank 8) and a ray's nearest blocker is its lowest bit. White's moves are
/// computed on the board flipped top to bottom (`square ^ 56`,
/// `occupied.swap_bytes()`), where its forward directions become Black's,
/// and flipped back.
pub(crate) const UP_DIRECTIONS: [Direction; 3] =
    [Direction::North, Direction::NorthWest, Direction::NorthEast];

/// The three forward rays of each square in Black's frame, read from
/// `board_geometry`'s ray table (the one source of rays), as raw words. A
/// `const` so that the distance and counting tables can be built from it;
/// `UP_RAYS` is its one copy in memory.
pub(crate) const UP_RAY_TABLE: [[u64; 64]; 3] = {
    let mut table = [[0u64; 64]; 3];
    let mut d = 0;
    while d < 3 {
        let mut s = 0;
        while s < 64 {
            table[d][s] = ray(UP_DIRECTIONS[d], Square::ALL[s]).0;
            s += 1;
        }
        d += 1;
    }
    table
};

static UP_RAYS: [[u64; 64]; 3] = UP_RAY_TABLE;

/// The distance limit of each sumo level ([rules](crate::rules#how-a-tower-moves)): a plain tower is
/// unlimited (7 is the longest forward ray).
const LIMITS: [u32; 4] = [7, 5, 3, 1];

/// `BAND[rank][level]`: the ranks a tower on `rank` of that sumo level may
/// reach (Black's frame). Every forward move gains one rank per square, so
/// a distance limit is a band of ranks.
static BAND: [[u64; 4]; 8] = {
    let mut table = [[!0u64; 4]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut level = 1;
        while level < 4 {
            let mut band = 0u64;
            let mut step = 1;
            while step <= LIMITS[level] as usize {
                if rank + step < 8 {
                    band |= 0xFF << (8 * (rank + step));
                }
                step += 1;
            }
            table[rank][level] = band;
            level += 1;
        }
        rank += 1;
    }
    table
};

/// `from` and the occupancy in the player's frame (see `UP_RAYS`).
#[inline(always)]
pub(crate) fn frame(player: Player, from: Square, occupied: Bitboard) -> (usize, u64) {
    match player {
        Player::Black => (from as usize, occupied.0),
        Player::White => (from as usize ^ 56, occupied.0.swap_bytes()),
    }
}

/// The slides of a tower of `player` on `from` with sumo level `level`:
/// each forward ray up to its first blocker, within the distance limit.
#[inline(always)]
pub(crate) fn slides(player: Player, from: Square, level: usize, occupied: Bitboard) -> Bitboard {
    let (sq, occ) = frame(player, from, occupied);
    let mut reach = 0;
    for rays in &UP_RAYS {
        let ray = rays[sq];
        let blockers = ray & occ;
        // Everything below the lowest blocker; the whole ray if none.
        reach |= ray & (blockers & blockers.wrapping_neg()).wrapping_sub(1);
    }
    reach &= BAND[sq >> 3][level];
    Bitboard(match player {
        Player::Black => reach,
        Player::White => reach.swap_bytes(),
    })
}

/// The squares a tower of `player` with sumo rank `rank` on `from` can
/// slide to when `occupied` holds the towers: forward and diagonally forward
/// over empty squares, within the rank's distance limit. No pushes. For
/// evaluations and pictures that ask "what if" (another occupancy, or a
/// tower that is not to move); [`Position::reach`] asks it of a position.
///
/// ```
/// use kamisado_core::{slide_targets, Bitboard, Player, Rank, Square, SumoRank};
/// // A plain tower on e1 with nothing in front reaches rank 8.
/// let reach = slide_targets(Player::Black, Square::E1, SumoRank::Plain, Square::E1.bitboard());
/// assert!(reach.intersects(Rank::Eighth.bitboard()));
/// // A triple sumo moves one square: three squares at most.
/// let short = slide_targets(Player::Black, Square::E1, SumoRank::TripleSumo, Bitboard::EMPTY);
/// assert_eq!(short.len(), 3);
/// ```
#[inline]
#[must_use]
pub fn slide_targets(player: Player, from: Square, rank: SumoRank, occupied: Bitboard) -> Bitboard {
    slides(player, from, rank.level() as usize, occupied)
}

/// Whether a tower of `player` on `from` has an empty square one step
/// forward (every distance limit allows one step).
#[inline(always)]
fn can_step(player: Player, from: Square, occupied: Bitboard) -> bool {
    let (sq, occ) = frame(player, from, occupied);
    (UP_RAYS[0][sq] | UP_RAYS[1][sq] | UP_RAYS[2][sq]) & BAND[sq >> 3][3] & !occ != 0
}

impl Position {
    /// All destinations of `player`'s tower on `from`: slides and, for a
    /// sumo, the push.
    #[inline]
    pub(crate) fn destinations(&self, player: Player, from: Square) -> Bitboard {
        let occupied = self.occupied();
        if !self.sumo[0].has(from) {
            return slides(player, from, 0, occupied);
        }
        self.sumo_destinations(player, from)
    }

    /// Kept out of line: sumos are rare, and inlining this into
    /// `destinations` would make the plain-tower path that perft and search
    /// run millions of times larger and slower.
    #[inline(never)]
    fn sumo_destinations(&self, player: Player, from: Square) -> Bitboard {
        let rank = self.rank_at(from);
        let mut to = slides(player, from, rank.level() as usize, self.occupied());
        if let Ok((front, _)) = self.push_line(player, from, rank) {
            to |= front;
        }
        to
    }

    /// The squares `tower` could move to if it were to move now: its slides
    /// and, for a sumo, its push (whoever is to move, whatever the forced
    /// colour). For evaluations and interfaces ("where can this tower
    /// go?"); the legal moves are [`Game::generate_moves`](crate::Game::generate_moves).
    ///
    /// ```
    /// use kamisado_core::{Colour, Game, Player, Position, Rank, Tower};
    /// let start = Position::start();
    /// // White's towers are not to move, but each reaches Black's home row
    /// // only through Black's towers: none can arrive.
    /// let green = Tower::new(Player::White, Colour::Green);
    /// assert!(!start.reach(green).intersects(Rank::First.bitboard()));
    /// assert!(!start.reach(green).is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn reach(&self, tower: Tower) -> Bitboard {
        self.destinations(tower.player, self.square_of(tower))
    }

    /// Whether `player`'s tower of `colour` has a slide or a push.
    #[inline]
    pub(crate) fn can_move(&self, player: Player, colour: Colour) -> bool {
        let from = self.tower_square(player, colour);
        if can_step(player, from, self.occupied()) {
            return true;
        }
        let rank = self.rank_at(from);
        rank != SumoRank::Plain && self.push_line(player, from, rank).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_rank_bands() {
        use board_geometry::Rank;
        // A sumo on rank 2 reaches ranks 3-7.
        let band = Bitboard(BAND[1][1]);
        assert_eq!(band.len(), 40);
        assert!(band.has(Square::A7) && !band.has(Square::A8) && !band.has(Square::A2));
        // A triple sumo on rank 5 reaches rank 6 only.
        assert_eq!(Bitboard(BAND[4][3]), Rank::Sixth.bitboard());
        assert_eq!(BAND[3][0], !0);
    }
}
