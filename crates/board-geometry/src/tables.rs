//! Lookup tables built at compile time: rays, king and knight jumps, and the
//! squares between two aligned squares.

use crate::Bitboard;
use crate::direction::Direction;
use crate::square::Square;

const fn walk(square: Square, direction: Direction) -> Bitboard {
    let mut bits = 0u64;
    let mut current = square.step(direction);
    while let Some(next) = current {
        bits |= 1 << next as u8;
        current = next.step(direction);
    }
    Bitboard(bits)
}

const fn jumps(square: Square, offsets: &[(i8, i8)]) -> Bitboard {
    let mut bits = 0u64;
    let mut i = 0;
    while i < offsets.len() {
        if let Some(target) = square.offset(offsets[i].0, offsets[i].1) {
            bits |= 1 << target as u8;
        }
        i += 1;
    }
    Bitboard(bits)
}

const KING_OFFSETS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

const KNIGHT_OFFSETS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

const fn jump_table(offsets: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut s = 0;
    while s < 64 {
        table[s] = jumps(Square::ALL[s], offsets);
        s += 1;
    }
    table
}

// A `const` so that the `BETWEEN` initialiser can read it (reading a
// `static` from another `static`'s initialiser needs a newer compiler).
const RAY_TABLE: [[Bitboard; 64]; 8] = {
    let mut table = [[Bitboard::EMPTY; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 64 {
            table[d][s] = walk(Square::ALL[s], Direction::ALL[d]);
            s += 1;
        }
        d += 1;
    }
    table
};

static RAYS: [[Bitboard; 64]; 8] = RAY_TABLE;
static KING: [Bitboard; 64] = jump_table(&KING_OFFSETS);
static KNIGHT: [Bitboard; 64] = jump_table(&KNIGHT_OFFSETS);

static BETWEEN: [[Bitboard; 64]; 64] = {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let ray = RAY_TABLE[d][a].0;
            let mut rest = ray;
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                // The squares of the ray from `a` that come before `b`.
                table[a][b] = Bitboard(ray & !RAY_TABLE[d][b].0 & !(1 << b));
                rest &= rest - 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
};

/// Every square from `square` (excluded) to the edge of the board in
/// `direction`.
///
/// ```
/// use board_geometry::{ray, Direction, Square};
/// assert_eq!(ray(Direction::NorthEast, Square::F6).len(), 2); // g7, h8
/// ```
#[inline]
#[must_use]
pub const fn ray(direction: Direction, square: Square) -> Bitboard {
    RAYS[direction as usize][square as usize]
}

/// The squares a chess king on `square` reaches.
#[inline]
#[must_use]
pub const fn king_moves(square: Square) -> Bitboard {
    KING[square as usize]
}

/// The squares a chess knight on `square` reaches.
#[inline]
#[must_use]
pub const fn knight_moves(square: Square) -> Bitboard {
    KNIGHT[square as usize]
}

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; the empty set otherwise (and when `a == b` or they touch).
#[inline]
#[must_use]
pub const fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a as usize][b as usize]
}

/// The squares along the ray from `square` in `direction`, up to and
/// including the first square of `stop`; the whole ray if it meets no square
/// of `stop`.
///
/// A slider is this plus one mask: a tower that slides over empty squares
/// is `ray_until(d, s, occupied) - occupied`, a Katarenga rook
/// stops on the first red square or on a piece
/// (`ray_until(d, s, occupied | red) - own`). (Kamisado's generator reads the
/// same rays through [`ray`] and finds the first blocker with bit tricks in
/// its own frame, which its perft counting needs.)
///
/// ```
/// use board_geometry::{ray_until, Direction, Square};
/// let stop = Square::E6.bitboard() | Square::E8;
/// let path = ray_until(Direction::North, Square::E3, stop);
/// assert_eq!(path, Square::E4.bitboard() | Square::E5 | Square::E6);
/// ```
#[inline]
#[must_use]
pub const fn ray_until(direction: Direction, square: Square, stop: Bitboard) -> Bitboard {
    let ray = RAYS[direction as usize][square as usize];
    let blockers = ray.0 & stop.0;
    if blockers == 0 {
        return ray;
    }
    let first = if direction.is_increasing() {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    Bitboard(ray.0 & !RAYS[direction as usize][first as usize].0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_entries() {
        assert_eq!(knight_moves(Square::A1), Square::B3.bitboard() | Square::C2);
        assert_eq!(king_moves(Square::H8).len(), 3);
        assert_eq!(king_moves(Square::E4).len(), 8);
        assert_eq!(ray(Direction::North, Square::A1).len(), 7);
        assert_eq!(ray(Direction::SouthWest, Square::A1), Bitboard::EMPTY);
        assert_eq!(
            between(Square::A1, Square::D4),
            Square::B2.bitboard() | Square::C3
        );
        assert_eq!(
            between(Square::D4, Square::A1),
            Square::B2.bitboard() | Square::C3
        );
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(between(Square::A1, Square::A2), Bitboard::EMPTY);
    }

    #[test]
    fn ray_until_stops_on_the_nearest_blocker() {
        let stop = Square::B2.bitboard() | Square::C3 | Square::G2;
        assert_eq!(
            ray_until(Direction::SouthWest, Square::E5, stop),
            Square::D4.bitboard() | Square::C3
        );
        assert_eq!(
            ray_until(Direction::West, Square::H2, stop),
            Square::G2.bitboard()
        );
        assert_eq!(
            ray_until(Direction::East, Square::A2, stop),
            Square::B2.bitboard()
        );
        assert_eq!(
            ray_until(Direction::North, Square::A2, stop),
            ray(Direction::North, Square::A2)
        );
    }
}
