//! The quiescence search at the leaves (games with
//! [`SearchGame::QUIESCENCE`]): tactical moves only, so that a leaf is not
//! scored in the middle of an exchange.

use super::Searcher;
use crate::eval::Evaluation;
use crate::game::SearchGame;

/// How many tactical plies a quiescence search plays at most.
pub(super) const QUIESCENCE_PLIES: u32 = 6;

impl<G: SearchGame, E: Evaluation<G>> Searcher<G, E> {
    /// The quiescence search of a leaf, for games with
    /// [`SearchGame::QUIESCENCE`]: the side to move may stand on the static
    /// evaluation or play a tactical move ([`SearchGame::is_tactical`]:
    /// captures), up to `plies` more tactical plies, so that a leaf is not
    /// scored in the middle of an exchange. Fail-soft within `alpha..beta`.
    pub(super) fn quiesce(
        &mut self,
        p: &G,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        plies: u32,
    ) -> i32 {
        self.budget.nodes += 1;
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
        for mv in p.tactical_moves() {
            if self.out_of_budget() {
                self.budget.stopped = true;
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
}
