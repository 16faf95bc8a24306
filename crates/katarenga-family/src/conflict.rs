//! Strict Isolation's conflict graph: two squares conflict when a pawn on
//! one reaches the other on the empty board. Under the strict reading a
//! placement is legitimate exactly when it conflicts with no pawn on the
//! board, so the game is Node Kayles on this graph
//! ([rules](crate::rules#isolation)).

use board_geometry::{Bitboard, Square};
use katarenga_core::Board;

/// The conflict graph of a board: for each square, the squares it
/// conflicts with (symmetric, never itself).
///
/// ```
/// use katarenga_family::{ConflictGraph, Game, Isolation};
/// use katarenga_core::Board;
/// let graph = ConflictGraph::of(&Board::standard());
/// let d4 = "d4".parse()?;
/// let after = Isolation::start().play(katarenga_family::Move::Drop(d4));
/// // Strict Isolation: the placements are the squares out of d4's conflicts.
/// assert_eq!(after.placements(), !(graph.neighbours(d4).with(d4)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ConflictGraph {
    neighbours: [Bitboard; 64],
}

impl ConflictGraph {
    /// The conflict graph of `board`.
    #[must_use]
    pub fn of(board: &Board) -> ConflictGraph {
        let mut neighbours = [Bitboard::EMPTY; 64];
        for from in Square::ALL {
            for to in board.reach(from, Bitboard::EMPTY) {
                neighbours[from as usize] |= to;
                neighbours[to as usize] |= from;
            }
        }
        ConflictGraph { neighbours }
    }

    /// The squares `square` conflicts with.
    #[inline]
    #[must_use]
    pub fn neighbours(&self, square: Square) -> Bitboard {
        self.neighbours[square as usize]
    }

    /// Whether no two squares of `set` conflict.
    #[must_use]
    pub fn is_independent(&self, set: Bitboard) -> bool {
        set.into_iter().all(|s| !self.neighbours(s).intersects(set))
    }

    /// The empty squares that conflict with none of `placed`: where strict
    /// Isolation allows a pawn after `placed` (whoever placed them).
    #[must_use]
    pub fn free_squares(&self, placed: Bitboard) -> Bitboard {
        placed
            .into_iter()
            .fold(Bitboard::FULL - placed, |free, s| free - self.neighbours(s))
    }

    /// A largest set of squares that can all hold pawns together under the
    /// strict reading (a maximum independent set; the least in square
    /// order among those the search meets first). Exact, by branching: some
    /// square of the closed neighbourhood of a square of least degree is
    /// in every maximum set's reach.
    #[must_use]
    pub fn max_independent_set(&self) -> Bitboard {
        self.max_independent_set_in(Bitboard::FULL)
    }

    /// A largest set of squares of `available` that can all hold pawns
    /// together (see [`ConflictGraph::max_independent_set`]).
    #[must_use]
    pub fn max_independent_set_in(&self, available: Bitboard) -> Bitboard {
        let mut best = Bitboard::EMPTY;
        self.grow(available, Bitboard::EMPTY, &mut best);
        best
    }

    /// The squares of `within` connected to `square` through conflicts
    /// inside `within` (its component there; `square` itself included if
    /// it is in `within`).
    #[must_use]
    pub fn component(&self, square: Square, within: Bitboard) -> Bitboard {
        if !within.has(square) {
            return Bitboard::EMPTY;
        }
        let mut component = Bitboard::from(square);
        let mut frontier = component;
        while let Some(s) = frontier.first() {
            frontier = frontier.without(s);
            let new = self.neighbours(s) & (within - component);
            component |= new;
            frontier |= new;
        }
        component
    }

    fn grow(&self, available: Bitboard, chosen: Bitboard, best: &mut Bitboard) {
        if chosen.len() + available.len() <= best.len() {
            return;
        }
        let Some(pivot) = available
            .into_iter()
            .min_by_key(|&s| (self.neighbours(s) & available).len())
        else {
            *best = chosen;
            return;
        };
        // A maximum set of `available` holds the pivot or one of its
        // neighbours (else the pivot could be added).
        for square in (self.neighbours(pivot) & available).with(pivot) {
            let rest = available - self.neighbours(square) - Bitboard::from(square);
            self.grow(rest, chosen.with(square), best);
        }
    }
}
