//! Kamisado's [`Game`]: the rules interface, with the fast paths of this
//! crate (the bulk counts of perft, the slides of one tower lifted once).
//!
//! ```
//! use kamisado_core::{Colour, Game, IllegalMove, Player, Position};
//! let start = Position::start();
//! let next = start.try_play("d1d7".parse()?)?;
//! assert_eq!(next.to_string(), "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g");
//! assert_eq!(
//!     next.try_play("a8a7".parse()?),
//!     Err(IllegalMove::WrongTower {
//!         side: Player::White,
//!         forced: Colour::Green,
//!         moved: Colour::Orange,
//!     })
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use board_geometry::Player;
use game_rules::{Game, GameOutcome};

use crate::{IllegalMove, Move, MoveKind, Outcome, Position, TowerMoves};

impl GameOutcome for Outcome {
    #[inline]
    fn winner(self) -> Option<Player> {
        Some(Outcome::winner(self))
    }

    #[inline]
    fn ending(self) -> &'static str {
        Outcome::ending(self)
    }
}

impl Game for Position {
    type Move = Move;
    type MoveKind = MoveKind;
    type IllegalMove = IllegalMove;
    type Outcome = Outcome;
    type PieceMoves = TowerMoves;

    const NAME: &'static str = "kamisado";

    #[inline]
    fn start() -> Position {
        Position::start()
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        Position::side_to_move(self)
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        Position::zobrist(self)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    #[inline(always)]
    fn generate_moves(&self, listener: impl FnMut(TowerMoves) -> bool) -> bool {
        Position::generate_moves(self, listener)
    }

    #[inline]
    fn check_move(&self, mv: Move) -> Result<MoveKind, IllegalMove> {
        Position::check_move(self, mv)
    }

    #[inline(always)]
    fn play_unchecked(&self, mv: Move) -> Position {
        Position::play_unchecked(self, mv)
    }

    #[inline(always)]
    fn count_moves(&self) -> usize {
        Position::count_moves(self)
    }

    #[inline(always)]
    fn for_each_child(&self, visit: impl FnMut(Move, &Position) -> bool) -> bool {
        Position::for_each_child(self, visit)
    }

    #[inline]
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }
}
