//! Proving who wins a Kamisado round: a depth-first proof search built for
//! proving rather than playing.
//!
//! Two questions are asked of a position and a number of plies `d`:
//! can the side to move force a win within `d` plies (an OR node), and does
//! it lose within `d` plies whatever it does (an AND node)? There is no
//! evaluation: a position is a win, a loss, or not yet known. The answers
//! are kept in a transposition table as bounds (a win within 7 plies is a
//! win within 9; no win within 7 means none within 5), which is sound
//! because a round never repeats a position (towers only move forward).
//! Iterative deepening on `d` makes the first proven depth the exact length
//! of the round with best play: the winner as fast as possible, the loser as
//! slow as possible.
//!
//! Moves are ordered by what shortens proofs: at an OR node, a win on the
//! move first, then the table's move, then the moves that leave the
//! opponent the fewest replies (a blocked opponent first), and moves that
//! hand the opponent a win on its move are never tried; at an AND node, the
//! table's refutation first, then the replies that leave the winner the
//! fewest moves.

use std::time::Duration;

use arrayvec::ArrayVec;
use board_geometry::Player;
use kamisado_core::{MAX_MOVES, Move, Position};

use crate::clock::Instant;
use crate::search::StopFlag;
use crate::table::TableError;

/// Who wins a position, as far as a proof search got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Not proven within the limits.
    Unknown,
}

/// When a proof search gives up: whichever limit comes first, or the stop
/// flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProofLimits {
    /// The longest round to look for, in plies.
    pub plies: u32,
    /// The most nodes to visit.
    pub nodes: u64,
    /// The most time to take.
    pub time: Option<Duration>,
}

impl Default for ProofLimits {
    /// 120 plies (longer than any round), no node or time limit.
    fn default() -> ProofLimits {
        ProofLimits {
            plies: 120,
            nodes: u64::MAX,
            time: None,
        }
    }
}

impl ProofLimits {
    /// Give up after `time`.
    #[must_use]
    pub fn time(time: Duration) -> ProofLimits {
        ProofLimits {
            time: Some(time),
            ..ProofLimits::default()
        }
    }
}

/// What a proof search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// Who wins, from the side to move's point of view.
    pub value: Value,
    /// For a proven result: the length of the round from here with best
    /// play (the winner as fast as possible, the loser as slow as
    /// possible), exact.
    pub plies: Option<u32>,
    /// A best move: the fastest win, or the slowest loss.
    pub best: Option<Move>,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// One table entry: what is known of a position, 16 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    key: u64,
    /// A win within this many plies is proven (`NONE`: not known).
    win: u8,
    /// No win within fewer than this many plies (0: nothing known).
    no_win: u8,
    /// A loss within this many plies is proven (`NONE`: not known).
    lose: u8,
    /// No loss within fewer than this many plies.
    no_lose: u8,
    /// The move that proved the win, or refuted a loss; `NO_MOVE` if none.
    best: u16,
}

const NONE: u8 = u8::MAX;
const NO_MOVE: u16 = u16::MAX;
const EMPTY: Entry = Entry {
    key: 0,
    win: NONE,
    no_win: 0,
    lose: NONE,
    no_lose: 0,
    best: NO_MOVE,
};

fn code(mv: Move) -> u16 {
    u16::from(mv.from.index()) * 64 + u16::from(mv.to.index())
}

/// Children with their moves and ordering ranks (lower first).
type Children = ArrayVec<(u32, Move, Position), MAX_MOVES>;

/// From how many plies on the table is used (below, a node is cheaper to
/// search than to look up).
const TABLE_MIN: u32 = 2;

/// From how many plies on moves are ordered (below, ordering costs more
/// than it saves).
const ORDER_MIN: u32 = 2;

/// A proof search for Kamisado with its table. Keep one prover for many
/// positions of a round: what it proved stays in the table.
///
/// ```
/// use game_search::kamisado::prove::{Prover, ProofLimits, Value};
/// use kamisado_core::Position;
///
/// // White's green tower on b3 reaches Black's home row at once.
/// let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse()?;
/// let mut prover = Prover::new(1)?;
/// let proof = prover.solve(&p, ProofLimits::default());
/// assert_eq!(proof.value, Value::Win);
/// assert_eq!(proof.plies, Some(1));
/// assert_eq!(proof.best, Some("b3d1".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Prover {
    table: Vec<[Entry; 2]>,
    nodes: u64,
    limits: ProofLimits,
    started: Instant,
    stopped: bool,
    stop: StopFlag,
}

impl std::fmt::Debug for Prover {
    /// The table's size and the state of the last search (not the table's
    /// entries).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prover")
            .field(
                "table_bytes",
                &core::mem::size_of_val(self.table.as_slice()),
            )
            .field("nodes", &self.nodes)
            .field("limits", &self.limits)
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

impl Prover {
    /// A prover with a table of `table_mib` MiB (0: the smallest, one
    /// bucket).
    ///
    /// # Errors
    /// [`TableError`] if the table cannot be allocated.
    pub fn new(table_mib: usize) -> Result<Prover, TableError> {
        let table = crate::table::allocate(table_mib, [EMPTY; 2])?;
        Ok(Prover {
            table,
            nodes: 0,
            limits: ProofLimits::default(),
            started: Instant::now(),
            stopped: false,
            stop: StopFlag::new(),
        })
    }

    /// Forgets everything proved.
    pub fn clear(&mut self) {
        self.table.fill([EMPTY; 2]);
    }

    /// The flag that stops this prover's searches from another thread.
    #[must_use]
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Nodes visited since the last [`Prover::solve`] (or the prover's
    /// creation).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Proves who wins `position` and in how many plies with best play, by
    /// iterative deepening: the first length at which a win or a loss of the
    /// side to move is proven is the exact length.
    pub fn solve(&mut self, position: &Position, limits: ProofLimits) -> Proof {
        self.nodes = 0;
        self.limits = limits;
        self.started = Instant::now();
        self.stopped = false;
        self.stop.clear();
        let mut proof = Proof {
            value: Value::Unknown,
            plies: None,
            best: None,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if let Some(outcome) = position.outcome() {
            proof.value = if outcome.winner() == position.side_to_move() {
                Value::Win
            } else {
                Value::Loss
            };
            proof.plies = Some(0);
        } else {
            for plies in 1..=limits.plies.min(u32::from(NONE - 1)) {
                if self.wins_within(position, plies) {
                    proof.value = Value::Win;
                } else if !self.stopped && self.loses_within(position, plies) {
                    proof.value = Value::Loss;
                }
                if self.stopped {
                    break;
                }
                if proof.value != Value::Unknown {
                    proof.plies = Some(plies);
                    proof.best = self.best_move(position, proof.value, plies);
                    break;
                }
            }
        }
        proof.nodes = self.nodes;
        proof.elapsed = self.started.elapsed();
        proof
    }

    /// The exact number of plies in which the side to move wins `p` with
    /// best play (the loser as slow as possible), looking no further than
    /// `max` plies: `None` if it does not win within `max` or the limits
    /// of the last [`Prover::solve`] cut the search short.
    pub fn win_distance(&mut self, p: &Position, max: u32) -> Option<u32> {
        if let Some(outcome) = p.outcome() {
            return (outcome.winner() == p.side_to_move()).then_some(0);
        }
        self.stopped = false;
        (1..=max.min(u32::from(NONE - 1))).find(|&d| self.wins_within(p, d) && !self.stopped)
    }

    /// The exact number of plies in which the side to move loses `p` with
    /// best play (the loser as slow as possible), looking no further than
    /// `max` plies; `None` if it does not lose within `max` or the limits
    /// cut the search short.
    pub fn loss_distance(&mut self, p: &Position, max: u32) -> Option<u32> {
        if let Some(outcome) = p.outcome() {
            return (outcome.winner() != p.side_to_move()).then_some(0);
        }
        self.stopped = false;
        (1..=max.min(u32::from(NONE - 1))).find(|&d| self.loses_within(p, d) && !self.stopped)
    }

    /// Starts the limits' clock and node count for searches that do not go
    /// through [`Prover::solve`] ([`Prover::win_distance`],
    /// [`Prover::loss_distance`], [`Prover::wins_within`], ...).
    pub fn start(&mut self, limits: ProofLimits) {
        self.nodes = 0;
        self.limits = limits;
        self.started = Instant::now();
        self.stopped = false;
        self.stop.clear();
    }

    /// Whether a limit or the stop flag cut the last search short.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// A move that keeps the proven result of `position` within `plies`: a
    /// win within `plies` for [`Value::Win`], a loss no sooner than
    /// `plies` for [`Value::Loss`] (with `plies` the exact distance).
    pub fn best_move(&mut self, position: &Position, value: Value, plies: u32) -> Option<Move> {
        let me = position.side_to_move();
        let moves = position.legal_moves();
        match value {
            Value::Win => moves
                .iter()
                .copied()
                .find(|&mv| self.move_wins_within(position, me, mv, plies)),
            // The slowest loss: a move after which the opponent needs all
            // the remaining plies (any move when every move loses at once).
            Value::Loss if plies >= 2 => moves
                .iter()
                .copied()
                .find(|&mv| !self.move_loses_within(position, me, mv, plies - 2)),
            Value::Loss => None,
            Value::Unknown => None,
        }
        .or_else(|| moves.first().copied())
    }

    /// Whether `mv` (by `me`, to move in `p`) wins within `plies`.
    pub fn move_wins_within(&mut self, p: &Position, me: Player, mv: Move, plies: u32) -> bool {
        if plies == 0 {
            return false;
        }
        self.child_wins(&p.play_unchecked(mv), me, plies - 1)
    }

    /// Whether after `mv` (by `me`) the opponent can force a win within
    /// `plies`, that is, `me` loses within `plies` after it.
    fn move_loses_within(&mut self, p: &Position, me: Player, mv: Move, plies: u32) -> bool {
        self.child_loses(&p.play_unchecked(mv), me, plies)
    }

    fn bucket(&self, key: u64) -> usize {
        ((u128::from(key) * self.table.len() as u128) >> 64) as usize
    }

    fn probe(&self, key: u64) -> Entry {
        let bucket = &self.table[self.bucket(key)];
        if bucket[0].key == key {
            bucket[0]
        } else if bucket[1].key == key {
            bucket[1]
        } else {
            Entry { key, ..EMPTY }
        }
    }

    fn store(&mut self, entry: Entry) {
        let index = self.bucket(entry.key);
        let bucket = &mut self.table[index];
        let weight = |e: &Entry| u16::from(e.no_win) + u16::from(e.no_lose);
        if bucket[0].key == entry.key {
            bucket[0] = entry;
        } else if bucket[1].key == entry.key {
            bucket[1] = entry;
            // Keep the entry with the deeper knowledge in the first slot.
            if weight(&bucket[1]) > weight(&bucket[0]) {
                bucket.swap(0, 1);
            }
        } else if weight(&entry) >= weight(&bucket[0]) {
            bucket[1] = bucket[0];
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
    }

    /// Whether a limit or the stop flag ends the search (checked every
    /// 4,096 nodes).
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 4095 == 0
            && (self.nodes >= self.limits.nodes
                || self.stop.is_stopped()
                || self
                    .limits
                    .time
                    .is_some_and(|t| self.started.elapsed() >= t))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the side to move in `p` can force a win within `plies`
    /// (OR node).
    pub fn wins_within(&mut self, p: &Position, plies: u32) -> bool {
        if self.tick() {
            return false;
        }
        let me = p.side_to_move();
        let goal = me.goal_rank().bitboard();
        let mut arrives = false;
        let mut any = false;
        p.generate_moves(|tower| {
            any = true;
            arrives |= tower.to.intersects(goal);
            arrives
        });
        if arrives {
            return plies >= 1;
        }
        if !any {
            return p.outcome().is_some_and(|o| o.winner() == me);
        }
        if plies <= 1 {
            // Only an arrival wins on the move (a move into a deadlock
            // loses it).
            return false;
        }
        let d = plies.min(u32::from(NONE - 1)) as u8;
        let use_table = plies >= TABLE_MIN;
        let key = p.zobrist();
        let mut entry = Entry { key, ..EMPTY };
        if use_table {
            entry = self.probe(key);
            if entry.win <= d {
                return true;
            }
            if d < entry.no_win {
                return false;
            }
        }
        let found = if plies >= ORDER_MIN {
            // Order the moves: the table's move, then the fewest replies;
            // moves that hand the opponent a win on its move are dropped.
            let opponent_goal = me.opponent().goal_rank().bitboard();
            let mut children = Children::new();
            p.for_each_child(|mv, child| {
                let rank = if code(mv) == entry.best {
                    0
                } else if child.side_to_move() == me {
                    // After a push we move again: promising.
                    1
                } else {
                    let mut replies = 0u32;
                    let mut threat = false;
                    child.generate_moves(|reply| {
                        replies += reply.len() as u32;
                        threat |= reply.to.intersects(opponent_goal);
                        threat
                    });
                    if threat {
                        return false;
                    }
                    2 + replies
                };
                children.push((rank, mv, *child));
                false
            });
            children.sort_unstable_by_key(|c| c.0);
            children
                .iter()
                .find(|(_, _, child)| self.child_wins(child, me, plies - 1) || self.stopped)
                .map(|&(_, mv, _)| mv)
        } else {
            let mut found = None;
            p.for_each_child(|mv, child| {
                if self.child_wins(child, me, plies - 1) {
                    found = Some(mv);
                }
                found.is_some() || self.stopped
            });
            found
        };
        if self.stopped {
            return false;
        }
        match found {
            Some(mv) => {
                if use_table {
                    entry.win = d;
                    entry.best = code(mv);
                    self.store(entry);
                }
                true
            }
            None => {
                if use_table {
                    entry.no_win = entry.no_win.max(d + 1);
                    self.store(entry);
                }
                false
            }
        }
    }

    /// Whether `me`, who just moved into `child`, wins within `plies`.
    #[inline]
    fn child_wins(&mut self, child: &Position, me: Player, plies: u32) -> bool {
        if child.side_to_move() == me {
            self.wins_within(child, plies)
        } else {
            self.loses_within(child, plies)
        }
    }

    /// Whether `me`, who just moved into `child`, loses within `plies`.
    #[inline]
    fn child_loses(&mut self, child: &Position, me: Player, plies: u32) -> bool {
        if child.side_to_move() == me {
            self.loses_within(child, plies)
        } else {
            self.wins_within(child, plies)
        }
    }

    /// Whether the side to move in `p` loses within `plies` whatever it
    /// does (AND node).
    pub fn loses_within(&mut self, p: &Position, plies: u32) -> bool {
        if self.tick() {
            return false;
        }
        let me = p.side_to_move();
        let goal = me.goal_rank().bitboard();
        let mut arrives = false;
        let mut any = false;
        p.generate_moves(|tower| {
            any = true;
            arrives |= tower.to.intersects(goal);
            arrives
        });
        if arrives {
            return false;
        }
        if !any {
            return p.outcome().is_some_and(|o| o.winner() != me);
        }
        if plies == 0 {
            return false;
        }
        let d = plies.min(u32::from(NONE - 1)) as u8;
        let use_table = plies >= TABLE_MIN;
        let key = p.zobrist();
        let mut entry = Entry { key, ..EMPTY };
        if use_table {
            entry = self.probe(key);
            if entry.lose <= d {
                return true;
            }
            if d < entry.no_lose {
                return false;
            }
        }
        let refutation = if plies >= ORDER_MIN {
            // The table's refutation first, then the replies that leave the
            // opponent the fewest moves (the likeliest refutations).
            let mut children = Children::new();
            p.for_each_child(|mv, child| {
                let rank = if code(mv) == entry.best {
                    0
                } else {
                    1 + child.count_moves() as u32
                };
                children.push((rank, mv, *child));
                false
            });
            children.sort_unstable_by_key(|c| c.0);
            children
                .iter()
                .find(|(_, _, child)| !self.child_loses(child, me, plies - 1))
                .map(|&(_, mv, _)| mv)
        } else {
            let mut refutation = None;
            p.for_each_child(|mv, child| {
                if !self.child_loses(child, me, plies - 1) {
                    refutation = Some(mv);
                }
                refutation.is_some()
            });
            refutation
        };
        if self.stopped {
            return false;
        }
        match refutation {
            Some(mv) => {
                if use_table {
                    entry.no_lose = entry.no_lose.max(d + 1);
                    entry.best = code(mv);
                    self.store(entry);
                }
                false
            }
            None => {
                if use_table {
                    entry.lose = d;
                    self.store(entry);
                }
                true
            }
        }
    }
}
