//! Move generation: each piece moves by the colour of its square, with jump
//! tables for kings and knights and colour-stopping rays for the sliders.

use board_geometry::{
    Bitboard, Direction, Player, Square, Squares, between, king_moves, knight_moves,
};

use crate::{Board, Camp, Camps, Move, PieceKind, Position, SquareColour};

/// The most legal moves a position can have. A rook on a red square reaches
/// at most 14 squares, a bishop 13, a king or knight 8; a piece on its
/// target line adds at most its 2 camps: at most 16 per piece, and a side
/// has at most 8 pieces: 8 x 16 = 128.
pub const MAX_MOVES: usize = 128;

/// A list of moves that never allocates ([`Game::legal_moves`](crate::Game::legal_moves)).
pub type MoveList = game_rules::MoveList<Move>;

/// The legal moves of one piece, handed over by
/// [`Game::generate_moves`](crate::Game::generate_moves): destination squares as a bitboard, and the
/// camps it may enter. Iterating gives the moves, squares first, then camps
/// (an exact-size iterator).
///
/// ```
/// use katarenga_core::{Game, Position};
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

/// The squares a rook on `from` reaches: along its file and its rank, each
/// way up to and including the first square of `stop` (the occupied
/// squares and the squares of the slider's own colour). The caller removes
/// the squares of its own side. No branch: whether a ray is blocked is a
/// coin toss on a crowded board, and a branch on it is often mispredicted.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
fn straight_slide(from: Square, stop: Bitboard) -> Bitboard {
    // The file by the line's two ways at once; the rank from a table of
    // its six inner squares' stops.
    let shift = 8 * (from as u32 >> 3);
    let inner = (stop.0 >> (shift + 1)) & 63;
    let rank = RANK_REACH[from as usize & 7][inner as usize];
    Bitboard(line_reach(from, LINES[from as usize][0], stop.0) | u64::from(rank) << shift)
}

/// The squares a bishop on `from` reaches: along its two diagonals, as
/// [`straight_slide`].
#[cfg(not(target_arch = "wasm32"))]
#[inline]
fn diagonal_slide(from: Square, stop: Bitboard) -> Bitboard {
    let lines = &LINES[from as usize];
    Bitboard(line_reach(from, lines[1], stop.0) | line_reach(from, lines[2], stop.0))
}

// In WebAssembly, which has no byte swap (a `swap_bytes` is a score of
// instructions there, and the lines' form ran at half the speed), each ray
// is walked to its first stop. Named apart, so that the mutation tests
// (native) can list these as out of their reach; the npm package's perft
// tests check them.
#[cfg(target_arch = "wasm32")]
use self::{diagonal_rays as diagonal_slide, straight_rays as straight_slide};

/// [`straight_slide`] in WebAssembly.
#[cfg(target_arch = "wasm32")]
#[inline]
fn straight_rays(from: Square, stop: Bitboard) -> Bitboard {
    rays_until(from, Direction::STRAIGHT, stop)
}

/// [`diagonal_slide`] in WebAssembly.
#[cfg(target_arch = "wasm32")]
#[inline]
fn diagonal_rays(from: Square, stop: Bitboard) -> Bitboard {
    rays_until(from, Direction::DIAGONAL, stop)
}

/// Each of the four rays from `from` up to and including its first square
/// of `stop`.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn rays_until(from: Square, directions: [Direction; 4], stop: Bitboard) -> Bitboard {
    use board_geometry::ray_until;
    ray_until(directions[0], from, stop)
        | ray_until(directions[1], from, stop)
        | ray_until(directions[2], from, stop)
        | ray_until(directions[3], from, stop)
}

/// What a slider on each file of a rank reaches along the rank, for each
/// set of stops among the rank's six inner squares (bit 0 for the b-file):
/// each way up to and including the first stop or the edge.
#[cfg(not(target_arch = "wasm32"))]
static RANK_REACH: [[u8; 64]; 8] = {
    let mut table = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let stops = (inner << 1) as u8;
            let mut reach = 0u8;
            let mut f = file + 1;
            while f < 8 {
                reach |= 1 << f;
                if stops & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            let mut f = file;
            while f > 0 {
                f -= 1;
                reach |= 1 << f;
                if stops & (1 << f) != 0 {
                    break;
                }
            }
            table[file][inner] = reach;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// The lines through each square, the square left out: its file, its
/// diagonal and its anti-diagonal.
#[cfg(not(target_arch = "wasm32"))]
static LINES: [[u64; 3]; 64] = {
    use board_geometry::ray;
    let mut lines = [[0; 3]; 64];
    let mut i = 0;
    while i < 64 {
        let s = Square::ALL[i];
        lines[i] = [
            ray(Direction::North, s).0 | ray(Direction::South, s).0,
            ray(Direction::NorthEast, s).0 | ray(Direction::SouthWest, s).0,
            ray(Direction::NorthWest, s).0 | ray(Direction::SouthEast, s).0,
        ];
        i += 1;
    }
    lines
};

/// The squares a slider on `from` reaches along `line` (a file or a
/// diagonal through it, itself left out), each way up to and including
/// the first square of `stop`: one subtraction finds the first stop
/// square upwards, and the same on the board turned over (a byte swap,
/// which mirrors a line of one square a rank) finds it downwards.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
fn line_reach(from: Square, line: u64, stop: u64) -> u64 {
    let bit = 1u64 << from as u32;
    let up = stop & line;
    let down = up.swap_bytes();
    let up = up.wrapping_sub(bit.wrapping_mul(2));
    let down = down.wrapping_sub(bit.swap_bytes().wrapping_mul(2));
    (up ^ down.swap_bytes()) & line
}

impl Board {
    /// Hands `visit` each square of `pieces` with the squares a piece there
    /// reaches by the colour of its square, given the `occupied` squares,
    /// until `visit` returns `true`; returns whether it did. A rook or
    /// bishop ray goes up to and including its first occupied square or
    /// its first square of its start colour; a king or knight reaches its
    /// eight jumps. The occupied squares reached are included (the caller
    /// removes those it may not move to): this is the movement every game
    /// of the Katarenga equipment shares (Katarenga's moves and attacks,
    /// the family's moves, captures and conflicts).
    ///
    /// ```
    /// use katarenga_core::{Bitboard, Board, Square};
    /// let board = Board::standard();
    /// let a1: Square = "a1".parse()?;
    /// let mut reached = Bitboard::EMPTY;
    /// board.for_each_reach(Bitboard::from(a1), Bitboard::EMPTY, |_, reach| {
    ///     reached = reach;
    ///     false
    /// });
    /// assert_eq!(reached, board.reach(a1, Bitboard::EMPTY));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn for_each_reach(
        &self,
        pieces: Bitboard,
        occupied: Bitboard,
        mut visit: impl FnMut(Square, Bitboard) -> bool,
    ) -> bool {
        // One colour at a time: each group moves the same way, so the loop
        // bodies have no branch on the kind of piece.
        for from in pieces & self.squares(SquareColour::Blue) {
            if visit(from, king_moves(from)) {
                return true;
            }
        }
        for from in pieces & self.squares(SquareColour::Green) {
            if visit(from, knight_moves(from)) {
                return true;
            }
        }
        let stop = occupied | self.squares(SquareColour::Yellow);
        for from in pieces & self.squares(SquareColour::Yellow) {
            if visit(from, diagonal_slide(from, stop)) {
                return true;
            }
        }
        let stop = occupied | self.squares(SquareColour::Red);
        for from in pieces & self.squares(SquareColour::Red) {
            if visit(from, straight_slide(from, stop)) {
                return true;
            }
        }
        false
    }

    /// The squares the `pieces` reach, less `barred`, counted: what
    /// [`Board::for_each_reach`] hands over, summed without a closure, so
    /// that the whole count compiles into the body of a function built for
    /// the population count instruction (`count.rs`).
    #[inline(always)]
    pub(crate) fn reach_count(
        &self,
        pieces: Bitboard,
        occupied: Bitboard,
        barred: Bitboard,
    ) -> u32 {
        // The union is dead here: the compiler drops it.
        self.reach_activity(pieces, occupied, barred).1
    }

    /// Every square the `pieces` reach, and the squares each reaches less
    /// `barred`, summed over the pieces (see [`Board::reach_count`]).
    #[inline(always)]
    pub(crate) fn reach_activity(
        &self,
        pieces: Bitboard,
        occupied: Bitboard,
        barred: Bitboard,
    ) -> (Bitboard, u32) {
        let (mut all, mut count) = (Bitboard::EMPTY, 0);
        // Not a closure: one might be compiled on its own, without the
        // instruction of the function the body is compiled into.
        macro_rules! add {
            ($reach:expr) => {{
                let reach = $reach;
                all |= reach;
                count += (reach - barred).len();
            }};
        }
        for from in pieces & self.squares(SquareColour::Blue) {
            add!(king_moves(from));
        }
        for from in pieces & self.squares(SquareColour::Green) {
            add!(knight_moves(from));
        }
        let stop = occupied | self.squares(SquareColour::Yellow);
        for from in pieces & self.squares(SquareColour::Yellow) {
            add!(diagonal_slide(from, stop));
        }
        let stop = occupied | self.squares(SquareColour::Red);
        for from in pieces & self.squares(SquareColour::Red) {
            add!(straight_slide(from, stop));
        }
        (all, count)
    }

    /// The squares a piece on `from` reaches, given the `occupied` squares
    /// (see [`Board::for_each_reach`]).
    ///
    /// ```
    /// use katarenga_core::{Bitboard, Board};
    /// // On the standard board a1 is green: a knight's two jumps.
    /// let reach = Board::standard().reach("a1".parse()?, Bitboard::EMPTY);
    /// assert_eq!(reach, Bitboard::from_iter(["b3".parse()?, "c2".parse()?]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn reach(&self, from: Square, occupied: Bitboard) -> Bitboard {
        match self.colour_of(from) {
            SquareColour::Blue => king_moves(from),
            SquareColour::Green => knight_moves(from),
            SquareColour::Yellow => {
                diagonal_slide(from, occupied | self.squares(SquareColour::Yellow))
            }
            SquareColour::Red => straight_slide(from, occupied | self.squares(SquareColour::Red)),
        }
    }
    /// Whether a piece on `from` reaches `to` given the `occupied` squares,
    /// and if not, why: the first rule of movement the step breaks (its
    /// shape, then the first square on the way that ends the slide).
    ///
    /// # Errors
    /// [`Unreachable`] naming the rule.
    ///
    /// ```
    /// use katarenga_core::{Bitboard, Board, Unreachable};
    /// let board = Board::standard();
    /// // a1 is green: a knight.
    /// assert_eq!(board.check_reach("a1".parse()?, "c2".parse()?, Bitboard::EMPTY), Ok(()));
    /// assert!(matches!(
    ///     board.check_reach("a1".parse()?, "a2".parse()?, Bitboard::EMPTY),
    ///     Err(Unreachable::WrongShape { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_reach(
        &self,
        from: Square,
        to: Square,
        occupied: Bitboard,
    ) -> Result<(), Unreachable> {
        let colour = self.colour_of(from);
        let shape = match colour {
            SquareColour::Blue => king_moves(from).has(to),
            SquareColour::Green => knight_moves(from).has(to),
            SquareColour::Yellow | SquareColour::Red => {
                let (files, ranks) = (
                    to.file() as i8 - from.file() as i8,
                    to.rank() as i8 - from.rank() as i8,
                );
                let diagonal = files != 0 && files.abs() == ranks.abs();
                let straight = (files == 0) != (ranks == 0);
                if colour == SquareColour::Yellow {
                    diagonal
                } else {
                    straight
                }
            }
        };
        if !shape {
            return Err(Unreachable::WrongShape {
                colour,
                kind: colour.piece_kind(),
                to,
            });
        }
        if matches!(colour, SquareColour::Yellow | SquareColour::Red) {
            // The first square on the way that is occupied or of the
            // slider's own colour ends the slide.
            let path = between(from, to) & (occupied | self.squares(colour));
            let first = if to > from { path.first() } else { path.last() };
            if let Some(stop) = first {
                return Err(if occupied.has(stop) {
                    Unreachable::PathBlocked(stop)
                } else {
                    Unreachable::StopsEarlier { colour, stop }
                });
            }
        }
        Ok(())
    }
}

/// Why a piece cannot reach a square by the colour it stands on
/// ([`Board::check_reach`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Unreachable {
    /// The destination is not a move of the piece's kind.
    #[error("a piece on a {colour} square moves like a {kind}: it cannot reach {to}")]
    WrongShape {
        /// The colour of the origin square.
        colour: SquareColour,
        /// How a piece on that colour moves.
        kind: PieceKind,
        /// The destination.
        to: Square,
    },
    /// A piece stands between origin and destination.
    #[error("the path is blocked on {0}")]
    PathBlocked(Square),
    /// The slider must stop on the first square of its own colour.
    #[error("a piece moving from a {colour} square stops on the first {colour} square, {stop}")]
    StopsEarlier {
        /// The colour of the origin (and of the stop square).
        colour: SquareColour,
        /// The square where it must stop.
        stop: Square,
    },
}

impl Position {
    /// The side to move's pieces, and the squares its moves may not end
    /// on: its own pieces, and under the no-first-capture option, while
    /// its first move is pending, the opponent's too.
    #[inline(always)]
    pub(crate) fn own_and_barred(&self) -> (Bitboard, Bitboard) {
        let own = self.pieces[self.side.index()];
        // All ones while the first move is pending.
        let pending = 0u64.wrapping_sub(u64::from((self.first >> self.side.index()) & 1));
        (
            own,
            own | Bitboard(self.pieces[self.side.opponent().index()].0 & pending),
        )
    }

    /// Hands `visit` each piece of `pieces` (the squares of one side's
    /// pieces) with the squares it reaches by the colour of its square,
    /// its own side's pieces included, until `visit` returns `true`.
    /// Returns `true` if it stopped early. Move generation and the attacks
    /// share it.
    #[inline(always)]
    pub(crate) fn for_each_reach(
        &self,
        pieces: Bitboard,
        visit: impl FnMut(Square, Bitboard) -> bool,
    ) -> bool {
        self.board.for_each_reach(pieces, self.occupied(), visit)
    }

    /// Hands `listener` each piece of `player` on the board with the
    /// squares it attacks: the squares it could move to by the colour of
    /// its square, whoever is to move, with the squares of its own side's
    /// pieces that it reaches (those it defends). Camps are not squares:
    /// they are left out. A finished game's pieces still attack.
    ///
    /// ```
    /// use katarenga_core::{Game, Player, Position};
    /// let p = Position::start();
    /// let mut mobility = 0;
    /// p.for_each_attack(Player::White, |_, attacks| {
    ///     mobility += (attacks - p.pieces(Player::White)).len();
    /// });
    /// // At the start, White (to move) attacks what it may move to.
    /// assert_eq!(mobility as usize, p.count_moves());
    /// ```
    #[inline]
    pub fn for_each_attack(&self, player: Player, mut listener: impl FnMut(Square, Bitboard)) {
        self.for_each_reach(self.pieces[player.index()], |from, attacks| {
            listener(from, attacks);
            false
        });
    }

    /// The legal moves that capture or enter a camp, as
    /// [`Game::generate_moves`](game_rules::Game::generate_moves) hands
    /// them (a piece at a time, in its order, a piece without such a move
    /// left out), until `listener` returns `true`; returns whether it did.
    /// What a quiescence search plays, without building the quiet moves.
    ///
    /// ```
    /// use katarenga_core::{Destination, Game, Position};
    /// let p = Position::start().play("a8a7".parse()?).play("b1b2".parse()?);
    /// let mut tactical = Vec::new();
    /// p.generate_tactical_moves(|moves| {
    ///     tactical.extend(moves);
    ///     false
    /// });
    /// let expected: Vec<_> = p
    ///     .legal_moves()
    ///     .into_iter()
    ///     .filter(|m| match m.to {
    ///         Destination::Camp(_) => true,
    ///         Destination::Square(s) => p.piece_on(s).is_some(),
    ///     })
    ///     .collect();
    /// assert_eq!(tactical, expected);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_tactical_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        if self.decided_outcome().is_some() {
            return false;
        }
        let (own, barred) = self.own_and_barred();
        let captures = self.pieces[self.side.opponent().index()] - barred;
        let line = crate::target_line(self.side);
        let open = self.open_camps();
        self.for_each_reach(own, |from, reach| {
            let to = reach & captures;
            let camps = if line.has(from) { open } else { Camps::EMPTY };
            (!to.is_empty() || camps != Camps::EMPTY) && listener(PieceMoves { from, to, camps })
        })
    }

    /// What `player`'s pieces on the board attack and how many moves to
    /// squares they have, whoever is to move: every square one of them
    /// attacks ([`Position::attacks`]), and each piece's attacked squares
    /// off its own side's pieces, counted per piece and summed (its
    /// mobility: captures included, camps and the pending first move's
    /// ban on captures aside). What an evaluation asks of a position at
    /// every node, computed in one pass, with the processor's population
    /// count instruction where it has one.
    ///
    /// ```
    /// use katarenga_core::{Game, Player, Position};
    /// let p = Position::start();
    /// let white = p.activity(Player::White);
    /// assert_eq!(white.attacks, p.attacks(Player::White));
    /// // At the start, White (to move) attacks what it may move to.
    /// assert_eq!(white.mobility as usize, p.count_moves());
    /// ```
    #[inline]
    #[must_use]
    pub fn activity(&self, player: Player) -> Activity {
        crate::count::activity(self, player)
    }

    /// Every square a piece of `player` attacks (see
    /// [`Position::for_each_attack`]): the squares it could capture on if
    /// it were to move, and the squares of its own pieces that it defends.
    ///
    /// ```
    /// use katarenga_core::{Game, Player, Position};
    /// use katarenga_core::Bitboard;
    /// let p = Position::start();
    /// // White is to move: the squares it attacks off its own pieces are
    /// // where its moves go.
    /// let mut destinations = Bitboard::EMPTY;
    /// p.generate_moves(|moves| {
    ///     destinations |= moves.to;
    ///     false
    /// });
    /// assert_eq!(p.attacks(Player::White) - p.pieces(Player::White), destinations);
    /// ```
    #[must_use]
    pub fn attacks(&self, player: Player) -> Bitboard {
        let mut all = Bitboard::EMPTY;
        self.for_each_attack(player, |_, attacks| all |= attacks);
        all
    }
}

/// What one side's pieces attack and how many moves to squares they have:
/// see [`Position::activity`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Activity {
    /// Every square one of the side's pieces attacks, its own pieces'
    /// squares included (those it defends).
    pub attacks: Bitboard,
    /// The squares each piece attacks off its own side's pieces, summed
    /// over the pieces.
    pub mobility: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_geometry::ray_until;

    #[test]
    fn slides_stop_where_each_ray_stops() {
        // Against each ray walked to its first stop (`ray_until`), from
        // every square, with stops sparse, dense and none.
        let mut rng = board_geometry::SplitMix64::new(31);
        let mut blocked = 0;
        for n in 0..3_000u64 {
            let stop = Bitboard(match n % 3 {
                0 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
                1 => rng.next_u64(),
                _ => 0,
            });
            for from in Square::ALL {
                let rays = |directions: [Direction; 4]| {
                    directions
                        .into_iter()
                        .fold(Bitboard::EMPTY, |all, d| all | ray_until(d, from, stop))
                };
                let (straight, diagonal) = (rays(Direction::STRAIGHT), rays(Direction::DIAGONAL));
                assert_eq!(straight_slide(from, stop), straight, "{from} {stop:?}");
                assert_eq!(diagonal_slide(from, stop), diagonal, "{from} {stop:?}");
                blocked +=
                    usize::from(straight.intersects(stop)) + usize::from(diagonal.intersects(stop));
            }
        }
        assert!(blocked > 100_000, "{blocked} blocked slides");
    }
}
