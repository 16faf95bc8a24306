//! Solving a Kamisado round: [`crate::proof::Solver`] on Kamisado positions,
//! with the winner's strategy as a [`Certificate`].

use kamisado_core::Position;

use super::certificate::{Certificate, CertificateError};
use crate::proof::ProofLimits;

/// Both proof searches on Kamisado positions.
pub type Solver = crate::proof::Solver<Position>;

/// What [`Solver::solve`] found, with Kamisado moves.
pub type Solution = crate::proof::Solution<kamisado_core::Move>;

impl crate::proof::Solver<Position> {
    /// A certificate of the fastest winning strategy from `position` (see
    /// [`Certificate::prove`]).
    ///
    /// # Errors
    /// [`CertificateError::NotProven`] if no win is proven.
    pub fn certificate(&mut self, position: &Position) -> Result<Certificate, CertificateError> {
        let prover = self.prover();
        prover.start(ProofLimits::default());
        Certificate::prove(position, prover)
    }
}
