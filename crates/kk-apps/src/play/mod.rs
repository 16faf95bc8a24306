//! `kk-play`: a game of Kamisado or Katarenga in the terminal, human or
//! computer on either side, the board drawn in colour, moves typed in the
//! notation; whole Kamisado matches, Katarenga's set-up (the board, the
//! orientation Black chooses, the rule option) and its rematch.

mod args;
mod session;

pub use args::{OrientationChoice, PlayArgs, Who};
pub use session::{Console, MAX_LINE, run};
