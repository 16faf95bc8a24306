//! Move generation: forward slides as masked rays, sumo pushes, and the
//! fixed-capacity move list.

use arrayvec::ArrayVec;
use board_geometry::{Bitboard, Direction, Player, Square};

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

/// The tables below are in Black's frame, where forward is up (toward
/// rank 8) and a ray's nearest blocker is its lowest bit. White's moves are
/// computed on the board flipped top to bottom (`square ^ 56`,
/// `occupied.swap_bytes()`), where its forward directions become Black's,
/// and flipped back.
const UP_DIRECTIONS: [Direction; 3] =
    [Direction::North, Direction::NorthWest, Direction::NorthEast];

/// The three forward rays of each square, in Black's frame. A `const` so
/// that the edge and counting tables can be built from it; `UP_RAYS` is its
/// one copy in memory.
const UP_RAY_TABLE: [[u64; 64]; 3] = {
    let mut table = [[0u64; 64]; 3];
    let mut d = 0;
    while d < 3 {
        let mut s = 0;
        while s < 64 {
            let mut next = Square::ALL[s].step(UP_DIRECTIONS[d]);
            while let Some(sq) = next {
                table[d][s] |= 1 << sq as u8;
                next = sq.step(UP_DIRECTIONS[d]);
            }
            s += 1;
        }
        d += 1;
    }
    table
};

static UP_RAYS: [[u64; 64]; 3] = UP_RAY_TABLE;

/// The distance limit of each sumo level (RULES.md 1.4): a plain tower is
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
fn frame(player: Player, from: Square, occupied: Bitboard) -> (usize, u64) {
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

/// `EDGE_TABLE[d][square]` (Black's frame, diagonals only): a bit on the rank just
/// past the end of the diagonal ray when the ray leaves the board by a side
/// edge below rank 8, on a file off the ray; 0 when the ray reaches rank 8.
/// OR-ed into a ray's blockers it makes "no blocker" read as "blocked just
/// past the edge", so counting needs no comparison with the ray's length.
const EDGE_TABLE: [[u64; 64]; 3] = {
    let mut table = [[0u64; 64]; 3];
    let mut d = 1;
    while d < 3 {
        let mut s = 0;
        while s < 64 {
            let len = UP_RAY_TABLE[d][s].count_ones() as usize;
            let past = s / 8 + len + 1;
            if past < 8 {
                // The file of `s` itself is never on its diagonal ray.
                table[d][s] = 1 << (past * 8 + s % 8);
            }
            s += 1;
        }
        d += 1;
    }
    table
};

/// What counting a plain tower's slides needs about its square (Black's
/// frame), in one cache line: the three forward rays, the edge sentinels of
/// the diagonals (see `EDGE_TABLE`), and `3 * (rank + 1)`.
#[repr(align(64))]
struct CountTable {
    north: u64,
    west: u64,
    east: u64,
    west_edge: u64,
    east_edge: u64,
    ranks: u32,
}

static COUNT_TABLE: [CountTable; 64] = {
    let mut table = [const {
        CountTable {
            north: 0,
            west: 0,
            east: 0,
            west_edge: 0,
            east_edge: 0,
            ranks: 0,
        }
    }; 64];
    let mut s = 0;
    while s < 64 {
        table[s] = CountTable {
            north: UP_RAY_TABLE[0][s],
            west: UP_RAY_TABLE[1][s],
            east: UP_RAY_TABLE[2][s],
            west_edge: EDGE_TABLE[1][s],
            east_edge: EDGE_TABLE[2][s],
            ranks: 3 * (s as u32 / 8 + 1),
        };
        s += 1;
    }
    table
};

/// `FRAME_COLOUR[player][square]`: the colour index of the board square that
/// is `square` in the player's frame.
static FRAME_COLOUR: [[u8; 64]; 2] = {
    let mut table = [[0u8; 64]; 2];
    let mut s = 0;
    while s < 64 {
        table[0][s] = Colour::of_square(Square::ALL[s]) as u8;
        table[1][s] = Colour::of_square(Square::ALL[s ^ 56]) as u8;
        s += 1;
    }
    table
};

/// The number of slides of a plain tower on `sq`, both given in Black's
/// frame (see `UP_RAYS`), with `occ` the occupancy in that frame. Along a
/// forward ray each square gains one rank, so the free squares before the
/// first blocker are the ranks between them (a blocker's rank is its bit
/// index over 8; no blocker reads as rank 8, or as the rank past a
/// diagonal's side edge thanks to the sentinel).
#[inline(always)]
fn plain_slide_count(sq: usize, occ: u64) -> u32 {
    let t = &COUNT_TABLE[sq & 63];
    let north = (t.north & occ).trailing_zeros() >> 3;
    let west = ((t.west & occ) | t.west_edge).trailing_zeros() >> 3;
    let east = ((t.east & occ) | t.east_edge).trailing_zeros() >> 3;
    north + west + east - t.ranks
}

/// The number of replies to a tower's slides to each of `targets`, summed.
/// The replies are the moves of `replier`'s tower of the landing square's
/// colour (`replies`: the replier's packed tower squares), with `lifted`
/// the occupancy without the moving tower. A reply tower that is a sumo
/// (in `sumo`) or cannot slide goes to `fallback` with the target square
/// and whether the reply tower is a blocked plain tower.
/// Raw indices: this loop is most of perft's time.
#[inline(always)]
fn sum_replies(
    replier: Player,
    replies: u64,
    sumo: u64,
    lifted: u64,
    targets: u64,
    mut fallback: impl FnMut(usize, bool) -> u64,
) -> u64 {
    // Everything in the replier's frame (see `UP_RAYS`): the board flipped
    // for White. Flipping a square is `^ 56`, so flipping the packed tower
    // squares is one XOR.
    let p = replier.index();
    let flip = 56 * p;
    let (base, sumo, mut targets, replies) = match replier {
        Player::Black => (lifted, sumo, targets, replies),
        Player::White => (
            lifted.swap_bytes(),
            sumo.swap_bytes(),
            targets.swap_bytes(),
            replies ^ 0x3838_3838_3838_3838,
        ),
    };
    let colours = &FRAME_COLOUR[p];
    let mut nodes = 0;
    while targets != 0 {
        let target = targets.trailing_zeros() as usize & 63;
        targets &= targets - 1;
        let reply = ((replies >> (8 * colours[target])) & 63) as usize;
        if sumo >> reply & 1 != 0 {
            nodes += fallback(target ^ flip, false);
            continue;
        }
        let count = plain_slide_count(reply, base | 1 << target);
        nodes += if count > 0 {
            u64::from(count)
        } else {
            // A plain tower that cannot slide: a pass or a deadlock.
            fallback(target ^ flip, true)
        };
    }
    nodes
}

/// Whether a tower of `player` on `from` has an empty square one step
/// forward (every distance limit allows one step).
#[inline(always)]
fn can_step(player: Player, from: Square, occupied: Bitboard) -> bool {
    let (sq, occ) = frame(player, from, occupied);
    (UP_RAYS[0][sq] | UP_RAYS[1][sq] | UP_RAYS[2][sq]) & BAND[sq >> 3][3] & !occ != 0
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
        if !self.sumo[0].has(from) {
            return slides(player, from, 0, occupied);
        }
        self.sumo_destinations(player, from)
    }

    #[inline(never)]
    fn sumo_destinations(&self, player: Player, from: Square) -> Bitboard {
        let rank = self.rank_at(from);
        let mut to = slides(player, from, rank.level() as usize, self.occupied());
        if let Ok((front, _)) = self.push_line(player, from, rank) {
            to |= front;
        }
        to
    }

    /// The number of legal moves of each position one ply ahead, summed:
    /// `perft(self, 2)` counted without building the positions after the
    /// slides whose reply is simple (a plain reply tower that can slide).
    /// Each reply count needs only the moved occupancy, the landing
    /// square's colour and the opponent's tower of that colour.
    pub(crate) fn count_two_plies(&self) -> u64 {
        if let Some(colour) = self.forced_colour() {
            let side = self.side_to_move();
            let from = self.tower_square(side, colour);
            let to = self.destinations(side, from);
            if !to.is_empty() && !self.has_arrived() {
                return self.count_replies(from, to);
            }
        }
        // A free choice, a pass or the end of the round.
        let mut nodes = 0;
        self.generate_moves(|moves| {
            nodes += self.count_replies(moves.from, moves.to);
            false
        });
        nodes
    }

    /// The replies to each move of the side to move's tower on `from` to
    /// the squares `to`, summed.
    #[inline(always)]
    fn count_replies(&self, from: Square, to: Bitboard) -> u64 {
        let side = self.side_to_move();
        let opponent = side.opponent();
        let occupied = self.occupied();
        // Arrivals end the round: no replies. Passes and pushes are rare
        // and go the long way.
        let special = to & (occupied | from.bitboard());
        let mut nodes = 0;
        for square in special {
            nodes += self.play_unchecked(Move::new(from, square)).count_moves() as u64;
        }
        let targets = (to - side.goal_rank().bitboard() - special).0;
        let sumo = self.sumo[0].0 & self.occupied[opponent.index()].0;
        nodes
            + sum_replies(
                opponent,
                self.towers[opponent.index()],
                sumo,
                (occupied - from).0,
                targets,
                |target, blocked| {
                    let child = self.play_unchecked(Move::new(from, Square::ALL[target & 63]));
                    if blocked {
                        child.blocked_move_count()
                    } else {
                        child.count_moves() as u64
                    }
                },
            )
    }

    /// `perft(self, 3)` for positions without sumos whose forced tower can
    /// slide: the middle ply's positions are not built either (see
    /// [`sum_replies`]); anything else returns `None`.
    pub(crate) fn count_three_plies(&self) -> Option<u64> {
        let colour = self.forced_colour()?;
        if !self.sumo[0].is_empty() || self.has_arrived() {
            return None;
        }
        let side = self.side_to_move();
        let opponent = side.opponent();
        let occupied = self.occupied();
        let from = self.tower_square(side, colour);
        let moves = slides(side, from, 0, occupied);
        if moves.is_empty() {
            return None;
        }
        let mut nodes = 0;
        // Arrivals end the round: nothing below them at depth 3.
        for to in moves - side.goal_rank().bitboard() {
            let answer = Colour::of_square(to);
            let reply_from = self.tower_square(opponent, answer);
            let after = occupied ^ from.bitboard() ^ to.bitboard();
            let replies = slides(opponent, reply_from, 0, after);
            if replies.is_empty() {
                // A pass or a deadlock.
                nodes += self.play_slide(colour, from, to).count_two_plies();
                continue;
            }
            let towers =
                self.towers[side.index()] ^ ((from as u64 ^ to as u64) << (8 * colour.index()));
            nodes += sum_replies(
                side,
                towers,
                0,
                (after - reply_from).0,
                (replies - opponent.goal_rank().bitboard()).0,
                |target, blocked| {
                    let grandchild = self.play_slide(colour, from, to).play_slide(
                        answer,
                        reply_from,
                        Square::ALL[target & 63],
                    );
                    if blocked {
                        grandchild.blocked_move_count()
                    } else {
                        grandchild.count_moves() as u64
                    }
                },
            );
        }
        Some(nodes)
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
        if self.has_arrived() {
            return false;
        }
        let side = self.side_to_move();
        match self.forced_colour() {
            Some(colour) => {
                let from = self.tower_square(side, colour);
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
                    let from = self.tower_square(side, colour);
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
        if let Some(colour) = self.forced_colour() {
            // The common case: a plain forced tower that can slide.
            let from = self.tower_square(self.side_to_move(), colour);
            if !self.sumo[0].has(from) && !self.has_arrived() {
                let (sq, occ) = frame(self.side_to_move(), from, self.occupied());
                let count = plain_slide_count(sq, occ);
                if count > 0 {
                    return count as usize;
                }
            }
        }
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
        // A sumo on rank 2 reaches ranks 3-7.
        let band = Bitboard(BAND[1][1]);
        assert_eq!(band.len(), 40);
        assert!(band.has(Square::A7) && !band.has(Square::A8) && !band.has(Square::A2));
        // A triple sumo on rank 5 reaches rank 6 only.
        assert_eq!(Bitboard(BAND[4][3]), Rank::Sixth.bitboard());
        assert_eq!(BAND[3][0], !0);
    }

    #[test]
    fn plain_counts_agree_with_the_bitboards() {
        let occupied = Square::C5.bitboard() | Square::E6 | Square::B3 | Square::G2 | Square::E2;
        for player in Player::ALL {
            for from in Square::ALL {
                let (sq, occ) = frame(player, from, occupied);
                assert_eq!(
                    plain_slide_count(sq, occ),
                    slides(player, from, 0, occupied).len()
                );
            }
        }
    }
}
