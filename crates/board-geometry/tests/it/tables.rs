//! The tables (rays, `between`, king and knight jumps) against
//! step-by-step walks and offsets.

use board_geometry::{
    Bitboard, Direction, Square, between, king_moves, knight_moves, ray, ray_until,
};
use proptest::prelude::*;

use crate::common::{bitboard, direction, square, walk};

/// Every ray (64 squares x 8 directions) is the step-by-step walk.
#[test]
fn rays_agree_with_a_walk() {
    for sq in Square::ALL {
        for d in Direction::ALL {
            let walked: Bitboard = walk(sq, d).into_iter().collect();
            assert_eq!(ray(d, sq), walked, "{d:?} from {sq}");
        }
    }
}

/// Every pair of squares (4,096): `between` is the part of a walk before
/// the other square, or empty.
#[test]
fn between_agrees_with_a_walk() {
    let mut aligned = 0;
    for a in Square::ALL {
        for b in Square::ALL {
            let expected = Direction::ALL
                .iter()
                .find_map(|&d| {
                    let w = walk(a, d);
                    w.iter()
                        .position(|&s| s == b)
                        .map(|i| w[..i].iter().copied().collect::<Bitboard>())
                })
                .unwrap_or(Bitboard::EMPTY);
            assert_eq!(between(a, b), expected, "{a} {b}");
            aligned += usize::from(!expected.is_empty());
        }
    }
    // Aligned ordered pairs: a queen's 1,456 moves on an empty board, less
    // the 420 king steps that have nothing between.
    assert_eq!(aligned, 1_456 - 420);
}

proptest! {
    #[test]
    fn ray_until_agrees_with_a_walk(sq in square(), d in direction(), stop in bitboard()) {
        let mut expected = Bitboard::EMPTY;
        for s in walk(sq, d) {
            expected |= s;
            if stop.has(s) {
                break;
            }
        }
        prop_assert_eq!(ray_until(d, sq, stop), expected);
    }
}

#[test]
fn jump_tables_agree_with_offsets() {
    let king = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    for sq in Square::ALL {
        let k: Bitboard = king.iter().filter_map(|&(f, r)| sq.offset(f, r)).collect();
        let n: Bitboard = knight
            .iter()
            .filter_map(|&(f, r)| sq.offset(f, r))
            .collect();
        assert_eq!(king_moves(sq), k, "king from {sq}");
        assert_eq!(knight_moves(sq), n, "knight from {sq}");
        assert!(!king_moves(sq).has(sq));
    }
    // Totals over the board: 420 king moves and 336 knight moves.
    assert_eq!(
        Square::ALL
            .iter()
            .map(|&s| king_moves(s).len())
            .sum::<u32>(),
        420
    );
    assert_eq!(
        Square::ALL
            .iter()
            .map(|&s| knight_moves(s).len())
            .sum::<u32>(),
        336
    );
}
