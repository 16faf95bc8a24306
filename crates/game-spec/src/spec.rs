//! "Which game, under which rules, from which set-up": [`GameSpec`] and
//! its one text form.

use core::fmt;
use core::str::FromStr;

use kamisado_core::board_geometry::SplitMix64;
use kamisado_core::{Layout, Match, MatchOptions, Target};
use katarenga_core::{Board, TilePlacement};
use katarenga_family::{BothConnected, NoMove, Reading, Supply};

use crate::{AnyPosition, GameId};

/// A Katarenga board as a game description gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardSetup {
    /// The standard board (the tiles `1f0,2f0,3f0,4f0`).
    Standard,
    /// Four tiles in quadrant order (top-left, top-right, bottom-left,
    /// bottom-right), each used once.
    Tiles([TilePlacement; 4]),
    /// Any colouring, as the position notation's colours field.
    Colours(Board),
}

impl BoardSetup {
    /// The board.
    #[must_use]
    pub fn board(&self) -> Board {
        match self {
            BoardSetup::Standard => Board::standard(),
            // Checked when the set-up was made (`FromStr`, `from_tiles`).
            BoardSetup::Tiles(tiles) => Board::from_tiles(*tiles).unwrap_or_default(),
            BoardSetup::Colours(board) => *board,
        }
    }

    /// The set-up of `tiles`: [`BoardSetup::Standard`] for the standard
    /// tiles, `None` if a tile is used twice.
    #[must_use]
    pub fn from_tiles(tiles: [TilePlacement; 4]) -> Option<BoardSetup> {
        Board::from_tiles(tiles).ok()?;
        Some(if Some(tiles) == TilePlacement::arrangement(0) {
            BoardSetup::Standard
        } else {
            BoardSetup::Tiles(tiles)
        })
    }
}

impl fmt::Display for BoardSetup {
    /// `standard`, the tiles separated by commas (`1f0,2b1,3f2,4f3`), or
    /// the colours field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardSetup::Standard => f.write_str("standard"),
            BoardSetup::Tiles([a, b, c, d]) => write!(f, "{a},{b},{c},{d}"),
            BoardSetup::Colours(board) => board.fmt(f),
        }
    }
}

impl FromStr for BoardSetup {
    type Err = String;

    /// Reads the forms [`Display`](fmt::Display) writes; the reason is for
    /// people.
    fn from_str(s: &str) -> Result<BoardSetup, String> {
        if s == "standard" {
            return Ok(BoardSetup::Standard);
        }
        if s.contains('/') {
            return s
                .parse::<Board>()
                .map(BoardSetup::Colours)
                .map_err(|e| e.to_string());
        }
        let tiles = s
            .split(',')
            .map(|part| part.parse().map_err(|e| format!("{part:?}: {e}")))
            .collect::<Result<Vec<TilePlacement>, String>>()?;
        let tiles: [TilePlacement; 4] = tiles.try_into().map_err(|_| EXPECTED_BOARD.to_string())?;
        BoardSetup::from_tiles(tiles).ok_or_else(|| "a tile is used twice".to_string())
    }
}

const EXPECTED_BOARD: &str =
    "expected standard, four tiles such as 1f0,2b1,3f2,4f3, or the colours field";

/// One game as every door names it: which game, under which reading of
/// the rules, from which set-up.
///
/// Its text form is the game's name followed by the fields that differ
/// from the default, in this order, each `name=value`:
///
/// | game | field | values | default |
/// |---|---|---|---|
/// | `kamisado` | `rules` | `standard`, `pushed-square`, `blocked-colour` | `standard` |
/// | `kamisado` | `layout` | `standard`, `turned`, `mirrored`, `mirrored-turned` (`random` when a game begins: [`GameSpec::parse_drawing`]) | `standard` |
/// | `kamisado` | `target` | match points: a number, `single` (1), `standard` (3), `long` (7), `marathon` (15), `tile-long` (5), `tile-marathon` (7) | 1 (a single round) |
/// | `kamisado` | `scoring` | `rank` (1, 3, 7, 15 a win), `rings` (1, 2, 4, 8) | `rank` |
/// | `kamisado` | `refill` | `nearest`, `farthest`, `restart`, `setups` (the set-up match: each round from set-ups drawn from a chart the door is given) | `nearest` |
/// | `katarenga` | `rules` | `standard`, `no-first-capture` | `standard` |
/// | `katarenga` | `board` | `standard`, four tiles `1f0,2b1,3f2,4f3`, or the colours field | `standard` |
/// | `congress` | `no-move` | `lose`, `pass` | `lose` |
/// | `quebec` | `both-connected` | `mover`, `draw` | `mover` |
/// | `isolation` | `reading` | `strict`, `opposite`, `one-way` | `strict` |
/// | `isolation` | `supply` | `8`, `none` | `8` |
/// | `congress`, `quebec`, `isolation` | `board` | as Katarenga's | `standard` |
///
/// Fields are separated by spaces and may come in any order when read;
/// [`Display`](fmt::Display) writes the canonical form, which reads back
/// as the same value.
///
/// ```
/// use game_spec::{GameId, GameSpec};
/// let spec: GameSpec = "katarenga rules=no-first-capture".parse()?;
/// assert_eq!(spec.game(), GameId::Katarenga);
/// assert_eq!(spec.rules(), "no-first-capture");
/// assert!(spec.start().to_string().ends_with(" w - wb"));
/// assert_eq!("kamisado target=standard".parse::<GameSpec>()?.to_string(), "kamisado target=3");
/// assert_eq!(GameSpec::default_for(GameId::Kamisado).to_string(), "kamisado");
///
/// let error = "katarenga target=3".parse::<GameSpec>().unwrap_err();
/// assert_eq!(error.to_string(), "at byte 10: katarenga has no field target (its fields: rules, board)");
/// # Ok::<(), game_spec::SpecError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSpec {
    /// Kamisado: a round, or a match to a target.
    Kamisado {
        /// The reading of the rules.
        rules: kamisado_core::Rules,
        /// The board's layout.
        layout: Layout,
        /// The points that win the match (1: a single round).
        target: Target,
        /// How rounds score and the next round is set up.
        options: MatchOptions,
    },
    /// Katarenga.
    Katarenga {
        /// The reading of the rules.
        rules: katarenga_core::Rules,
        /// The board as laid.
        board: BoardSetup,
    },
    /// Congress.
    Congress {
        /// What a player with no move does.
        no_move: NoMove,
        /// The board.
        board: BoardSetup,
    },
    /// Quebec.
    Quebec {
        /// Who wins when both sides are connected at once.
        both_connected: BothConnected,
        /// The board.
        board: BoardSetup,
    },
    /// Isolation.
    Isolation {
        /// Which placements are legitimate.
        reading: Reading,
        /// The pawns each side has to place.
        supply: Supply,
        /// The board.
        board: BoardSetup,
    },
}

/// Why a text is not a [`GameSpec`]: what is wrong, and where (a byte
/// offset into the text).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The text names no game.
    #[error(
        "empty: expected a game (kamisado, katarenga, congress, quebec or isolation) and its fields"
    )]
    Empty,
    /// The first word is not a game.
    #[error(
        "at byte {at}: unknown game {name:?} (expected kamisado, katarenga, congress, quebec or isolation)"
    )]
    UnknownGame {
        /// The word.
        name: String,
        /// Its offset.
        at: usize,
    },
    /// A word without `=`.
    #[error("at byte {at}: {word:?} is not a field (expected name=value)")]
    NotAField {
        /// The word.
        word: String,
        /// Its offset.
        at: usize,
    },
    /// A field the game does not have.
    #[error("at byte {at}: {game} has no field {field} (its fields: {fields})")]
    UnknownField {
        /// The game.
        game: GameId,
        /// The field's name.
        field: String,
        /// The game's fields, separated by commas.
        fields: &'static str,
        /// The field's offset.
        at: usize,
    },
    /// A field given twice.
    #[error("at byte {at}: {field} is given twice")]
    Repeated {
        /// The field's name.
        field: &'static str,
        /// The second one's offset.
        at: usize,
    },
    /// A field's value does not read.
    #[error("at byte {at}: bad {field} {value:?}: {reason}")]
    BadValue {
        /// The field's name.
        field: &'static str,
        /// The value.
        value: String,
        /// Why.
        reason: String,
        /// The value's offset.
        at: usize,
    },
}

impl GameSpec {
    /// The usual game: a single Kamisado round; Katarenga by the standard
    /// rules on the standard board.
    #[must_use]
    pub const fn default_for(game: GameId) -> GameSpec {
        match game {
            GameId::Kamisado => GameSpec::Kamisado {
                rules: kamisado_core::Rules::Standard,
                layout: Layout::Standard,
                target: Target::SINGLE_ROUND,
                options: MatchOptions {
                    scoring: kamisado_core::Scoring::Rank,
                    refill: kamisado_core::Refill::Nearest,
                },
            },
            GameId::Katarenga => GameSpec::Katarenga {
                rules: katarenga_core::Rules::Standard,
                board: BoardSetup::Standard,
            },
            GameId::Congress => GameSpec::Congress {
                no_move: NoMove::Lose,
                board: BoardSetup::Standard,
            },
            GameId::Quebec => GameSpec::Quebec {
                both_connected: BothConnected::Mover,
                board: BoardSetup::Standard,
            },
            GameId::Isolation => GameSpec::Isolation {
                reading: Reading::Strict,
                supply: Supply::Eight,
                board: BoardSetup::Standard,
            },
        }
    }

    /// The game.
    #[must_use]
    pub const fn game(&self) -> GameId {
        match self {
            GameSpec::Kamisado { .. } => GameId::Kamisado,
            GameSpec::Katarenga { .. } => GameId::Katarenga,
            GameSpec::Congress { .. } => GameId::Congress,
            GameSpec::Quebec { .. } => GameId::Quebec,
            GameSpec::Isolation { .. } => GameId::Isolation,
        }
    }

    /// The name of the reading of the rules (one of
    /// [`GameId::readings`]: the value of the game's first option field).
    #[must_use]
    pub const fn rules(&self) -> &'static str {
        match self {
            GameSpec::Kamisado { rules, .. } => rules.name(),
            GameSpec::Katarenga { rules, .. } => rules.name(),
            GameSpec::Congress { no_move, .. } => no_move.name(),
            GameSpec::Quebec { both_connected, .. } => both_connected.name(),
            GameSpec::Isolation { reading, .. } => reading.name(),
        }
    }

    /// The board, for the games played on a Katarenga board.
    #[must_use]
    pub const fn board(&self) -> Option<BoardSetup> {
        match self {
            GameSpec::Kamisado { .. } => None,
            GameSpec::Katarenga { board, .. }
            | GameSpec::Congress { board, .. }
            | GameSpec::Quebec { board, .. }
            | GameSpec::Isolation { board, .. } => Some(*board),
        }
    }

    /// The same game on `board`; `None` for Kamisado, which has no
    /// Katarenga board.
    #[must_use]
    pub fn with_board(&self, setup: BoardSetup) -> Option<GameSpec> {
        let mut spec = *self;
        match &mut spec {
            GameSpec::Kamisado { .. } => return None,
            GameSpec::Katarenga { board, .. }
            | GameSpec::Congress { board, .. }
            | GameSpec::Quebec { board, .. }
            | GameSpec::Isolation { board, .. } => *board = setup,
        }
        Some(spec)
    }

    /// The value of the option field `field` ([`GameId::option_fields`]),
    /// `None` if the game has no such field.
    ///
    /// ```
    /// use game_spec::GameSpec;
    /// let spec: GameSpec = "isolation supply=none".parse()?;
    /// assert_eq!(spec.option("supply"), Some("none"));
    /// assert_eq!(spec.option("reading"), Some("strict"));
    /// assert_eq!(spec.option("layout"), None);
    /// # Ok::<(), game_spec::SpecError>(())
    /// ```
    #[must_use]
    pub fn option(&self, field: &str) -> Option<&'static str> {
        Some(match (self, field) {
            (GameSpec::Kamisado { layout, .. }, "layout") => layout.name(),
            (GameSpec::Isolation { supply, .. }, "supply") => supply.name(),
            (_, field) if self.game().option_fields().first()?.name == field => self.rules(),
            _ => return None,
        })
    }

    /// Sets the option field `field` to `value`: `None` if the game has no
    /// such field, else whether the value reads (the reason if not).
    fn set_option(&mut self, field: &str, value: &str) -> Option<Result<(), String>> {
        fn read<T: FromStr<Err: fmt::Display>>(value: &str, slot: &mut T) -> Result<(), String> {
            *slot = value.parse().map_err(|e: T::Err| e.to_string())?;
            Ok(())
        }
        Some(match (self, field) {
            (GameSpec::Kamisado { rules, .. }, "rules") => read(value, rules),
            (GameSpec::Kamisado { layout, .. }, "layout") => read(value, layout),
            (GameSpec::Katarenga { rules, .. }, "rules") => read(value, rules),
            (GameSpec::Congress { no_move, .. }, "no-move") => read(value, no_move),
            (GameSpec::Quebec { both_connected, .. }, "both-connected") => {
                read(value, both_connected)
            }
            (GameSpec::Isolation { reading, .. }, "reading") => read(value, reading),
            (GameSpec::Isolation { supply, .. }, "supply") => read(value, supply),
            _ => return None,
        })
    }

    /// The same game and set-up under the reading of the rules named
    /// `name` (one of [`GameId::readings`]), or `None` if the game has no
    /// such reading: how a door that is told the reading by name (KKP's
    /// `newgame katarenga rules no-first-capture`) sets it.
    ///
    /// ```
    /// use game_spec::{GameId, GameSpec};
    /// for game in GameId::ALL {
    ///     for &name in game.readings() {
    ///         let spec = GameSpec::default_for(game).with_rules(name).unwrap();
    ///         assert_eq!(spec.rules(), name);
    ///     }
    /// }
    /// assert_eq!(GameSpec::default_for(GameId::Kamisado).with_rules("no-first-capture"), None);
    /// ```
    #[must_use]
    pub fn with_rules(&self, name: &str) -> Option<GameSpec> {
        let field = self.game().option_fields().first()?.name;
        let mut spec = *self;
        spec.set_option(field, name)?.ok()?;
        Some(spec)
    }

    /// The same game with the rule option `word` set (a reading or a
    /// layout, [`GameId::rule_options`]), or `None` if the game has no
    /// such option: how KKP's `newgame kamisado rules turned` is read.
    ///
    /// ```
    /// use game_spec::GameSpec;
    /// let spec = GameSpec::default().with_option("turned").unwrap();
    /// assert_eq!(spec.to_string(), "kamisado layout=turned");
    /// assert_eq!(spec.option_words(), ["turned"]);
    /// ```
    #[must_use]
    pub fn with_option(&self, word: &str) -> Option<GameSpec> {
        let field = self.game().option_field(word)?;
        let mut spec = *self;
        spec.set_option(field, word)?.ok()?;
        Some(spec)
    }

    /// The rule option words that say this game's options to an engine
    /// (`newgame`): every option field's value but the defaults.
    #[must_use]
    pub fn option_words(&self) -> Vec<&'static str> {
        self.game()
            .option_fields()
            .iter()
            .filter_map(|f| self.option(f.name).filter(|v| *v != f.values[0]))
            .collect()
    }

    /// The start position (of the first round, in a Kamisado match).
    #[must_use]
    pub fn start(&self) -> AnyPosition {
        match self {
            GameSpec::Kamisado { rules, layout, .. } => {
                AnyPosition::Kamisado(kamisado_core::Position::start_on(*layout).with_rules(*rules))
            }
            GameSpec::Katarenga { rules, board } => {
                AnyPosition::Katarenga(katarenga_core::Position::start_with(board.board(), *rules))
            }
            GameSpec::Congress { no_move, board } => AnyPosition::Congress(
                katarenga_family::Congress::start_on(board.board()).with_no_move(*no_move),
            ),
            GameSpec::Quebec {
                both_connected,
                board,
            } => AnyPosition::Quebec(
                katarenga_family::Quebec::start_on(board.board())
                    .with_both_connected(*both_connected),
            ),
            GameSpec::Isolation {
                reading,
                supply,
                board,
            } => AnyPosition::Isolation(
                katarenga_family::Isolation::start_on(board.board())
                    .with_reading(*reading)
                    .with_supply(*supply),
            ),
        }
    }

    /// `position` played under this spec's options (a position parsed
    /// from its notation carries the defaults: the notation does not
    /// write the options), or `None` for a position of another game.
    #[must_use]
    pub fn apply_options(&self, position: AnyPosition) -> Option<AnyPosition> {
        Some(match (*self, position) {
            (GameSpec::Kamisado { rules, layout, .. }, AnyPosition::Kamisado(p)) => {
                AnyPosition::Kamisado(p.with_rules(rules).with_layout(layout))
            }
            (GameSpec::Katarenga { .. }, AnyPosition::Katarenga(p)) => AnyPosition::Katarenga(p),
            (GameSpec::Congress { no_move, .. }, AnyPosition::Congress(p)) => {
                AnyPosition::Congress(p.with_no_move(no_move))
            }
            (GameSpec::Quebec { both_connected, .. }, AnyPosition::Quebec(p)) => {
                AnyPosition::Quebec(p.with_both_connected(both_connected))
            }
            (
                GameSpec::Isolation {
                    reading, supply, ..
                },
                AnyPosition::Isolation(p),
            ) => AnyPosition::Isolation(p.with_reading(reading).with_supply(supply)),
            _ => return None,
        })
    }

    /// A Kamisado match as the spec describes it (its reading, target and
    /// options), from the start; `None` for another game.
    ///
    /// ```
    /// use game_spec::GameSpec;
    /// let spec: GameSpec = "kamisado target=3 scoring=rings".parse()?;
    /// let m = spec.new_match().unwrap();
    /// assert_eq!(m.target().points(), 3);
    /// assert_eq!(m.options().scoring.to_string(), "rings");
    /// assert!("katarenga".parse::<GameSpec>()?.new_match().is_none());
    /// # Ok::<(), game_spec::SpecError>(())
    /// ```
    #[must_use]
    pub fn new_match(&self) -> Option<Match> {
        match *self {
            GameSpec::Kamisado {
                rules,
                layout,
                target,
                options,
            } => Some(Match::new_on(
                target,
                kamisado_core::Position::start_on(layout).with_rules(rules),
                options,
            )),
            _ => None,
        }
    }

    /// The game's fields, in their canonical order.
    const fn fields(game: GameId) -> &'static str {
        match game {
            GameId::Kamisado => "rules, layout, target, scoring, refill",
            GameId::Katarenga => "rules, board",
            GameId::Congress => "no-move, board",
            GameId::Quebec => "both-connected, board",
            GameId::Isolation => "reading, supply, board",
        }
    }
}

impl Default for GameSpec {
    /// A single Kamisado round.
    fn default() -> GameSpec {
        GameSpec::default_for(GameId::Kamisado)
    }
}

impl fmt::Display for GameSpec {
    /// The canonical text form: the game, then the fields that differ from
    /// the default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game().name())?;
        for field in self.game().option_fields() {
            match self.option(field.name) {
                Some(value) if value != field.values[0] => write!(f, " {}={value}", field.name)?,
                _ => {}
            }
        }
        if let GameSpec::Kamisado {
            target, options, ..
        } = self
        {
            if *target != Target::SINGLE_ROUND {
                write!(f, " target={target}")?;
            }
            if options.scoring != kamisado_core::Scoring::Rank {
                write!(f, " scoring={}", options.scoring)?;
            }
            if options.refill != kamisado_core::Refill::Nearest {
                write!(f, " refill={}", options.refill)?;
            }
        }
        match self.board() {
            Some(board) if board != BoardSetup::Standard => write!(f, " board={board}"),
            _ => Ok(()),
        }
    }
}

/// The words of `text` with their byte offsets.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(' ')
        .scan(0, |offset, word| {
            let at = *offset;
            *offset += word.len() + 1;
            Some((at, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

impl GameSpec {
    /// Reads a spec as [`FromStr`] does, and draws what the text leaves to
    /// chance from `seed`: `layout=random` becomes one of the four layouts
    /// ([`Layout::draw`]), the way Yucata draws one for each game. A door
    /// calls it when a game begins and keeps (and records) the spec drawn;
    /// the same seed draws the same.
    ///
    /// ```
    /// use game_spec::GameSpec;
    /// let drawn = GameSpec::parse_drawing("kamisado layout=random target=3", 7)?;
    /// assert_eq!(drawn, GameSpec::parse_drawing("kamisado layout=random target=3", 7)?);
    /// assert!(drawn.to_string().starts_with("kamisado") && !drawn.to_string().contains("random"));
    /// // Without the draw, `random` is refused: a spec names a layout.
    /// assert!("kamisado layout=random".parse::<GameSpec>().is_err());
    /// # Ok::<(), game_spec::SpecError>(())
    /// ```
    ///
    /// # Errors
    /// As [`FromStr`].
    pub fn parse_drawing(text: &str, seed: u64) -> Result<GameSpec, SpecError> {
        GameSpec::read(text, Some(&mut SplitMix64::new(seed)))
    }

    /// Reads `text`, drawing `random` values from `rng` if there is one.
    fn read(text: &str, mut rng: Option<&mut SplitMix64>) -> Result<GameSpec, SpecError> {
        let mut words = words(text);
        let (at, name) = words.next().ok_or(SpecError::Empty)?;
        let game: GameId = name.parse().map_err(|_| SpecError::UnknownGame {
            name: name.to_string(),
            at,
        })?;
        let mut spec = GameSpec::default_for(game);
        let mut seen: [Option<&'static str>; 5] = [None; 5];
        for (at, word) in words {
            let (field, value) = word.split_once('=').ok_or_else(|| SpecError::NotAField {
                word: word.to_string(),
                at,
            })?;
            let value_at = at + field.len() + 1;
            let bad = |field: &'static str, reason: String| SpecError::BadValue {
                field,
                value: value.to_string(),
                reason,
                at: value_at,
            };
            let option = game.option_fields().iter().find(|f| f.name == field);
            let name: &'static str = match (&mut spec, field) {
                (GameSpec::Kamisado { layout, .. }, "layout") if value == "random" => {
                    let Some(rng) = rng.as_deref_mut() else {
                        return Err(bad(
                            "layout",
                            "random is drawn when a game begins (GameSpec::parse_drawing); \
                             a spec names the layout drawn"
                                .to_string(),
                        ));
                    };
                    *layout = Layout::draw(rng);
                    "layout"
                }
                (spec, _) if option.is_some() => {
                    let name = option.map_or("", |f| f.name);
                    if let Some(Err(reason)) = spec.set_option(name, value) {
                        return Err(bad(name, reason));
                    }
                    name
                }
                (GameSpec::Kamisado { target, .. }, "target") => {
                    *target = value.parse().map_err(|e| bad("target", format!("{e}")))?;
                    "target"
                }
                (GameSpec::Kamisado { options, .. }, "scoring") => {
                    options.scoring = value.parse().map_err(|e| bad("scoring", format!("{e}")))?;
                    "scoring"
                }
                (GameSpec::Kamisado { options, .. }, "refill") => {
                    options.refill = value.parse().map_err(|e| bad("refill", format!("{e}")))?;
                    "refill"
                }
                (spec, "board") if game.has_board() => {
                    let setup: BoardSetup = value.parse().map_err(|e| bad("board", e))?;
                    *spec = spec.with_board(setup).unwrap_or(*spec);
                    "board"
                }
                _ => {
                    return Err(SpecError::UnknownField {
                        game,
                        field: field.to_string(),
                        fields: GameSpec::fields(game),
                        at,
                    });
                }
            };
            if seen.contains(&Some(name)) {
                return Err(SpecError::Repeated { field: name, at });
            }
            if let Some(slot) = seen.iter_mut().find(|s| s.is_none()) {
                *slot = Some(name);
            }
        }
        Ok(spec)
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    /// Reads the text form; `layout=random` is refused (see
    /// [`GameSpec::parse_drawing`]).
    fn from_str(text: &str) -> Result<GameSpec, SpecError> {
        GameSpec::read(text, None)
    }
}
