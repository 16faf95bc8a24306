//! Runners: towers with a clear path to their goal row. A runner wins the
//! round as soon as it becomes the tower that must move.

use board_geometry::{Bitboard, Player, Square};

use crate::{Position, SumoRank, slide_targets};

/// `GOAL_RAYS[player][square]`: the three forward rays of a tower of
/// `player` on `square`, each replaced by the whole board where it leaves
/// the board before the goal row (so that it is never clear: the tower's
/// own square is always among the towers).
static GOAL_RAYS: [[[u64; 3]; 64]; 2] = {
    let mut table = [[[0; 3]; 64]; 2];
    let players = [Player::Black, Player::White];
    let mut p = 0;
    while p < 2 {
        let goal = players[p].goal_rank().bitboard().0;
        let directions = players[p].forward_directions();
        let mut s = 0;
        while s < 64 {
            let mut d = 0;
            while d < 3 {
                let ray = board_geometry::ray(directions[d], Square::ALL[s]).0;
                table[p][s][d] = if ray & goal != 0 { ray } else { !0 };
                d += 1;
            }
            s += 1;
        }
        p += 1;
    }
    table
};

/// Whether a plain tower (no distance limit) of `player` on `from` has a
/// forward ray clear to its goal row when `occupied` holds the towers: a
/// slide to its goal row, were it the tower to move. For a sumo's limits
/// use [`slide_targets`]; [`plain_runners`] answers for many towers at
/// once.
///
/// ```
/// use kamisado_core::{plain_runner, Bitboard, Player, Square};
/// // Nothing in front of e1: Black's tower there reaches rank 8.
/// assert!(plain_runner(Player::Black, Square::E1, Square::E1.bitboard()));
/// // Blocked on the file and both diagonals.
/// let blockers = Square::E2.bitboard() | Square::D2 | Square::F2;
/// assert!(!plain_runner(Player::Black, Square::E1, blockers));
/// // A tower on its goal row has nowhere forward to go, even on a board
/// // given without it.
/// assert!(!plain_runner(Player::Black, Square::E8, Bitboard::EMPTY));
/// assert!(!plain_runner(Player::White, Square::A1, Bitboard::EMPTY));
/// ```
#[inline(always)]
#[must_use]
pub fn plain_runner(player: Player, from: Square, occupied: Bitboard) -> bool {
    // The tower's own square, among the towers whether or not `occupied`
    // has it, keeps the rays that leave the board from ever being clear.
    let occupied = occupied.0 | from.bitboard().0;
    let [a, b, c] = GOAL_RAYS[player as usize][from as usize];
    (a & occupied == 0) | (b & occupied == 0) | (c & occupied == 0)
}

const A_FILE: u64 = 0x0101_0101_0101_0101;
const H_FILE: u64 = A_FILE << 7;

/// The towers among `towers` that, as plain towers of `player` (no
/// distance limit), have a forward ray clear to their goal row when
/// `occupied` holds the towers: [`plain_runner`] for a whole set at once.
///
/// Kogge-Stone fills from the empty goal squares back through the empty
/// squares find, for each forward direction, the squares from which that
/// ray reaches the goal; a tower is a runner when the square just ahead of
/// it is one of them. Eight towers cost a few dozen instructions.
///
/// ```
/// use kamisado_core::{Game, Player, Position, plain_runners};
/// let start = Position::start();
/// // At the start every forward ray meets the other side's home row.
/// let black = start.pieces(Player::Black);
/// assert!(plain_runners(Player::Black, black, start.occupied()).is_empty());
/// ```
#[inline]
#[must_use]
pub fn plain_runners(player: Player, towers: Bitboard, occupied: Bitboard) -> Bitboard {
    let empty = !occupied.0;
    // Work in Black's frame: White's board turned over (files kept).
    let (towers, empty) = match player {
        Player::Black => (towers.0, empty),
        Player::White => (towers.0.swap_bytes(), empty.swap_bytes()),
    };
    let seeds = empty & 0xFF00_0000_0000_0000;
    // Backward from rank 8: south, south-west and south-east.
    let south = fill(seeds, empty, 8, !0);
    let south_west = fill(seeds, empty, 9, !H_FILE);
    let south_east = fill(seeds, empty, 7, !A_FILE);
    // The square ahead of a tower (north, north-east, north-west) in the
    // fill: shift the fills back by one step.
    let runners = (towers & (south >> 8))
        | (towers & (south_west >> 9) & !H_FILE)
        | (towers & (south_east >> 7) & !A_FILE);
    Bitboard(match player {
        Player::Black => runners,
        Player::White => runners.swap_bytes(),
    })
}

/// The squares reached from `seeds` by steps of `shift` bits downward
/// (toward rank 1) through `empty` squares, with `keep` masking off the
/// squares a step would reach by wrapping round the board's side.
#[inline(always)]
fn fill(mut seeds: u64, empty: u64, shift: u32, keep: u64) -> u64 {
    let mut through = empty & keep;
    seeds |= through & (seeds >> shift);
    through &= through >> shift;
    seeds |= through & (seeds >> (2 * shift));
    through &= through >> (2 * shift);
    seeds | (through & (seeds >> (4 * shift)))
}

impl Position {
    /// The runners of `player`: its towers that could slide to their goal
    /// row now, were each the tower to move (a sumo within its distance
    /// limit). Whoever is to move; a runner that must move wins the round.
    ///
    /// ```
    /// use kamisado_core::{Game, Player, Position, Square};
    /// // White's green tower on b3 has a clear diagonal to d1.
    /// let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse()?;
    /// assert!(p.runners(Player::White).has(Square::B3));
    /// assert!(Position::start().runners(Player::Black).is_empty());
    /// # Ok::<(), kamisado_core::ParsePositionError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn runners(&self, player: Player) -> Bitboard {
        let occupied = self.occupied();
        let towers = self.pieces(player);
        let sumo = self.rank_at_least(SumoRank::Sumo);
        let mut runners = plain_runners(player, towers - sumo, occupied);
        // Sumos (distance limits) one by one: they are rare.
        let goal = player.goal_rank().bitboard();
        for square in towers & sumo {
            if slide_targets(player, square, self.rank_at(square), occupied).intersects(goal) {
                runners |= square;
            }
        }
        runners
    }
}
