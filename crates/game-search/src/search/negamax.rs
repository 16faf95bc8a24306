//! The search proper: negamax alpha-beta with principal variation search
//! and the transposition table, the nodes one ply above the leaves
//! (scored without the table), and the leaves.

use board_geometry::Player;

use super::ordering::{NO_KILLER, move_best_first, rank, sort_by_rank};
use super::quiescence::QUIESCENCE_PLIES;
use super::{Line, PROVEN, Searcher, WIN};
use crate::eval::Evaluation;
use crate::game::{LeafValue, SearchGame};
use crate::table::{Bound, Entry, NO_MOVE};

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

impl<G: SearchGame, E: Evaluation<G>> Searcher<G, E> {
    /// The value of a leaf (a node at depth 0, counted as one): no move
    /// list, no table; the game may be over. It does not depend on the
    /// window, so a leaf is never searched twice.
    #[inline]
    fn leaf(&mut self, p: &G, ply: u32) -> i32 {
        self.budget.nodes += 1;
        match self.evaluation.evaluate_leaf(p) {
            LeafValue::Won(winner) => self.win_score(p, winner, ply),
            LeafValue::Evaluated(value) => value,
        }
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
        if self.budget.stopped {
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

    /// Scores one child of a [`Searcher::frontier`] node; returns whether
    /// the node is done (a cut-off, or the budget spent).
    #[inline]
    fn frontier_child(&mut self, node: &mut Frontier<G::Move>, mv: G::Move, child: &G) -> bool {
        if self.out_of_budget() {
            self.budget.stopped = true;
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

    pub(super) fn negamax(
        &mut self,
        p: &G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        if self.budget.stopped || self.out_of_budget() {
            self.budget.stopped = true;
            return 0;
        }
        if depth <= 0 {
            if G::QUIESCENCE {
                return self.quiesce(p, alpha, beta, ply, QUIESCENCE_PLIES);
            }
            return self.leaf(p, ply);
        }
        self.budget.nodes += 1;
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
                    self.budget.stopped = true;
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
                if probe > alpha && probe < beta && !self.budget.stopped {
                    search(self, alpha, beta)
                } else {
                    probe
                }
            };
            if self.budget.stopped {
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

/// The running state of a [`Searcher::frontier`] node.
struct Frontier<M> {
    side: Player,
    ply: u32,
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: M,
}
