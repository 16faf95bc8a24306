//! Players: anything that picks a move in a position (and, in a Kamisado
//! match, the next round's start). A uniformly random player, a greedy
//! one-ply player, and the alpha-beta search with limits; closures are
//! players too.

use board_geometry::{Player, SplitMix64};

use crate::eval::{Evaluation, GameEvaluation};
use crate::limits::Limits;
use crate::search::Searcher;
use crate::{SearchGame, TableError};

/// A player: picks a legal move in a position that has one.
///
/// Closures `FnMut(&G) -> Option<G::Move>` are agents, so any other engine
/// plugs in with a line.
pub trait Agent<G: SearchGame> {
    /// A legal move of `position`, or `None` when the game is over.
    fn choose(&mut self, position: &G) -> Option<G::Move>;

    /// Chooses, as `chooser`, one of the positions the next part of a
    /// game may start from, and returns its index in `starts`: in a
    /// Kamisado match the winner of a round chooses the refill edge, and
    /// `starts` are the next round's starts from each edge in the order of
    /// `kamisado_core::Edge::ALL` (as [`super::play_match`] asks).
    /// The answer is taken modulo `starts.len()`.
    ///
    /// The default takes the first; [`RandomAgent`] chooses at random,
    /// [`GreedyAgent`] avoids a start where the opponent wins at once, and
    /// [`SearchAgent`] searches every start with its limits and takes the
    /// best for `chooser`.
    fn choose_start(&mut self, chooser: Player, starts: &[G]) -> usize {
        let _ = (chooser, starts);
        0
    }
}

impl<G: SearchGame, F: FnMut(&G) -> Option<G::Move>> Agent<G> for F {
    fn choose(&mut self, position: &G) -> Option<G::Move> {
        self(position)
    }
}

/// Picks a uniformly random legal move, from a seeded generator (the same
/// seed replays the same choices).
///
/// ```
/// use game_search::Game;
/// use game_search::{Agent, RandomAgent};
/// use kamisado_core::Position;
/// let mut agent = RandomAgent::new(7);
/// let mv = agent.choose(&Position::start()).unwrap();
/// assert!(Position::start().is_legal(mv));
/// ```
#[derive(Debug, Clone)]
pub struct RandomAgent {
    rng: SplitMix64,
}

impl RandomAgent {
    /// A random player seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: SplitMix64::new(seed),
        }
    }
}

impl<G: SearchGame> Agent<G> for RandomAgent {
    fn choose(&mut self, position: &G) -> Option<G::Move> {
        self.rng.choose(&position.legal_moves()).copied()
    }

    fn choose_start(&mut self, _chooser: Player, starts: &[G]) -> usize {
        self.rng.below(starts.len())
    }
}

/// Looks one move ahead: takes a move that wins at once, avoids moves after
/// which the opponent can win at once, and otherwise picks at random
/// (seeded).
///
/// ```
/// use game_search::{Agent, GreedyAgent};
/// use kamisado_core::Position;
/// // White's green tower on b3 can reach d1, on Black's home row.
/// let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse()?;
/// assert_eq!(GreedyAgent::new(1).choose(&p), Some("b3d1".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct GreedyAgent {
    rng: SplitMix64,
}

impl GreedyAgent {
    /// A greedy player seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> GreedyAgent {
        GreedyAgent {
            rng: SplitMix64::new(seed),
        }
    }
}

/// Whether the side to move in `p` can win with its next move (the
/// game's exact [`SearchGame::replies`]).
fn can_win_at_once<G: SearchGame>(p: &G) -> bool {
    p.replies().wins
}

impl<G: SearchGame> Agent<G> for GreedyAgent {
    fn choose(&mut self, p: &G) -> Option<G::Move> {
        let side = p.side_to_move();
        let moves = p.legal_moves();
        if let Some(&win) = moves
            .iter()
            .find(|&&m| p.play_unchecked(m).winner() == Some(side))
        {
            return Some(win);
        }
        let safe: Vec<G::Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let next = p.play_unchecked(m);
                next.winner().is_none() && (next.side_to_move() == side || !can_win_at_once(&next))
            })
            .collect();
        let pool = if safe.is_empty() { &moves[..] } else { &safe };
        self.rng.choose(pool).copied()
    }

    /// A random start among those where the opponent cannot win with its
    /// first move (any start if there is none).
    fn choose_start(&mut self, chooser: Player, starts: &[G]) -> usize {
        let safe: Vec<usize> = (0..starts.len())
            .filter(|&i| starts[i].side_to_move() == chooser || !can_win_at_once(&starts[i]))
            .collect();
        match self.rng.choose(&safe) {
            Some(&i) => i,
            None => self.rng.below(starts.len()),
        }
    }
}

/// The alpha-beta search as a player: a [`Searcher`] (its table kept from
/// move to move) and the limits of each search.
///
/// ```
/// use game_search::Game;
/// use game_search::{Agent, Limits, SearchAgent};
/// use katarenga_core::Position;
/// let mut agent = SearchAgent::<Position>::new(Limits::depth(2), 4)?;
/// let mv = agent.choose(&Position::start()).unwrap();
/// assert!(Position::start().is_legal(mv));
/// # Ok::<(), game_search::TableError>(())
/// ```
pub struct SearchAgent<G: SearchGame, E = GameEvaluation> {
    /// The searcher, with its table.
    pub searcher: Searcher<G, E>,
    /// The limits of each search.
    pub limits: Limits,
}

impl<G: SearchGame, E> std::fmt::Debug for SearchAgent<G, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchAgent")
            .field("searcher", &self.searcher)
            .field("limits", &self.limits)
            .finish()
    }
}

impl<G: SearchGame> SearchAgent<G> {
    /// A search player with a table of `table_mib` MiB.
    ///
    /// # Errors
    /// [`TableError`] if the table cannot be allocated.
    pub fn new(limits: Limits, table_mib: usize) -> Result<SearchAgent<G>, TableError> {
        Ok(SearchAgent {
            searcher: Searcher::new(table_mib)?,
            limits,
        })
    }
}

impl<G: SearchGame, E: Evaluation<G>> Agent<G> for SearchAgent<G, E> {
    fn choose(&mut self, position: &G) -> Option<G::Move> {
        self.searcher.search(position, self.limits).best
    }

    /// Searches every start with the agent's limits (a time limit is
    /// shared out between them), each with a cleared table so that the
    /// order of the starts does not matter, and takes the one that scores
    /// best for `chooser`; the first of equals.
    fn choose_start(&mut self, chooser: Player, starts: &[G]) -> usize {
        let mut limits = self.limits;
        let share = u32::try_from(starts.len().max(1)).unwrap_or(u32::MAX);
        limits.time = limits.time.map(|t| t / share);
        let mut best = (0, i32::MIN);
        for (i, start) in starts.iter().enumerate() {
            self.searcher.clear();
            let score = self.searcher.search(start, limits).score;
            let ours = if start.side_to_move() == chooser {
                score
            } else {
                -score
            };
            if ours > best.1 {
                best = (i, ours);
            }
        }
        best.0
    }
}
