//! Depth-first proof-number search (df-pn), for any [`SearchGame`]: proves
//! who wins without looking for the shortest win. It grows the proof where
//! the fewest positions remain to be proven (proof numbers) or disproven
//! (disproof numbers), with thresholds so that it works depth-first in a
//! table of fixed size (Nagai's df-pn, with the 1 + ε trick of Pawlewicz
//! and Lew).
//!
//! In a game that may repeat positions ([`SearchGame::ACYCLIC`] false:
//! Katarenga) the question is "does the attacker win within `d` plies",
//! and a node is a position with the plies left: the table's key mixes the
//! two, so the search graph has no cycles (the plies left fall by one a
//! move), and no answer depends on the path that led to it (no graph
//! history interaction). [`DfpnProver::solve`] searches for the side to
//! move's win and for the opponent's in turn, with growing horizons and
//! budgets. In an acyclic game without draws (Kamisado), disproving a win
//! proves the loss, and the plies left are not part of a node.
//!
//! [`DfpnProver::solve`] says who wins; [`super::Prover`] then finds
//! the exact length when it is wanted.

use std::time::Duration;

use board_geometry::Player;

use super::Value;
use crate::SearchGame;
use crate::limits::{Budget, Limits, StopFlag};
use crate::table::TableError;

/// Proof and disproof numbers at or above this are infinite.
const INF: u32 = u32::MAX / 4;

/// One table entry, 16 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    key: u64,
    /// Proof number: how many leaves at least remain to prove a win of
    /// the attacker.
    pn: u32,
    /// Disproof number: how many leaves at least remain to prove a loss.
    dn: u32,
}

const EMPTY: Entry = Entry {
    key: 0,
    pn: 0,
    dn: 0,
};

/// What a df-pn search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DfpnProof<M> {
    /// Who wins, from the side to move's point of view.
    pub value: Value,
    /// A winning move of the side to move, if it wins.
    pub best: Option<M>,
    /// Nodes expanded.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// A df-pn prover with its table.
///
/// ```
/// use game_search::Limits;
/// use game_search::proof::{DfpnProver, Value};
/// use kamisado_core::Position;
///
/// let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse()?;
/// let proof = DfpnProver::<Position>::new(1)?.solve(&p, Limits::default());
/// assert_eq!(proof.value, Value::Win);
/// assert_eq!(proof.best, Some("b3d1".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct DfpnProver<G: SearchGame> {
    /// Buckets of two entries, the newest first.
    table: Vec<[Entry; 2]>,
    /// Spare children lists, one taken per node being expanded.
    spare: Vec<Vec<(G::Move, G)>>,
    attacker: Player,
    /// The nodes, time and stop flag of the running search.
    budget: Budget,
    /// Whether the table holds numbers of this position's search (false
    /// before the first search).
    filled: bool,
    /// The end of the current round's nodes (games that repeat positions).
    round_end: u64,
    /// The plies of the current question (games that repeat positions).
    horizon: u32,
    /// Whether the limits or the stop flag (not a round's end) stopped
    /// the search.
    exhausted: bool,
}

impl<G: SearchGame> std::fmt::Debug for DfpnProver<G> {
    /// The table's size and the state of the last search (not the table's
    /// entries).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DfpnProver")
            .field(
                "table_bytes",
                &core::mem::size_of_val(self.table.as_slice()),
            )
            .field("attacker", &self.attacker)
            .field("nodes", &self.budget.nodes)
            .field("limits", &self.budget.limits)
            .field("stopped", &self.budget.stopped)
            .finish_non_exhaustive()
    }
}

impl<G: SearchGame> DfpnProver<G> {
    /// A prover with a table of `table_mib` MiB.
    ///
    /// # Errors
    /// [`TableError`] if the table cannot be allocated.
    pub fn new(table_mib: usize) -> Result<DfpnProver<G>, TableError> {
        let table = crate::table::allocate(table_mib, [EMPTY; 2])?;
        Ok(DfpnProver {
            table,
            spare: Vec::new(),
            attacker: Player::Black,
            budget: Budget::new(),
            filled: false,
            round_end: u64::MAX,
            horizon: 0,
            exhausted: false,
        })
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

    /// Proves whether the side to move in `position` wins or loses. In an
    /// [acyclic](SearchGame::ACYCLIC) game disproving a win proves the
    /// loss; otherwise a loss is proven as the opponent's win, a second
    /// search within what is left of the limits.
    pub fn solve(&mut self, position: &G, limits: Limits) -> DfpnProof<G::Move> {
        self.budget.start(limits);
        self.exhausted = false;
        self.round_end = u64::MAX;
        self.horizon = limits.depth.min(u32::from(u8::MAX));
        // A fresh table for each position solved.
        self.filled = false;
        let me = position.side_to_move();
        let value = if G::ACYCLIC {
            match self.search_for(position, me) {
                Some(true) => Value::Win,
                Some(false) => Value::Loss,
                None => Value::Unknown,
            }
        } else {
            self.solve_cyclic(position)
        };
        let best = if value == Value::Win {
            let mut found = None;
            let left = self.horizon.saturating_sub(1);
            position.for_each_child(|mv, child| {
                if self.lookup(child, left).pn == 0 {
                    found = Some(mv);
                }
                found.is_some()
            });
            found
        } else {
            None
        };
        DfpnProof {
            value,
            best,
            nodes: self.budget.nodes,
            elapsed: self.budget.elapsed(),
        }
    }

    /// Whether `player` wins `p` (whoever is to move there): `Some(true)`
    /// when proven, `Some(false)` when disproven (in an acyclic game, a
    /// proven loss; otherwise only "no win found"), `None` when the limits
    /// of the last [`DfpnProver::solve`] (nodes, time) cut the search
    /// short. What was proved for the same `player` before stays in the
    /// table and is used.
    pub fn proves_win_for(&mut self, p: &G, player: Player) -> Option<bool> {
        self.budget.restart_clock();
        self.exhausted = false;
        self.round_end = u64::MAX;
        self.horizon = self.budget.limits.depth.min(u32::from(u8::MAX));
        self.search_for(p, player)
    }

    /// Who wins `p` in a game that may repeat positions: searches for the
    /// side to move's win and for the opponent's in turn within a horizon
    /// of plies, each with a budget of nodes that doubles every round (each
    /// in its half of the table, so that a round goes on where the last
    /// stopped); the horizon grows by half (1, 2, 3, 4, 6, 9, ...) when
    /// both are disproven, until one is proven, both are disproven at the
    /// limits' depth, or the limits are reached.
    fn solve_cyclic(&mut self, p: &G) -> Value {
        let me = p.side_to_move();
        let most = self.budget.limits.depth.min(u32::from(u8::MAX));
        let mut budget = 4096u64;
        // Short horizons first: there df-pn cannot wander down long
        // lines, and both sides' disproofs come fast.
        let mut horizon = most.min(1);
        loop {
            let mut disproven = 0;
            for (player, value) in [(me, Value::Win), (me.opponent(), Value::Loss)] {
                self.round_end = self.budget.nodes.saturating_add(budget);
                self.budget.stopped = false;
                self.horizon = horizon;
                match self.search_for(p, player) {
                    Some(true) => return value,
                    Some(false) => disproven += 1,
                    None => {}
                }
                if self.exhausted {
                    return Value::Unknown;
                }
            }
            if disproven == 2 {
                if horizon == most {
                    // Neither side wins within the limits' plies.
                    return Value::Unknown;
                }
                horizon = (horizon + (horizon / 2).max(1)).min(most);
            }
            budget = budget.saturating_mul(2);
        }
    }

    /// The search for a win of `player` in `p` (within the horizon, in a
    /// game that may repeat positions), in the table of that attacker (an
    /// acyclic game's single table is cleared when the attacker changes;
    /// otherwise each attacker has its half).
    fn search_for(&mut self, p: &G, player: Player) -> Option<bool> {
        if !self.filled || (G::ACYCLIC && self.attacker != player) {
            self.table.fill([EMPTY; 2]);
            self.filled = true;
        }
        self.attacker = player;
        let horizon = self.horizon;
        let known = self.lookup(p, horizon);
        if known.pn == 0 || known.dn == 0 {
            return Some(known.pn == 0);
        }
        self.mid(p, horizon, INF - 1, INF - 1);
        let entry = self.lookup(p, horizon);
        if entry.pn == 0 || entry.dn == 0 {
            Some(entry.pn == 0)
        } else {
            None
        }
    }

    /// Nodes expanded since the last [`DfpnProver::solve`].
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.budget.nodes
    }

    fn index(&self, key: u64) -> usize {
        if G::ACYCLIC {
            ((u128::from(key) * self.table.len() as u128) >> 64) as usize
        } else {
            // Black's half, then White's.
            let half = self.table.len() / 2;
            self.attacker.index() * half + ((u128::from(key) * half as u128) >> 64) as usize
        }
    }

    /// The key of `p` with `left` plies to go: the position's hash alone
    /// in an acyclic game, mixed with the plies left otherwise.
    #[inline]
    fn key(p: &G, left: u32) -> u64 {
        if G::ACYCLIC {
            p.zobrist()
        } else {
            p.zobrist() ^ board_geometry::splitmix64(u64::from(left)).1
        }
    }

    /// The numbers of `p` with `left` plies to go: from the table, from the
    /// rules for a finished game or a win on the move, or the initial
    /// guess for a new leaf.
    fn lookup(&self, p: &G, left: u32) -> Entry {
        let key = Self::key(p, left);
        let bucket = &self.table[self.index(key)];
        for entry in bucket {
            if entry.key == key && (entry.pn != 0 || entry.dn != 0) {
                return *entry;
            }
        }
        self.evaluate(p, key, left)
    }

    /// The numbers of a position not in the table.
    fn evaluate(&self, p: &G, key: u64, left: u32) -> Entry {
        let side = p.side_to_move();
        let replies = p.replies();
        let (arrives, moves) = (replies.wins && (G::ACYCLIC || left > 0), replies.moves);
        let attacker_to_move = side == self.attacker;
        let (pn, dn) = if arrives || moves == 0 {
            let side_wins = arrives || p.winner() == Some(side);
            if side_wins == attacker_to_move {
                (0, INF)
            } else {
                (INF, 0)
            }
        } else if !G::ACYCLIC && (left == 0 || (left == 1 && attacker_to_move)) {
            // Out of plies (or the attacker's last ply, and no move wins
            // at once): no win within the horizon.
            (INF, 0)
        } else if attacker_to_move {
            // One good move proves; every move must be refuted.
            (1, moves)
        } else {
            (moves, 1)
        };
        Entry { key, pn, dn }
    }

    /// Stores `entry` first in its bucket (over its own older entry there),
    /// the bucket's newest moved second (so that a node and the child it
    /// expands never push each other out, which would loop).
    fn store(&mut self, entry: Entry) {
        let index = self.index(entry.key);
        let bucket = &mut self.table[index];
        if bucket[0].key != entry.key {
            // (Over the second slot, whether or not it held this key.)
            bucket[1] = bucket[0];
        }
        bucket[0] = entry;
    }

    /// Counts a node: the node limit is checked at every node, the clock
    /// and the stop flag every 256 (a few microseconds apart).
    fn tick(&mut self) {
        self.budget.nodes += 1;
        if self.budget.spent(256) {
            self.budget.stopped = true;
            self.exhausted = true;
        } else if self.budget.nodes >= self.round_end {
            self.budget.stopped = true;
        }
    }

    /// Expands `p` until its proof number reaches `thpn` or its disproof
    /// number reaches `thdn` (Nagai's multiple iterative deepening).
    fn mid(&mut self, p: &G, left: u32, thpn: u32, thdn: u32) {
        self.tick();
        let key = Self::key(p, left);
        let mut entry = self.lookup(p, left);
        if entry.pn == 0 || entry.dn == 0 || self.budget.stopped {
            self.store(entry);
            return;
        }
        let or_node = p.side_to_move() == self.attacker;
        let mut children = self.spare.pop().unwrap_or_default();
        children.clear();
        p.for_each_child(|mv, child| {
            children.push((mv, *child));
            false
        });
        loop {
            // The node's numbers from its children's, and the child to
            // expand with its thresholds.
            let (mut best, mut best_value, mut second) = (0, INF, INF);
            let mut total = 0u32;
            for (i, (_, child)) in children.iter().enumerate() {
                let e = self.lookup(child, left.saturating_sub(1));
                let (select, add) = if or_node { (e.pn, e.dn) } else { (e.dn, e.pn) };
                total = total.saturating_add(add).min(INF);
                if select < best_value {
                    second = best_value;
                    best_value = select;
                    best = i;
                } else if select < second {
                    second = select;
                }
            }
            (entry.pn, entry.dn) = if or_node {
                (best_value, total)
            } else {
                (total, best_value)
            };
            if entry.pn >= thpn || entry.dn >= thdn || self.budget.stopped {
                break;
            }
            let child = children[best].1;
            let e = self.lookup(&child, left.saturating_sub(1));
            // 1 + ε: let the best child run until it is a quarter worse
            // than the second best.
            let grown = second.saturating_add(second / 4 + 1).min(INF);
            let (child_pn, child_dn) = if or_node {
                let thpn_c = thpn.min(grown);
                let thdn_c = thdn.saturating_sub(entry.dn).saturating_add(e.dn).min(INF);
                (thpn_c, thdn_c)
            } else {
                let thdn_c = thdn.min(grown);
                let thpn_c = thpn.saturating_sub(entry.pn).saturating_add(e.pn).min(INF);
                (thpn_c, thdn_c)
            };
            self.mid(&child, left.saturating_sub(1), child_pn, child_dn);
        }
        self.spare.push(children);
        entry.key = key;
        self.store(entry);
    }
}
