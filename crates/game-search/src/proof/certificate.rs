//! Proof certificates: a winning strategy written out so that anyone can
//! check it with the rules alone ([`super::check`] does, sharing no code
//! with the search). Any game's that is [`SearchGame`] and [`Certified`]
//! (made by the [`Solver`]: Kamisado, Katarenga, Congress, Quebec,
//! Isolation), and strict Isolation's by its exact solver (feature
//! `family`,
//! [`IsolationSolver::certificate`](super::isolation::IsolationSolver::certificate)).
//!
//! Proving a position, reading its value, distance and best line, then
//! writing the winner's strategy as a certificate and checking it:
//!
//! ```
//! use kamisado_core::Game;
//! use std::time::Duration;
//! use game_search::proof::certificate::Certificate;
//! use game_search::proof::check::check;
//! use game_search::Limits;
//! use game_search::proof::Solver;
//! use kamisado_core::{Player, Position};
//!
//! // After d1d7 g8b3 d7d7 (Black's yellow tower is blocked and passes),
//! // White's green tower on b3 must move and reaches d1 at once.
//! let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse()?;
//! let mut solver = Solver::<Position>::new(16)?;
//! let solution = solver.solve(&p, Limits::time(Duration::from_secs(10)));
//! assert_eq!(solution.winner, Some(Player::White));
//! assert_eq!(solution.plies, Some(1));
//! assert_eq!(solution.best, Some("b3d1".parse()?));
//! let line = solver.principal_variation(&p, &solution);
//! assert_eq!(line, ["b3d1".parse()?]);
//!
//! // Black's first move h1h7 loses in three more plies, whatever Black does.
//! let after = Position::start().play("h1h7".parse()?);
//! let certificate = Certificate::prove(&after, solver.prover())?;
//! assert_eq!((certificate.winner, certificate.plies), (Player::White, 3));
//! let text = certificate.to_string();
//! assert!(text.starts_with("# kamisado-certificate 1\n"));
//! let verified = check(&text)?;
//! assert_eq!((verified.winner, verified.plies), (Player::White, 3));
//! // A certificate with a line removed has a hole.
//! let holed: String = text.lines().filter(|l| !l.contains(" ; c8c6")).map(|l| format!("{l}\n")).collect();
//! assert!(check(&holed).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The text format, one line per position in which the winner is to move
//! and that can be reached when the winner follows the file and the loser
//! plays any legal move (passes and the extra move after a push included),
//! sorted by position text, without duplicates (transpositions share a
//! line):
//!
//! ```text
//! # kamisado-certificate 1
//! # start <position> ; winner <black|white> ; plies <N>
//! <position> ; <move>
//! ```
//!
//! `N` is the longest the round can last under the strategy: every line of
//! play it allows ends in the winner's win within `N` plies. The other
//! games' are the same with their name for `kamisado`; where the notation
//! does not hold the game's options, the start line writes them after its
//! position (`... w reading=strict supply=8`, `... w no-move=pass`,
//! `... w both-connected=draw`), and a line's position is played under the
//! start's.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use board_geometry::Player;

use super::check::Certified;
use super::{Prover, Solver, Value};
use crate::{Game, GameOutcome, Limits, SearchGame};

/// Why a certificate could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// The prover could not prove who wins within its limits.
    #[error("the position is not proven: no certificate")]
    NotProven,
}

/// A winning strategy from a start position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate<G: Game> {
    /// The position the strategy starts from.
    pub start: G,
    /// The player the strategy wins for.
    pub winner: Player,
    /// The longest the game (Kamisado's round) lasts under the strategy, in
    /// plies.
    pub plies: u32,
    /// The winner's move in each position it can face, by position text
    /// (sorted).
    pub moves: BTreeMap<String, G::Move>,
}

impl<G: Game> Certificate<G> {
    /// The number of positions (lines) in the certificate.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the certificate has no line (the start is already over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl<G: SearchGame + Certified> Certificate<G> {
    /// The fastest winning strategy from `start`: at each position of the
    /// winner, a move that wins in the fewest plies there (found by
    /// `prover`, whose iterative deepening gives exact lengths), the one
    /// that leaves the loser the fewest replies among them. Its `plies` is
    /// the length of the game (Kamisado's round) with best play. Choosing
    /// the fastest win keeps certificates small: from the start of a
    /// Kamisado match, 1,205 lines against 35,491 for a strategy read off a
    /// proof-number search (which lets the round last 41 plies).
    ///
    /// # Errors
    /// [`CertificateError::NotProven`] if no win is proven within 120
    /// plies or the prover's limits (a drawn or drawing position has none).
    pub fn prove(start: &G, prover: &mut Prover<G>) -> Result<Certificate<G>, CertificateError> {
        let winner = match start.outcome() {
            Some(outcome) => GameOutcome::winner(outcome).ok_or(CertificateError::NotProven)?,
            None => {
                let proof = prover.solve(start, Limits::default());
                match proof.value {
                    Value::Win => start.side_to_move(),
                    Value::Loss => start.side_to_move().opponent(),
                    Value::Unknown => return Err(CertificateError::NotProven),
                }
            }
        };
        let mut builder = Fastest {
            prover,
            winner,
            moves: HashMap::new(),
            lengths: HashMap::new(),
        };
        let plies = builder.after(start)?;
        let moves = builder
            .moves
            .into_iter()
            .map(|(p, (mv, _))| (p.to_string(), mv))
            .collect();
        Ok(Certificate {
            start: *start,
            winner,
            plies,
            moves,
        })
    }
}

impl<G: Certified> fmt::Display for Certificate<G> {
    /// Writes the text format of the module docs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "# {}-certificate 1", G::KIND)?;
        writeln!(
            f,
            "# start {} ; winner {} ; plies {}",
            self.start.start_text(),
            self.winner,
            self.plies
        )?;
        for (position, mv) in &self.moves {
            writeln!(f, "{position} ; {mv}")?;
        }
        Ok(())
    }
}

/// Walks the fastest strategy (see [`Certificate::prove`]): every
/// position the winner can face, with its move. The win distance falls by
/// at least two at each of the winner's moves, so the walk ends in games
/// that repeat positions too.
struct Fastest<'a, G: SearchGame> {
    prover: &'a mut Prover<G>,
    winner: Player,
    moves: HashMap<G, (G::Move, u32)>,
    lengths: HashMap<G, u32>,
}

impl<G: SearchGame> Fastest<'_, G> {
    fn after(&mut self, p: &G) -> Result<u32, CertificateError> {
        if let Some(outcome) = p.outcome() {
            return if GameOutcome::winner(outcome) == Some(self.winner) {
                Ok(0)
            } else {
                Err(CertificateError::NotProven)
            };
        }
        if p.side_to_move() == self.winner {
            if let Some(&(_, plies)) = self.moves.get(p) {
                return Ok(plies);
            }
            let distance = self
                .prover
                .win_distance(p, 120)
                .ok_or(CertificateError::NotProven)?;
            let mut candidates = Vec::new();
            p.for_each_child(|mv, child| {
                candidates.push((child.count_moves(), mv));
                false
            });
            candidates.sort_by_key(|c| c.0);
            let me = self.winner;
            let mv = candidates
                .into_iter()
                .map(|(_, mv)| mv)
                .find(|&mv| self.prover.move_wins_within(p, me, mv, distance))
                .ok_or(CertificateError::NotProven)?;
            let plies = 1 + self.after(&p.play_unchecked(mv))?;
            self.moves.insert(*p, (mv, plies));
            Ok(plies)
        } else {
            if let Some(&plies) = self.lengths.get(p) {
                return Ok(plies);
            }
            let mut children = Vec::new();
            p.for_each_child(|_, child| {
                children.push(*child);
                false
            });
            let mut longest = 0;
            for child in children {
                longest = longest.max(1 + self.after(&child)?);
            }
            self.lengths.insert(*p, longest);
            Ok(longest)
        }
    }
}

impl<G: SearchGame + Certified> Solver<G> {
    /// A certificate of the fastest winning strategy from `position` (see
    /// [`Certificate::prove`]).
    ///
    /// # Errors
    /// [`CertificateError::NotProven`] if no win is proven.
    pub fn certificate(&mut self, position: &G) -> Result<Certificate<G>, CertificateError> {
        let prover = self.prover();
        prover.start(Limits::default());
        Certificate::prove(position, prover)
    }
}
