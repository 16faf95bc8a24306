//! Exact distances: a depth-first proof search built for proving rather
//! than playing, for any [`SearchGame`].
//!
//! Two questions are asked of a position and a number of plies `d`:
//! can the side to move force a win within `d` plies (an OR node), and does
//! it lose within `d` plies whatever it does (an AND node)? There is no
//! evaluation: a position is a win, a loss, or not yet known. The answers
//! are kept in a transposition table as bounds (a win within 7 plies is a
//! win within 9; no win within 7 means none within 5). Both questions are
//! about the tree of the next `d` plies, whatever path led to the
//! position, so the bounds are sound in games that repeat positions too
//! (Katarenga) as long as the rules have no draw by repetition.
//! Iterative deepening on `d` makes the first proven depth the exact length
//! of the game with best play: the winner as fast as possible, the loser as
//! slow as possible.
//!
//! Moves are ordered by what shortens proofs: at an OR node, a win on the
//! move first, then the table's move, then the moves that leave the
//! opponent the fewest replies, and moves that hand the opponent a win on
//! its move are never tried; at an AND node, the table's refutation first,
//! then the replies that leave the winner the fewest moves.

use crate::GameOutcome;

use std::time::Duration;

use board_geometry::Player;

use super::{Children, Proof, Value};
use crate::SearchGame;
use crate::limits::{Budget, Limits, StopFlag};
use crate::table::TableError;

/// One table entry: what is known of a position, 16 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    key: u64,
    /// What is known of a win of the side to move (the OR question).
    win: Bound,
    /// What is known of a loss of the side to move (the AND question).
    lose: Bound,
    /// The move that proved the win, or refuted a loss; `NO_MOVE` if none.
    best: u16,
}

/// What is known of one question about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Bound {
    /// Proven within this many plies (`NONE`: not known).
    proven: u8,
    /// Not within fewer than this many plies (0: nothing known).
    beyond: u8,
}

impl Entry {
    /// The bound of the win question (`WIN`) or of the loss question.
    fn bound<const WIN: bool>(&self) -> Bound {
        if WIN { self.win } else { self.lose }
    }

    fn bound_mut<const WIN: bool>(&mut self) -> &mut Bound {
        if WIN { &mut self.win } else { &mut self.lose }
    }
}

const NONE: u8 = u8::MAX;
const NO_MOVE: u16 = u16::MAX;
const UNKNOWN: Bound = Bound {
    proven: NONE,
    beyond: 0,
};
const EMPTY: Entry = Entry {
    key: 0,
    win: UNKNOWN,
    lose: UNKNOWN,
    best: NO_MOVE,
};

/// The table's code of a move: its [`SearchGame::move_index`].
fn code<G: SearchGame>(mv: G::Move) -> u16 {
    G::move_index(mv) as u16
}

/// From how many plies on the table is used (below, a node is cheaper to
/// search than to look up).
const TABLE_MIN: u32 = 2;

/// From how many plies on moves are ordered (below, ordering costs more
/// than it saves).
const ORDER_MIN: u32 = 2;

/// A proof search with its table, for any [`SearchGame`]. Keep one prover
/// for many positions of a game: what it proved stays in the table.
///
/// ```
/// use game_search::Limits;
/// use game_search::proof::{Prover, Value};
/// use kamisado_core::Position;
///
/// // White's green tower on b3 reaches Black's home row at once.
/// let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse()?;
/// let mut prover = Prover::<Position>::new(1)?;
/// let proof = prover.solve(&p, Limits::default());
/// assert_eq!(proof.value, Value::Win);
/// assert_eq!(proof.plies, Some(1));
/// assert_eq!(proof.best, Some("b3d1".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Prover<G: SearchGame> {
    table: Vec<[Entry; 2]>,
    /// Spare children lists, one taken per node being searched.
    spare: Vec<Children<G>>,
    /// The nodes, time and stop flag of the running search.
    budget: Budget,
}

impl<G: SearchGame> std::fmt::Debug for Prover<G> {
    /// The table's size and the state of the last search (not the table's
    /// entries).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prover")
            .field(
                "table_bytes",
                &core::mem::size_of_val(self.table.as_slice()),
            )
            .field("nodes", &self.budget.nodes)
            .field("limits", &self.budget.limits)
            .field("stopped", &self.budget.stopped)
            .finish_non_exhaustive()
    }
}

impl<G: SearchGame> Prover<G> {
    /// A prover with a table of `table_mib` MiB (0: the smallest, one
    /// bucket).
    ///
    /// # Errors
    /// [`TableError`] if the table cannot be allocated.
    pub fn new(table_mib: usize) -> Result<Prover<G>, TableError> {
        let table = crate::table::allocate(table_mib, [EMPTY; 2])?;
        Ok(Prover {
            table,
            spare: Vec::new(),
            budget: Budget::new(),
        })
    }

    /// Forgets everything proved.
    pub fn clear(&mut self) {
        self.table.fill([EMPTY; 2]);
    }

    /// The flag that stops this prover's searches from another thread.
    #[must_use]
    pub fn stop_flag(&self) -> StopFlag {
        self.budget.stop_flag()
    }

    /// Stops this prover's searches by `flag` from now on, in place of its
    /// own; a flag handed in is never lowered by a search (see
    /// [`crate::Searcher::set_stop_flag`]).
    pub fn set_stop_flag(&mut self, flag: StopFlag) {
        self.budget.share_stop_flag(flag);
    }

    /// Nodes visited since the last [`Prover::solve`] (or the prover's
    /// creation).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.budget.nodes
    }

    /// Proves who wins `position` and in how many plies with best play, by
    /// iterative deepening: the first length at which a win or a loss of the
    /// side to move is proven is the exact length.
    pub fn solve(&mut self, position: &G, limits: Limits) -> Proof<G::Move> {
        self.start(limits);
        let mut proof = Proof {
            value: Value::Unknown,
            plies: None,
            best: None,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if let Some(outcome) = position.outcome() {
            // A game drawn by its rules (Congress's pass, Quebec's draw
            // options) is neither won nor lost.
            let side = position.side_to_move();
            (proof.value, proof.plies) = match outcome.winner() {
                Some(w) if w == side => (Value::Win, Some(0)),
                Some(_) => (Value::Loss, Some(0)),
                None => (Value::Unknown, None),
            };
        } else {
            for plies in 1..=limits.depth.min(u32::from(NONE - 1)) {
                if self.wins_within(position, plies) {
                    proof.value = Value::Win;
                } else if !self.budget.stopped && self.loses_within(position, plies) {
                    proof.value = Value::Loss;
                }
                if self.budget.stopped {
                    break;
                }
                if proof.value != Value::Unknown {
                    proof.plies = Some(plies);
                    proof.best = self.best_move(position, proof.value, plies);
                    break;
                }
            }
        }
        proof.nodes = self.budget.nodes;
        proof.elapsed = self.budget.elapsed();
        proof
    }

    /// The exact number of plies in which the side to move wins `p` with
    /// best play (the loser as slow as possible), looking no further than
    /// `max` plies: `None` if it does not win within `max` or the limits
    /// of the last [`Prover::solve`] cut the search short.
    pub fn win_distance(&mut self, p: &G, max: u32) -> Option<u32> {
        if let Some(outcome) = p.outcome() {
            return (outcome.winner() == Some(p.side_to_move())).then_some(0);
        }
        self.budget.stopped = false;
        (1..=max.min(u32::from(NONE - 1))).find(|&d| self.wins_within(p, d) && !self.budget.stopped)
    }

    /// The exact number of plies in which the side to move loses `p` with
    /// best play (the loser as slow as possible), looking no further than
    /// `max` plies; `None` if it does not lose within `max` or the limits
    /// cut the search short.
    pub fn loss_distance(&mut self, p: &G, max: u32) -> Option<u32> {
        if let Some(outcome) = p.outcome() {
            return (outcome.winner() == Some(p.side_to_move().opponent())).then_some(0);
        }
        self.budget.stopped = false;
        (1..=max.min(u32::from(NONE - 1)))
            .find(|&d| self.loses_within(p, d) && !self.budget.stopped)
    }

    /// Starts the limits' clock and node count for searches that do not go
    /// through [`Prover::solve`] ([`Prover::win_distance`],
    /// [`Prover::loss_distance`], [`Prover::wins_within`], ...).
    pub fn start(&mut self, limits: Limits) {
        self.budget.start(limits);
    }

    /// Whether a limit or the stop flag cut the last search short.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.budget.stopped
    }

    /// A move that keeps the proven result of `position` within `plies`: a
    /// win within `plies` for [`Value::Win`], a loss no sooner than
    /// `plies` for [`Value::Loss`] (with `plies` the exact distance).
    pub fn best_move(&mut self, position: &G, value: Value, plies: u32) -> Option<G::Move> {
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
    pub fn move_wins_within(&mut self, p: &G, me: Player, mv: G::Move, plies: u32) -> bool {
        if plies == 0 {
            return false;
        }
        self.child_node::<true>(&p.play_unchecked(mv), me, plies - 1)
    }

    /// Whether after `mv` (by `me`) the opponent can force a win within
    /// `plies`, that is, `me` loses within `plies` after it.
    fn move_loses_within(&mut self, p: &G, me: Player, mv: G::Move, plies: u32) -> bool {
        self.child_node::<false>(&p.play_unchecked(mv), me, plies)
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
        let weight = |e: &Entry| u16::from(e.win.beyond) + u16::from(e.lose.beyond);
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

    /// Whether a limit or the stop flag ends the search: the node limit
    /// at every node, the clock and the flag every 1,024 nodes.
    fn tick(&mut self) -> bool {
        // Once stopped, nothing more is visited (nor counted).
        if self.budget.stopped {
            return true;
        }
        self.budget.nodes += 1;
        self.budget.stopped = self.budget.spent(1024);
        self.budget.stopped
    }

    /// Whether the side to move in `p` can force a win within `plies`
    /// (OR node).
    pub fn wins_within(&mut self, p: &G, plies: u32) -> bool {
        self.node::<true>(p, plies)
    }

    /// Whether the side to move in `p` loses within `plies` whatever it
    /// does (AND node).
    pub fn loses_within(&mut self, p: &G, plies: u32) -> bool {
        self.node::<false>(p, plies)
    }

    /// One node of either question, `WIN` for the OR node. Both nodes look
    /// for a move that settles them, a winning move at an OR node and a
    /// refutation (a move that does not lose) at an AND node; finding one
    /// answers yes at an OR node and no at an AND node.
    fn node<const WIN: bool>(&mut self, p: &G, plies: u32) -> bool {
        if self.tick() {
            return false;
        }
        let me = p.side_to_move();
        let replies = p.replies();
        if replies.wins {
            return WIN && plies >= 1;
        }
        if replies.moves == 0 {
            return p.winner().is_some_and(|w| (w == me) == WIN);
        }
        // No move wins at once, so a win takes two plies; a loss needs one.
        if plies <= u32::from(WIN) {
            return false;
        }
        let d = plies.min(u32::from(NONE - 1)) as u8;
        let use_table = plies >= TABLE_MIN;
        let key = p.zobrist();
        let mut entry = Entry { key, ..EMPTY };
        if use_table {
            entry = self.probe(key);
            let bound = entry.bound::<WIN>();
            if bound.proven <= d {
                return true;
            }
            if d < bound.beyond {
                return false;
            }
        }
        let settling = if plies >= ORDER_MIN {
            // The table's move first. At an OR node, then the moves that
            // leave the opponent the fewest replies, and moves that hand
            // the opponent a win on its move are dropped; at an AND node,
            // the replies that leave the opponent the fewest moves (the
            // likeliest refutations).
            let mut children = self.spare.pop().unwrap_or_default();
            children.clear();
            p.for_each_child(|mv, child| {
                let rank = if code::<G>(mv) == entry.best {
                    0
                } else if !WIN {
                    1 + child.count_moves() as u32
                } else if child.side_to_move() == me {
                    // We move again (after a Kamisado push): promising.
                    1
                } else {
                    let replies = child.replies();
                    if replies.wins {
                        return false;
                    }
                    2 + replies.moves
                };
                children.push((rank, mv, *child));
                false
            });
            children.sort_unstable_by_key(|c| c.0);
            let settling = children
                .iter()
                .find(|(_, _, child)| self.settles::<WIN>(child, me, plies - 1))
                .map(|&(_, mv, _)| mv);
            self.spare.push(children);
            settling
        } else {
            let mut settling = None;
            p.for_each_child(|mv, child| {
                if self.settles::<WIN>(child, me, plies - 1) {
                    settling = Some(mv);
                }
                settling.is_some()
            });
            settling
        };
        if self.budget.stopped {
            return false;
        }
        let answer = settling.is_some() == WIN;
        if use_table {
            let bound = entry.bound_mut::<WIN>();
            if answer {
                bound.proven = d;
            } else {
                bound.beyond = bound.beyond.max(d + 1);
            }
            if let Some(mv) = settling {
                entry.best = code::<G>(mv);
            }
            self.store(entry);
        }
        answer
    }

    /// Whether `child`, where `me` just moved, settles a node of the `WIN`
    /// question: `me` wins within `plies` (OR node) or does not lose
    /// within them (AND node). A stopped search settles every node, so
    /// that it ends at once.
    #[inline]
    fn settles<const WIN: bool>(&mut self, child: &G, me: Player, plies: u32) -> bool {
        if WIN {
            self.child_node::<true>(child, me, plies) || self.budget.stopped
        } else {
            !self.child_node::<false>(child, me, plies)
        }
    }

    /// Whether `me`, who just moved into `child`, wins (`WIN`) or loses
    /// within `plies`: the question of `child`'s side to move, or the other
    /// question where the opponent moves there.
    #[inline]
    fn child_node<const WIN: bool>(&mut self, child: &G, me: Player, plies: u32) -> bool {
        if (child.side_to_move() == me) == WIN {
            self.node::<true>(child, plies)
        } else {
            self.node::<false>(child, plies)
        }
    }
}
