//! Exact distances for Kamisado: [`crate::proof::Prover`] on Kamisado
//! positions (the provers are generic; these names are kept for Kamisado's
//! users).
//!
//! ```
//! use game_search::kamisado::prove::{Prover, ProofLimits, Value};
//! use kamisado_core::Position;
//!
//! // White's green tower on b3 reaches Black's home row at once.
//! let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g".parse()?;
//! let proof = Prover::new(1)?.solve(&p, ProofLimits::default());
//! assert_eq!((proof.value, proof.plies), (Value::Win, Some(1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::proof::{ProofLimits, Value};

/// The exact-distance prover on Kamisado positions.
pub type Prover = crate::proof::Prover<kamisado_core::Position>;

/// What [`Prover::solve`] found, with Kamisado moves.
pub type Proof = crate::proof::Proof<kamisado_core::Move>;
