//! Playing moves: the reasons a move is illegal, and the copy-make behind
//! [`Game::play_unchecked`] (the checks themselves are in `game.rs`).

use board_geometry::{Bitboard, Player, Square};

use crate::state::State;
use crate::zobrist::KEYS;
use crate::{Colour, Game, Move, Outcome, Position, PushError, SumoRank, Tower};

/// What kind of move a legal move is. Serde writes every kind as an object
/// with its name under `type`: `{"type": "slide"}`, `{"type": "push",
/// "towers": 2}`, `{"type": "pass"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::serde_impls::MoveKindData",
        try_from = "crate::serde_impls::MoveKindData"
    )
)]
pub enum MoveKind {
    /// A slide forward over empty squares.
    Slide,
    /// A sumo push of this many towers (1 to 3); the pusher moves again.
    Push(u8),
    /// The blocked forced tower passes.
    Pass,
}

/// Why a move is illegal, from [`Game::try_play`](crate::Game::try_play) and
/// [`Game::check_move`](crate::Game::check_move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The game (the round) is over.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// No tower stands on the origin square.
    #[error("there is no tower on {0}")]
    NoTower(Square),
    /// The tower on the origin belongs to the player not to move.
    #[error("the tower on {square} belongs to {owner}, who is not to move")]
    NotYourTower {
        /// The origin square.
        square: Square,
        /// The tower's owner.
        owner: Player,
    },
    /// The player must move its tower of another colour (the
    /// [forced tower](crate::rules#turn-order-and-the-forced-tower)).
    #[error("{side} must move the {forced} tower, not the {moved} one")]
    WrongTower {
        /// The player to move.
        side: Player,
        /// The forced colour.
        forced: Colour,
        /// The colour of the tower on the origin square.
        moved: Colour,
    },
    /// A pass with a tower that can move, or on a free choice.
    #[error("the tower on {0} cannot pass: it is not a blocked forced tower")]
    CannotPass(Square),
    /// The destination is on the same rank.
    #[error("towers never move sideways")]
    Sideways,
    /// The destination is behind the tower.
    #[error("towers never move backward")]
    Backward,
    /// The destination is not straight or diagonally ahead.
    #[error("towers move straight or diagonally forward only")]
    NotALine,
    /// Farther than the tower's sumo rank allows
    /// ([rules](crate::rules#how-a-tower-moves)).
    #[error("a {rank} moves at most {limit} squares, not {distance}")]
    TooFar {
        /// The tower's rank.
        rank: SumoRank,
        /// Its limit.
        limit: u8,
        /// The distance asked for.
        distance: u8,
    },
    /// A tower stands on the path.
    #[error("the path is blocked on {0}")]
    PathBlocked(Square),
    /// The destination is occupied and the move is not a push.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A one-square straight step onto a tower that is not a legal push.
    #[error("a sumo push is not possible here")]
    Push(#[source] PushError),
}

impl Position {
    /// The Zobrist hash of the position after the legal move `mv`: what
    /// `self.play_unchecked(mv).zobrist()` returns, computed for a slide
    /// without building the position. A search asks for it to prefetch the
    /// child's table entry before it plays the move.
    ///
    /// `mv` must be legal, as for [`Game::play_unchecked`](crate::Game::play_unchecked) (debug
    /// builds check); for another move the number is unspecified.
    ///
    /// ```
    /// use kamisado_core::{Game, Position};
    /// let start = Position::start();
    /// for &mv in start.legal_moves().iter() {
    ///     assert_eq!(start.zobrist_after(mv), start.play(mv).zobrist());
    /// }
    /// ```
    #[inline]
    #[must_use]
    pub fn zobrist_after(&self, mv: Move) -> u64 {
        if mv.is_pass() || self.occupied().has(mv.to) {
            return self.play_unchecked(mv).zobrist();
        }
        debug_assert!(
            self.is_legal(mv),
            "zobrist_after with the illegal move {mv} in {self}"
        );
        self.slide_hash(self.moving_colour(mv.from), mv.from, mv.to)
    }

    /// The colour of the side to move's tower on `from`: the forced colour,
    /// or on a free first move the colour of the tower standing there.
    #[inline(always)]
    pub(crate) fn moving_colour(&self, from: Square) -> Colour {
        match self.forced_colour() {
            Some(colour) => colour,
            None => self.colour_of_tower_at(self.side_to_move(), from),
        }
    }

    /// The hash after the side to move's `colour` tower slides from `from`
    /// to the empty square `to`.
    #[inline(always)]
    fn slide_hash(&self, colour: Colour, from: Square, to: Square) -> u64 {
        let keys = &KEYS.tower[self.side_to_move().index()][colour.index()];
        let push_mark = if self.is_after_push() {
            KEYS.after_push
        } else {
            0
        };
        self.hash
            ^ keys[from as usize]
            ^ keys[to as usize]
            ^ KEYS.side
            ^ KEYS.forced[self.forced_index()]
            ^ push_mark
            ^ KEYS.forced[self.layout().colour_of(to).index()]
    }

    /// The position after the side to move's `colour` tower slides from
    /// `from` to the empty square `to`: the hot path of play.
    ///
    /// Computed straight from `self` into the result: going through
    /// [`SlidesFrom`] would first store the lifted position and read it
    /// back, which costs more than it saves for a single slide.
    #[inline(always)]
    pub(crate) fn play_slide(&self, colour: Colour, from: Square, to: Square) -> Position {
        let side = self.side_to_move();
        let mut next = *self;
        next.move_tower(Tower::new(side, colour), from, to);
        // The whole new hash (the tower's keys that `move_tower` applied
        // are applied again there, and the first update is dropped).
        next.hash = self.slide_hash(colour, from, to);
        next.state = self
            .state
            .awaiting_landing(side.opponent())
            .landed_on(self.layout().colour_of(to));
        next
    }

    /// The position after the side to move passes with its blocked tower
    /// on `square`.
    #[cold]
    pub(crate) fn play_pass(&self, square: Square) -> Position {
        let mut next = *self;
        let forced =
            self.rules()
                .colour_after_block(self.layout(), self.moving_colour(square), square);
        let push_mark = if self.is_after_push() {
            KEYS.after_push
        } else {
            0
        };
        next.hash ^=
            KEYS.forced[self.forced_index()] ^ push_mark ^ KEYS.side ^ KEYS.forced[forced.index()];
        next.state = self
            .state
            .next(self.side_to_move().opponent(), Some(forced), false);
        next
    }

    /// Moves `tower` from `from` to the empty square `to`, with its rank
    /// and its hash keys.
    #[inline]
    pub(crate) fn move_tower(&mut self, tower: Tower, from: Square, to: Square) {
        let (p, c) = (tower.player.index(), tower.colour.index());
        self.towers[p] ^= ((from as u64) ^ (to as u64)) << (8 * c);
        let both = from.bitboard() | to;
        self.occupied[p] ^= both;
        for layer in &mut self.sumo {
            if layer.has(from) {
                *layer ^= both;
            }
        }
        self.hash ^= KEYS.tower[p][c][from as usize] ^ KEYS.tower[p][c][to as usize];
    }
}

/// Copy-make for the slides of one tower, split in two: everything that does
/// not depend on the destination is done once in [`SlidesFrom::new`] (the
/// tower lifted off its square, the side and the obligation switched, the
/// hash updated for all of that), and [`SlidesFrom::set_down`] only sets
/// the tower down. Generation hands over one tower's destinations at a
/// time, so perft and search pay the first part once per tower.
///
/// The children are written into one position that [`SlidesFrom::new`]
/// returns beside it, and each slide writes only the words a landing
/// changes (the mover's tower word and occupancy, the hash, the state): the
/// other player's words and the sumo layers of a plain tower are the same
/// for every slide of the tower, and stay where the copy of the parent put
/// them. The child is a value of its own, apart from what is kept here, so that
/// handing it out (to `black_box`, say) does not send this back to memory.
pub(crate) struct SlidesFrom {
    /// The mover's tower word and occupancy with the tower lifted.
    towers: u64,
    occupied: u64,
    /// The lifted position's hash and state, before the landing.
    hash: u64,
    state: State,
    side: Player,
    /// The shift of the tower's byte in its player's tower word.
    shift: u32,
    /// The tower's Zobrist keys by square.
    keys: &'static [u64; 64],
    /// The layout's colours by square: the landing colour.
    colours: &'static [Colour; 64],
    /// The lifted position's sumo layers, and which of them the tower
    /// belongs to (its rank travels with it); `None` for a plain tower.
    sumo: Option<([Bitboard; 3], [bool; 3])>,
}

impl SlidesFrom {
    /// The slides' constants, and the child for [`SlidesFrom::set_down`]
    /// to write: a copy of `position`, which is not the position after a
    /// slide until `set_down` has written the words a slide changes (the
    /// rest is the same for every slide of the tower).
    #[inline(always)]
    pub(crate) fn new(position: &Position, colour: Colour, from: Square) -> (SlidesFrom, Position) {
        let side = position.side_to_move();
        let (s, c) = (side.index(), colour.index());
        let sumo = if position.sumo[0].has(from) {
            let mut lifted = position.sumo;
            let mut layers = [false; 3];
            for (layer, on) in lifted.iter_mut().zip(&mut layers) {
                *on = layer.has(from);
                *layer = layer.without(from);
            }
            Some((lifted, layers))
        } else {
            None
        };
        let push_mark = if position.is_after_push() {
            KEYS.after_push
        } else {
            0
        };
        let slides = SlidesFrom {
            towers: position.towers[s] & !(0xFF << (8 * c)),
            occupied: position.occupied[s].without(from).0,
            hash: position.hash
                ^ KEYS.tower[s][c][from as usize]
                ^ KEYS.side
                ^ KEYS.forced[position.forced_index()]
                ^ push_mark,
            // The landing colour is filled in by `set_down`.
            state: position.state.awaiting_landing(side.opponent()),
            side,
            shift: 8 * c as u32,
            keys: &KEYS.tower[s][c],
            colours: position.layout().colours(),
            sumo,
        };
        (slides, *position)
    }

    /// Makes `child`, the position [`SlidesFrom::new`] returned (whatever
    /// slides were set down in it since), the position after the slide to
    /// the empty square `to`.
    ///
    /// `SUMO` says whether the tower may be a sumo: `false` only when
    /// [`SlidesFrom::is_sumo`] is, so that a loop over a plain tower's
    /// slides (nearly every tower's) does not test for a sumo at each one.
    #[inline(always)]
    pub(crate) fn set_down<const SUMO: bool>(&self, child: &mut Position, to: Square) {
        let landing = self.colours[to as usize];
        let s = self.side.index();
        child.towers[s] = self.towers | (to as u64) << self.shift;
        child.occupied[s] = Bitboard(self.occupied | to.bitboard().0);
        child.hash = self.hash ^ self.keys[to as usize] ^ KEYS.forced[landing.index()];
        child.state = self.state.landed_on(landing);
        if !SUMO {
            return;
        }
        if let Some((mut sumo, layers)) = self.sumo {
            for (layer, on) in sumo.iter_mut().zip(layers) {
                if on {
                    *layer |= to;
                }
            }
            child.sumo = sumo;
        }
    }

    /// Whether the tower is a sumo (its rank travels with it).
    #[inline(always)]
    pub(crate) fn is_sumo(&self) -> bool {
        self.sumo.is_some()
    }
}
