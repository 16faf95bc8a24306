//! Players: anything that picks a move in a position. A uniformly random
//! player, a greedy one-ply player, and the alpha-beta search with limits;
//! closures are players too.

use board_geometry::SplitMix64;

use crate::search::{Evaluation, GameEvaluation, Limits, Searcher};
use crate::{SearchGame, TableError};

/// A player: picks a legal move in a position that has one.
///
/// Closures `FnMut(&G) -> Option<G::Move>` are agents, so any other engine
/// plugs in with a line.
pub trait Agent<G: SearchGame> {
    /// A legal move of `position`, or `None` when the game is over.
    fn choose(&mut self, position: &G) -> Option<G::Move>;
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

/// Whether the side to move in `p` can win with its next move.
fn can_win_at_once<G: SearchGame>(p: &G) -> bool {
    let side = p.side_to_move();
    p.legal_moves()
        .iter()
        .any(|&m| p.play(m).winner() == Some(side))
}

impl<G: SearchGame> Agent<G> for GreedyAgent {
    fn choose(&mut self, p: &G) -> Option<G::Move> {
        let side = p.side_to_move();
        let moves = p.legal_moves();
        if let Some(&win) = moves.iter().find(|&&m| p.play(m).winner() == Some(side)) {
            return Some(win);
        }
        let safe: Vec<G::Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let next = p.play(m);
                next.winner().is_none() && (next.side_to_move() == side || !can_win_at_once(&next))
            })
            .collect();
        let pool = if safe.is_empty() { &moves[..] } else { &safe };
        self.rng.choose(pool).copied()
    }
}

/// The alpha-beta search as a player: a [`Searcher`] (its table kept from
/// move to move) and the limits of each search.
///
/// ```
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
}
