//! A position, a move and an outcome of any game, for the layers that speak
//! text (the protocol, records, the referee, programs, bindings): each
//! forwards to the game's [`Game`] implementation, written once here.

use core::fmt;

use board_geometry::{Player, Square};
use game_rules::{Game, GameOutcome};

use crate::GameId;

type Kamisado = kamisado_core::Position;
type Katarenga = katarenga_core::Position;

/// Calls the macro `$m` with `[$args]` and the variant names of the games:
/// the one list in this file (each enum below has one variant a game, of
/// the same name), so that a method is written once for every game.
macro_rules! with_games {
    ($m:ident ( $($args:tt)* )) => {
        $m!([$($args)*] Kamisado Katarenga Congress Quebec Isolation)
    };
}

/// A position of any game.
///
/// ```
/// use game_spec::{AnyPosition, GameId};
/// let start = AnyPosition::start(GameId::Kamisado);
/// assert_eq!(start.legal_moves().len(), 102);
/// let next = start.play_text("d1d7")?;
/// assert_eq!(next.to_string(), "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g");
/// assert!(next.play_text("a8a7").unwrap_err().to_string().contains("green"));
/// assert_eq!(AnyPosition::parse(GameId::Kamisado, &next.to_string())?, next);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// A Kamisado position (a round).
    Kamisado(Kamisado),
    /// A Katarenga position.
    Katarenga(Katarenga),
    /// A Congress position.
    Congress(katarenga_family::Congress),
    /// A Quebec position.
    Quebec(katarenga_family::Quebec),
    /// An Isolation position.
    Isolation(katarenga_family::Isolation),
}

/// A move of any game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A Kamisado move (a pass is the tower's square twice).
    Kamisado(kamisado_core::Move),
    /// A Katarenga move.
    Katarenga(katarenga_core::Move),
    /// A Congress move.
    Congress(katarenga_family::Move),
    /// A Quebec move.
    Quebec(katarenga_family::Move),
    /// An Isolation placement.
    Isolation(katarenga_family::Move),
}

/// How a game of any kind ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyOutcome {
    /// The end of a Kamisado round.
    Kamisado(kamisado_core::Outcome),
    /// The end of a Katarenga game.
    Katarenga(katarenga_core::Outcome),
    /// The end of a Congress game.
    Congress(katarenga_family::Outcome),
    /// The end of a Quebec game.
    Quebec(katarenga_family::Outcome),
    /// The end of an Isolation game.
    Isolation(katarenga_family::Outcome),
}

/// What kind of move a legal move of any game is
/// ([`AnyPosition::check_move`]): each game's own kinds, named alike by
/// [`AnyMoveKind::name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyMoveKind {
    /// A Kamisado slide, sumo push or pass.
    Kamisado(kamisado_core::MoveKind),
    /// A Katarenga quiet move, capture or camp entry.
    Katarenga(katarenga_core::MoveKind),
    /// A Congress step or pass.
    Congress(katarenga_family::MoveKind),
    /// A Quebec step or capture.
    Quebec(katarenga_family::MoveKind),
    /// An Isolation placement.
    Isolation(katarenga_family::MoveKind),
}

/// Why a text is not a position or a move of a game, or why a move cannot
/// be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnyError {
    /// The position's notation does not read: the game's own error.
    #[error("not a {game} position: {reason}")]
    Position {
        /// The game.
        game: GameId,
        /// The game's message (with the field and the offset).
        reason: String,
    },
    /// The move's notation does not read.
    #[error("not a {game} move: {reason}")]
    Move {
        /// The game.
        game: GameId,
        /// The game's message.
        reason: String,
    },
    /// The move is illegal here: the game's reason.
    #[error("illegal move {mv}: {reason}")]
    Illegal {
        /// The move.
        mv: AnyMove,
        /// The first rule it breaks.
        reason: String,
    },
    /// A move of one game played in a position of the other.
    #[error("{mv} is a {found} move, and this is a {expected} position")]
    WrongGame {
        /// The move.
        mv: AnyMove,
        /// The game of the position.
        expected: GameId,
        /// The game of the move.
        found: GameId,
    },
}

/// Code written once for every game: what [`AnyPosition::with`] runs on the
/// position inside, whatever its game.
///
/// ```
/// use game_rules::Game;
/// use game_spec::{AnyPosition, ForEachGame, GameId};
///
/// struct Perft(u32);
/// impl ForEachGame for Perft {
///     type Output = u64;
///     fn run<P: Game>(self, position: &P) -> u64 {
///         position.perft(self.0)
///     }
/// }
/// assert_eq!(AnyPosition::start(GameId::Kamisado).with(Perft(2)), 1150);
/// assert_eq!(AnyPosition::start(GameId::Katarenga).with(Perft(2)), 865);
/// ```
pub trait ForEachGame {
    /// What it returns.
    type Output;
    /// Runs on `position`.
    fn run<P: Game>(self, position: &P) -> Self::Output;
}

/// Runs `$body` with `$p` bound to the position inside `$position`, whatever
/// its game.
macro_rules! each_game_arms {
    ([$position:expr, $p:ident, $body:expr] $($V:ident)*) => {
        match $position {
            $(AnyPosition::$V($p) => $body,)*
        }
    };
}

macro_rules! each_game {
    ($position:expr, $p:ident => $body:expr) => {
        with_games!(each_game_arms($position, $p, $body))
    };
}

impl AnyPosition {
    /// The start of `game` (Katarenga: on the standard board, by the
    /// standard rules; see [`GameSpec::start`](crate::GameSpec::start) for
    /// the others).
    #[must_use]
    pub fn start(game: GameId) -> AnyPosition {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match game {
                    $(GameId::$V => AnyPosition::$V(Game::start()),)*
                }
            };
        }
        with_games!(arms())
    }

    /// Reads a position of `game` in its notation.
    ///
    /// # Errors
    /// [`AnyError::Position`] with the game's reason.
    pub fn parse(game: GameId, text: &str) -> Result<AnyPosition, AnyError> {
        let error = |reason: &dyn fmt::Display| AnyError::Position {
            game,
            reason: reason.to_string(),
        };
        macro_rules! arms {
            ([] $($V:ident)*) => {
                Ok(match game {
                    $(GameId::$V => AnyPosition::$V(text.parse().map_err(|e| error(&e))?),)*
                })
            };
        }
        with_games!(arms())
    }

    /// The game.
    #[must_use]
    pub const fn game(&self) -> GameId {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match self {
                    $(AnyPosition::$V(_) => GameId::$V,)*
                }
            };
        }
        with_games!(arms())
    }

    /// Runs `code` on the position inside.
    pub fn with<W: ForEachGame>(&self, code: W) -> W::Output {
        each_game!(self, p => code.run(p))
    }

    /// The Katarenga board the game is played on (`None` for Kamisado).
    #[must_use]
    pub fn board(&self) -> Option<katarenga_core::Board> {
        Some(match self {
            AnyPosition::Kamisado(_) => return None,
            AnyPosition::Katarenga(p) => *p.board(),
            AnyPosition::Congress(p) => *p.board(),
            AnyPosition::Quebec(p) => *p.board(),
            AnyPosition::Isolation(p) => *p.board(),
        })
    }

    /// The player to move.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        each_game!(self, p => p.side_to_move())
    }

    /// The Zobrist hash.
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        each_game!(self, p => p.zobrist())
    }

    /// The legal moves, in the game's order (none once it is over).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match self {
                    $(AnyPosition::$V(p) => p.legal_moves().into_iter().map(AnyMove::$V).collect(),)*
                }
            };
        }
        with_games!(arms())
    }

    /// Reads a move of this position's game.
    ///
    /// # Errors
    /// [`AnyError::Move`] with the game's reason.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, AnyError> {
        AnyMove::parse(self.game(), text)
    }

    /// The position after `mv`, or why it cannot be played.
    ///
    /// # Errors
    /// [`AnyError::Illegal`] with the game's reason, or
    /// [`AnyError::WrongGame`].
    pub fn try_play(&self, mv: AnyMove) -> Result<AnyPosition, AnyError> {
        let illegal = |reason: &dyn fmt::Display| AnyError::Illegal {
            mv,
            reason: reason.to_string(),
        };
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match (self, mv) {
                    $((AnyPosition::$V(p), AnyMove::$V(m)) => p
                        .try_play(m)
                        .map(AnyPosition::$V)
                        .map_err(|e| illegal(&e)),)*
                    _ => Err(AnyError::WrongGame {
                        mv,
                        expected: self.game(),
                        found: mv.game(),
                    }),
                }
            };
        }
        with_games!(arms())
    }

    /// Whether `mv` is legal here (a move of another game never is).
    #[must_use]
    pub fn is_legal(&self, mv: AnyMove) -> bool {
        self.try_play(mv).is_ok()
    }

    /// The kind of `mv` (a slide or a push, a capture, a placement), or
    /// why it cannot be played here.
    ///
    /// ```
    /// use game_spec::{AnyPosition, GameId};
    /// let start = AnyPosition::start(GameId::Kamisado);
    /// let kind = start.check_move(start.parse_move("d1d7")?)?;
    /// assert_eq!(kind.name(), "slide");
    /// assert!(start.check_move(start.parse_move("d1d8")?).is_err());
    /// # Ok::<(), game_spec::AnyError>(())
    /// ```
    ///
    /// # Errors
    /// As [`AnyPosition::try_play`].
    pub fn check_move(&self, mv: AnyMove) -> Result<AnyMoveKind, AnyError> {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match (self, mv) {
                    $((AnyPosition::$V(p), AnyMove::$V(m)) => p
                        .check_move(m)
                        .map(AnyMoveKind::$V)
                        .map_err(|e| AnyError::Illegal { mv, reason: e.to_string() }),)*
                    _ => Err(AnyError::WrongGame {
                        mv,
                        expected: self.game(),
                        found: mv.game(),
                    }),
                }
            };
        }
        with_games!(arms())
    }

    /// The legal moves of the piece on `square`, in the game's order: none
    /// for an empty square, a piece that may not move now, or a game of
    /// placements (Isolation's moves start from no square).
    ///
    /// ```
    /// use game_spec::{AnyPosition, GameId};
    /// use board_geometry::Square;
    /// let start = AnyPosition::start(GameId::Kamisado);
    /// let d1 = AnyPosition::start(GameId::Kamisado).legal_moves_from(Square::D1);
    /// assert_eq!(d1.len(), 13);
    /// let after = start.play_text("d1d7")?;
    /// // Only the green tower (g8) may move now.
    /// assert!(after.legal_moves_from(Square::A8).is_empty());
    /// assert_eq!(after.legal_moves_from(Square::G8).len(), after.legal_moves().len());
    /// # Ok::<(), game_spec::AnyError>(())
    /// ```
    #[must_use]
    pub fn legal_moves_from(&self, square: Square) -> Vec<AnyMove> {
        let mut moves = self.legal_moves();
        moves.retain(|m| m.from_square() == Some(square));
        moves
    }

    /// The position after the move written `text`.
    ///
    /// # Errors
    /// [`AnyError::Move`] if it does not read, [`AnyError::Illegal`] if it
    /// is illegal.
    pub fn play_text(&self, text: &str) -> Result<AnyPosition, AnyError> {
        self.try_play(self.parse_move(text)?)
    }

    /// How the game ended, once it is over.
    #[must_use]
    pub fn outcome(&self) -> Option<AnyOutcome> {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match self {
                    $(AnyPosition::$V(p) => p.outcome().map(AnyOutcome::$V),)*
                }
            };
        }
        with_games!(arms())
    }

    /// Whether the game (the round, in Kamisado) is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        each_game!(self, p => p.is_over())
    }

    /// The winner, once the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        each_game!(self, p => p.winner())
    }

    /// Perft: the number of legal move sequences of `depth` plies.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        each_game!(self, p => p.perft(depth))
    }

    /// Each legal move with the perft of the position after it at
    /// `depth - 1` (an empty list at depth 0).
    #[must_use]
    pub fn perft_divide(&self, depth: u32) -> Vec<(AnyMove, u64)> {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match self {
                    $(AnyPosition::$V(p) => p
                        .perft_divide(depth)
                        .into_iter()
                        .map(|(m, n)| (AnyMove::$V(m), n))
                        .collect(),)*
                }
            };
        }
        with_games!(arms())
    }
}

impl fmt::Display for AnyPosition {
    /// The position in its game's notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each_game!(self, p => p.fmt(f))
    }
}

impl AnyMove {
    /// Reads a move of `game`.
    ///
    /// # Errors
    /// [`AnyError::Move`] with the game's reason.
    pub fn parse(game: GameId, text: &str) -> Result<AnyMove, AnyError> {
        let error = |reason: &dyn fmt::Display| AnyError::Move {
            game,
            reason: reason.to_string(),
        };
        macro_rules! arms {
            ([] $($V:ident)*) => {
                Ok(match game {
                    $(GameId::$V => AnyMove::$V(text.parse().map_err(|e| error(&e))?),)*
                })
            };
        }
        with_games!(arms())
    }

    /// The square the move starts from: the moving piece's (a Kamisado
    /// pass: the blocked tower's), `None` for a placement or a pass of
    /// the family's games.
    #[must_use]
    pub const fn from_square(&self) -> Option<Square> {
        match *self {
            AnyMove::Kamisado(m) => Some(m.from),
            AnyMove::Katarenga(m) => Some(m.from),
            AnyMove::Congress(m) | AnyMove::Quebec(m) | AnyMove::Isolation(m) => match m {
                katarenga_family::Move::Step { from, .. } => Some(from),
                katarenga_family::Move::Drop(_) | katarenga_family::Move::Pass => None,
            },
        }
    }

    /// The game.
    #[must_use]
    pub const fn game(&self) -> GameId {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match self {
                    $(AnyMove::$V(_) => GameId::$V,)*
                }
            };
        }
        with_games!(arms())
    }
}

impl fmt::Display for AnyMove {
    /// The move in its game's notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match self {
                    $(AnyMove::$V(m) => m.fmt(f),)*
                }
            };
        }
        with_games!(arms())
    }
}

impl AnyOutcome {
    /// The winner.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match self {
                    $(AnyOutcome::$V(o) => GameOutcome::winner(o),)*
                }
            };
        }
        with_games!(arms())
    }

    /// A short lowercase name of the way it ended (`"arrival"`,
    /// `"camps"`).
    #[must_use]
    pub fn ending(self) -> &'static str {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match self {
                    $(AnyOutcome::$V(o) => GameOutcome::ending(o),)*
                }
            };
        }
        with_games!(arms())
    }
}

impl fmt::Display for AnyOutcome {
    /// The game's sentence (`"Black wins: ..."`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        macro_rules! arms {
            ([] $($V:ident)*) => {
                match self {
                    $(AnyOutcome::$V(o) => o.fmt(f),)*
                }
            };
        }
        with_games!(arms())
    }
}

impl AnyMoveKind {
    /// The kind's lowercase name, the same word in every game: `slide`,
    /// `push`, `pass` (Kamisado's blocked tower, Congress's pass rule),
    /// `quiet`, `capture`, `camp` (a Katarenga camp entry) or `drop` (an
    /// Isolation placement).
    #[must_use]
    pub const fn name(self) -> &'static str {
        use katarenga_family::MoveKind as Family;
        match self {
            AnyMoveKind::Kamisado(k) => match k {
                kamisado_core::MoveKind::Slide => "slide",
                kamisado_core::MoveKind::Push(_) => "push",
                kamisado_core::MoveKind::Pass => "pass",
            },
            AnyMoveKind::Katarenga(k) => match k {
                katarenga_core::MoveKind::Quiet => "quiet",
                katarenga_core::MoveKind::Capture => "capture",
                katarenga_core::MoveKind::Camp => "camp",
            },
            AnyMoveKind::Congress(k) | AnyMoveKind::Quebec(k) | AnyMoveKind::Isolation(k) => {
                match k {
                    Family::Quiet => "quiet",
                    Family::Capture => "capture",
                    Family::Drop => "drop",
                    Family::Pass => "pass",
                }
            }
        }
    }
}

impl fmt::Display for AnyMoveKind {
    /// The kind's name ([`AnyMoveKind::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
