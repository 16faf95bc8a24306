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
/// For each forward direction, the squares with a tower somewhere ahead
/// on that ray are the towers smeared backward (three shifts and ors a
/// direction: nothing stops a smear); a tower outside one of these
/// smears, on a ray that reaches the goal row, is a runner. Eight towers
/// or sixty-four cost the same forty-odd instructions.
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
    // Work in Black's frame: White's board turned over (files kept).
    let (towers, occupied) = match player {
        Player::Black => (towers.0, occupied.0),
        Player::White => (towers.0.swap_bytes(), occupied.0.swap_bytes()),
    };
    // Backward from each tower: south, south-west and south-east, from one
    // step away on (a tower never blocks itself). Only the first diagonal
    // step needs a mask against wrapping round the board's side (the later
    // steps smear its squares): a later step that wraps lands on a square
    // whose ray leaves the board before rank 8, which the reach masks leave
    // out.
    let north = smear(occupied >> 8, 8);
    let north_east = smear((occupied >> 9) & !H_FILE, 9);
    let north_west = smear((occupied >> 7) & !A_FILE, 7);
    let clear = !north | (REACHES_NORTH_EAST & !north_east) | (REACHES_NORTH_WEST & !north_west);
    // A tower on rank 8 has arrived: nowhere forward to go.
    let runners = towers & clear & !RANK_8;
    Bitboard(match player {
        Player::Black => runners,
        Player::White => runners.swap_bytes(),
    })
}

const RANK_8: u64 = 0xFF << 56;

/// The squares whose north-east ray reaches rank 8 (file <= rank), and
/// whose north-west ray does (file + rank >= 7), in Black's frame.
const REACHES_NORTH_EAST: u64 = reaching(true);
const REACHES_NORTH_WEST: u64 = reaching(false);

const fn reaching(east: bool) -> u64 {
    let mut set = 0;
    let mut s = 0;
    while s < 64 {
        let (file, rank) = (s % 8, s / 8);
        if (east && file <= rank) || (!east && file + rank >= 7) {
            set |= 1 << s;
        }
        s += 1;
    }
    set
}

/// `set` and every square reached from it by up to seven steps of `shift`
/// bits downward (toward rank 1), wrapping round the board's side.
#[inline(always)]
const fn smear(mut set: u64, shift: u32) -> u64 {
    set |= set >> shift;
    set |= set >> (2 * shift);
    set | (set >> (4 * shift))
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
        let runners = plain_runners(player, towers - sumo, occupied);
        if towers.intersects(sumo) {
            runners | self.sumo_runners(player, towers & sumo)
        } else {
            runners
        }
    }

    /// The runners among `sumos`, one by one (their distance limits).
    /// Kept out of line: sumos are rare, and the evaluations inline
    /// [`Position::runners`].
    #[inline(never)]
    fn sumo_runners(&self, player: Player, sumos: Bitboard) -> Bitboard {
        let goal = player.goal_rank().bitboard();
        let mut runners = Bitboard::EMPTY;
        for square in sumos {
            let rank = self.rank_at(square);
            if slide_targets(player, square, rank, self.occupied()).intersects(goal) {
                runners |= square;
            }
        }
        runners
    }
}
