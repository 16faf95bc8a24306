//! Property tests of the geometry: notation round trips, bitboards against a
//! naive set of squares, tables against step-by-step walks, symmetries.

use std::collections::BTreeSet;

use board_geometry::{
    Bitboard, Direction, Square, between, king_moves, knight_moves, ray, ray_until,
};
use proptest::prelude::*;

fn square() -> impl Strategy<Value = Square> {
    (0usize..64).prop_map(|i| Square::from_index(i).unwrap())
}

fn bitboard() -> impl Strategy<Value = Bitboard> {
    any::<u64>().prop_map(Bitboard)
}

fn direction() -> impl Strategy<Value = Direction> {
    (0usize..8).prop_map(|i| Direction::ALL[i])
}

fn naive(b: Bitboard) -> BTreeSet<usize> {
    (0usize..64).filter(|i| b.0 >> i & 1 == 1).collect()
}

fn from_naive(set: &BTreeSet<usize>) -> Bitboard {
    set.iter()
        .map(|&i| Square::from_index(i).unwrap())
        .collect()
}

/// The squares from `from` in `direction`, one step at a time.
fn walk(from: Square, direction: Direction) -> Vec<Square> {
    std::iter::successors(from.step(direction), |s| s.step(direction)).collect()
}

/// Every square's name parses back to it (all 64).
#[test]
fn square_names_round_trip() {
    for sq in Square::ALL {
        let name = sq.to_string();
        assert_eq!(name.len(), 2);
        assert_eq!(name.parse::<Square>(), Ok(sq));
        assert_eq!(Square::new(sq.file(), sq.rank()), sq);
    }
}

/// Every two-character string of printable ASCII: exactly the 64 square
/// names parse, each to the square it names.
#[test]
fn the_square_parser_accepts_exactly_the_names() {
    let mut accepted = 0;
    for a in b' '..=b'~' {
        for b in b' '..=b'~' {
            let text = String::from_utf8(vec![a, b]).unwrap();
            if let Ok(sq) = text.parse::<Square>() {
                assert_eq!(sq.to_string(), text);
                accepted += 1;
            }
        }
    }
    assert_eq!(accepted, 64);
}

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

/// The square symmetries compose to the identity (all 64 squares).
#[test]
fn square_symmetries_compose_to_the_identity() {
    for sq in Square::ALL {
        assert_eq!(sq.rotate_cw().rotate_cw().rotate_cw().rotate_cw(), sq);
        assert_eq!(sq.rotate_cw().rotate_cw(), sq.rotate_180());
        assert_eq!(sq.flip_rank().flip_rank(), sq);
        assert_eq!(sq.flip_file().flip_file(), sq);
        assert_eq!(sq.flip_file().flip_rank(), sq.rotate_180());
    }
}

proptest! {
    /// No text makes the square parser panic.
    #[test]
    fn square_parser_never_panics(s in "\\PC{0,4}") {
        let _ = s.parse::<Square>();
    }

    #[test]
    fn bitboard_ops_agree_with_a_naive_set(a in bitboard(), b in bitboard(), sq in square()) {
        let (na, nb) = (naive(a), naive(b));
        prop_assert_eq!(naive(a | b), &na | &nb);
        prop_assert_eq!(naive(a & b), &na & &nb);
        prop_assert_eq!(naive(a ^ b), &na ^ &nb);
        prop_assert_eq!(naive(a - b), &na - &nb);
        prop_assert_eq!(naive(!a), (0usize..64).filter(|i| !na.contains(i)).collect::<BTreeSet<_>>());
        prop_assert_eq!(a.len() as usize, na.len());
        prop_assert_eq!(a.is_empty(), na.is_empty());
        prop_assert_eq!(a.has(sq), na.contains(&sq.index()));
        prop_assert_eq!(a.iter().map(Square::index).collect::<Vec<_>>(), na.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(a.iter().len(), na.len());
        prop_assert_eq!(from_naive(&na), a);
        prop_assert_eq!(a.first().map(Square::index), na.first().copied());
        prop_assert_eq!(a.last().map(Square::index), na.last().copied());
        prop_assert_eq!(a.intersects(b), !(&na & &nb).is_empty());
        prop_assert_eq!(a.is_subset(b), na.is_subset(&nb));
        // Random sets are almost never subsets: check some that are.
        prop_assert!((a & b).is_subset(a) && (a & b).is_subset(b) && a.is_subset(a | b));
        prop_assert_eq!(a.is_subset(a & b), na.is_subset(&nb));
        // The const forms agree with the operators.
        prop_assert_eq!(a.union(b), a | b);
        prop_assert_eq!(a.intersection(b), a & b);
        prop_assert_eq!(a.difference(b), a - b);
        prop_assert_eq!(Bitboard::from(sq), Bitboard::EMPTY.with(sq));
        prop_assert_eq!(naive(a.with(sq)), { let mut s = na.clone(); s.insert(sq.index()); s });
        prop_assert_eq!(naive(a.without(sq)), { let mut s = na.clone(); s.remove(&sq.index()); s });
    }

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

    #[test]
    fn bitboard_symmetries_compose_to_the_identity(b in bitboard()) {
        prop_assert_eq!(b.rotate_cw().rotate_cw().rotate_cw().rotate_cw(), b);
        prop_assert_eq!(b.rotate_cw().rotate_cw(), b.rotate_180());
        prop_assert_eq!(b.flip_ranks().flip_ranks(), b);
        prop_assert_eq!(b.flip_files().flip_files(), b);
        prop_assert_eq!(b.flip_files().flip_ranks(), b.rotate_180());
        prop_assert_eq!(b.rotate_cw().len(), b.len());
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

/// Each direction's index is its place in `Direction::ALL` (clockwise from
/// north), and it raises the square index exactly when its step adds to it.
#[test]
fn directions_index_and_increase() {
    for (i, d) in Direction::ALL.into_iter().enumerate() {
        assert_eq!(d.index(), i);
        let (files, ranks) = d.offset();
        // From the middle of the board a step stays on it.
        let from = Square::from_index(27).unwrap();
        let to = from.step(d).unwrap();
        assert_eq!(
            to.index() as i32 - 27,
            i32::from(ranks) * 8 + i32::from(files)
        );
        assert_eq!(d.is_increasing(), to.index() > from.index(), "{d:?}");
    }
    let increasing: Vec<Direction> = Direction::ALL
        .into_iter()
        .filter(|d| d.is_increasing())
        .collect();
    assert_eq!(
        increasing,
        [
            Direction::North,
            Direction::NorthEast,
            Direction::East,
            Direction::NorthWest
        ]
    );
}
