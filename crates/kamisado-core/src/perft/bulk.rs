//! Bulk counting for perft: the last two or three plies counted from
//! occupancy alone, without building the positions of the last plies.
//!
//! Everything here is a speed-up of [`Game::perft`](crate::Game::perft) and is checked
//! against the plain count by the tests; move generation itself lives in
//! `movegen.rs`. In the mover's frame (White's board flipped with
//! `swap_bytes`, see `movegen::frame`) a plain tower's slides along a forward
//! ray are the ranks between the tower and the ray's first blocker, so they
//! are counted with `trailing_zeros` instead of a population count (which
//! the default x86-64 target has no instruction for).

use board_geometry::{Bitboard, Player, Square};

use crate::Game;
use crate::movegen::{UP_RAY_TABLE, slides};
use crate::{Layout, Move, Position};

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

/// `FRAME_COLOUR[layout][player][square]`: the colour index of the board
/// square that is `square` in the player's frame.
static FRAME_COLOUR: [[[u8; 64]; 2]; 4] = {
    let mut table = [[[0u8; 64]; 2]; 4];
    let mut l = 0;
    while l < 4 {
        let layout = Layout::ALL[l];
        let mut s = 0;
        while s < 64 {
            table[l][0][s] = layout.colour_of(Square::ALL[s]) as u8;
            table[l][1][s] = layout.colour_of(Square::ALL[s ^ 56]) as u8;
            s += 1;
        }
        l += 1;
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
pub(crate) fn plain_slide_count(sq: usize, occ: u64) -> u32 {
    // `sq` is a square index below 64; the mask says so to the compiler,
    // which drops the bounds check on this hot lookup.
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
    layout: Layout,
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
    let colours = &FRAME_COLOUR[layout as usize][p];
    let mut nodes = 0;
    while targets != 0 {
        // `targets` is non-zero here, so `trailing_zeros` is below 64; the
        // mask lets the compiler drop the bounds checks of the lookups.
        let target = targets.trailing_zeros() as usize & 63;
        targets &= targets - 1;
        // A packed tower byte holds a square index below 64 (see
        // `packed_square`).
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

impl Position {
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
        // and go the long way; both land on occupied squares (a pass on the
        // tower's own).
        let special = to & occupied;
        let mut nodes = 0;
        for square in special {
            nodes += self.play_unchecked(Move::new(from, square)).count_moves() as u64;
        }
        let targets = (to - side.goal_rank().bitboard() - special).0;
        let sumo = self.sumo[0].0 & self.occupied[opponent.index()].0;
        nodes
            + sum_replies(
                self.layout(),
                opponent,
                self.towers[opponent.index()],
                sumo,
                (occupied - from).0,
                targets,
                |target, blocked| {
                    // Targets are square indices below 64 (see above).
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
            let answer = self.layout().colour_of(to);
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
                self.layout(),
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::frame;

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

    #[test]
    fn edge_sentinels_sit_past_the_side_edge() {
        // From b1 the north-west diagonal is a2 only: the sentinel is on
        // rank 3, off the ray.
        let west = EDGE_TABLE[1][Square::B1 as usize];
        assert_eq!(west, Square::B3.bitboard().0);
        // From a1 the north-east diagonal reaches h8: no sentinel.
        assert_eq!(EDGE_TABLE[2][Square::A1 as usize], 0);
    }
}
