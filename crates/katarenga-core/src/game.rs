//! Katarenga's [`Game`]: the rules the interface asks of a game (the start,
//! the end of the game, move generation, the legality check, copy-make),
//! with this crate's fast path for expanding a node (a piece lifted once
//! for all its moves). The helpers they call stay in the files of their
//! concept (`movegen.rs`, `play.rs`, `outcome.rs`).

use board_geometry::{Bitboard, Player, Square};
use game_rules::{Game, GameOutcome};

use crate::play::MovesFrom;
use crate::{
    Board, Camps, Destination, IllegalMove, Move, MoveKind, Outcome, PieceMoves, Position,
    on_target_line, target_line,
};

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

    /// The start on the standard board ([rules](crate::rules#set-up-and-turn-order)): White's 8
    /// pieces on rank 8, Black's on rank 1, White to move.
    fn start() -> Position {
        Position::start_on(Board::standard())
    }

    /// The player to move.
    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    /// The Zobrist hash: covers the board colouring, the pieces, the camps,
    /// the side to move and the pending first moves; updated incrementally by `play`. (Named so
    /// that it does not shadow [`Hash::hash`](core::hash::Hash::hash).)
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The end of the game, or `None` while it goes on. A position has an
    /// outcome exactly when it has no legal move.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.decided_outcome() {
            return Some(outcome);
        }
        if self.generate_moves(|_| true) {
            None
        } else {
            Some(Outcome::NoMove {
                winner: self.side.opponent(),
            })
        }
    }

    /// Hands the legal moves to `listener`, one piece at a time, until it
    /// returns `true`. Returns `true` if the listener stopped early.
    ///
    /// Nothing is allocated; a piece's square moves come as one bitboard.
    /// A finished game has no moves; a pending first move under the
    /// no-first-capture option has no captures.
    ///
    /// ```
    /// use katarenga_core::{Game, Position};
    /// let mut total = 0;
    /// Position::start().generate_moves(|moves| {
    ///     total += moves.len();
    ///     false
    /// });
    /// assert_eq!(total, 31);
    /// ```
    #[inline(always)]
    fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        if self.decided_outcome().is_some() {
            return false;
        }
        let (own, barred) = self.own_and_barred();
        let line = target_line(self.side);
        let open = self.open_camps();
        let mut emit = |from: Square, to: Bitboard| {
            let camps = if line.has(from) { open } else { Camps::EMPTY };
            (!to.is_empty() || camps != Camps::EMPTY) && listener(PieceMoves { from, to, camps })
        };
        self.for_each_reach(own, |from, reach| emit(from, reach - barred))
    }

    /// Checks `mv` against the rules and says what kind of move it is.
    ///
    /// # Errors
    /// [`IllegalMove`] with the first rule the move breaks.
    ///
    /// ```
    /// use katarenga_core::{Game, IllegalMove, MoveKind, Position};
    /// let start = Position::start();
    /// assert_eq!(start.check_move("a8a7".parse()?), Ok(MoveKind::Quiet));
    /// let next = start.try_play("a8a7".parse()?)?;
    /// assert_eq!(
    ///     next.try_play("a8a7".parse()?),
    ///     Err(IllegalMove::NoPiece("a8".parse()?))
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn check_move(&self, mv: Move) -> Result<MoveKind, IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        let side = self.side;
        let owner = self
            .piece_on(mv.from)
            .ok_or(IllegalMove::NoPiece(mv.from))?;
        if owner != side {
            return Err(IllegalMove::NotYourPiece {
                square: mv.from,
                owner,
            });
        }
        let to = match mv.to {
            Destination::Camp(camp) => {
                return if camp.owner() != side {
                    Err(IllegalMove::NotYourCamp(camp))
                } else if !on_target_line(side, mv.from) {
                    Err(IllegalMove::NotOnTargetLine(mv.from))
                } else if self.camps.has(camp) {
                    Err(IllegalMove::CampOccupied(camp))
                } else {
                    Ok(MoveKind::Camp)
                };
            }
            Destination::Square(to) => to,
        };
        if self.pieces[side.index()].has(to) {
            return Err(IllegalMove::OwnPiece(to));
        }
        if self.first_move_pending(side) && self.pieces[side.opponent().index()].has(to) {
            return Err(IllegalMove::FirstMoveCapture(to));
        }
        self.board.check_reach(mv.from, to, self.occupied())?;
        Ok(if self.pieces[side.opponent().index()].has(to) {
            MoveKind::Capture
        } else {
            MoveKind::Quiet
        })
    }

    /// The position after `mv`, which must be legal; nothing is checked in
    /// release builds (the fast path of search and perft).
    ///
    /// For an illegal move the result is unspecified: a position that may
    /// break the invariants [`Position::is_consistent`] checks (two pieces
    /// on one square, a hash that does not match). No function of this
    /// crate panics or causes undefined behaviour on such a position, but
    /// their answers about it are meaningless: its moves, outcome and perft
    /// are not those of any real position, its `Display` may print text
    /// that does not parse back, and `flip_files` returns it unchanged. Debug builds
    /// panic here instead (a `debug_assert!`), so that the misuse shows
    /// where it happens. Use [`Game::try_play`](crate::Game::try_play) for moves you have not
    /// generated yourself.
    #[inline(always)]
    fn play_unchecked(&self, mv: Move) -> Position {
        debug_assert!(
            self.is_legal(mv),
            "play_unchecked with the illegal move {mv} in {self}"
        );
        match mv.to {
            Destination::Square(to) => self.play_to_square(mv.from, to),
            Destination::Camp(camp) => self.play_to_camp(mv.from, camp),
        }
    }

    /// The destinations counted a piece at a time, with the processor's
    /// population count instruction where it has one (chosen at run time):
    /// perft's last ply.
    #[inline]
    fn count_moves(&self) -> usize {
        crate::count::count_moves(self)
    }

    /// A piece is lifted once for all its moves to squares
    /// (the copy-make of one piece); its moves into camps are played one by one.
    #[inline(always)]
    fn for_each_child(&self, mut visit: impl FnMut(Move, &Position) -> bool) -> bool {
        self.generate_moves(|moves| {
            let (lands, mut child) = MovesFrom::new(self, moves.from);
            for to in moves.to {
                lands.set_down(&mut child, to);
                if visit(Move::new(moves.from, to), &child) {
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
