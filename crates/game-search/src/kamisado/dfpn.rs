//! Df-pn for Kamisado: [`crate::proof::DfpnProver`] on Kamisado positions
//! (a round never repeats a position: disproving a win proves the loss).

/// The df-pn prover on Kamisado positions.
pub type DfpnProver = crate::proof::DfpnProver<kamisado_core::Position>;

/// What [`DfpnProver::solve`] found, with Kamisado moves.
pub type DfpnProof = crate::proof::DfpnProof<kamisado_core::Move>;
