//! Move ordering: the table's move, then wins at once, tactical moves,
//! killers, and the history of cut-offs.

use super::Searcher;
use crate::eval::Evaluation;
use crate::game::SearchGame;

/// No killer move (an index no move has).
pub(super) const NO_KILLER: usize = usize::MAX;

impl<G: SearchGame, E: Evaluation<G>> Searcher<G, E> {
    /// Remembers that `mv` cut off at `ply_index`, `depth` plies above the
    /// leaves: a killer there, and history weighted by the depth.
    pub(super) fn cut_off(&mut self, ply_index: usize, mv: G::Move, depth: i32) {
        let index = G::move_index(mv);
        // Saturating: a search of hours could otherwise overflow a count.
        self.history[index] = self.history[index].saturating_add(depth * depth);
        let slot = &mut self.killers[ply_index];
        if slot[0] != index {
            slot[1] = slot[0];
            slot[0] = index;
        }
    }
}

/// Sorts moves by rank, highest first.
#[inline]
pub(super) fn sort_by_rank<M>(entries: &mut [(i32, M)]) {
    entries.sort_unstable_by_key(|entry| core::cmp::Reverse(entry.0));
}

/// Moves the highest-ranked entry to the front (the first of equals).
#[inline]
pub(super) fn move_best_first<M>(entries: &mut [(i32, M)]) {
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
pub(super) fn rank<G: SearchGame>(
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
