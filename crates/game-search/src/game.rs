//! What the search needs of a game, implemented for both engines.

use board_geometry::Player;

/// A position the search can explore: copy-make, a hash, a winner.
///
/// One side may move twice in a row (Kamisado, after a sumo push): the
/// search compares [`SearchGame::side_to_move`] before and after a move
/// instead of assuming that turns alternate.
pub trait SearchGame: Copy {
    /// The game's move type.
    type Move: Copy + Eq + core::fmt::Debug + core::fmt::Display;

    /// Appends the legal moves to `moves` (empty when the game is over).
    fn moves(&self, moves: &mut Vec<Self::Move>);
    /// The position after a legal move.
    fn play(&self, mv: Self::Move) -> Self;
    /// The Zobrist hash.
    fn hash(&self) -> u64;
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// The winner, once the game (round) is over.
    fn winner(&self) -> Option<Player>;
    /// Whether the legal move `mv` wins at once (for move ordering; cheap).
    fn wins_at_once(&self, mv: Self::Move) -> bool;
    /// A small index of the move (origin and destination), below
    /// [`SearchGame::MOVE_INDICES`], for the history table.
    fn move_index(mv: Self::Move) -> usize;
    /// The number of move indices.
    const MOVE_INDICES: usize;
    /// A static evaluation from the side to move's point of view, roughly
    /// in hundredths of a won game, well inside `±WIN / 2`.
    fn evaluate(&self) -> i32;
}

impl SearchGame for kamisado_core::Position {
    type Move = kamisado_core::Move;

    fn moves(&self, moves: &mut Vec<Self::Move>) {
        self.generate_moves(|tower| {
            moves.extend(tower.iter());
            false
        });
    }

    fn play(&self, mv: Self::Move) -> Self {
        self.play_unchecked(mv)
    }

    fn hash(&self) -> u64 {
        kamisado_core::Position::hash(self)
    }

    fn side_to_move(&self) -> Player {
        kamisado_core::Position::side_to_move(self)
    }

    fn winner(&self) -> Option<Player> {
        self.outcome().map(kamisado_core::Outcome::winner)
    }

    const MOVE_INDICES: usize = 64 * 64;

    fn move_index(mv: Self::Move) -> usize {
        usize::from(mv.from.index()) * 64 + usize::from(mv.to.index())
    }

    fn wins_at_once(&self, mv: Self::Move) -> bool {
        // Only an arrival wins on the move (a deadlock is lost by its maker).
        !mv.is_pass() && mv.to.rank() == kamisado_core::Position::side_to_move(self).goal_rank()
    }

    fn evaluate(&self) -> i32 {
        crate::eval::kamisado(self)
    }
}

impl SearchGame for katarenga_core::Position {
    type Move = katarenga_core::Move;

    fn moves(&self, moves: &mut Vec<Self::Move>) {
        self.generate_moves(|piece| {
            moves.extend(piece.iter());
            false
        });
    }

    fn play(&self, mv: Self::Move) -> Self {
        self.play_unchecked(mv)
    }

    fn hash(&self) -> u64 {
        katarenga_core::Position::hash(self)
    }

    fn side_to_move(&self) -> Player {
        katarenga_core::Position::side_to_move(self)
    }

    fn winner(&self) -> Option<Player> {
        self.outcome().map(katarenga_core::Outcome::winner)
    }

    const MOVE_INDICES: usize = 64 * 68;

    fn move_index(mv: Self::Move) -> usize {
        let to = match mv.to {
            katarenga_core::Destination::Square(s) => usize::from(s.index()),
            katarenga_core::Destination::Camp(c) => 64 + c.index(),
        };
        usize::from(mv.from.index()) * 68 + to
    }

    fn wins_at_once(&self, mv: Self::Move) -> bool {
        let side = katarenga_core::Position::side_to_move(self);
        match mv.to {
            // Taking the second camp.
            katarenga_core::Destination::Camp(_) => self.camps().count(side) == 1,
            // Taking a piece from an opponent down to two.
            katarenga_core::Destination::Square(to) => {
                self.piece_on(to) == Some(side.opponent()) && self.piece_count(side.opponent()) == 2
            }
        }
    }

    fn evaluate(&self) -> i32 {
        crate::eval::katarenga(self)
    }
}
