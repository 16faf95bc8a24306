//! Depth-first proof-number search (df-pn) for Kamisado: proves who wins a
//! round without looking for the shortest win. It grows the proof where
//! the fewest positions remain to be proven (proof numbers) or disproven
//! (disproof numbers), with thresholds so that it works depth-first in a
//! table of fixed size (Nagai's df-pn, with the 1 + ε trick of Pawlewicz
//! and Lew). A round never repeats a position, so the search graph has no
//! cycles.
//!
//! [`DfpnProver::solve`] says who wins; [`super::prove::Prover`] then finds
//! the exact length when it is wanted.

use std::time::Duration;

use arrayvec::ArrayVec;
use board_geometry::Player;
use kamisado_core::{MAX_MOVES, Move, Position};

use super::prove::{ProofLimits, Value};
use crate::clock::Instant;
use crate::search::StopFlag;
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
pub struct DfpnProof {
    /// Who wins, from the side to move's point of view.
    pub value: Value,
    /// A winning move of the side to move, if it wins.
    pub best: Option<Move>,
    /// Nodes expanded.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// A df-pn prover with its table.
///
/// ```
/// use game_search::kamisado::dfpn::DfpnProver;
/// use game_search::kamisado::prove::{ProofLimits, Value};
/// use kamisado_core::Position;
///
/// let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse()?;
/// let proof = DfpnProver::new(1)?.solve(&p, ProofLimits::default());
/// assert_eq!(proof.value, Value::Win);
/// assert_eq!(proof.best, Some("b3d1".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct DfpnProver {
    table: Vec<Entry>,
    attacker: Player,
    nodes: u64,
    limits: ProofLimits,
    started: Instant,
    stopped: bool,
    stop: StopFlag,
}

/// A node's children: the moves and the positions after them.
type Children = ArrayVec<(Move, Position), MAX_MOVES>;

impl std::fmt::Debug for DfpnProver {
    /// The table's size and the state of the last search (not the table's
    /// entries).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DfpnProver")
            .field(
                "table_bytes",
                &core::mem::size_of_val(self.table.as_slice()),
            )
            .field("attacker", &self.attacker)
            .field("nodes", &self.nodes)
            .field("limits", &self.limits)
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

impl DfpnProver {
    /// A prover with a table of `table_mib` MiB.
    ///
    /// # Errors
    /// [`TableError`] if the table cannot be allocated.
    pub fn new(table_mib: usize) -> Result<DfpnProver, TableError> {
        let table = crate::table::allocate(table_mib, EMPTY)?;
        Ok(DfpnProver {
            table,
            attacker: Player::Black,
            nodes: 0,
            limits: ProofLimits::default(),
            started: Instant::now(),
            stopped: false,
            stop: StopFlag::new(),
        })
    }

    /// The flag that stops this prover's searches from another thread.
    #[must_use]
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Proves whether the side to move in `position` wins. (A round has
    /// no draw: disproving a win proves a loss.)
    pub fn solve(&mut self, position: &Position, limits: ProofLimits) -> DfpnProof {
        self.table.fill(EMPTY);
        self.attacker = position.side_to_move();
        self.nodes = 0;
        self.limits = limits;
        self.started = Instant::now();
        self.stopped = false;
        self.stop.clear();
        self.mid(position, INF - 1, INF - 1);
        let root = self.lookup(position);
        let value = if root.pn == 0 {
            Value::Win
        } else if root.dn == 0 {
            Value::Loss
        } else {
            Value::Unknown
        };
        let best = if value == Value::Win {
            let mut found = None;
            position.for_each_child(|mv, child| {
                if self.lookup(child).pn == 0 {
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
            nodes: self.nodes,
            elapsed: self.started.elapsed(),
        }
    }

    /// Whether `player` wins `p` (whoever is to move there): `Some(true)`
    /// or `Some(false)` when proven, `None` when the limits of the last
    /// [`DfpnProver::solve`] (nodes, time) cut the search short. What was
    /// proved for the same `player` before stays in the table and is used.
    pub fn proves_win_for(&mut self, p: &Position, player: Player) -> Option<bool> {
        if self.attacker != player {
            self.table.fill(EMPTY);
            self.attacker = player;
        }
        let known = self.lookup(p);
        if known.pn == 0 || known.dn == 0 {
            return Some(known.pn == 0);
        }
        self.started = Instant::now();
        self.stopped = false;
        self.mid(p, INF - 1, INF - 1);
        let entry = self.lookup(p);
        if entry.pn == 0 || entry.dn == 0 {
            Some(entry.pn == 0)
        } else {
            None
        }
    }

    /// Nodes expanded since the last [`DfpnProver::solve`].
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.table.len() as u128) >> 64) as usize
    }

    /// The numbers of `p`: from the table, from the rules for a finished
    /// round or a win on the move, or the initial guess for a new leaf.
    fn lookup(&self, p: &Position) -> Entry {
        let key = p.zobrist();
        let entry = self.table[self.index(key)];
        if entry.key == key && (entry.pn != 0 || entry.dn != 0) {
            return entry;
        }
        self.evaluate(p, key)
    }

    /// The numbers of a position not in the table.
    fn evaluate(&self, p: &Position, key: u64) -> Entry {
        let side = p.side_to_move();
        let goal = side.goal_rank().bitboard();
        let mut arrives = false;
        let mut moves = 0u32;
        p.generate_moves(|tower| {
            moves += tower.len() as u32;
            arrives |= tower.to.intersects(goal);
            arrives
        });
        let attacker_to_move = side == self.attacker;
        let (pn, dn) = if arrives || moves == 0 {
            let side_wins = arrives || p.outcome().is_some_and(|o| o.winner() == side);
            if side_wins == attacker_to_move {
                (0, INF)
            } else {
                (INF, 0)
            }
        } else if attacker_to_move {
            // One good move proves; every move must be refuted.
            (1, moves)
        } else {
            (moves, 1)
        };
        Entry { key, pn, dn }
    }

    fn store(&mut self, entry: Entry) {
        let index = self.index(entry.key);
        self.table[index] = entry;
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && (self.nodes >= self.limits.nodes
                || self.stop.is_stopped()
                || self
                    .limits
                    .time
                    .is_some_and(|t| self.started.elapsed() >= t))
        {
            self.stopped = true;
        }
    }

    /// Expands `p` until its proof number reaches `thpn` or its disproof
    /// number reaches `thdn` (Nagai's multiple iterative deepening).
    fn mid(&mut self, p: &Position, thpn: u32, thdn: u32) {
        self.tick();
        let key = p.zobrist();
        let mut entry = self.lookup(p);
        if entry.pn == 0 || entry.dn == 0 || self.stopped {
            self.store(entry);
            return;
        }
        let or_node = p.side_to_move() == self.attacker;
        let mut children = Children::new();
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
                let e = self.lookup(child);
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
            if entry.pn >= thpn || entry.dn >= thdn || self.stopped {
                break;
            }
            let child = children[best].1;
            let e = self.lookup(&child);
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
            self.mid(&child, child_pn, child_dn);
        }
        entry.key = key;
        self.store(entry);
    }
}
