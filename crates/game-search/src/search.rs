//! Negamax alpha-beta with iterative deepening, a transposition table,
//! move ordering, limits, a stop flag, and exact scores for proven
//! results: the same code plays and solves.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use board_geometry::Player;

use smallvec::SmallVec;

use crate::clock::Instant;
use crate::game::SearchGame;
use crate::table::{Bound, Entry, NO_MOVE, Table, TableError};

/// The score of a win now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;

/// Scores beyond `±PROVEN` are proven results (a forced win or loss within
/// `WIN - |score|` plies); the evaluation stays far inside.
pub const PROVEN: i32 = WIN - 10_000;

/// The deepest iteration a search runs (the table stores depths in an
/// `i8`).
pub const MAX_DEPTH: u32 = 100;

/// When a search stops: whichever limit comes first, or the stop flag.
///
/// ```
/// use std::time::Duration;
/// use game_search::Limits;
/// let limits = Limits::time(Duration::from_millis(50)).with_nodes(100_000);
/// assert_eq!(limits.nodes, 100_000);
/// assert_eq!(limits.depth, game_search::MAX_DEPTH);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies (at most [`MAX_DEPTH`]). Depth 0 runs
    /// no search: the result is the first legal move with the static
    /// evaluation.
    pub depth: u32,
    /// The most nodes to visit: the search never visits more.
    pub nodes: u64,
    /// The most time to take (checked every 1,024 nodes, so a search may
    /// run over by the time those take: microseconds).
    pub time: Option<Duration>,
}

impl Limits {
    /// Search to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: depth.min(MAX_DEPTH),
            nodes: u64::MAX,
            time: None,
        }
    }

    /// Search for `time` (up to [`MAX_DEPTH`] plies deep).
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            depth: MAX_DEPTH,
            nodes: u64::MAX,
            time: Some(time),
        }
    }

    /// Search `nodes` nodes at most (up to [`MAX_DEPTH`] plies deep).
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: MAX_DEPTH,
            nodes,
            time: None,
        }
    }

    /// These limits with a node limit too.
    #[must_use]
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits { nodes, ..self }
    }

    /// These limits with a time limit too.
    #[must_use]
    pub fn with_time(self, time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..self
        }
    }
}

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

/// A flag that stops a running search from another thread: clone it (it is
/// shared), give the clone to the other thread, and call
/// [`StopFlag::stop`]. The search sees it within 1,024 nodes and returns
/// the result of the last completed iteration. A searcher's own flag
/// ([`Searcher::stop_flag`]) is cleared by each search when it starts; a
/// flag handed to a searcher or prover with `set_stop_flag` is never
/// cleared by them (lower it with [`StopFlag::reset`]).
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag that is not raised.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Lowers the flag: searches that use it run again.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// Whether a search (or a proof) that has visited `nodes` nodes must stop:
/// at the node limit `most`, looked at every node, or, every `every` nodes
/// (a power of two), when `stop` is raised or `time` has passed since
/// `started`.
#[inline]
pub(crate) fn spent(
    nodes: u64,
    most: u64,
    every: u64,
    stop: &StopFlag,
    started: Instant,
    time: Option<Duration>,
) -> bool {
    nodes >= most
        || (nodes & (every - 1) == 0
            && (stop.is_stopped() || time.is_some_and(|t| started.elapsed() >= t)))
}

/// An evaluation for the search, from the side to move's point of view,
/// in a unit of its own (0 even), well inside `±WIN / 2`.
/// Closures `Fn(&G) -> i32` are evaluations.
pub trait Evaluation<G> {
    /// The static value of `position`.
    fn evaluate(&self, position: &G) -> i32;
}

impl<G, F: Fn(&G) -> i32> Evaluation<G> for F {
    fn evaluate(&self, position: &G) -> i32 {
        self(position)
    }
}

/// The game's own evaluation, [`SearchGame::evaluate`].
#[derive(Debug, Clone, Copy, Default)]
pub struct GameEvaluation;

impl<G: SearchGame> Evaluation<G> for GameEvaluation {
    fn evaluate(&self, position: &G) -> i32 {
        position.evaluate()
    }
}

/// Scores stored in the table are relative to the node, not the root.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score + ply as i32
    } else if score < -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score - ply as i32
    } else if score < -PROVEN {
        score + ply as i32
    } else {
        score
    }
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
    nodes: u64,
    limits: Limits,
    started: Instant,
    stopped: bool,
    stop: StopFlag,
    /// Whether `stop` was handed in ([`Searcher::set_stop_flag`]): then
    /// searches never lower it.
    shared_stop: bool,
}

impl<G: SearchGame, E> std::fmt::Debug for Searcher<G, E> {
    /// The table's size and the state of the last search (not the table's
    /// entries, nor the evaluation, which need not be `Debug`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("table_bytes", &self.table.bytes())
            .field("limits", &self.limits)
            .field("nodes", &self.nodes)
            .field("stopped", &self.stopped)
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
    /// use katarenga_core::Position;
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
            nodes: 0,
            limits: Limits::depth(1),
            started: Instant::now(),
            stopped: false,
            stop: StopFlag::new(),
            shared_stop: false,
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
    /// use kamisado_core::Position;
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
        self.stop.clone()
    }

    /// Stops this searcher's searches by `flag` from now on, in place of
    /// its own. A flag handed in is never lowered by a search: a stop
    /// raised before a search starts ends it at once (with the first legal
    /// move), so that one flag can stop a sequence of searches and provers
    /// as an engine's `stop` must, whenever it comes.
    ///
    /// ```
    /// use game_search::{Limits, Searcher, StopFlag};
    /// use katarenga_core::Position;
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
        self.stop = flag;
        self.shared_stop = true;
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
    /// use kamisado_core::Position;
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
        self.nodes = 0;
        // Old history fades between searches.
        for h in &mut self.history {
            *h /= 8;
        }
        self.limits = limits;
        self.started = Instant::now();
        self.stopped = false;
        if !self.shared_stop {
            self.stop.reset();
        }
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
            result.elapsed = self.started.elapsed();
            return result;
        }
        // Always have a move, even if the first iteration is cut short.
        result.best = Some(moves[0]);
        result.score = self.evaluation.evaluate(root);
        for depth in 1..=limits.depth.min(MAX_DEPTH) {
            let score = self.negamax(root, depth as i32, -WIN - 1, WIN + 1, 0);
            if self.stopped {
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
                nodes: self.nodes,
                elapsed: self.started.elapsed(),
                pv: &result.pv,
            });
            if score.abs() > PROVEN {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.started.elapsed();
        result.stopped = self.stopped;
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
        spent(
            self.nodes,
            self.limits.nodes,
            1024,
            &self.stop,
            self.started,
            self.limits.time,
        )
    }

    /// The value of a leaf (a node at depth 0, counted as one): no move
    /// list, no table; the game may be over. It does not depend on the
    /// window, so a leaf is never searched twice.
    #[inline]
    fn leaf(&mut self, p: &G, ply: u32) -> i32 {
        self.nodes += 1;
        match p.winner() {
            Some(winner) => self.win_score(p, winner, ply),
            None => self.evaluation.evaluate(p),
        }
    }

    /// The quiescence search of a leaf, for games with
    /// [`SearchGame::QUIESCENCE`]: the side to move may stand on the static
    /// evaluation or play a tactical move ([`SearchGame::is_tactical`]:
    /// captures), up to `plies` more tactical plies, so that a leaf is not
    /// scored in the middle of an exchange. Fail-soft within `alpha..beta`.
    fn quiesce(&mut self, p: &G, mut alpha: i32, beta: i32, ply: u32, plies: u32) -> i32 {
        self.nodes += 1;
        if let Some(winner) = p.winner() {
            return self.win_score(p, winner, ply);
        }
        let stand = self.evaluation.evaluate(p);
        if stand >= beta || plies == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let side = p.side_to_move();
        // The game's own fixed-capacity list: every tactical move, none
        // dropped.
        let moves = p.legal_moves();
        for &mv in moves.iter().filter(|&&mv| p.is_tactical(mv)) {
            if self.out_of_budget() {
                self.stopped = true;
                return best;
            }
            let child = p.play_unchecked(mv);
            let score = if child.side_to_move() == side {
                self.quiesce(&child, alpha, beta, ply + 1, plies - 1)
            } else {
                -self.quiesce(&child, -beta, -alpha, ply + 1, plies - 1)
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// A node one ply above the leaves (but the root), already counted:
    /// the best-ranked move (a win at once, a killer, else by history) is
    /// scored first, then, unless it cuts off, the other children as the
    /// game expands them all at once ([`SearchGame::for_each_child`]).
    ///
    /// These nodes neither probe nor fill the table: they are most of the
    /// interior nodes, their entries would crowd out deeper ones, and
    /// every probe is a cache miss: the search takes less time for a few
    /// more nodes.
    fn frontier(&mut self, p: &G, alpha: i32, beta: i32, ply: u32) -> i32 {
        let ply_index = ply as usize;
        self.reach_ply(ply_index);
        self.pv[ply_index].clear();
        let killers = self.killers[ply_index];
        let history = &self.history;
        let (mut first, mut first_rank) = (None, i32::MIN);
        p.for_each_move(|mv| {
            let r = rank(p, mv, G::move_index(mv), killers, history);
            if r > first_rank {
                first_rank = r;
                first = Some(mv);
            }
        });
        let Some(first) = first else {
            return self.terminal_score(p, ply);
        };
        let mut node = Frontier {
            side: p.side_to_move(),
            ply,
            alpha,
            beta,
            best: -WIN - 1,
            best_move: first,
        };
        let mut done = self.frontier_child(&mut node, first, &p.play_unchecked(first));
        if !done {
            done = p.for_each_child(|mv, child| {
                mv != first && self.frontier_child(&mut node, mv, child)
            });
        }
        if self.stopped {
            return 0;
        }
        if done {
            self.cut_off(ply_index, node.best_move, 1);
        }
        node.best
    }

    /// Grows the per-ply vectors (together, so never shrinking one) to
    /// hold `ply_index` and the line below it.
    #[inline]
    fn reach_ply(&mut self, ply_index: usize) {
        if self.pv.len() < ply_index + 2 {
            self.ordered.resize_with(ply_index + 1, Vec::new);
            self.killers.resize(ply_index + 1, [NO_KILLER; 2]);
            self.pv.resize_with(ply_index + 2, Line::new);
        }
    }

    /// Remembers that `mv` cut off at `ply_index`, `depth` plies above the
    /// leaves: a killer there, and history weighted by the depth.
    fn cut_off(&mut self, ply_index: usize, mv: G::Move, depth: i32) {
        let index = G::move_index(mv);
        // Saturating: a search of hours could otherwise overflow a count.
        self.history[index] = self.history[index].saturating_add(depth * depth);
        let slot = &mut self.killers[ply_index];
        if slot[0] != index {
            slot[1] = slot[0];
            slot[0] = index;
        }
    }

    /// Scores one child of a [`Searcher::frontier`] node; returns whether
    /// the node is done (a cut-off, or the budget spent).
    #[inline]
    fn frontier_child(&mut self, node: &mut Frontier<G::Move>, mv: G::Move, child: &G) -> bool {
        if self.out_of_budget() {
            self.stopped = true;
            return true;
        }
        let same_side = child.side_to_move() == node.side;
        let score = if G::QUIESCENCE {
            if same_side {
                self.quiesce(child, node.alpha, node.beta, node.ply + 1, QUIESCENCE_PLIES)
            } else {
                -self.quiesce(
                    child,
                    -node.beta,
                    -node.alpha,
                    node.ply + 1,
                    QUIESCENCE_PLIES,
                )
            }
        } else {
            let value = self.leaf(child, node.ply + 1);
            if same_side { value } else { -value }
        };
        if score > node.best {
            node.best = score;
            node.best_move = mv;
        }
        if score > node.alpha {
            node.alpha = score;
            if score < node.beta {
                let line = &mut self.pv[node.ply as usize];
                line.clear();
                line.push(mv);
            }
        }
        node.alpha >= node.beta
    }

    fn negamax(&mut self, p: &G, depth: i32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if self.stopped || self.out_of_budget() {
            self.stopped = true;
            return 0;
        }
        if depth <= 0 {
            if G::QUIESCENCE {
                return self.quiesce(p, alpha, beta, ply, QUIESCENCE_PLIES);
            }
            return self.leaf(p, ply);
        }
        self.nodes += 1;
        if depth == 1 && ply > 0 {
            return self.frontier(p, alpha, beta, ply);
        }
        let ply_index = ply as usize;
        // The table's bucket is far away in memory: start loading it now,
        // so that it arrives while the moves are generated.
        let key = p.zobrist();
        self.table.prefetch(key);
        self.reach_ply(ply_index);
        self.pv[ply_index].clear();
        let mut ordered = std::mem::take(&mut self.ordered[ply_index]);
        ordered.clear();
        p.for_each_move(|mv| ordered.push((0, mv)));
        let mut table_code = NO_MOVE;
        let mut early = None;
        if ordered.is_empty() {
            early = Some(self.terminal_score(p, ply));
        } else if let Some(entry) = self.table.probe(key) {
            table_code = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::None => false,
                };
                if usable {
                    early = Some(score);
                }
            }
        }
        if let Some(score) = early {
            self.ordered[ply_index] = ordered;
            return score;
        }
        let side = p.side_to_move();
        // Order: the table's move, then wins at once, then killers, then
        // by history.
        let killers = self.killers[ply_index];
        let history = &self.history;
        let mut table_move = None;
        for entry in &mut ordered {
            let mv = entry.1;
            let index = G::move_index(mv);
            entry.0 = if index == usize::from(table_code) {
                table_move = Some(mv);
                i32::MAX
            } else {
                rank(p, mv, index, killers, history)
            };
        }
        let original_alpha = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        // Each child's table bucket is prefetched one move ahead, so that
        // it arrives while the previous child's subtree is searched; the
        // table's move, searched first, before the sort. (Children at
        // depth 1 or 0 do not probe the table.)
        let prefetch_children = depth >= 3;
        if let Some(mv) = table_move.filter(|_| prefetch_children) {
            self.table.prefetch(p.zobrist_after(mv));
        }
        // Most nodes cut off at their first move: below depth 3 (no child
        // prefetched ahead) only the best move is picked at first, and the
        // others are sorted if it does not cut off.
        if prefetch_children {
            sort_by_rank(&mut ordered);
        } else {
            move_best_first(&mut ordered);
        }
        for i in 0..ordered.len() {
            if i == 1 && !prefetch_children {
                sort_by_rank(&mut ordered[1..]);
            }
            let mv = ordered[i].1;
            if prefetch_children && i + 1 < ordered.len() {
                self.table.prefetch(p.zobrist_after(ordered[i + 1].1));
            }
            let child = p.play_unchecked(mv);
            let same_side = child.side_to_move() == side;
            // Principal variation search: the first move with the full
            // window, the others with a null window, searched again only
            // when they might be better.
            let search = |this: &mut Self, lo: i32, hi: i32| {
                if same_side {
                    // The same side moves again (after a push): no sign change.
                    this.negamax(&child, depth - 1, lo, hi, ply + 1)
                } else {
                    -this.negamax(&child, depth - 1, -hi, -lo, ply + 1)
                }
            };
            let score = if depth == 1 {
                // Only at the root (elsewhere `frontier` takes depth 1):
                // the child is a leaf, its value whatever the window.
                if self.out_of_budget() {
                    self.stopped = true;
                    self.ordered[ply_index] = ordered;
                    return 0;
                }
                if G::QUIESCENCE {
                    if same_side {
                        self.quiesce(&child, alpha, beta, ply + 1, QUIESCENCE_PLIES)
                    } else {
                        -self.quiesce(&child, -beta, -alpha, ply + 1, QUIESCENCE_PLIES)
                    }
                } else {
                    let value = self.leaf(&child, ply + 1);
                    if same_side { value } else { -value }
                }
            } else if i == 0 {
                search(self, alpha, beta)
            } else {
                let probe = search(self, alpha, alpha + 1);
                if probe > alpha && probe < beta && !self.stopped {
                    search(self, alpha, beta)
                } else {
                    probe
                }
            };
            if self.stopped {
                self.ordered[ply_index] = ordered;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
                if alpha < beta {
                    // A new best line (only in principal variation nodes:
                    // elsewhere the window is null and this cuts off).
                    let (here, below) = self.pv.split_at_mut(ply_index + 1);
                    let line = &mut here[ply_index];
                    line.clear();
                    line.push(mv);
                    if depth > 1 {
                        line.extend_from_slice(&below[0]);
                    }
                }
            }
            if alpha >= beta {
                self.cut_off(ply_index, mv, depth);
                break;
            }
        }
        self.ordered[ply_index] = ordered;
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            best: best_move.map_or(NO_MOVE, |m| G::move_index(m) as u16),
            score: to_table(best, ply),
            depth: depth.min(i32::from(i8::MAX)) as i8,
            bound,
        });
        best
    }
}

/// Sorts moves by rank, highest first.
#[inline]
fn sort_by_rank<M>(entries: &mut [(i32, M)]) {
    entries.sort_unstable_by_key(|entry| core::cmp::Reverse(entry.0));
}

/// Moves the highest-ranked entry to the front (the first of equals).
#[inline]
fn move_best_first<M>(entries: &mut [(i32, M)]) {
    let mut best = 0;
    for (i, entry) in entries.iter().enumerate().skip(1) {
        if entry.0 > entries[best].0 {
            best = i;
        }
    }
    entries.swap(0, best);
}

/// The ordering rank of `mv` (whose move index is `index`) below the
/// table's move (`i32::MAX`): a win at once, then a tactical move (a
/// capture), then a killer, then by history.
#[inline(always)]
fn rank<G: SearchGame>(
    p: &G,
    mv: G::Move,
    index: usize,
    killers: [usize; 2],
    history: &[i32],
) -> i32 {
    if p.wins_at_once(mv) {
        i32::MAX - 1
    } else if p.is_tactical(mv) {
        i32::MAX - 2
    } else if index == killers[0] || index == killers[1] {
        i32::MAX - 3
    } else {
        history[index].min(i32::MAX - 4)
    }
}

/// How many tactical plies a quiescence search plays at most.
const QUIESCENCE_PLIES: u32 = 6;

/// No killer move (an index no move has).
const NO_KILLER: usize = usize::MAX;

/// The running state of a [`Searcher::frontier`] node.
struct Frontier<M> {
    side: Player,
    ply: u32,
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: M,
}
