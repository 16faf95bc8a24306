//! Setting up a game: the positions of either game, and the one reading
//! of a `position` command that the engine loop, the referee and the fake
//! engine share (its start, its moves checked one by one, the rule
//! option), with seeded random openings for the referee.

use std::fmt;

use board_geometry::{Player, SplitMix64};
use game_records::BoardSpec;
use game_search::SearchGame;
use katarenga_core::{Rules, TilePlacement};

use game_spec::{AnyPosition, BoardSetup, GameId, GameSpec};

use crate::message::{Command, MessageError, Start};

type Kamisado = kamisado_core::Position;
type Katarenga = katarenga_core::Position;

/// Why a `position` command (or an opening given as its arguments) sets
/// up nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The line is not a `position` command's arguments.
    #[error("not a position: {0}")]
    Syntax(#[from] MessageError),
    /// `tiles` in Kamisado.
    #[error("tiles are for katarenga")]
    TilesInKamisado,
    /// The tiles do not make a board (a tile used twice).
    #[error("the tiles do not make a board: {0}")]
    Tiles(String),
    /// The notation does not read as a position of the game.
    #[error("{notation:?}: {reason}")]
    Notation {
        /// The notation given.
        notation: String,
        /// Why it does not read.
        reason: String,
    },
    /// A Katarenga notation with first moves pending (its fifth field)
    /// under the standard rules, which have no such thing.
    #[error(
        "{notation:?}: first moves are pending (the fifth field), but the game is played by the standard rules (send newgame katarenga rules no-first-capture)"
    )]
    PendingUnderStandard {
        /// The notation given.
        notation: String,
    },
    /// A move that does not read or is illegal, with its number from 1.
    #[error("move {number} ({text}): {reason}")]
    Move {
        /// The move's number in the list, from 1.
        number: usize,
        /// The move as given.
        text: String,
        /// Why it is refused.
        reason: String,
    },
    /// The opening is of the other game.
    #[error("the opening {opening} is a {found} position, not a {expected} one")]
    WrongGame {
        /// The opening, as a position command's arguments.
        opening: String,
        /// The game it is of.
        found: GameId,
        /// The game of the run.
        expected: GameId,
    },
}

/// Where a game starts: a Kamisado position, or a Katarenga position with
/// the board as the records give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    /// A Kamisado position (a match starts its first round there).
    Kamisado(Kamisado),
    /// A Katarenga position on a board.
    Katarenga {
        /// The board, as tiles where known.
        board: BoardSpec,
        /// The position.
        position: Katarenga,
    },
    /// A position of another game on a Katarenga board (Congress, Quebec,
    /// Isolation), under the spec's options.
    Family {
        /// The board, as tiles where known.
        board: BoardSpec,
        /// The position.
        position: AnyPosition,
    },
}

impl Opening {
    /// Reads an opening as the arguments of a `position` command
    /// (`startpos`, `tiles ...` or `notation ...`, then `moves ...`).
    ///
    /// ```
    /// use game_protocol::{GameId, GameSpec, setup::Opening};
    /// let kamisado = GameSpec::default_for(GameId::Kamisado);
    /// let o = Opening::parse(&kamisado, "startpos moves d1d7")?;
    /// assert_eq!(o.position().to_string(), "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g");
    /// let e = Opening::parse(&kamisado, "startpos moves d1d9").unwrap_err();
    /// assert!(e.to_string().starts_with("move 1 (d1d9)"));
    /// # Ok::<(), game_protocol::setup::SetupError>(())
    /// ```
    ///
    /// # Errors
    /// [`SetupError`]: what is wrong.
    pub fn parse(game: &GameSpec, line: &str) -> Result<Opening, SetupError> {
        let command: Command = format!("position {line}").parse()?;
        let Command::Position { start, moves } = command else {
            unreachable!("a line that starts with position reads as a position or not at all")
        };
        Opening::set_up(game, start, &moves)
    }

    /// The position a `position` command sets up in `game`'s game under
    /// its reading of the rules: `start`, then `moves`, each checked (the
    /// engine's and the referee's one reading). The spec's set-up is not
    /// used: the command's start says the board (`startpos` is the standard
    /// one, for Kamisado the start on the spec's layout). A Kamisado start,
    /// whose notation says nothing of the reading or the layout, is played
    /// by the spec's. Katarenga's `startpos` and `tiles` start by the spec's rules; a
    /// `notation` start says itself whose first moves are pending (its
    /// fifth field: absent, none is), which the rules cannot change, and
    /// under the standard rules it may not have any.
    ///
    /// # Errors
    /// [`SetupError`]: why the start cannot be read or which move is
    /// illegal (with its number from 1).
    pub fn set_up(game: &GameSpec, start: Start, moves: &[String]) -> Result<Opening, SetupError> {
        let notation = |n: &str, reason: &dyn fmt::Display| SetupError::Notation {
            notation: n.to_string(),
            reason: reason.to_string(),
        };
        match *game {
            GameSpec::Kamisado { rules, layout, .. } => {
                let start: Kamisado = match start {
                    Start::StartPos => Kamisado::start_on(layout),
                    Start::Notation(n) => n.parse().map_err(|e| notation(&n, &e))?,
                    Start::Tiles(_) => return Err(SetupError::TilesInKamisado),
                };
                let start = start.with_rules(rules).with_layout(layout);
                Ok(Opening::Kamisado(replay(start, moves)?))
            }
            GameSpec::Katarenga { rules, .. } => {
                let (board, start) = match start {
                    Start::StartPos => {
                        let tiles = standard_tiles();
                        (
                            BoardSpec::Tiles(tiles),
                            Katarenga::start_with(katarenga_core::Board::standard(), rules),
                        )
                    }
                    Start::Tiles(tiles) => {
                        let board = katarenga_core::Board::from_tiles(tiles)
                            .map_err(|e| SetupError::Tiles(e.to_string()))?;
                        (BoardSpec::Tiles(tiles), Katarenga::start_with(board, rules))
                    }
                    Start::Notation(n) => {
                        let p: Katarenga = n.parse().map_err(|e| notation(&n, &e))?;
                        let pending = Player::ALL.into_iter().any(|s| p.first_move_pending(s));
                        if pending && rules == Rules::Standard {
                            return Err(SetupError::PendingUnderStandard { notation: n });
                        }
                        (BoardSpec::Colours(*p.board()), p)
                    }
                };
                let position = replay(start, moves)?;
                Ok(Opening::Katarenga { board, position })
            }
            GameSpec::Congress { .. } | GameSpec::Quebec { .. } | GameSpec::Isolation { .. } => {
                let (board, start) = match start {
                    Start::StartPos => (BoardSpec::Tiles(standard_tiles()), {
                        game.with_board(BoardSetup::Standard).map(|s| s.start())
                    }),
                    Start::Tiles(tiles) => {
                        katarenga_core::Board::from_tiles(tiles)
                            .map_err(|e| SetupError::Tiles(e.to_string()))?;
                        let spec = game.with_board(BoardSetup::Tiles(tiles));
                        (BoardSpec::Tiles(tiles), spec.map(|s| s.start()))
                    }
                    Start::Notation(n) => {
                        let p =
                            AnyPosition::parse(game.game(), &n).map_err(|e| notation(&n, &e))?;
                        let board = p.board().unwrap_or_default();
                        (BoardSpec::Colours(board), game.apply_options(p))
                    }
                };
                let start = start.unwrap_or_else(|| game.start());
                let position = replay_any(start, moves)?;
                Ok(Opening::Family { board, position })
            }
        }
    }

    /// An opening of `plies` random moves (seeded) from `spec`'s start (by
    /// its rules); a Katarenga board of the standard one is replaced by a
    /// random board of tiles when `random_board`, and any other board of
    /// the spec is kept. Never a position where the side to move can end
    /// the game at once.
    #[must_use]
    pub fn random(
        spec: &GameSpec,
        plies: u32,
        random_board: bool,
        rng: &mut SplitMix64,
    ) -> Opening {
        let start = match *spec {
            GameSpec::Kamisado { rules, layout, .. } => {
                Opening::Kamisado(Kamisado::start_on(layout).with_rules(rules))
            }
            GameSpec::Katarenga { rules, board } => {
                let board = match board {
                    BoardSetup::Standard => {
                        let index = if random_board {
                            u32::try_from(rng.below(TilePlacement::ARRANGEMENTS as usize))
                                .unwrap_or(0)
                        } else {
                            0
                        };
                        BoardSpec::Tiles(
                            TilePlacement::arrangement(index).unwrap_or_else(standard_tiles),
                        )
                    }
                    BoardSetup::Tiles(tiles) => BoardSpec::Tiles(tiles),
                    BoardSetup::Colours(colours) => BoardSpec::Colours(colours),
                };
                let laid = match board {
                    BoardSpec::Tiles(tiles) => {
                        katarenga_core::Board::from_tiles(tiles).unwrap_or_default()
                    }
                    BoardSpec::Colours(colours) => colours,
                };
                Opening::Katarenga {
                    board,
                    position: Katarenga::start_with(laid, rules),
                }
            }
            GameSpec::Congress { .. } | GameSpec::Quebec { .. } | GameSpec::Isolation { .. } => {
                let setup = match spec.board() {
                    Some(BoardSetup::Standard) | None if random_board => {
                        let index = u32::try_from(rng.below(TilePlacement::ARRANGEMENTS as usize))
                            .unwrap_or(0);
                        BoardSetup::Tiles(
                            TilePlacement::arrangement(index).unwrap_or_else(standard_tiles),
                        )
                    }
                    Some(BoardSetup::Standard) | None => BoardSetup::Tiles(standard_tiles()),
                    Some(other) => other,
                };
                let board = match setup {
                    BoardSetup::Tiles(tiles) => BoardSpec::Tiles(tiles),
                    BoardSetup::Colours(colours) => BoardSpec::Colours(colours),
                    BoardSetup::Standard => BoardSpec::Tiles(standard_tiles()),
                };
                let position = spec.with_board(setup).unwrap_or(*spec).start();
                Opening::Family { board, position }
            }
        };
        start.with_random_plies(plies, rng)
    }

    /// Whether this is a Katarenga opening on `board` (a Kamisado one is
    /// on no Katarenga board).
    #[must_use]
    pub fn is_on(&self, board: katarenga_core::Board) -> bool {
        match self {
            Opening::Kamisado(_) => false,
            Opening::Katarenga { position, .. } => *position.board() == board,
            Opening::Family { position, .. } => position.board() == Some(board),
        }
    }

    /// This opening after `plies` random moves (seeded), each leaving a
    /// position where the side to move cannot end the game at once
    /// (fewer where no such move is left).
    #[must_use]
    pub fn with_random_plies(self, plies: u32, rng: &mut SplitMix64) -> Opening {
        match self {
            Opening::Kamisado(p) => Opening::Kamisado(random_plies(p, plies, rng)),
            Opening::Katarenga { board, position } => Opening::Katarenga {
                board,
                position: random_plies(position, plies, rng),
            },
            Opening::Family { board, position } => Opening::Family {
                board,
                position: match position {
                    AnyPosition::Congress(p) => AnyPosition::Congress(random_plies(p, plies, rng)),
                    AnyPosition::Quebec(p) => AnyPosition::Quebec(random_plies(p, plies, rng)),
                    AnyPosition::Isolation(p) => {
                        AnyPosition::Isolation(random_plies(p, plies, rng))
                    }
                    other => other,
                },
            },
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> GameId {
        self.position().game()
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> AnyPosition {
        match self {
            Opening::Kamisado(p) => AnyPosition::Kamisado(*p),
            Opening::Katarenga { position, .. } => AnyPosition::Katarenga(*position),
            Opening::Family { position, .. } => *position,
        }
    }

    /// Whether this is a Katarenga start on its board (both rows full,
    /// nothing played: the set-up may still choose its orientation).
    #[must_use]
    pub fn is_start(&self) -> bool {
        match self {
            Opening::Kamisado(_) | Opening::Family { .. } => false,
            Opening::Katarenga { position, .. } => {
                let rules = Rules::of_position(position);
                *position == Katarenga::start_with(*position.board(), rules)
            }
        }
    }

    /// The player to move.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        self.position().side_to_move()
    }
}

impl fmt::Display for Opening {
    /// The opening as a `position` command's arguments
    /// (`notation <position>`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "notation {}", self.position())
    }
}

/// The standard board's tiles (arrangement 0).
fn standard_tiles() -> [TilePlacement; 4] {
    TilePlacement::arrangement(0).unwrap_or([TilePlacement::new(katarenga_core::Tile::One); 4])
}

/// `start` after `moves`, each checked: why the first bad one is refused,
/// with its number from 1.
fn replay<G: SearchGame>(start: G, moves: &[String]) -> Result<G, SetupError> {
    let mut position = start;
    for (i, text) in moves.iter().enumerate() {
        let refused = |reason: String| SetupError::Move {
            number: i + 1,
            text: text.clone(),
            reason,
        };
        let mv: G::Move = text.parse().map_err(|e| refused(format!("{e}")))?;
        position = position.try_play(mv).map_err(|e| refused(e.to_string()))?;
    }
    Ok(position)
}

/// `start` after `moves` (any game's text), each checked: why the first bad
/// one is refused, with its number from 1.
fn replay_any(start: AnyPosition, moves: &[String]) -> Result<AnyPosition, SetupError> {
    let mut position = start;
    for (i, text) in moves.iter().enumerate() {
        position = position.play_text(text).map_err(|e| SetupError::Move {
            number: i + 1,
            text: text.clone(),
            reason: match e {
                game_spec::AnyError::Illegal { reason, .. } => reason,
                other => other.to_string(),
            },
        })?;
    }
    Ok(position)
}

/// `plies` random moves from `start` after which the side to move cannot
/// win at once (fewer where no move is left that does not).
fn random_plies<G: SearchGame>(start: G, plies: u32, rng: &mut SplitMix64) -> G {
    let mut p = start;
    for _ in 0..plies {
        let quiet = |next: &G| {
            next.outcome().is_none()
                && next
                    .legal_moves()
                    .iter()
                    .all(|&m| next.play(m).outcome().is_none())
        };
        let moves: Vec<G::Move> = p
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| quiet(&p.play(m)))
            .collect();
        match rng.choose(&moves) {
            Some(&m) => p = p.play(m),
            None => break,
        }
    }
    p
}
