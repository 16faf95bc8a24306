//! Solving a position of any [`SearchGame`]: who wins, in how many plies
//! with best play, and a best move, from the two proof searches together.
//!
//! [`DfpnProver`] finds out who wins, fast and without looking for the
//! shortest win; [`Prover`] then finds the exact length by iterative
//! deepening on the winner's side only.

use std::time::Duration;

use board_geometry::Player;

use super::{DfpnProver, Prover, Value};
use crate::Limits;
use crate::SearchGame;
use crate::clock::Instant;
use crate::table::TableError;

/// What [`Solver::solve`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution<M> {
    /// The winner with best play, if proven.
    pub winner: Option<Player>,
    /// The length of the round from here with best play (the winner as
    /// fast as possible, the loser as slow as possible), if found.
    pub plies: Option<u32>,
    /// A best move: the fastest win, or the slowest loss.
    pub best: Option<M>,
    /// Nodes of both searches.
    pub nodes: u64,
    /// The time to prove who wins (the df-pn search).
    pub proof_time: Duration,
    /// The whole time, the exact length included.
    pub elapsed: Duration,
}

/// Both proof searches with their tables.
///
/// ```
/// use std::time::Duration;
/// use game_search::Limits;
/// use game_search::proof::Solver;
/// use kamisado_core::{Player, Position};
///
/// let mut solver = Solver::<Position>::new(64)?;
/// // White's green tower on b3 reaches d1, on Black's home row, at once.
/// let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse()?;
/// let solution = solver.solve(&p, Limits::time(Duration::from_secs(10)));
/// assert_eq!(solution.winner, Some(Player::White));
/// assert_eq!(solution.plies, Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver<G: SearchGame> {
    dfpn: DfpnProver<G>,
    prover: Prover<G>,
}

impl<G: SearchGame> Solver<G> {
    /// A solver with `table_mib` MiB of tables, shared by the two searches.
    ///
    /// # Errors
    /// [`TableError`] if the tables cannot be allocated.
    pub fn new(table_mib: usize) -> Result<Solver<G>, TableError> {
        let half = table_mib / 2;
        // An error names the size asked for, not the half that failed.
        let whole = |e: TableError| e.of_total(table_mib);
        Ok(Solver {
            dfpn: DfpnProver::new(half).map_err(whole)?,
            prover: Prover::new(table_mib - half).map_err(whole)?,
        })
    }

    /// Stops both searches by `flag` from now on; a flag handed in is
    /// never lowered by a search (see [`crate::Searcher::set_stop_flag`]).
    pub fn set_stop_flag(&mut self, flag: crate::StopFlag) {
        self.dfpn.set_stop_flag(flag.clone());
        self.prover.set_stop_flag(flag);
    }

    /// The exact-length prover, for questions of your own.
    pub fn prover(&mut self) -> &mut Prover<G> {
        &mut self.prover
    }

    /// Who wins `position` and in how many plies with best play, with a
    /// best move, within `limits` (the time and node limits cover both
    /// searches together).
    pub fn solve(&mut self, position: &G, limits: Limits) -> Solution<G::Move> {
        let started = Instant::now();
        let me = position.side_to_move();
        let proof = self.dfpn.solve(position, limits);
        let proof_time = started.elapsed();
        let mut solution = Solution {
            winner: match proof.value {
                Value::Win => Some(me),
                Value::Loss => Some(me.opponent()),
                Value::Unknown => position.winner(),
            },
            plies: None,
            best: proof.best,
            nodes: proof.nodes,
            proof_time,
            elapsed: Duration::ZERO,
        };
        if let Some(winner) = solution.winner {
            // What the proof of the winner left of the limits.
            let left = Limits {
                time: limits.time.map(|t| t.saturating_sub(proof_time)),
                nodes: limits.nodes.saturating_sub(proof.nodes),
                ..limits
            };
            self.prover.start(left);
            let value = if winner == me {
                Value::Win
            } else {
                Value::Loss
            };
            let plies = if value == Value::Win {
                self.prover.win_distance(position, limits.depth)
            } else {
                self.prover.loss_distance(position, limits.depth)
            };
            if let Some(plies) = plies {
                solution.plies = Some(plies);
                if plies > 0 {
                    solution.best = self.prover.best_move(position, value, plies);
                }
            }
            solution.nodes += self.prover.nodes();
        }
        solution.elapsed = started.elapsed();
        solution
    }

    /// The best line of play from `position` for a solved position: the
    /// winner's fastest win against the loser's slowest defence, `plies`
    /// long (empty if not solved).
    pub fn principal_variation(
        &mut self,
        position: &G,
        solution: &Solution<G::Move>,
    ) -> Vec<G::Move> {
        let (Some(winner), Some(plies)) = (solution.winner, solution.plies) else {
            return Vec::new();
        };
        self.prover.start(Limits::default());
        let mut line = Vec::new();
        let mut p = *position;
        for left in (1..=plies).rev() {
            let value = if p.side_to_move() == winner {
                Value::Win
            } else {
                Value::Loss
            };
            let Some(mv) = self.prover.best_move(&p, value, left) else {
                break;
            };
            line.push(mv);
            p = p.play_unchecked(mv);
            if p.outcome().is_some() {
                break;
            }
        }
        line
    }
}
