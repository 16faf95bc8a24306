//! What the search and the players need of a game: the one game trait of
//! the workspace, implemented for both engines (each behind its feature).

use core::error::Error;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::ops::Deref;
use core::str::FromStr;

use board_geometry::Player;

/// A position the search, the players and the arena can work with:
/// copy-make, a hash, the legal moves, the outcome. Implemented for
/// `kamisado_core::Position` (feature `kamisado`) and
/// `katarenga_core::Position` (feature `katarenga`); implement it for your
/// own game to use the search on it.
///
/// One side may move twice in a row (Kamisado, after a sumo push): the
/// search compares [`SearchGame::side_to_move`] before and after a move
/// instead of assuming that turns alternate.
pub trait SearchGame: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// The game's move type, with its notation.
    type Move: Copy + Eq + Hash + Debug + Display + FromStr<Err: Error> + Send + Sync + 'static;
    /// A list of legal moves (a fixed-capacity array for both engines).
    type MoveList: Deref<Target = [Self::Move]>;
    /// How a finished game ended.
    type Outcome: Copy + Eq + Debug + Display;
    /// Why a move is illegal.
    type IllegalMove: Error + Copy + 'static;

    /// The game's name, lowercase (`"kamisado"`).
    const NAME: &'static str;
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

    /// The usual start position.
    fn start() -> Self;
    /// The legal moves (empty when the game is over).
    fn legal_moves(&self) -> Self::MoveList;
    /// Calls `f` with each legal move, in the order of
    /// [`SearchGame::legal_moves`] (the search's way to collect them
    /// without a list in between).
    fn for_each_move(&self, mut f: impl FnMut(Self::Move)) {
        for &mv in self.legal_moves().iter() {
            f(mv);
        }
    }
    /// Calls `visit` with each legal move and the position after it (in
    /// an order of the game's choosing), until it returns `true`; returns
    /// whether it did. Override it where expanding a node at once
    /// is cheaper than playing its moves one by one (the search scores the
    /// children of the nodes just above its leaves this way).
    fn for_each_child(&self, mut visit: impl FnMut(Self::Move, &Self) -> bool) -> bool {
        self.legal_moves()
            .iter()
            .any(|&mv| visit(mv, &self.play(mv)))
    }
    /// The number of legal moves.
    fn count_moves(&self) -> usize {
        self.legal_moves().len()
    }
    /// The position after a legal move (not checked).
    #[must_use]
    fn play(&self, mv: Self::Move) -> Self;
    /// The position after `mv`, or why it is illegal.
    ///
    /// # Errors
    /// The game's reason the move is illegal.
    fn try_play(&self, mv: Self::Move) -> Result<Self, Self::IllegalMove>;
    /// The Zobrist hash.
    fn zobrist(&self) -> u64;
    /// The Zobrist hash after the legal move `mv` (the search prefetches
    /// the child's table entry with it). Override it where it is cheaper
    /// than playing the move.
    fn zobrist_after(&self, mv: Self::Move) -> u64 {
        self.play(mv).zobrist()
    }
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// How the game ended, once it is over.
    fn outcome(&self) -> Option<Self::Outcome>;
    /// The winner of a finished game.
    fn winner_of(outcome: Self::Outcome) -> Player;
    /// A short name of the way a game ended (`"arrival"`, `"camps"`), for
    /// statistics.
    fn ending_of(outcome: Self::Outcome) -> &'static str;
    /// The winner, once the game is over.
    fn winner(&self) -> Option<Player> {
        self.outcome().map(Self::winner_of)
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
