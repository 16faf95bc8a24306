//! A set of squares packed in a `u64`, and the `bitboard!` literal macro.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::square::{File, Rank, Square};

/// A set of squares: bit `i` is set when square index `i` (`a1` = 0,
/// `h8` = 63) is in the set.
///
/// The operators are set operations: `|` union, `&` intersection, `^`
/// symmetric difference, `!` complement and `-` difference.
///
/// ```
/// use board_geometry::{bitboard, Bitboard, Square};
///
/// let diagonal = bitboard! {
///     . . . . . . . X
///     . . . . . . X .
///     . . . . . X . .
///     . . . . X . . .
///     . . . X . . . .
///     . . X . . . . .
///     . X . . . . . .
///     X . . . . . . .
/// };
/// assert_eq!(diagonal.len(), 8);
/// assert!(diagonal.has(Square::E5));
/// let rest = diagonal - Square::A1.bitboard();
/// assert_eq!(rest.first(), Some(Square::B2));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(transparent)
)]
pub struct Bitboard(
    /// Bit `i` for the square of index `i` (serde: a `0x` hex string in
    /// JSON, which JavaScript reads exactly; see
    /// [`u64_hex`](crate::serde_support::u64_hex)).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_support::u64_hex"))]
    pub u64,
);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The number of squares in the set.
    #[inline]
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// How many squares of the set each rank holds, in the rank's byte
    /// (byte 0 for rank 1): a population count stopped before its
    /// horizontal sum, which a caller finishes with one multiplication,
    /// weighing the ranks as it needs. A dozen instructions and no
    /// population count instruction (the default x86-64 target has none).
    ///
    /// ```
    /// use board_geometry::{Bitboard, Square};
    /// let set = Square::A1.bitboard() | Square::C1 | Square::H8;
    /// assert_eq!(set.rank_counts(), 2 | 1 << 56);
    /// // The count and the sum of the ranks' indices, by one product each.
    /// let counts = set.rank_counts();
    /// assert_eq!(counts.wrapping_mul(0x0101_0101_0101_0101) >> 56, 3);
    /// assert_eq!(counts.wrapping_mul(0x0001_0203_0405_0607) >> 56, 7);
    /// ```
    #[inline]
    #[must_use]
    pub const fn rank_counts(self) -> u64 {
        let set = self.0;
        let x = set - ((set >> 1) & 0x5555_5555_5555_5555);
        let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
        (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `square` is in the set.
    #[inline]
    #[must_use]
    pub const fn has(self, square: Square) -> bool {
        self.0 & (1 << square as u8) != 0
    }

    /// The set with `square` added.
    #[inline]
    #[must_use]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | (1 << square as u8))
    }

    /// The set with `square` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square as u8))
    }

    /// Union, usable in `const` contexts.
    #[inline]
    #[must_use]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// Intersection, usable in `const` contexts.
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// Difference (`self - other`), usable in `const` contexts.
    #[inline]
    #[must_use]
    pub const fn difference(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// Whether the two sets share a square.
    #[inline]
    #[must_use]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every square of `self` is in `other`.
    #[inline]
    #[must_use]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// The square with the lowest index, or `None` if the set is empty.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::of_low_bits(self.0.trailing_zeros()))
        }
    }

    /// The square with the highest index, or `None` if the set is empty.
    #[inline]
    #[must_use]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::of_low_bits(63 - self.0.leading_zeros()))
        }
    }

    /// The set mirrored top to bottom (rank 1 <-> rank 8).
    #[inline]
    #[must_use]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The set mirrored left to right (`a`-file <-> `h`-file).
    #[inline]
    #[must_use]
    pub const fn flip_files(self) -> Bitboard {
        // Reversing all bits turns the board half a turn; swapping the bytes
        // back undoes the rank part of it.
        Bitboard(self.0.reverse_bits().swap_bytes())
    }

    /// The set turned half a turn (`a1` <-> `h8`).
    #[inline]
    #[must_use]
    pub const fn rotate_180(self) -> Bitboard {
        Bitboard(self.0.reverse_bits())
    }

    /// The set turned a quarter turn clockwise (see [`Square::rotate_cw`]).
    #[must_use]
    pub const fn rotate_cw(self) -> Bitboard {
        let mut out = 0u64;
        let mut i = 0;
        while i < 64 {
            if self.0 & (1 << i) != 0 {
                out |= 1 << Square::ALL[i].rotate_cw() as u8;
            }
            i += 1;
        }
        Bitboard(out)
    }

    /// An iterator over the squares of the set in index order.
    #[inline]
    #[must_use]
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }

    /// Builds a set from 64 cells given rank 8 first, files `a` to `h`
    /// within a rank (the reading order of a drawn board). Used by
    /// [`bitboard!`](crate::bitboard!).
    ///
    /// # Panics
    /// Panics (at compile time when called in a `const` context) unless
    /// `cells` has exactly 64 entries.
    #[must_use]
    pub const fn from_drawing(cells: &[bool]) -> Bitboard {
        assert!(
            cells.len() == 64,
            "a drawn bitboard needs exactly 64 cells (8 ranks of 8)"
        );
        let mut bits = 0u64;
        let mut i = 0;
        while i < 64 {
            if cells[i] {
                let rank = 7 - i / 8;
                let file = i % 8;
                bits |= 1 << (rank * 8 + file);
            }
            i += 1;
        }
        Bitboard(bits)
    }
}

/// Draws a bitboard in code: 64 cells, rank 8 first, `X` for a square in
/// the set and `.` for one outside it, separated by white space. Any other
/// token, or a count other than 64, fails to compile.
///
/// ```
/// use board_geometry::{bitboard, Square};
/// let corners = bitboard! {
///     X . . . . . . X
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     X . . . . . . X
/// };
/// assert!(corners.has(Square::H8));
/// assert_eq!(corners.len(), 4);
/// ```
///
/// ```compile_fail
/// use board_geometry::bitboard;
/// let bad = bitboard! { X . o . . . . . };
/// ```
#[macro_export]
macro_rules! bitboard {
    (@cell X) => { true };
    (@cell .) => { false };
    ($($cell:tt)*) => {
        const { $crate::Bitboard::from_drawing(&[$($crate::bitboard!(@cell $cell)),*]) }
    };
}

/// An iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Debug, Clone)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square::of_low_bits(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |set, square| set.with(square))
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        square.bitboard()
    }
}

macro_rules! set_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident => |$a:ident, $b:ident| $e:expr;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, other: Bitboard) -> Bitboard {
                let ($a, $b) = (self.0, other.0);
                Bitboard($e)
            }
        }
        impl $trait<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, other: Square) -> Bitboard {
                self.$method(other.bitboard())
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, other: Bitboard) {
                *self = (*self).$method(other);
            }
        }
        impl $assign_trait<Square> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, other: Square) {
                *self = (*self).$method(other.bitboard());
            }
        }
    )*};
}

set_ops! {
    BitOr bitor BitOrAssign bitor_assign => |a, b| a | b;
    BitAnd bitand BitAndAssign bitand_assign => |a, b| a & b;
    BitXor bitxor BitXorAssign bitxor_assign => |a, b| a ^ b;
    Sub sub SubAssign sub_assign => |a, b| a & !b;
}

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// `{:?}` prints `Bitboard(0x...)`; `{:#?}` draws the board in the
    /// same form the [`bitboard!`](crate::bitboard!) macro reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !f.alternate() {
            return write!(f, "Bitboard({:#018x})", self.0);
        }
        f.write_str("bitboard! {\n")?;
        for rank in Rank::ALL.iter().rev() {
            f.write_str("    ")?;
            for file in File::ALL {
                if file != File::A {
                    f.write_str(" ")?;
                }
                let cell = if self.has(Square::new(file, *rank)) {
                    "X"
                } else {
                    "."
                };
                f.write_str(cell)?;
            }
            f.write_str("\n")?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_counts_hold_each_ranks_squares_in_its_byte() {
        // Against counting square by square, on sets of every size.
        let mut rng = crate::SplitMix64::new(5);
        for n in 0..2_000u64 {
            let set = Bitboard(rng.next_u64() & rng.next_u64() | (n % 3).wrapping_sub(1));
            let counts = set.rank_counts();
            for rank in 0..8 {
                let on_rank = set.iter().filter(|s| s.rank() as usize == rank).count();
                assert_eq!((counts >> (8 * rank)) & 0xFF, on_rank as u64, "{set:?}");
            }
        }
    }

    #[test]
    fn drawing_reads_rank_eight_first() {
        let b = bitboard! {
            X . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . X
        };
        assert_eq!(b, Square::A8.bitboard() | Square::H1);
        assert_eq!(b.first(), Some(Square::H1));
        assert_eq!(b.last(), Some(Square::A8));
    }

    #[test]
    fn debug_draws_what_the_macro_reads() {
        let b = Square::C3.bitboard() | Square::F7;
        extern crate std;
        let drawn = std::format!("{b:#?}");
        assert!(drawn.starts_with("bitboard! {\n"));
        let cells: std::vec::Vec<bool> = drawn
            .lines()
            .skip(1)
            .take(8)
            .flat_map(|l| l.split_whitespace().map(|c| c == "X"))
            .collect();
        assert_eq!(Bitboard::from_drawing(&cells), b);
        assert_eq!(
            std::format!("{:?}", Bitboard(5)),
            "Bitboard(0x0000000000000005)"
        );
    }

    #[test]
    fn flips_match_square_flips() {
        for sq in Square::ALL {
            let b = sq.bitboard();
            assert_eq!(b.flip_ranks(), sq.flip_rank().bitboard());
            assert_eq!(b.flip_files(), sq.flip_file().bitboard());
            assert_eq!(b.rotate_180(), sq.rotate_180().bitboard());
            assert_eq!(b.rotate_cw(), sq.rotate_cw().bitboard());
        }
    }
}
