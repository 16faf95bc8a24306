//! The rules interface: what each game gives, and what is written once for
//! all of them.

use core::error::Error;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use arrayvec::ArrayVec;
use board_geometry::Player;

/// The capacity of a [`MoveList`]: at least the most legal moves a position
/// of any game implemented here can have (each game states its own bound).
pub const MAX_MOVES: usize = 128;

/// A list of moves that never allocates.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// How a finished game ended.
pub trait GameOutcome: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// The winner (`None` for a draw, which no game implemented here has
    /// today).
    fn winner(self) -> Option<Player>;
    /// A short lowercase name of the way the game ended (`"arrival"`,
    /// `"camps"`), for statistics and records.
    fn ending(self) -> &'static str;
}

/// A position of a two-player game and its rules.
///
/// A game gives the required methods: the start, the side to move, the
/// hash, the outcome, move generation in the callback form
/// ([`Game::generate_moves`]), the legality check that says what kind of
/// move a legal move is or which rule an illegal one breaks
/// ([`Game::check_move`]), and copy-make ([`Game::play_unchecked`]); its
/// notation is `FromStr` and `Display` of the position and the move. The
/// rest is provided here, once for every game; a game overrides a provided
/// method only where it has a faster way to the same answer (Kamisado
/// counts the last plies of [`Game::perft`] in bulk), and the tests of each
/// core check that the override agrees with the definition.
///
/// Bring the trait into scope to call its methods: `use
/// kamisado_core::Game;` (each core re-exports it).
///
/// One side may move twice in a row (Kamisado, after a sumo push): compare
/// [`Game::side_to_move`] before and after a move instead of assuming that
/// turns alternate.
///
/// ```
/// use game_rules::Game;
///
/// /// Perft by the definition, for any game.
/// fn count<P: Game>(position: &P, depth: u32) -> u64 {
///     if depth == 0 {
///         return 1;
///     }
///     let mut nodes = 0;
///     for mv in position.legal_moves() {
///         nodes += count(&position.play(mv), depth - 1);
///     }
///     nodes
/// }
///
/// assert_eq!(count(&kamisado_core::Position::start(), 2), 1150);
/// assert_eq!(count(&katarenga_core::Position::start(), 2), 865);
/// ```
pub trait Game:
    Copy + Eq + Hash + Debug + Display + FromStr<Err: Error + 'static> + Send + Sync + 'static
{
    /// A move, with its notation.
    type Move: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + FromStr<Err: Error + 'static>
        + Send
        + Sync
        + 'static;
    /// What kind of move a legal move is ([`Game::check_move`]).
    type MoveKind: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// Why a move is illegal.
    type IllegalMove: Error + Copy + Eq + Send + Sync + 'static;
    /// How a finished game ended.
    type Outcome: GameOutcome;
    /// The moves of one piece, as [`Game::generate_moves`] hands them over
    /// (a set of destinations; iterating gives the moves).
    type PieceMoves: Copy + IntoIterator<Item = Self::Move, IntoIter: ExactSizeIterator>;

    /// The game's name, lowercase (`"kamisado"`).
    const NAME: &'static str;

    /// The usual start position.
    #[must_use]
    fn start() -> Self;
    /// The player to move.
    #[must_use]
    fn side_to_move(&self) -> Player;
    /// The Zobrist hash: equal positions have equal hashes.
    #[must_use]
    fn zobrist(&self) -> u64;
    /// How the game ended, once it is over.
    #[must_use]
    fn outcome(&self) -> Option<Self::Outcome>;
    /// Hands the legal moves to `listener`, one piece at a time, until it
    /// returns `true`; returns whether it did. A finished game has no
    /// moves. Nothing is allocated.
    fn generate_moves(&self, listener: impl FnMut(Self::PieceMoves) -> bool) -> bool;
    /// Checks `mv` against the rules: what kind of move it is, or the first
    /// rule it breaks.
    ///
    /// # Errors
    /// The game's reason the move is illegal.
    fn check_move(&self, mv: Self::Move) -> Result<Self::MoveKind, Self::IllegalMove>;
    /// The position after `mv`, which must be legal: nothing is checked in
    /// release builds (the fast path of search and perft), and debug builds
    /// panic on an illegal move. For an illegal move the result is some
    /// position whose answers are meaningless, never undefined behaviour.
    /// Use [`Game::try_play`] for moves you have not generated yourself.
    #[must_use]
    fn play_unchecked(&self, mv: Self::Move) -> Self;

    /// Whether the game is over.
    #[inline]
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The winner, once the game is over.
    #[inline]
    fn winner(&self) -> Option<Player> {
        self.outcome().and_then(GameOutcome::winner)
    }

    /// Whether `mv` is legal here.
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// The position after `mv`, or why `mv` is illegal.
    ///
    /// # Errors
    /// The game's reason the move is illegal (the first rule it breaks).
    #[inline]
    fn try_play(&self, mv: Self::Move) -> Result<Self, Self::IllegalMove> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// The position after `mv`.
    ///
    /// # Panics
    /// Panics if `mv` is illegal, with the move, the position and the reason
    /// (see [`Game::try_play`]).
    #[must_use]
    fn play(&self, mv: Self::Move) -> Self {
        match self.try_play(mv) {
            Ok(position) => position,
            Err(e) => panic!("illegal move {mv} in {self}: {e}"),
        }
    }

    /// Calls `f` with each legal move, in the order of
    /// [`Game::generate_moves`].
    #[inline]
    fn for_each_move(&self, mut f: impl FnMut(Self::Move)) {
        self.generate_moves(|moves| {
            moves.into_iter().for_each(&mut f);
            false
        });
    }

    /// All legal moves, in the order of [`Game::generate_moves`].
    #[must_use]
    fn legal_moves(&self) -> MoveList<Self::Move> {
        let mut list = MoveList::new();
        self.generate_moves(|moves| {
            for mv in moves {
                // A game's own bound keeps below the capacity; a list that
                // were full would drop the rest rather than panic.
                if list.try_push(mv).is_err() {
                    return true;
                }
            }
            false
        });
        list
    }

    /// The number of legal moves, counted without building them.
    #[inline]
    #[must_use]
    fn count_moves(&self) -> usize {
        let mut count = 0;
        self.generate_moves(|moves| {
            count += moves.into_iter().len();
            false
        });
        count
    }

    /// Calls `visit` with each legal move and the position after it, in the
    /// order of [`Game::generate_moves`], until it returns `true`; returns
    /// whether it did. A game overrides it where expanding a node at once
    /// is cheaper than playing its moves one by one (both cores do), in an
    /// order of its choosing.
    #[inline]
    fn for_each_child(&self, mut visit: impl FnMut(Self::Move, &Self) -> bool) -> bool {
        self.generate_moves(|moves| {
            moves
                .into_iter()
                .any(|mv| visit(mv, &self.play_unchecked(mv)))
        })
    }

    /// Perft: the number of legal move sequences of length `depth`. A
    /// finished game counts 1 at depth 0 and 0 deeper; the last ply is
    /// counted without playing it.
    ///
    /// ```
    /// use game_rules::Game;
    /// assert_eq!(kamisado_core::Position::start().perft(3), 11_182);
    /// assert_eq!(katarenga_core::Position::start().perft(2), 865);
    /// ```
    #[must_use]
    fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_moves() as u64,
            _ => {
                let mut nodes = 0;
                self.for_each_child(|_, child| {
                    // The last ply counted in the parent's loop: no call
                    // per leaf's parent.
                    nodes += if depth == 2 {
                        child.count_moves() as u64
                    } else {
                        child.perft(depth - 1)
                    };
                    false
                });
                nodes
            }
        }
    }

    /// The same count as [`Game::perft`], made by playing every move of
    /// the last ply too: it measures play as well as generation.
    #[must_use]
    fn perft_played(&self, depth: u32) -> u64 {
        let mut nodes = 0;
        match depth {
            0 => return 1,
            // Each leaf position is built (`black_box` keeps the compiler
            // from skipping the work) and counted, without a call per leaf.
            1 => self.for_each_child(|_, child| {
                core::hint::black_box(child);
                nodes += 1;
                false
            }),
            _ => self.for_each_child(|_, child| {
                nodes += child.perft_played(depth - 1);
                false
            }),
        };
        nodes
    }

    /// Each legal move with the perft of the position after it at
    /// `depth - 1`, in the order of [`Game::legal_moves`] (an empty list at
    /// depth 0). The counts add up to `perft(depth)`.
    #[must_use]
    fn perft_divide(&self, depth: u32) -> MoveList<(Self::Move, u64)> {
        let mut out = MoveList::new();
        if depth == 0 {
            return out;
        }
        for mv in self.legal_moves() {
            out.push((mv, self.play_unchecked(mv).perft(depth - 1)));
        }
        out
    }
}
