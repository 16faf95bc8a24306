//! Move generation: each piece moves by the colour of its square, with jump
//! tables for kings and knights and colour-stopping rays for the sliders.

use board_geometry::{Bitboard, Direction, Square, Squares, king_moves, knight_moves, ray_until};

use crate::camps::target_line;
use crate::{Camp, Camps, Move, Position, SquareColour};

/// The most legal moves a position can have. A rook on a red square reaches
/// at most 14 squares, a bishop 13, a king or knight 8; a piece on its
/// target line adds at most its 2 camps: at most 16 per piece, and a side
/// has at most 8 pieces: 8 x 16 = 128.
pub const MAX_MOVES: usize = 128;

/// A list of moves that never allocates ([`Game::legal_moves`](crate::Game::legal_moves)).
pub type MoveList = game_rules::MoveList<Move>;

/// The legal moves of one piece, handed over by
/// [`Position::generate_moves`]: destination squares as a bitboard, and the
/// camps it may enter. Iterating gives the moves, squares first, then camps
/// (an exact-size iterator).
///
/// ```
/// use katarenga_core::Position;
/// Position::start().generate_moves(|moves| {
///     assert_eq!(moves.into_iter().len(), moves.len());
///     false
/// });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceMoves {
    /// The piece's square.
    pub from: Square,
    /// The squares it may move to (captures included).
    pub to: Bitboard,
    /// The empty target camps it may enter (only from its target line).
    pub camps: Camps,
}

impl PieceMoves {
    /// The number of moves.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.to.len() as usize + self.camps.0.count_ones() as usize
    }

    /// Whether there is no move: never for a set the generator hands over
    /// (it skips pieces without moves), possibly for one built by hand.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves one by one: squares first, then camps.
    #[inline]
    #[must_use]
    pub fn iter(&self) -> PieceMovesIter {
        PieceMovesIter {
            from: self.from,
            to: self.to.iter(),
            camps: self.camps,
        }
    }
}

/// The moves of a [`PieceMoves`], one by one: squares first, then camps.
#[derive(Debug, Clone)]
pub struct PieceMovesIter {
    from: Square,
    to: Squares,
    camps: Camps,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if let Some(to) = self.to.next() {
            return Some(Move::new(self.from, to));
        }
        let camp = Camp::ALL.into_iter().find(|&c| self.camps.has(c))?;
        self.camps = Camps(self.camps.0 & !camp.bit());
        Some(Move::to_camp(self.from, camp))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.to.len() + self.camps.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PieceMovesIter {}
impl core::iter::FusedIterator for PieceMovesIter {}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    #[inline]
    fn into_iter(self) -> PieceMovesIter {
        self.iter()
    }
}

impl IntoIterator for &PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    #[inline]
    fn into_iter(self) -> PieceMovesIter {
        self.iter()
    }
}

/// The squares a slider on `from` reaches along `directions`: each ray up
/// to and including its first square in `stop` (the occupied squares and
/// the squares of the slider's own colour). The caller removes the
/// squares of its own side.
#[inline(always)]
fn slide(from: Square, directions: [Direction; 4], stop: Bitboard) -> Bitboard {
    ray_until(directions[0], from, stop)
        | ray_until(directions[1], from, stop)
        | ray_until(directions[2], from, stop)
        | ray_until(directions[3], from, stop)
}

impl Position {
    /// Hands the legal moves to `listener`, one piece at a time, until it
    /// returns `true`. Returns `true` if the listener stopped early.
    ///
    /// Nothing is allocated; a piece's square moves come as one bitboard.
    /// A finished game has no moves; a pending first move under the
    /// no-first-capture option has no captures.
    ///
    /// ```
    /// use katarenga_core::Position;
    /// let mut total = 0;
    /// Position::start().generate_moves(|moves| {
    ///     total += moves.len();
    ///     false
    /// });
    /// assert_eq!(total, 31);
    /// ```
    pub fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        if self.decided_outcome().is_some() {
            return false;
        }
        let own = self.pieces[self.side.index()];
        let occupied = self.occupied();
        // A first move under the no-first-capture option may not end on
        // an opponent's piece either: all ones while it is pending.
        let pending = 0u64.wrapping_sub(u64::from((self.first >> self.side.index()) & 1));
        let barred = own | Bitboard(self.pieces[self.side.opponent().index()].0 & pending);
        let line = target_line(self.side);
        let open = self.open_camps();
        let mut emit = |from: Square, to: Bitboard| {
            let camps = if line.has(from) { open } else { Camps::EMPTY };
            (!to.is_empty() || camps != Camps::EMPTY) && listener(PieceMoves { from, to, camps })
        };
        // One colour at a time: each group moves the same way, so the loop
        // bodies have no branch on the kind of piece.
        let board = &self.board;
        for from in own & board.squares(SquareColour::Blue) {
            if emit(from, king_moves(from) - barred) {
                return true;
            }
        }
        for from in own & board.squares(SquareColour::Green) {
            if emit(from, knight_moves(from) - barred) {
                return true;
            }
        }
        let stop = occupied | board.squares(SquareColour::Yellow);
        for from in own & board.squares(SquareColour::Yellow) {
            if emit(from, slide(from, Direction::DIAGONAL, stop) - barred) {
                return true;
            }
        }
        let stop = occupied | board.squares(SquareColour::Red);
        for from in own & board.squares(SquareColour::Red) {
            if emit(from, slide(from, Direction::STRAIGHT, stop) - barred) {
                return true;
            }
        }
        false
    }

    /// The number of legal moves, counted without building them.
    #[inline]
    #[must_use]
    pub fn count_moves(&self) -> usize {
        let mut count = 0;
        self.generate_moves(|moves| {
            count += moves.len();
            false
        });
        count
    }
}
