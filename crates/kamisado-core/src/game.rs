//! Kamisado's [`Game`]: the rules the interface asks of a game (the start,
//! the end of a round, move generation, the legality check, copy-make),
//! with the fast paths of this crate (the bulk counts of perft, the slides
//! of one tower lifted once). The helpers they call stay in the files of
//! their concept (`movegen.rs`, `play.rs`, `push.rs`, `obligation.rs`).
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

use board_geometry::{Bitboard, Player, Square, between};
use game_rules::{Game, GameOutcome};

use crate::movegen::{frame, slides};
use crate::obligation::Chain;
use crate::play::SlidesFrom;
use crate::{
    Colour, IllegalMove, Move, MoveKind, Outcome, PieceMoves, Position, PositionBuilder, SumoRank,
    Tower,
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

    const NAME: &'static str = "kamisado";

    /// The start of a match ([rules](crate::rules#towers-and-the-start)):
    /// `obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -`. Black moves first with a free
    /// choice.
    fn start() -> Position {
        let mut builder = PositionBuilder::new();
        for player in Player::ALL {
            for colour in Colour::ALL {
                let square = (colour.squares() & player.home_rank().bitboard())
                    .first()
                    .expect("each colour appears once on every rank");
                builder
                    .place(Tower::new(player, colour), square, SumoRank::Plain)
                    .expect("start squares are distinct");
            }
        }
        builder.build().expect("the start position is valid")
    }

    /// The player to move.
    #[inline(always)]
    fn side_to_move(&self) -> Player {
        self.state.side()
    }

    /// The Zobrist hash of the position: equal positions have equal hashes,
    /// and [`Game::play`](crate::Game::play) updates it incrementally. (Named so that it
    /// does not shadow [`Hash::hash`](core::hash::Hash::hash).)
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The end of the round, or `None` while it goes on. A position has an
    /// outcome exactly when it has no legal move.
    ///
    /// ```
    /// use kamisado_core::{Colour, Game, Outcome, Player, Position};
    /// let playing: Position = "obpkyrgn/6G1/8/8/8/8/8/N1RYKPBO w n".parse().unwrap();
    /// assert_eq!(playing.outcome(), None);
    /// let arrived: Position = "Gbpkyrgn/o7/8/8/8/8/8/N1RYKPBO w n".parse().unwrap();
    /// assert_eq!(
    ///     arrived.outcome(),
    ///     Some(Outcome::Arrival { winner: Player::Black, tower: Colour::Green })
    /// );
    /// ```
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if let Some(tower) = self.arrived() {
            return Some(Outcome::Arrival {
                winner: tower.player,
                tower: tower.colour,
            });
        }
        match self.forced_colour() {
            Some(colour) => {
                if self.can_move(self.side_to_move(), colour)
                    || self.follow_chain(colour) == Chain::Pass
                {
                    None
                } else {
                    Some(Outcome::Deadlock {
                        winner: self.last_mover().opponent(),
                        tower: colour,
                    })
                }
            }
            None => {
                if Colour::ALL
                    .iter()
                    .any(|&c| self.can_move(self.side_to_move(), c))
                {
                    None
                } else {
                    Some(Outcome::NoMove {
                        winner: self.side_to_move().opponent(),
                    })
                }
            }
        }
    }

    /// Hands the legal moves to `listener`, one tower at a time, until it
    /// returns `true`. Returns `true` if the listener stopped early.
    ///
    /// This is the fast path: nothing is allocated and a tower's moves come
    /// as one bitboard, cheap to count or test. A finished round has no
    /// moves. When the forced tower is blocked and a pass is legal, the
    /// pass comes as the tower with its own square as destination.
    ///
    /// ```
    /// use kamisado_core::{Game, Position};
    /// let mut total = 0;
    /// Position::start().generate_moves(|moves| {
    ///     total += moves.len();
    ///     false
    /// });
    /// assert_eq!(total, 102);
    /// ```
    #[inline(always)]
    fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        if self.has_arrived() {
            return false;
        }
        let side = self.side_to_move();
        match self.forced_colour() {
            Some(colour) => {
                let from = self.tower_square(side, colour);
                let to = self.destinations(side, from);
                let tower = Tower::new(side, colour);
                if !to.is_empty() {
                    listener(PieceMoves { tower, from, to })
                } else if self.pass_is_legal() {
                    listener(PieceMoves {
                        tower,
                        from,
                        to: from.bitboard(),
                    })
                } else {
                    false
                }
            }
            None => {
                for colour in Colour::ALL {
                    let from = self.tower_square(side, colour);
                    let to = self.destinations(side, from);
                    if !to.is_empty()
                        && listener(PieceMoves {
                            tower: Tower::new(side, colour),
                            from,
                            to,
                        })
                    {
                        return true;
                    }
                }
                false
            }
        }
    }

    /// The number of legal moves, counted without building them.
    #[inline(always)]
    fn count_moves(&self) -> usize {
        if let Some(colour) = self.forced_colour() {
            // The common case: a plain forced tower that can slide.
            let from = self.tower_square(self.side_to_move(), colour);
            if !self.sumo[0].has(from) && !self.has_arrived() {
                let (sq, occ) = frame(self.side_to_move(), from, self.occupied());
                let count = crate::perft::bulk::plain_slide_count(sq, occ);
                if count > 0 {
                    return count as usize;
                }
            }
        }
        let mut count = 0;
        self.generate_moves(|moves| {
            count += moves.len();
            false
        });
        count
    }

    /// Checks `mv` against the rules and says what kind of move it is.
    ///
    /// # Errors
    /// [`IllegalMove`] with the first rule the move breaks.
    fn check_move(&self, mv: Move) -> Result<MoveKind, IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        let side = self.side_to_move();
        let from = mv.from;
        let tower = self.piece_on(from).ok_or(IllegalMove::NoTower(from))?;
        if tower.player != side {
            return Err(IllegalMove::NotYourTower {
                square: from,
                owner: tower.player,
            });
        }
        if let Some(forced) = self.forced_colour() {
            if tower.colour != forced {
                return Err(IllegalMove::WrongTower {
                    side,
                    forced,
                    moved: tower.colour,
                });
            }
        }
        if mv.is_pass() {
            return if self.pass_is_legal() {
                Ok(MoveKind::Pass)
            } else {
                Err(IllegalMove::CannotPass(from))
            };
        }
        let (files, ranks) = (
            mv.to.file() as i8 - from.file() as i8,
            mv.to.rank() as i8 - from.rank() as i8,
        );
        let ahead = match side {
            Player::Black => ranks,
            Player::White => -ranks,
        };
        if ranks == 0 {
            return Err(IllegalMove::Sideways);
        }
        if ahead < 0 {
            return Err(IllegalMove::Backward);
        }
        if files != 0 && files.abs() != ranks.abs() {
            return Err(IllegalMove::NotALine);
        }
        let rank = self.rank_at(from);
        let distance = ahead as u8;
        if let Some(limit) = rank.max_distance() {
            if distance > limit {
                return Err(IllegalMove::TooFar {
                    rank,
                    limit,
                    distance,
                });
            }
        }
        let occupied = self.occupied();
        if let Some(blocker) = (between(from, mv.to) & occupied).first() {
            return Err(IllegalMove::PathBlocked(blocker));
        }
        if !occupied.has(mv.to) {
            return Ok(MoveKind::Slide);
        }
        if files != 0 || distance != 1 {
            return Err(IllegalMove::Occupied(mv.to));
        }
        if rank == SumoRank::Plain {
            return Err(IllegalMove::Occupied(mv.to));
        }
        self.push_line(side, from, rank)
            .map(|(_, count)| MoveKind::Push(count))
            .map_err(IllegalMove::Push)
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
    /// that does not parse back, and functions that rebuild a position from
    /// it (`refill`, `rotate_180_swap_players`) return some valid position or the broken
    /// one unchanged. Debug builds
    /// panic here instead (a `debug_assert!`), so that the misuse shows
    /// where it happens. Use [`Game::try_play`](crate::Game::try_play) for moves you have not
    /// generated yourself.
    #[inline(always)]
    fn play_unchecked(&self, mv: Move) -> Position {
        debug_assert!(
            self.is_legal(mv),
            "play_unchecked with the illegal move {mv} in {self}"
        );
        if mv.is_pass() {
            return self.play_pass(mv.from);
        }
        if self.occupied().has(mv.to) {
            return self.play_push(mv);
        }
        self.play_slide(self.moving_colour(mv.from), mv.from, mv.to)
    }

    /// Calls `visit` with each legal move and the position after it, until
    /// it returns `true`; returns `true` if it stopped early. The fast way
    /// to expand a node: a tower is lifted once for all its slides (the
    /// work that does not depend on the destination is done once per
    /// tower), and nothing is allocated. Pushes and passes come
    /// before a tower's slides; otherwise the order is that of
    /// [`Game::generate_moves`](crate::Game::generate_moves).
    ///
    /// ```
    /// use kamisado_core::{Game, Position};
    /// let start = Position::start();
    /// let mut children = 0;
    /// start.for_each_child(|mv, child| {
    ///     assert_eq!(*child, start.play(mv));
    ///     children += 1;
    ///     false
    /// });
    /// assert_eq!(children, 102);
    /// ```
    #[inline(always)]
    fn for_each_child(&self, mut visit: impl FnMut(Move, &Position) -> bool) -> bool {
        // The common case in one body, without a call of generation's
        // listener: a round that goes on and a plain forced tower that can
        // slide, whose destinations are its slides alone (pushes are a
        // sumo's, a pass a blocked tower's).
        if let Some(colour) = self.forced_colour() {
            let side = self.side_to_move();
            let from = self.tower_square(side, colour);
            if !self.has_arrived() && !self.sumo[0].has(from) {
                let to = slides(side, from, 0, self.occupied());
                if !to.is_empty() {
                    let (slides, child) = SlidesFrom::new(self, colour, from);
                    return visit_slides::<false>(&slides, child, from, to, &mut visit);
                }
            }
        }
        let occupied = self.occupied();
        self.generate_moves(|moves| {
            // Pushes land on a tower and a pass on the tower's own square:
            // both are destinations already occupied.
            let special = moves.to & occupied;
            for to in special {
                let mv = Move::new(moves.from, to);
                if visit(mv, &self.play_unchecked(mv)) {
                    return true;
                }
            }
            let (slides, child) = SlidesFrom::new(self, moves.tower.colour, moves.from);
            let targets = moves.to - special;
            if slides.is_sumo() {
                visit_slides::<true>(&slides, child, moves.from, targets, &mut visit)
            } else {
                visit_slides::<false>(&slides, child, moves.from, targets, &mut visit)
            }
        })
    }

    /// Counts the last two or three plies in bulk, without playing them
    /// ([rules](crate::rules#perft)).
    #[inline]
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }
}

/// Sets each of one tower's slides to `targets` down in `child` (from
/// [`SlidesFrom::new`]) and visits it, until `visit` returns `true`;
/// returns whether it did. `SUMO` as in [`SlidesFrom::set_down`].
#[inline(always)]
fn visit_slides<const SUMO: bool>(
    slides: &SlidesFrom,
    mut child: Position,
    from: Square,
    targets: Bitboard,
    visit: &mut impl FnMut(Move, &Position) -> bool,
) -> bool {
    for to in targets {
        slides.set_down::<SUMO>(&mut child, to);
        if visit(Move::new(from, to), &child) {
            return true;
        }
    }
    false
}
