//! Negamax alpha-beta with iterative deepening, a transposition table,
//! move ordering, limits, and exact scores for proven results: the same
//! code plays and solves.

use std::time::{Duration, Instant};

use crate::game::SearchGame;

/// The score of a win now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;

/// Scores beyond `±PROVEN` are proven results (a forced win or loss within
/// `WIN - |score|` plies); the evaluation stays far inside.
pub const PROVEN: i32 = WIN - 10_000;

/// When a search stops: whichever limit comes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// The most nodes to visit.
    pub nodes: u64,
    /// The most time to take.
    pub time: Option<Duration>,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
            time: None,
        }
    }

    /// Search for `time` (up to 100 plies deep).
    pub fn time(time: Duration) -> Limits {
        Limits {
            depth: 100,
            nodes: u64::MAX,
            time: Some(time),
        }
    }

    /// Search `nodes` nodes at most (up to 100 plies deep).
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: 100,
            nodes,
            time: None,
        }
    }
}

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
    /// The principal variation, from the table.
    pub pv: Vec<M>,
    /// Time taken.
    pub elapsed: Duration,
}

impl<M> SearchResult<M> {
    /// Whether the score is a proven win or loss.
    pub fn is_proven(&self) -> bool {
        self.score.abs() > PROVEN
    }

    /// For a proven result: plies to the end of the game with best play.
    pub fn plies_to_end(&self) -> Option<i32> {
        self.is_proven().then(|| WIN - self.score.abs())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry<M> {
    key: u64,
    best: Option<M>,
    score: i32,
    depth: i16,
    bound: Bound,
}

/// A transposition table of fixed size, in buckets of two: one slot keeps
/// the deepest entry, the other the newest.
struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    fn new(entries: usize) -> Table<M> {
        let size = entries.max(2).next_power_of_two();
        Table {
            slots: vec![None; size],
            mask: (size - 1) & !1,
        }
    }

    fn probe(&self, key: u64) -> Option<Entry<M>> {
        let i = key as usize & self.mask;
        self.slots[i..i + 2]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    fn store(&mut self, entry: Entry<M>) {
        let i = entry.key as usize & self.mask;
        let deep = &mut self.slots[i];
        match deep {
            Some(old) if old.key != entry.key && old.depth > entry.depth => {
                self.slots[i + 1] = Some(entry)
            }
            _ => *deep = Some(entry),
        }
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

/// An alpha-beta searcher with its table. Keep one between moves of a game:
/// the table carries over.
pub struct Searcher<G: SearchGame> {
    table: Table<G::Move>,
    killers: Vec<[Option<G::Move>; 2]>,
    buffers: Vec<Vec<G::Move>>,
    /// Per ply: the moves with their ordering rank.
    ordered: Vec<Vec<(i32, G::Move)>>,
    /// How often each move (by index) caused a cut-off, weighted by depth:
    /// the order of the quiet moves.
    history: Vec<i32>,
    nodes: u64,
    limits: Limits,
    started: Instant,
    stop: bool,
}

impl<G: SearchGame> Searcher<G> {
    /// A searcher with a table of `table_entries` entries (rounded up to a
    /// power of two; about 32 bytes each). The table never grows.
    pub fn new(table_entries: usize) -> Searcher<G> {
        Searcher {
            table: Table::new(table_entries),
            killers: Vec::new(),
            buffers: Vec::new(),
            ordered: Vec::new(),
            history: vec![0; G::MOVE_INDICES],
            nodes: 0,
            limits: Limits::depth(1),
            started: Instant::now(),
            stop: false,
        }
    }

    /// Searches `root` by iterative deepening until a limit is reached or the
    /// result is proven.
    pub fn search(&mut self, root: &G, limits: Limits) -> SearchResult<G::Move> {
        self.nodes = 0;
        // Old history fades between searches.
        for h in &mut self.history {
            *h /= 8;
        }
        self.limits = limits;
        self.started = Instant::now();
        self.stop = false;
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        };
        let mut moves = Vec::new();
        root.moves(&mut moves);
        if moves.is_empty() {
            result.score = self.terminal_score(root, 0);
            return result;
        }
        // Always have a move, even if the first iteration is cut short.
        result.best = Some(moves[0]);
        for depth in 1..=limits.depth.max(1) {
            let score = self.negamax(root, depth as i32, -WIN - 1, WIN + 1, 0);
            if self.stop {
                break;
            }
            result.score = score;
            result.depth = depth;
            if let Some(entry) = self.table.probe(root.hash()) {
                if entry.best.is_some() {
                    result.best = entry.best;
                }
            }
            if score.abs() > PROVEN {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.started.elapsed();
        result.pv = self.principal_variation(root, result.depth.max(1) as usize + 4);
        result
    }

    fn principal_variation(&self, root: &G, max: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut p = *root;
        let mut moves = Vec::new();
        while pv.len() < max {
            let Some(best) = self.table.probe(p.hash()).and_then(|e| e.best) else {
                break;
            };
            moves.clear();
            p.moves(&mut moves);
            if !moves.contains(&best) {
                break;
            }
            pv.push(best);
            p = p.play(best);
        }
        pv
    }

    fn terminal_score(&self, p: &G, ply: u32) -> i32 {
        match p.winner() {
            Some(w) if w == p.side_to_move() => WIN - ply as i32,
            Some(_) => -(WIN - ply as i32),
            None => 0,
        }
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.limits.nodes
            || self
                .limits
                .time
                .is_some_and(|t| self.started.elapsed() >= t)
    }

    fn negamax(&mut self, p: &G, depth: i32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.out_of_budget() {
            self.stop = true;
        }
        if self.stop {
            return 0;
        }
        let ply_index = ply as usize;
        if self.buffers.len() <= ply_index {
            self.buffers.resize_with(ply_index + 1, Vec::new);
            self.ordered.resize_with(ply_index + 1, Vec::new);
            self.killers.resize(ply_index + 1, [None, None]);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply_index]);
        moves.clear();
        p.moves(&mut moves);
        if moves.is_empty() {
            self.buffers[ply_index] = moves;
            return self.terminal_score(p, ply);
        }
        let key = p.hash();
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    self.buffers[ply_index] = moves;
                    return score;
                }
            }
        }
        if depth <= 0 {
            self.buffers[ply_index] = moves;
            return p.evaluate();
        }
        let side = p.side_to_move();
        // Order: the table's move, then wins at once, then killers.
        let killers = self.killers[ply_index];
        // The buffers are reused from ply to ply: no allocation per node.
        let mut ordered = std::mem::take(&mut self.ordered[ply_index]);
        ordered.clear();
        let history = &self.history;
        ordered.extend(moves.iter().map(|&mv| {
            let rank = if Some(mv) == table_move {
                i32::MAX
            } else if p.wins_at_once(mv) {
                i32::MAX - 1
            } else if killers.contains(&Some(mv)) {
                i32::MAX - 2
            } else {
                history[G::move_index(mv)].min(i32::MAX - 3)
            };
            (rank, mv)
        }));
        self.buffers[ply_index] = moves;
        ordered.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        let original_alpha = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        for (i, &(_, mv)) in ordered.iter().enumerate() {
            let child = p.play(mv);
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
            let score = if i == 0 {
                search(self, alpha, beta)
            } else {
                let probe = search(self, alpha, alpha + 1);
                if probe > alpha && probe < beta && !self.stop {
                    search(self, alpha, beta)
                } else {
                    probe
                }
            };
            if self.stop {
                self.ordered[ply_index] = ordered;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.history[G::move_index(mv)] += depth * depth;
                let slot = &mut self.killers[ply_index];
                if slot[0] != Some(mv) {
                    slot[1] = slot[0];
                    slot[0] = Some(mv);
                }
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
            best: best_move,
            score: to_table(best, ply),
            depth: depth.min(i32::from(i16::MAX)) as i16,
            bound,
        });
        best
    }
}
