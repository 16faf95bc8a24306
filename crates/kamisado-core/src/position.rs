//! The position: where every tower stands, its rank, and whose turn it is.

use board_geometry::{Bitboard, Player, Rank, Square};

use crate::Game;
use crate::state::State;
use crate::zobrist;
use crate::{Colour, Layout, Rules, SumoRank, Tower};

/// A Kamisado position: the squares and sumo ranks of all 16 towers, the
/// side to move, the [forced colour](crate::rules#turn-order-and-the-forced-tower)
/// (or a free choice), and whether the side to move is taking the extra
/// move after its own [sumo push](crate::rules#sumo-push) (the `!` mark of
/// the [notation](crate::rules#position-notation)).
///
/// A `Position` is a small `Copy` value; [`Game::play`](crate::Game::play) and friends
/// return the position after a move (copy-make). Every `Position` that can
/// be built is valid: constructors check the invariants listed on
/// [`PositionBuilder::build`].
///
/// ```
/// use kamisado_core::{Game, Position};
/// let start = Position::start();
/// assert_eq!(start.to_string(), "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -");
/// assert_eq!(start.legal_moves().len(), 102);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The square of each tower: byte `colour` of `towers[player]`.
    /// Packed so that a move updates it in a register.
    pub(crate) towers: [u64; 2],
    /// The squares of each player's towers.
    pub(crate) occupied: [Bitboard; 2],
    /// `sumo[k]`: the squares of towers (of either player) whose sumo rank
    /// is at least `k + 1`. A tower's rank is how many of these hold it.
    pub(crate) sumo: [Bitboard; 3],
    pub(crate) hash: u64,
    /// The side to move, the forced colour and the push mark, and the
    /// game's reading of the rules and layout, which every move keeps.
    pub(crate) state: State,
}

impl Position {
    /// The colour of the tower the side to move must move, or `None` on a
    /// free choice.
    #[inline(always)]
    #[must_use]
    pub fn forced_colour(&self) -> Option<Colour> {
        self.state.forced()
    }

    /// The forced colour's index, 8 on a free choice.
    #[inline(always)]
    pub(crate) fn forced_index(&self) -> usize {
        self.state.forced_index()
    }

    /// The square of the tower the side to move must move, or `None` on a
    /// free choice.
    #[inline]
    #[must_use]
    pub fn forced_square(&self) -> Option<Square> {
        self.forced_colour()
            .map(|c| self.tower_square(self.side_to_move(), c))
    }

    /// Whether the side to move is taking the extra move after its own sumo
    /// push (the `!` mark of the [notation](crate::rules#position-notation)).
    #[inline(always)]
    #[must_use]
    pub fn is_after_push(&self) -> bool {
        self.state.after_push()
    }

    /// The reading of the rules the position is played by: the one it was
    /// set up with ([`Position::start_with`], [`Position::with_rules`]),
    /// kept by every move. [`Rules::Standard`] for a parsed or built
    /// position.
    #[inline(always)]
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.state.rules()
    }

    /// The same position played by `rules` from now on. The placement, the
    /// side to move and the obligation are unchanged: the reading only
    /// decides what comes after a push or a pass. The hash changes with the
    /// reading (positions of different readings are different games), and
    /// is the same as before under the standard rules.
    ///
    /// ```
    /// use kamisado_core::{Game, Position, Rules};
    /// // Black's yellow tower on d7 is blocked; by the standard rules White
    /// // then moves its tower of d7's colour (green, on b3), by seed 001's
    /// // literal reading its own yellow tower (on e8).
    /// let p: Position = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y".parse()?;
    /// let pass = p.legal_moves()[0];
    /// assert_eq!(p.play(pass).to_string(), "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g");
    /// let literal = p.with_rules(Rules::BlockedColour);
    /// assert_eq!(literal.play(pass).to_string(), "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w y");
    /// # Ok::<(), kamisado_core::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn with_rules(mut self, rules: Rules) -> Position {
        self.hash ^= zobrist::KEYS.rules[self.rules().index()] ^ zobrist::KEYS.rules[rules.index()];
        self.state = self.state.with_rules(rules);
        self
    }

    /// The start position played by `rules`.
    #[must_use]
    pub fn start_with(rules: Rules) -> Position {
        Position::start().with_rules(rules)
    }

    /// The board's layout ([rules](crate::rules#board-layouts)): the one
    /// the position was set up on ([`Position::start_on`],
    /// [`Position::with_layout`]), kept by every move.
    /// [`Layout::Standard`] for a parsed or built position.
    #[inline(always)]
    #[must_use]
    pub fn layout(&self) -> Layout {
        self.state.layout()
    }

    /// The same placement, side to move and obligation on the board laid
    /// out as `layout`: what comes after each move then follows that
    /// layout's colours. The hash changes with the layout (positions on
    /// different layouts are different games), and is the same as before
    /// on the standard layout.
    ///
    /// ```
    /// use kamisado_core::{Game, Layout, Position};
    /// let p = Position::start().with_layout(Layout::Mirrored);
    /// // Black's orange tower from h1 to h3: on the printed board h3 is
    /// // green, on its mirror image blue.
    /// assert_eq!(Position::start().play("h1h3".parse()?).forced_colour().unwrap().name(), "green");
    /// assert_eq!(p.play("h1h3".parse()?).forced_colour().unwrap().name(), "blue");
    /// # Ok::<(), kamisado_core::ParseMoveError>(())
    /// ```
    #[must_use]
    pub fn with_layout(mut self, layout: Layout) -> Position {
        self.hash ^=
            zobrist::KEYS.layout[self.layout().index()] ^ zobrist::KEYS.layout[layout.index()];
        self.state = self.state.with_layout(layout);
        self
    }

    /// The start of a match on `layout`: each tower on the square of its
    /// colour on its owner's home row, Black to move with a free choice.
    ///
    /// ```
    /// use kamisado_core::{Game, Layout, Position};
    /// let start = Position::start_on(Layout::Turned);
    /// assert_eq!(start.to_string(), "npbykgro/8/8/8/8/8/8/ORGKYBPN b -");
    /// assert_eq!(start.layout(), Layout::Turned);
    /// assert_eq!(Position::start_on(Layout::Standard), Position::start());
    /// ```
    #[must_use]
    pub fn start_on(layout: Layout) -> Position {
        let mut builder = PositionBuilder::new();
        for player in Player::ALL {
            for colour in Colour::ALL {
                let home = layout.squares(colour) & player.home_rank().bitboard();
                // Each colour is on every rank once: the squares are
                // distinct, and the placement cannot fail.
                let _ = builder.place(
                    Tower::new(player, colour),
                    home.first().unwrap_or(Square::A1),
                    SumoRank::Plain,
                );
            }
        }
        builder
            .build()
            .map_or_else(|_| Position::start(), |p| p.with_layout(layout))
    }

    /// The same placement, side to move and obligation played by the
    /// reading of the rules and on the layout of `game`: how a position
    /// set up from text (a numbered set-up, a record's round) joins a game.
    ///
    /// ```
    /// use kamisado_core::{Game, Layout, Position, Rules};
    /// let game = Position::start_on(Layout::Mirrored).with_rules(Rules::PushedSquare);
    /// let p = Position::start().with_game_of(&game);
    /// assert_eq!((p.rules(), p.layout()), (Rules::PushedSquare, Layout::Mirrored));
    /// ```
    #[inline]
    #[must_use]
    pub fn with_game_of(self, game: &Position) -> Position {
        self.with_rules(game.rules()).with_layout(game.layout())
    }

    /// The square of `tower`.
    #[inline]
    #[must_use]
    pub fn square_of(&self, tower: Tower) -> Square {
        self.tower_square(tower.player, tower.colour)
    }

    /// The square of `player`'s `colour` tower.
    #[inline(always)]
    pub(crate) fn tower_square(&self, player: Player, colour: Colour) -> Square {
        packed_square(self.towers[player.index()], colour)
    }

    /// The squares of `player`'s towers.
    #[inline]
    #[must_use]
    pub fn pieces(&self, player: Player) -> Bitboard {
        self.occupied[player.index()]
    }

    /// The squares of all 16 towers.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.occupied[0] | self.occupied[1]
    }

    /// The tower on `square`, if any.
    #[must_use]
    pub fn piece_on(&self, square: Square) -> Option<Tower> {
        let player = if self.occupied[0].has(square) {
            Player::Black
        } else if self.occupied[1].has(square) {
            Player::White
        } else {
            return None;
        };
        let colour = self.colour_of_tower_at(player, square);
        Some(Tower::new(player, colour))
    }

    /// The colour of `player`'s tower on `square`, which must hold one
    /// (brown if none does).
    #[inline]
    pub(crate) fn colour_of_tower_at(&self, player: Player, square: Square) -> Colour {
        let towers = self.towers[player.index()];
        let mut c = 0;
        while c < 7 && packed_square(towers, Colour::ALL[c]) != square {
            c += 1;
        }
        Colour::ALL[c]
    }

    /// The sumo rank of `tower`.
    #[inline]
    #[must_use]
    pub fn rank_of(&self, tower: Tower) -> SumoRank {
        self.rank_at(self.square_of(tower))
    }

    /// The sumo rank of the tower on `square` (`Plain` for an empty square).
    #[inline]
    #[must_use]
    pub fn rank_at(&self, square: Square) -> SumoRank {
        let level = self.sumo[0].has(square) as u8
            + self.sumo[1].has(square) as u8
            + self.sumo[2].has(square) as u8;
        SumoRank::new(level).unwrap_or(SumoRank::TripleSumo)
    }

    /// The squares of towers (of both players) whose rank is at least
    /// `rank`; every square for `Plain`.
    #[inline]
    #[must_use]
    pub fn rank_at_least(&self, rank: SumoRank) -> Bitboard {
        match rank {
            SumoRank::Plain => Bitboard::FULL,
            _ => self.sumo[rank as usize - 1],
        }
    }

    /// The hash computed from scratch; always equal to
    /// [`Game::zobrist`](crate::Game::zobrist). For tests and debugging.
    #[must_use]
    pub fn zobrist_from_scratch(&self) -> u64 {
        zobrist::hash_of(self)
    }

    /// Whether a tower stands on its goal row (the round is won).
    #[inline(always)]
    pub(crate) fn has_arrived(&self) -> bool {
        (self.occupied[0] & Rank::Eighth.bitboard()).0
            | (self.occupied[1] & Rank::First.bitboard()).0
            != 0
    }

    /// The tower standing on its goal row, if a round has been won by
    /// arrival.
    #[inline]
    #[must_use]
    pub fn arrived(&self) -> Option<Tower> {
        let black = self.occupied[0] & Rank::Eighth.bitboard();
        let white = self.occupied[1] & Rank::First.bitboard();
        if let Some(sq) = black.first() {
            Some(Tower::new(
                Player::Black,
                self.colour_of_tower_at(Player::Black, sq),
            ))
        } else {
            white
                .first()
                .map(|sq| Tower::new(Player::White, self.colour_of_tower_at(Player::White, sq)))
        }
    }

    /// Every tower with its square and rank, Black's first, each player's
    /// in colour order.
    pub fn towers(&self) -> impl Iterator<Item = (Tower, Square, SumoRank)> + '_ {
        Player::ALL.into_iter().flat_map(move |player| {
            Colour::ALL.into_iter().map(move |colour| {
                let tower = Tower::new(player, colour);
                let square = self.square_of(tower);
                (tower, square, self.rank_at(square))
            })
        })
    }

    /// The position turned half a turn with the players swapped: Black's
    /// towers become White's and the other way round, on the rotated
    /// squares, with the same colours and ranks. The board colouring is
    /// symmetric under this turn, so the game from here is the same game
    /// with the roles exchanged (same perft at every depth, by every
    /// reading of the rules and on every layout, which are kept: each
    /// layout is symmetric under the turn too).
    #[must_use]
    pub fn rotate_180_swap_players(&self) -> Position {
        let mut builder = PositionBuilder::new();
        for (tower, square, rank) in self.towers() {
            let swapped = Tower::new(tower.player.opponent(), tower.colour);
            if builder.place(swapped, square.rotate_180(), rank).is_err() {
                debug_assert!(
                    false,
                    "rotate_180_swap_players of an inconsistent position {self}"
                );
                return *self;
            }
        }
        builder
            .side_to_move(self.side_to_move().opponent())
            .forced(self.forced_colour())
            .after_push(self.is_after_push());
        // A valid position turns into a valid one; only a position broken
        // by `play_unchecked` with an illegal move can fail, and it comes
        // back unchanged.
        let turned = builder.build();
        debug_assert!(
            turned.is_ok(),
            "rotate_180_swap_players of an inconsistent position {self}"
        );
        turned.map_or(*self, |p| p.with_game_of(self))
    }

    /// Checks the position's internal invariants: occupancy agrees with the
    /// tower squares, ranks are nested, the hash agrees with a hash from
    /// scratch. Every position built by this crate passes; this is for
    /// tests and fuzzing.
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let mut seen = Bitboard::EMPTY;
        for player in Player::ALL {
            let mut own = Bitboard::EMPTY;
            for colour in Colour::ALL {
                let sq = self.tower_square(player, colour);
                if seen.has(sq) {
                    return false;
                }
                seen |= sq;
                own |= sq;
            }
            if own != self.occupied[player.index()] {
                return false;
            }
        }
        let nested = self.sumo[2].is_subset(self.sumo[1]) && self.sumo[1].is_subset(self.sumo[0]);
        nested
            && self.sumo[0].is_subset(seen)
            && self.state.is_valid()
            && (!self.is_after_push()
                || (self.forced_colour().is_some()
                    && !(self.sumo[0] & self.occupied[self.side_to_move().index()]).is_empty()))
            && self.hash == zobrist::hash_of(self)
    }
}

impl Position {
    /// The same position with `tower`'s sumo rank set to `rank` (and the
    /// same reading of the rules and layout).
    ///
    /// # Errors
    /// [`InvalidPosition::PushMarkWithoutSumo`] if that leaves a `!`
    /// position without a sumo of the side to move.
    pub fn with_rank(&self, tower: Tower, rank: SumoRank) -> Result<Position, InvalidPosition> {
        let mut builder = PositionBuilder::new();
        for (t, square, r) in self.towers() {
            builder.place(t, square, if t == tower { rank } else { r })?;
        }
        builder
            .side_to_move(self.side_to_move())
            .forced(self.forced_colour())
            .after_push(self.is_after_push());
        builder.build().map(|p| p.with_game_of(self))
    }
}

/// The square in byte `colour` of a packed tower word. Each byte holds a
/// square index below 64; the `& 63` states that bound to the compiler, which
/// then indexes `Square::ALL` without a bounds check.
#[inline(always)]
pub(crate) fn packed_square(towers: u64, colour: Colour) -> Square {
    Square::ALL[((towers >> (8 * colour as u32)) & 63) as usize]
}

/// Why a set of towers, side and obligation is not a valid position (see
/// the [notation](crate::rules#position-notation)). Returned by [`PositionBuilder`] and, with an offset,
/// inside [`ParsePositionError`](crate::ParsePositionError).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum InvalidPosition {
    /// A player's tower of some colour was placed twice.
    #[error("{} has two {} towers", .0.player, .0.colour)]
    DuplicateTower(Tower),
    /// Two towers were placed on one square.
    #[error("{0} holds two towers")]
    SquareTaken(Square),
    /// A player lacks a tower of some colour (each has exactly 8, one of
    /// each colour).
    #[error("{} has no {} tower", .0.player, .0.colour)]
    MissingTower(Tower),
    /// Towers of both players stand on their goal rows.
    #[error("towers of both players stand on their goal rows")]
    BothArrived,
    /// The push mark is set on a free choice.
    #[error("the push mark '!' needs a forced colour, not a free choice")]
    PushMarkWithoutForcedColour,
    /// The push mark is set but the side to move has no sumo that could
    /// have pushed.
    #[error("the push mark '!' needs a sumo of the side to move, and {0} has none")]
    PushMarkWithoutSumo(Player),
}

/// Builds a [`Position`] tower by tower, checking every rule of the
/// [notation](crate::rules#position-notation) along the way.
///
/// ```
/// use kamisado_core::{Colour, Player, PositionBuilder, Square, SumoRank, Tower};
///
/// let mut builder = PositionBuilder::new();
/// for (i, colour) in Colour::ALL.into_iter().enumerate() {
///     builder.place(Tower::new(Player::Black, colour), Square::ALL[i], SumoRank::Plain)?;
///     builder.place(Tower::new(Player::White, colour), Square::ALL[56 + i], SumoRank::Sumo)?;
/// }
/// builder.side_to_move(Player::White);
/// let position = builder.build()?;
/// assert_eq!(position.to_string(), "o+b+p+k+y+r+g+n+/8/8/8/8/8/8/OBPKYRGN w -");
/// # Ok::<(), kamisado_core::InvalidPosition>(())
/// ```
#[derive(Debug, Clone)]
pub struct PositionBuilder {
    towers: [[Option<(Square, SumoRank)>; 8]; 2],
    occupied: Bitboard,
    side: Player,
    forced: Option<Colour>,
    after_push: bool,
}

impl Default for PositionBuilder {
    fn default() -> PositionBuilder {
        PositionBuilder::new()
    }
}

impl PositionBuilder {
    /// An empty board, Black to move with a free choice.
    #[must_use]
    pub fn new() -> PositionBuilder {
        PositionBuilder {
            towers: [[None; 8]; 2],
            occupied: Bitboard::EMPTY,
            side: Player::Black,
            forced: None,
            after_push: false,
        }
    }

    /// Places `tower` with `rank` on `square`.
    ///
    /// # Errors
    /// [`InvalidPosition::DuplicateTower`] if that tower was already placed,
    /// [`InvalidPosition::SquareTaken`] if another tower stands on `square`.
    pub fn place(
        &mut self,
        tower: Tower,
        square: Square,
        rank: SumoRank,
    ) -> Result<&mut PositionBuilder, InvalidPosition> {
        let slot = &mut self.towers[tower.player.index()][tower.colour.index()];
        if slot.is_some() {
            return Err(InvalidPosition::DuplicateTower(tower));
        }
        if self.occupied.has(square) {
            return Err(InvalidPosition::SquareTaken(square));
        }
        *slot = Some((square, rank));
        self.occupied |= square;
        Ok(self)
    }

    /// Sets the player to move (Black by default).
    pub fn side_to_move(&mut self, player: Player) -> &mut PositionBuilder {
        self.side = player;
        self
    }

    /// Sets the forced colour, or `None` for a free choice (the default).
    pub fn forced(&mut self, colour: Option<Colour>) -> &mut PositionBuilder {
        self.forced = colour;
        self
    }

    /// Marks the move as the pusher's extra move after a sumo push (the
    /// `!` of the notation). Off by default.
    pub fn after_push(&mut self, after_push: bool) -> &mut PositionBuilder {
        self.after_push = after_push;
        self
    }

    /// The position.
    ///
    /// # Errors
    /// - [`InvalidPosition::MissingTower`]: a player does not have all 8
    ///   towers (the first missing one is named, Black's first).
    /// - [`InvalidPosition::BothArrived`]: both players have a tower on their
    ///   goal rows (one player's arrival is a finished round and is
    ///   accepted).
    /// - [`InvalidPosition::PushMarkWithoutForcedColour`],
    ///   [`InvalidPosition::PushMarkWithoutSumo`]: the push mark where no
    ///   push can have happened.
    pub fn build(&self) -> Result<Position, InvalidPosition> {
        let mut towers = [0u64; 2];
        let mut occupied = [Bitboard::EMPTY; 2];
        let mut sumo = [Bitboard::EMPTY; 3];
        for player in Player::ALL {
            for colour in Colour::ALL {
                let tower = Tower::new(player, colour);
                let (square, rank) = self.towers[player.index()][colour.index()]
                    .ok_or(InvalidPosition::MissingTower(tower))?;
                towers[player.index()] |= (square as u64) << (8 * colour.index());
                occupied[player.index()] |= square;
                for (level, set) in sumo.iter_mut().enumerate() {
                    if rank.level() > level as u8 {
                        *set |= square;
                    }
                }
            }
        }
        let black_arrived = occupied[0].intersects(Player::Black.goal_rank().bitboard());
        let white_arrived = occupied[1].intersects(Player::White.goal_rank().bitboard());
        if black_arrived && white_arrived {
            return Err(InvalidPosition::BothArrived);
        }
        if self.after_push {
            if self.forced.is_none() {
                return Err(InvalidPosition::PushMarkWithoutForcedColour);
            }
            if !sumo[0].intersects(occupied[self.side.index()]) {
                return Err(InvalidPosition::PushMarkWithoutSumo(self.side));
            }
        }
        let mut position = Position {
            towers,
            occupied,
            sumo,
            hash: 0,
            state: State::new(self.side, self.forced, self.after_push),
        };
        position.hash = zobrist::hash_of(&position);
        Ok(position)
    }
}

impl Default for Position {
    /// The start position.
    fn default() -> Position {
        Position::start()
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;

    /// Regression pin: a position is nine words (the reading of the rules
    /// and the layout travel in the state word), which copy-make copies.
    #[test]
    fn a_position_is_nine_words() {
        assert_eq!(core::mem::size_of::<Position>(), 72);
    }

    /// A consistent position with a sumo of each player and the push mark:
    /// every invariant `is_consistent` checks has something to check.
    fn sample() -> Position {
        let p: Position = "o+kgp+++yrbn+/8/8/8/8/8/8/R++KB+G+Y+++OPN w y!"
            .parse()
            .unwrap();
        assert!(p.is_consistent());
        p
    }

    /// Each invariant broken alone makes the position inconsistent.
    #[test]
    fn each_broken_invariant_is_caught() {
        let p = sample();
        let rehash = |mut q: Position| {
            q.hash = zobrist::hash_of(&q);
            q
        };
        let mut broken: Vec<(&str, Position)> = Vec::new();
        // Two towers on one square: Black's orange moves onto its blue's.
        let mut q = p;
        let blue = q.tower_square(Player::Black, Colour::Blue) as u64;
        q.towers[0] = (q.towers[0] & !0xFF) | blue;
        broken.push(("two towers on a square", rehash(q)));
        // The occupancy misses a tower, or holds an extra square.
        let mut q = p;
        q.occupied[1] ^= q.tower_square(Player::White, Colour::Red).bitboard();
        broken.push(("occupancy misses a tower", rehash(q)));
        let mut q = p;
        q.occupied[0] |= Square::E4.bitboard();
        broken.push(("occupancy holds an empty square", rehash(q)));
        // Ranks not nested: a double sumo that is not a sumo.
        let mut q = p;
        let double = q.sumo[1].into_iter().next().unwrap();
        q.sumo[0] ^= double.bitboard();
        broken.push(("rank 2 outside rank 1", rehash(q)));
        let mut q = p;
        let triple = q.sumo[2].into_iter().next().unwrap();
        q.sumo[1] ^= triple.bitboard();
        broken.push(("rank 3 outside rank 2", rehash(q)));
        // A sumo rank on an empty square.
        let mut q = p;
        q.sumo[0] |= Square::E4.bitboard();
        broken.push(("a sumo rank on an empty square", rehash(q)));
        // A state word with undefined bits, or a forced index past 8.
        let mut q = p;
        q.state = State::from_bits(q.state.bits() | 1 << 40);
        broken.push(("undefined state bits", rehash(q)));
        let mut q = p;
        q.state = State::from_bits((q.state.bits() & !(0xF << 8)) | 9 << 8);
        broken.push(("forced index 9", rehash(q)));
        // The push mark with a free choice, or without a sumo to move.
        let mut q = p;
        q.state = State::new(q.side_to_move(), None, true);
        broken.push(("push mark on a free choice", rehash(q)));
        let mut q = p;
        let own = q.occupied[q.side_to_move().index()];
        for layer in &mut q.sumo {
            *layer -= own;
        }
        broken.push(("push mark without a sumo of the side to move", rehash(q)));
        // A stale hash.
        let mut q = p;
        q.hash ^= 1;
        broken.push(("stale hash", q));
        for (what, q) in broken {
            assert!(!q.is_consistent(), "{what}: {q}");
        }
        // And the same changes that keep the invariants pass: the mark
        // dropped, the hash recomputed.
        let mut q = p;
        q.state = State::new(q.side_to_move(), q.forced_colour(), false);
        assert!(rehash(q).is_consistent());
    }
}
