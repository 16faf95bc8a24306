//! The set-up of a game as the [rules](crate::rules#set-up-and-turn-order)
//! order it: the tiles are laid, the first player (Black) chooses which way
//! round the board lies, White moves first; and the recommended rematch.

use board_geometry::{ParseNameError, Player};

use crate::{Board, Position, Rules};

board_geometry::named_enum! {
    /// Which way round a laid board lies: the edge of the board **as laid**
    /// (its rank 8 at the top, as its tiles or its colours field give it) at
    /// which Black sits. Black's pieces go on that edge's row, White's on the
    /// opposite one. [`Orientation::ALL`] is in the order of clockwise quarter
    /// turns; the names (`Display`, `FromStr`, used by records, the engine
    /// protocol and the programs) are `bottom`, `right`, `top` and `left`.
    ///
    /// The position notation always puts Black's home row on rank 1, so a
    /// chosen orientation turns the laid board: [`Board::turned`] brings
    /// Black's edge to the bottom.
    ///
    /// ```
    /// use katarenga_core::{Board, Orientation};
    /// let laid = Board::standard();
    /// // Black at the top: the board is turned half a turn.
    /// assert_eq!(laid.turned(Orientation::Top), laid.rotate_180());
    /// assert_eq!("right".parse(), Ok(Orientation::Right));
    /// assert_eq!(Orientation::Left.to_string(), "left");
    /// ```
    #[derive(Default)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "kebab-case")
    )]
    pub enum Orientation {
        /// Black sits at the bottom edge (rank 1 as laid): the board as given.
        #[default]
        Bottom => "bottom",
        /// Black sits at the right edge (the h-file as laid): the board turned
        /// a quarter turn clockwise.
        Right => "right",
        /// Black sits at the top edge (rank 8 as laid): the board turned half
        /// a turn.
        Top => "top",
        /// Black sits at the left edge (the a-file as laid): the board turned
        /// a quarter turn anticlockwise.
        Left => "left",
    }
    parse_error: ParseNameError { what: "orientation", expected: "bottom, right, top or left" },
}

impl Orientation {
    /// How many clockwise quarter turns bring Black's edge to the bottom:
    /// 0 to 3.
    #[must_use]
    pub const fn quarter_turns(self) -> u8 {
        self as u8
    }

    /// The orientation after `turns` more clockwise quarter turns of the
    /// board (taken modulo 4).
    #[must_use]
    pub const fn turned(self, turns: u8) -> Orientation {
        Orientation::ALL[((self as u8 + turns) % 4) as usize]
    }

    /// The opposite edge: the board turned half a turn.
    #[must_use]
    pub const fn opposite(self) -> Orientation {
        self.turned(2)
    }
}

impl Board {
    /// The board as Black sees it from `orientation`'s edge: turned so
    /// that this edge becomes rank 1.
    #[must_use]
    pub fn turned(&self, orientation: Orientation) -> Board {
        let mut board = *self;
        for _ in 0..orientation.quarter_turns() {
            board = board.rotate_cw();
        }
        board
    }

    /// The board from each edge, in the order of [`Orientation::ALL`]:
    /// four different games unless the board has a turning symmetry.
    #[must_use]
    pub fn orientations(&self) -> [Board; 4] {
        Orientation::ALL.map(|o| self.turned(o))
    }
}

/// A laid board waiting for Black's choice of orientation: the
/// [rules'](crate::rules#set-up-and-turn-order) set-up, in its order.
///
/// 1. The tiles are laid (any [`Board`]) and the rules agreed:
///    [`Setup::new`].
/// 2. The first player, Black, chooses the edge at which it sits: show it
///    [`Setup::starts`] (the four starts, for a player or an agent to
///    compare) and take its answer with [`Setup::start`].
/// 3. White, on the opposite row, moves first: the start is an ordinary
///    [`Position`].
///
/// ```
/// use katarenga_core::{Board, Game, Orientation, Player, Rules, Setup};
/// let setup = Setup::new(Board::standard(), Rules::Standard);
/// let start = setup.start(Orientation::Top);
/// assert_eq!(start.side_to_move(), Player::White);
/// assert_eq!(*start.board(), Board::standard().rotate_180());
/// assert_eq!(setup.starts()[2], start);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The board as laid.
    pub board: Board,
    /// The rules of the game.
    pub rules: Rules,
}

impl Setup {
    /// The set-up of a game on `board`, as laid, by `rules`.
    #[must_use]
    pub const fn new(board: Board, rules: Rules) -> Setup {
        Setup { board, rules }
    }

    /// The start after Black chooses `orientation`: White to move.
    #[must_use]
    pub fn start(&self, orientation: Orientation) -> Position {
        Position::start_with(self.board.turned(orientation), self.rules)
    }

    /// The four starts Black chooses from, in the order of
    /// [`Orientation::ALL`].
    #[must_use]
    pub fn starts(&self) -> [Position; 4] {
        Orientation::ALL.map(|o| self.start(o))
    }
}

/// The two games of a Katarenga match: a game and the rematch the rules
/// recommend, "the board turned round", points added.
///
/// The reading (the [rules](crate::rules#the-rematch)): between the games
/// the board is turned half a turn on the table and the players keep
/// their seats, so each now faces the row the other had; the pieces go
/// back where they stood. The first game's White player is Black in the
/// rematch (and chose nothing: the turn decides), the first game's Black
/// player is White and moves first. The rematch's start is the first
/// game's start, played with the sides exchanged: each player has had the
/// same chances.
///
/// The players are named by their part in the first game: the **first
/// player** (Black in game 1, who chose the orientation) and the **second
/// player** (White in game 1).
///
/// ```
/// use katarenga_core::{Game, Player, Position, Rematch};
/// let mut m = Rematch::new(Position::start());
/// assert_eq!(m.game(), 1);
/// assert_eq!(m.black_player(), Rematch::FIRST);
/// m.record_game(Some(Player::White))?; // the second player wins game 1
/// assert_eq!(m.black_player(), Rematch::SECOND);
/// assert_eq!(m.start(), Position::start()); // the same start
/// m.record_game(Some(Player::White))?; // the first player wins the rematch
/// assert_eq!(m.points(), [1, 1]);
/// assert!(m.is_over());
/// assert_eq!(m.winner(), None); // a tied match
/// # Ok::<(), katarenga_core::RematchError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rematch {
    start: Position,
    /// Each game's winner (by colour), once played.
    results: [Option<Option<Player>>; 2],
}

/// Why a game cannot be recorded in a [`Rematch`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum RematchError {
    /// Both games have been played.
    #[error("the match is over: both games have been played")]
    Over,
}

impl Rematch {
    /// Index of the first player (Black in the first game) in
    /// [`Rematch::points`].
    pub const FIRST: usize = 0;
    /// Index of the second player (White in the first game).
    pub const SECOND: usize = 1;

    /// A match from `start` (the first game's start, after Black's choice
    /// of orientation).
    #[must_use]
    pub const fn new(start: Position) -> Rematch {
        Rematch {
            start,
            results: [None; 2],
        }
    }

    /// The start of both games.
    #[must_use]
    pub const fn start(&self) -> Position {
        self.start
    }

    /// The game being played: 1 or 2 (2 also once the match is over).
    #[must_use]
    pub const fn game(&self) -> u8 {
        if self.results[0].is_some() { 2 } else { 1 }
    }

    /// The player (`FIRST` or `SECOND`) who has Black in the current game:
    /// the first player in game 1, the second in the rematch.
    #[must_use]
    pub const fn black_player(&self) -> usize {
        if self.game() == 1 {
            Rematch::FIRST
        } else {
            Rematch::SECOND
        }
    }

    /// The player (`FIRST` or `SECOND`) who has `colour` in game `game`
    /// (1 or 2; any other number is read as 2).
    #[must_use]
    pub const fn player_of(colour: Player, game: u8) -> usize {
        let black = if game == 1 {
            Rematch::FIRST
        } else {
            Rematch::SECOND
        };
        match colour {
            Player::Black => black,
            Player::White => 1 - black,
        }
    }

    /// Records the current game's winner by colour (`None`: a drawn game,
    /// e.g. by a referee's adjudication, half a point each).
    ///
    /// # Errors
    /// [`RematchError::Over`] once both games are recorded.
    pub fn record_game(&mut self, winner: Option<Player>) -> Result<(), RematchError> {
        let slot = self
            .results
            .iter_mut()
            .find(|r| r.is_none())
            .ok_or(RematchError::Over)?;
        *slot = Some(winner);
        Ok(())
    }

    /// Each game's winner by colour (outer `None`: not played yet; inner
    /// `None`: drawn).
    #[must_use]
    pub const fn results(&self) -> [Option<Option<Player>>; 2] {
        self.results
    }

    /// Whether both games have been played.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.results[1].is_some()
    }

    /// The points in half points, `[first player, second player]`: a win
    /// is 2, a drawn game 1 each.
    #[must_use]
    pub fn half_points(&self) -> [u32; 2] {
        let mut points = [0; 2];
        for (game, result) in (1u8..).zip(self.results) {
            match result {
                Some(Some(winner)) => points[Rematch::player_of(winner, game)] += 2,
                Some(None) => {
                    points[0] += 1;
                    points[1] += 1;
                }
                None => {}
            }
        }
        points
    }

    /// The points, `[first player, second player]`, a win 1 (drawn games,
    /// which the rules do not have, are counted by [`Rematch::half_points`]
    /// and round down here).
    #[must_use]
    pub fn points(&self) -> [u32; 2] {
        self.half_points().map(|h| h / 2)
    }

    /// The match's winner, `FIRST` or `SECOND`, once it is over and the
    /// points differ.
    #[must_use]
    pub fn winner(&self) -> Option<usize> {
        let [a, b] = self.half_points();
        match (self.is_over(), a.cmp(&b)) {
            (true, core::cmp::Ordering::Greater) => Some(Rematch::FIRST),
            (true, core::cmp::Ordering::Less) => Some(Rematch::SECOND),
            _ => None,
        }
    }
}
