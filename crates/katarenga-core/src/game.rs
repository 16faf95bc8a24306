//! Katarenga's [`Game`]: the rules interface, with this crate's fast path
//! for expanding a node (a piece lifted once for all its moves).

use board_geometry::Player;
use game_rules::{Game, GameOutcome};

use crate::play::MovesFrom;
use crate::{IllegalMove, Move, MoveKind, Outcome, PieceMoves, Position};

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
    type PieceMoves = PieceMoves;

    const NAME: &'static str = "katarenga";

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
    fn generate_moves(&self, listener: impl FnMut(PieceMoves) -> bool) -> bool {
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

    /// A piece is lifted once for all its moves to squares
    /// (the copy-make of one piece); its moves into camps are played one by one.
    #[inline(always)]
    fn for_each_child(&self, mut visit: impl FnMut(Move, &Position) -> bool) -> bool {
        self.generate_moves(|moves| {
            let lands = MovesFrom::new(self, moves.from);
            for to in moves.to {
                if visit(Move::new(moves.from, to), &lands.to(to)) {
                    return true;
                }
            }
            for camp in moves.camps.iter() {
                let mv = Move::to_camp(moves.from, camp);
                if visit(mv, &self.play_unchecked(mv)) {
                    return true;
                }
            }
            false
        })
    }
}
