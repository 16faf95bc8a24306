//! What the search and the players need of a game beyond its rules: an
//! extension of the rules interface, implemented for both engines (each
//! behind its feature).

use board_geometry::Player;
use game_rules::Game;

/// What the search, the players and the arena need of a game beyond its
/// rules ([`Game`]): move indices, move-ordering hints and a static
/// evaluation. Implemented for `kamisado_core::Position` (feature
/// `kamisado`) and `katarenga_core::Position` (feature `katarenga`);
/// implement it (and [`Game`]) for your own game to use the search on it.
///
/// The search plays the moves it generates with
/// [`Game::play_unchecked`]; the players check moves they are handed with
/// [`Game::try_play`].
pub trait SearchGame: Game {
    /// Whether no game ever repeats a position and every game ends with a
    /// winner (Kamisado's towers only move forward). The provers then
    /// take a disproof of a win for a proof of the loss and keep no path;
    /// `false` (the default) is always safe.
    const ACYCLIC: bool = false;
    /// Whether the search scores its leaves with a quiescence search over
    /// the [tactical](SearchGame::is_tactical) moves (Katarenga: captures
    /// and camps) instead of the static evaluation alone. `false` by
    /// default (Kamisado: nothing is ever captured).
    const QUIESCENCE: bool = false;
    /// The number of move indices ([`SearchGame::move_index`]).
    const MOVE_INDICES: usize;

    /// The Zobrist hash after the legal move `mv` (the search prefetches
    /// the child's table entry with it). Override it where it is cheaper
    /// than playing the move.
    fn zobrist_after(&self, mv: Self::Move) -> u64 {
        self.play_unchecked(mv).zobrist()
    }
    /// What the side to move can do at once: its number of legal moves,
    /// and whether one of them wins the game at once (the position after
    /// it has the mover as its winner). Exact: the provers rely on it.
    /// Override it where a cheaper test exists (Kamisado: an arrival).
    fn replies(&self) -> Replies {
        Replies::exhaustive(self)
    }
    /// Whether the legal move `mv` changes the material (Katarenga: a
    /// capture or a move into a camp): the search tries these right after
    /// the moves that win at once. Cheap; `false` by default.
    fn is_tactical(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// The [tactical](SearchGame::is_tactical) legal moves, in the order of
    /// [`Game::legal_moves`]: what the quiescence search plays. Override it
    /// where the game can generate them without the others (Katarenga).
    fn tactical_moves(&self) -> game_rules::MoveList<Self::Move> {
        let mut moves = self.legal_moves();
        moves.retain(|mv| self.is_tactical(*mv));
        moves
    }
    /// Whether the legal move `mv` wins at once (for move ordering; cheap).
    fn wins_at_once(&self, mv: Self::Move) -> bool;
    /// A small index of the move (origin and destination), below
    /// [`SearchGame::MOVE_INDICES`] (and below 65,536): the history table's
    /// index and the move's code in the transposition table.
    fn move_index(mv: Self::Move) -> usize;
    /// A static evaluation from the side to move's point of view, in the
    /// game's own unit (0 even; Katarenga's: 100 a piece), well inside
    /// `±WIN / 2`.
    fn evaluate(&self) -> i32;
    /// What a leaf of the search is worth: its winner if the game is over
    /// and won, else [`SearchGame::evaluate`]. Override it where the two
    /// answers share work (Kamisado: the forced tower's slides say both
    /// whether the side to move can move and what its move risks); the
    /// answer must be the default's.
    fn evaluate_leaf(&self) -> LeafValue {
        match self.winner() {
            Some(winner) => LeafValue::Won(winner),
            None => LeafValue::Evaluated(self.evaluate()),
        }
    }
}

/// What a leaf of the search is worth ([`SearchGame::evaluate_leaf`],
/// [`Evaluation::evaluate_leaf`](crate::Evaluation::evaluate_leaf)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeafValue {
    /// The game is over and this player has won it.
    Won(Player),
    /// The game goes on (or ended without a winner): the static evaluation
    /// from the side to move's point of view.
    Evaluated(i32),
}

/// What [`SearchGame::replies`] finds: how many moves the side to move
/// has, and whether one of them wins at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Replies {
    /// The number of legal moves; when `wins`, it may count only the
    /// moves up to the first winning one.
    pub moves: u32,
    /// Whether a legal move wins the game at once.
    pub wins: bool,
}

impl Replies {
    /// The replies of `p` found by playing every move and asking each
    /// position after it for its winner: [`SearchGame::replies`]' default.
    pub fn exhaustive<G: SearchGame>(p: &G) -> Replies {
        let side = p.side_to_move();
        let mut moves = 0;
        let wins = p.for_each_child(|_, child| {
            moves += 1;
            child.winner() == Some(side)
        });
        Replies { moves, wins }
    }
}
