//! `Bitboard`: the set operations against a naive set of squares, and the
//! board symmetries.

use std::collections::BTreeSet;

use board_geometry::{Bitboard, Square};
use proptest::prelude::*;

use crate::common::{bitboard, from_naive, naive, square};

proptest! {
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
    fn bitboard_symmetries_compose_to_the_identity(b in bitboard()) {
        prop_assert_eq!(b.rotate_cw().rotate_cw().rotate_cw().rotate_cw(), b);
        prop_assert_eq!(b.rotate_cw().rotate_cw(), b.rotate_180());
        prop_assert_eq!(b.flip_ranks().flip_ranks(), b);
        prop_assert_eq!(b.flip_files().flip_files(), b);
        prop_assert_eq!(b.flip_files().flip_ranks(), b.rotate_180());
        prop_assert_eq!(b.rotate_cw().len(), b.len());
    }
}
