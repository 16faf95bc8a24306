//! The four 4x4 quadrants of the board, where the tiles are laid, and the
//! symmetries of a tile's 4x4 grid (turning it, and its back).
//!
//! Whole-board symmetries are geometry and live on [`Square`] and
//! [`Bitboard`] in `board-geometry`. A quadrant's contents are handled as
//! a [`Grid4`]: four rows of four cells, the top row first and the left
//! cell first, as a tile is drawn on paper.

use board_geometry::{Bitboard, File, Rank, Square};

/// A 4x4 grid, rows from top to bottom, cells from left to right.
pub type Grid4<T> = [[T; 4]; 4];

board_geometry::named_enum! {
    /// One of the four 4x4 quarters of the board, as seen from rank 1.
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "snake_case")
    )]
    pub enum Quadrant {
        /// Files a-d, ranks 5-8.
        TopLeft,
        /// Files e-h, ranks 5-8.
        TopRight,
        /// Files a-d, ranks 1-4.
        BottomLeft,
        /// Files e-h, ranks 1-4.
        BottomRight,
    }
}

impl Quadrant {
    /// The board square under cell (`row`, `column`) of a grid placed in
    /// this quadrant (row 0 is the quadrant's top row), or `None` if `row`
    /// or `column` is not below 4.
    #[must_use]
    pub const fn square(self, row: u8, column: u8) -> Option<Square> {
        if row >= 4 || column >= 4 {
            return None;
        }
        let (file0, top_rank) = match self {
            Quadrant::TopLeft => (0, 7),
            Quadrant::TopRight => (4, 7),
            Quadrant::BottomLeft => (0, 3),
            Quadrant::BottomRight => (4, 3),
        };
        Some(Square::new(
            File::ALL[(file0 + column) as usize],
            Rank::ALL[(top_rank - row) as usize],
        ))
    }

    /// The 16 squares of the quadrant.
    #[must_use]
    pub const fn bitboard(self) -> Bitboard {
        match self {
            Quadrant::TopLeft => Bitboard(0x0F0F_0F0F_0000_0000),
            Quadrant::TopRight => Bitboard(0xF0F0_F0F0_0000_0000),
            Quadrant::BottomLeft => Bitboard(0x0000_0000_0F0F_0F0F),
            Quadrant::BottomRight => Bitboard(0x0000_0000_F0F0_F0F0),
        }
    }

    /// The quadrant that holds `square`.
    #[must_use]
    pub const fn of(square: Square) -> Quadrant {
        match (square.file().index() >= 4, square.rank().index() >= 4) {
            (false, true) => Quadrant::TopLeft,
            (true, true) => Quadrant::TopRight,
            (false, false) => Quadrant::BottomLeft,
            (true, false) => Quadrant::BottomRight,
        }
    }
}

/// The grid turned a quarter turn clockwise (the top-left cell goes to the
/// top-right corner).
pub(crate) fn rotate_grid4_cw<T: Copy>(grid: &Grid4<T>) -> Grid4<T> {
    core::array::from_fn(|row| core::array::from_fn(|column| grid[3 - column][row]))
}

/// The grid turned `quarter_turns` quarter turns clockwise (taken modulo 4).
pub(crate) fn rotate_grid4<T: Copy>(grid: &Grid4<T>, quarter_turns: u8) -> Grid4<T> {
    (0..quarter_turns % 4).fold(*grid, |g, _| rotate_grid4_cw(&g))
}

/// The grid mirrored left to right (each row reversed): the back of a
/// double-sided tile whose front is `grid`.
pub(crate) fn mirror_grid4<T: Copy>(grid: &Grid4<T>) -> Grid4<T> {
    core::array::from_fn(|row| core::array::from_fn(|column| grid[row][3 - column]))
}

/// The grid mirrored top to bottom (rows in reverse order).
#[cfg(test)]
fn flip_grid4<T: Copy>(grid: &Grid4<T>) -> Grid4<T> {
    core::array::from_fn(|row| grid[3 - row])
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Grid4<u8> = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]];

    #[test]
    fn quarter_turn_moves_top_left_to_top_right() {
        let r = rotate_grid4_cw(&G);
        assert_eq!(r[0], [12, 8, 4, 0]);
        assert_eq!(r[0][3], G[0][0]);
        assert_eq!(rotate_grid4(&G, 4), G);
        assert_eq!(rotate_grid4(&G, 6), rotate_grid4(&G, 2));
    }

    #[test]
    fn a_grid_turns_by_its_quarter_turns_modulo_four() {
        let mut turned = G;
        for q in 0..=255u8 {
            assert_eq!(rotate_grid4(&G, q), turned, "{q} quarter turns");
            turned = rotate_grid4_cw(&turned);
        }
    }

    #[test]
    fn grid_symmetries_compose_to_the_identity() {
        // The symmetries only move cells, and `G`'s cells are distinct, so
        // one grid stands for every grid.
        let four = rotate_grid4_cw(&rotate_grid4_cw(&rotate_grid4_cw(&rotate_grid4_cw(&G))));
        assert_eq!(four, G);
        assert_eq!(mirror_grid4(&mirror_grid4(&G)), G);
        assert_eq!(flip_grid4(&flip_grid4(&G)), G);
        assert_ne!(mirror_grid4(&G), G);
        assert_ne!(flip_grid4(&G), G);
        // Mirroring both ways is a half turn.
        assert_eq!(mirror_grid4(&flip_grid4(&G)), rotate_grid4(&G, 2));
    }

    #[test]
    fn quadrants_tile_the_board() {
        let mut all = Bitboard::EMPTY;
        for q in Quadrant::ALL {
            let mut cells = Bitboard::EMPTY;
            for row in 0..4 {
                for column in 0..4 {
                    let sq = q.square(row, column).unwrap();
                    assert_eq!(Quadrant::of(sq), q);
                    cells |= sq;
                }
            }
            assert_eq!(cells, q.bitboard());
            assert!(!all.intersects(cells));
            all |= cells;
        }
        assert_eq!(all, Bitboard::FULL);
        assert_eq!(Quadrant::TopLeft.square(0, 0), Some(Square::A8));
        assert_eq!(Quadrant::BottomRight.square(3, 3), Some(Square::H1));
        assert_eq!(Quadrant::BottomRight.square(4, 0), None);
    }

    #[test]
    fn grid_rotation_agrees_with_board_rotation() {
        // A quadrant-sized pattern turned with the whole board: the
        // top-left quadrant lands in the top-right one, turned the same way.
        let q = Quadrant::TopLeft;
        let turned = rotate_grid4_cw(&G);
        for row in 0..4u8 {
            for column in 0..4u8 {
                let from = q.square(row, column).unwrap();
                let value = G[row as usize][column as usize];
                let to = from.rotate_cw();
                let (r2, c2) = (0..4u8)
                    .flat_map(|r| (0..4u8).map(move |c| (r, c)))
                    .find(|&(r, c)| Quadrant::TopRight.square(r, c) == Some(to))
                    .unwrap();
                assert_eq!(turned[r2 as usize][c2 as usize], value);
            }
        }
    }
}
