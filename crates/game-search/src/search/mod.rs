//! The searcher: negamax alpha-beta with iterative deepening, a
//! transposition table, move ordering, limits, a stop flag, and exact
//! scores for proven results: the same code plays and solves. The search
//! itself is in [`negamax`] (with [`quiescence`] at the leaves), the move
//! order in [`ordering`].

mod negamax;
mod ordering;
mod quiescence;

use std::time::Duration;

use board_geometry::Player;

use smallvec::SmallVec;

use crate::eval::{Evaluation, GameEvaluation};
use crate::game::SearchGame;
use crate::limits::{Budget, Limits, StopFlag};
use crate::table::{NO_MOVE, Table, TableError};
use ordering::NO_KILLER;

/// The score of a win now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;

/// Scores beyond `±PROVEN` are proven results (a forced win or loss within
/// `WIN - |score|` plies); the evaluation stays far inside.
pub const PROVEN: i32 = WIN - 10_000;

/// The deepest iteration a search runs (the table stores depths in an
/// `i8`).
pub const MAX_DEPTH: u32 = 100;

/// A principal variation: usually short, kept inline.
pub type Line<M> = SmallVec<[M; 32]>;

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move found (`None` when the game is over).
    pub best: Option<M>,
    /// Its score from the side to move's point of view (see [`WIN`]).
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation of the deepest completed iteration: as
    /// many plies as that depth (fewer only where the game ends), found
    /// during the search and completed from the table where an entry cut
    /// it short.
    pub pv: Line<M>,
    /// Time taken.
    pub elapsed: Duration,
    /// Whether a limit or the stop flag cut the last iteration short.
    pub stopped: bool,
}

impl<M> SearchResult<M> {
    /// Whether the score is a proven win or loss.
    #[must_use]
    pub fn is_proven(&self) -> bool {
        self.score.abs() > PROVEN
    }

    /// For a proven result: plies to the end of the game with best play
    /// (as far as the search proved: the winner wins within this many).
    #[must_use]
    pub fn plies_to_end(&self) -> Option<i32> {
        self.is_proven().then(|| WIN - self.score.abs())
    }

    /// Nodes per second.
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// What an iteration of the search found, handed to the callback of
/// [`Searcher::search_with`] after each completed depth, like a chess
/// engine's `info` line.
#[derive(Debug, Clone, Copy)]
pub struct Iteration<'a, M> {
    /// The depth just completed.
    pub depth: u32,
    /// The score at that depth, from the side to move's point of view.
    pub score: i32,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation at that depth (see [`SearchResult::pv`]).
    pub pv: &'a [M],
}

/// An alpha-beta searcher with its transposition table.
///
/// Keep one searcher for a whole game: the table carries over from one
/// search to the next (positions already searched are found again), the
/// history of good moves fades to an eighth at each search, and
/// [`Searcher::clear`] forgets everything. The table's size is fixed when
/// the searcher is made, in MiB.
///
/// ```
/// use game_search::Game;
/// use std::time::Duration;
/// use game_search::{Limits, Searcher};
/// use kamisado_core::Position;
///
/// let mut searcher = Searcher::<Position>::new(16)?;
/// let result = searcher.search(&Position::start(), Limits::time(Duration::from_millis(20)));
/// let best = result.best.expect("the start has moves");
/// assert!(Position::start().is_legal(best));
/// # Ok::<(), game_search::TableError>(())
/// ```
pub struct Searcher<G: SearchGame, E = GameEvaluation> {
    evaluation: E,
    table: Table,
    /// Per ply: the move indices ([`SearchGame::move_index`]) of the last
    /// two moves that cut off there ([`NO_KILLER`] for none).
    killers: Vec<[usize; 2]>,
    /// Per ply: the moves with their ordering rank (reused: no allocation
    /// per node).
    ordered: Vec<Vec<(i32, G::Move)>>,
    /// Per ply: the best line found below the node at that ply in this
    /// iteration (a triangular table: each node's line is its best move
    /// and its child's line).
    pv: Vec<Line<G::Move>>,
    /// How often each move (by index) caused a cut-off, weighted by depth:
    /// the order of the quiet moves.
    history: Vec<i32>,
    /// The nodes, time and stop flag of the running search.
    budget: Budget,
}

impl<G: SearchGame, E> std::fmt::Debug for Searcher<G, E> {
    /// The table's size and the state of the last search (not the table's
    /// entries, nor the evaluation, which need not be `Debug`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("table_bytes", &self.table.bytes())
            .field("limits", &self.budget.limits)
            .field("nodes", &self.budget.nodes)
            .field("stopped", &self.budget.stopped)
            .finish_non_exhaustive()
    }
}

impl<G: SearchGame> Searcher<G> {
    /// A searcher with a transposition table of `table_mib` MiB (0 gives the
    /// smallest table, one bucket), using the game's own evaluation.
    ///
    /// # Errors
    /// [`TableError`] if the table cannot be allocated; nothing is
    /// allocated then.
    pub fn new(table_mib: usize) -> Result<Searcher<G>, TableError> {
        Searcher::with_evaluation(table_mib, GameEvaluation)
    }
}

impl<G: SearchGame, E: Evaluation<G>> Searcher<G, E> {
    /// A searcher with a transposition table of `table_mib` MiB and your own
    /// `evaluation` (a closure `Fn(&G) -> i32` will do).
    ///
    /// ```
    /// use game_search::{Limits, Searcher};
    /// use katarenga_core::{Game, Position};
    ///
    /// // Material only: my pieces minus theirs.
    /// let material = |p: &Position| {
    ///     let me = p.side_to_move();
    ///     100 * (p.piece_count(me) as i32 - p.piece_count(me.opponent()) as i32)
    /// };
    /// let mut searcher = Searcher::with_evaluation(4, material)?;
    /// let result = searcher.search(&Position::start(), Limits::depth(2));
    /// assert_eq!(result.depth, 2);
    /// # Ok::<(), game_search::TableError>(())
    /// ```
    ///
    /// # Errors
    /// [`TableError`] if the table cannot be allocated.
    pub fn with_evaluation(table_mib: usize, evaluation: E) -> Result<Searcher<G, E>, TableError> {
        Ok(Searcher {
            evaluation,
            table: Table::new(table_mib)?,
            killers: Vec::new(),
            pv: Vec::new(),
            ordered: Vec::new(),
            history: vec![0; G::MOVE_INDICES],
            budget: Budget::new(),
        })
    }

    /// The transposition table's size in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets the table, the killers and the history: the next search
    /// starts as from a new searcher.
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers.fill([NO_KILLER; 2]);
        self.history.fill(0);
    }

    /// The flag that stops this searcher's searches from another thread.
    ///
    /// ```
    /// use std::time::Duration;
    /// use game_search::{Limits, Searcher};
    /// use kamisado_core::{Game, Position};
    ///
    /// let mut searcher = Searcher::<Position>::new(16)?;
    /// let stop = searcher.stop_flag();
    /// let stopper = std::thread::spawn(move || {
    ///     std::thread::sleep(Duration::from_millis(30));
    ///     stop.stop();
    /// });
    /// // No limit but the flag.
    /// let result = searcher.search(&Position::start(), Limits::depth(game_search::MAX_DEPTH));
    /// stopper.join().unwrap();
    /// assert!(result.stopped || result.is_proven());
    /// assert!(result.best.is_some());
    /// # Ok::<(), game_search::TableError>(())
    /// ```
    #[must_use]
    pub fn stop_flag(&self) -> StopFlag {
        self.budget.stop_flag()
    }

    /// Stops this searcher's searches by `flag` from now on, in place of
    /// its own. A flag handed in is never lowered by a search: a stop
    /// raised before a search starts ends it at once (with the first legal
    /// move), so that one flag can stop a sequence of searches and provers
    /// as an engine's `stop` must, whenever it comes.
    ///
    /// ```
    /// use game_search::{Limits, Searcher, StopFlag};
    /// use katarenga_core::{Game, Position};
    ///
    /// let mut searcher = Searcher::<Position>::new(1)?;
    /// let stop = StopFlag::new();
    /// searcher.set_stop_flag(stop.clone());
    /// stop.stop();
    /// let result = searcher.search(&Position::start(), Limits::depth(game_search::MAX_DEPTH));
    /// assert!(result.stopped && result.depth == 0 && result.best.is_some());
    /// stop.reset();
    /// assert_eq!(searcher.search(&Position::start(), Limits::depth(2)).depth, 2);
    /// # Ok::<(), game_search::TableError>(())
    /// ```
    pub fn set_stop_flag(&mut self, flag: StopFlag) {
        self.budget.share_stop_flag(flag);
    }

    /// Searches `root` by iterative deepening until a limit is reached, the
    /// stop flag is raised or the result is proven.
    pub fn search(&mut self, root: &G, limits: Limits) -> SearchResult<G::Move> {
        self.search_with(root, limits, |_| {})
    }

    /// [`Searcher::search`], calling `on_iteration` after each completed
    /// depth with the depth, score, nodes, time and principal variation.
    ///
    /// ```
    /// use game_search::{Limits, Searcher};
    /// use kamisado_core::{Game, Position};
    ///
    /// let mut searcher = Searcher::<Position>::new(4)?;
    /// let mut depths = Vec::new();
    /// searcher.search_with(&Position::start(), Limits::depth(4), |info| {
    ///     println!("depth {} score {} nodes {} pv {:?}", info.depth, info.score, info.nodes, info.pv);
    ///     depths.push(info.depth);
    /// });
    /// assert_eq!(depths, [1, 2, 3, 4]);
    /// # Ok::<(), game_search::TableError>(())
    /// ```
    pub fn search_with(
        &mut self,
        root: &G,
        limits: Limits,
        mut on_iteration: impl FnMut(&Iteration<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        // Old history fades between searches.
        for h in &mut self.history {
            *h /= 8;
        }
        self.budget.start(limits);
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Line::new(),
            elapsed: Duration::ZERO,
            stopped: false,
        };
        let moves = root.legal_moves();
        if moves.is_empty() {
            result.score = self.terminal_score(root, 0);
            result.elapsed = self.budget.elapsed();
            return result;
        }
        // Always have a move, even if the first iteration is cut short.
        result.best = Some(moves[0]);
        result.score = self.evaluation.evaluate(root);
        for depth in 1..=limits.depth.min(MAX_DEPTH) {
            let score = self.negamax(root, depth as i32, -WIN - 1, WIN + 1, 0);
            if self.budget.stopped {
                break;
            }
            result.score = score;
            result.depth = depth;
            if let Some(best) = self.table_move(root) {
                result.best = Some(best);
            }
            result.pv = self.principal_variation(root, depth as usize);
            on_iteration(&Iteration {
                depth,
                score,
                nodes: self.budget.nodes,
                elapsed: self.budget.elapsed(),
                pv: &result.pv,
            });
            if score.abs() > PROVEN {
                break;
            }
        }
        result.nodes = self.budget.nodes;
        result.elapsed = self.budget.elapsed();
        result.stopped = self.budget.stopped;
        result
    }

    /// The table's best move for `p`, if it is legal there.
    fn table_move(&self, p: &G) -> Option<G::Move> {
        let code = self.table.probe(p.zobrist())?.best;
        if code == NO_MOVE {
            return None;
        }
        p.legal_moves()
            .iter()
            .copied()
            .find(|&m| G::move_index(m) == usize::from(code))
    }

    /// The line the last iteration found, followed through the table where
    /// it stops short of `depth` plies (where a table entry cut the search
    /// of a principal variation node short).
    fn principal_variation(&self, root: &G, depth: usize) -> Line<G::Move> {
        let mut pv = self.pv.first().cloned().unwrap_or_default();
        let mut p = *root;
        for &mv in &pv {
            p = p.play_unchecked(mv);
        }
        while pv.len() < depth {
            let Some(best) = self.table_move(&p) else {
                break;
            };
            pv.push(best);
            p = p.play_unchecked(best);
        }
        pv
    }

    fn terminal_score(&self, p: &G, ply: u32) -> i32 {
        match p.winner() {
            Some(winner) => self.win_score(p, winner, ply),
            None => 0,
        }
    }

    /// The score of a game `winner` has won, `ply` plies from the root,
    /// from the point of view of the side to move in `p`.
    fn win_score(&self, p: &G, winner: Player, ply: u32) -> i32 {
        if winner == p.side_to_move() {
            WIN - ply as i32
        } else {
            -(WIN - ply as i32)
        }
    }

    /// Whether a limit or the stop flag ends the search: the node limit at
    /// every node, the clock and the flag every 1,024 nodes.
    #[inline]
    fn out_of_budget(&self) -> bool {
        self.budget.spent(1024)
    }
}
