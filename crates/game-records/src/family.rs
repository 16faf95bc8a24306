//! The record of a game of the Katarenga family (Congress, Quebec,
//! Isolation): Katarenga's record frame, the game and its options in a
//! `Game` tag, drops and passes among the moves, and draws by the rules.

use std::fmt;
use std::str::FromStr;

use game_spec::{AnyMove, AnyPosition, BoardSetup, GameId, GameSpec};
use katarenga_core::Player;
use katarenga_family::Move;

use crate::record::{self, Ending, Record};
use crate::text::{self, Body, Lines, Location, Sections, Tags};
use crate::{Annotated, BoardSpec, ErrorKind, Header, RecordError, RecordResult, Termination};

/// The record of a game of Congress, Quebec or Isolation.
///
/// The format is Katarenga's (`katarenga_family::rules`, "Notation"; the
/// tags as in `katarenga_core::rules`, "Game records") with a `Game` tag
/// for the game and its options in place of `Rules`: the description's
/// text without its board (`congress`, `isolation reading=one-way`), the
/// board in `Board` as for Katarenga. A game the rules draw (Quebec's
/// both-connected draw, Congress blocked under `no-move=pass`) has the
/// result `draw` with the termination `normal`; the project's
/// adjudications (repetition, ply limit) are as for Katarenga.
///
/// ```
/// use game_records::{FamilyRecord, RecordResult, Termination};
/// let text = r#"[Event "?"]
/// [Site "?"]
/// [Date "????.??.??"]
/// [White "Ann"]
/// [Black "Bob"]
/// [Result "*"]
/// [Game "isolation reading=one-way"]
/// [Board "1f0 2f0 3f0 4f0"]
/// [Termination "unfinished"]
///
/// 1. @d4 @a8
/// "#;
/// let record: FamilyRecord = text.parse()?;
/// assert_eq!(record.spec()?.to_string(), "isolation reading=one-way");
/// assert_eq!(record.moves.len(), 2);
/// assert_eq!(record.to_string(), text);
/// # Ok::<(), game_records::RecordError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FamilyRecord {
    /// The roster and other tags.
    pub header: Header,
    /// `Game`: the game and its options (its board is `board`'s).
    pub game: GameSpec,
    /// `Board`: the board.
    pub board: BoardSpec,
    /// `Position`: the start, for a game set up elsewhere than at the
    /// start on the board (its colours must be the board's).
    pub start: Option<AnyPosition>,
    /// `Result`: the winner, `draw`, or `*`.
    pub result: RecordResult,
    /// `Termination`: how the game ended.
    pub termination: Termination,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves.
    pub moves: Vec<Annotated<Move>>,
}

impl FamilyRecord {
    /// A record of `game` from its start on `board`, with no moves yet
    /// (unfinished); `None` for a game that is not of the family.
    #[must_use]
    pub fn new(game: GameSpec, board: BoardSpec) -> Option<FamilyRecord> {
        matches!(
            game.game(),
            GameId::Congress | GameId::Quebec | GameId::Isolation
        )
        .then_some(FamilyRecord {
            header: Header::default(),
            game,
            board,
            start: None,
            result: RecordResult::Unfinished,
            termination: Termination::Unfinished,
            comment: None,
            moves: Vec::new(),
        })
    }

    /// The game as every door names it: the `Game` tag on the `Board`
    /// tag's board.
    ///
    /// # Errors
    /// [`RecordError`] (a bad `Board` tag) if the tiles make no board.
    pub fn spec(&self) -> Result<GameSpec, RecordError> {
        let laid = self.board.board()?;
        let board = match self.board {
            BoardSpec::Tiles(tiles) => {
                BoardSetup::from_tiles(tiles).unwrap_or(BoardSetup::Colours(laid))
            }
            BoardSpec::Colours(board) => BoardSetup::Colours(board),
        };
        Ok(self.game.with_board(board).unwrap_or(self.game))
    }

    /// The start: the `Position` tag's (under the game's options), or the
    /// game's start on the board.
    ///
    /// # Errors
    /// [`RecordError`] if the tiles make no board or the position is on
    /// another board.
    pub fn start_position(&self) -> Result<AnyPosition, RecordError> {
        let spec = self.spec()?;
        let board = self.board.board()?;
        match self.start {
            Some(p) if p.board() != Some(board) => Err(RecordError::inconsistent(
                None,
                format!("the start {p} is not on the board {board}"),
            )),
            Some(p) => spec.apply_options(p).ok_or_else(|| {
                RecordError::inconsistent(
                    None,
                    format!("the start {p} is not a {} position", spec.game()),
                )
            }),
            None => Ok(spec.start()),
        }
    }

    /// Replays the record and checks that it holds together, as
    /// `KatarengaRecord::validate` does (a draw by the rules with the
    /// termination `normal`). Returns the final position.
    ///
    /// # Errors
    /// [`RecordError`] (without a location) for the first problem found.
    pub fn validate(&self) -> Result<AnyPosition, RecordError> {
        self.replay(None, &[])
    }

    fn replay(
        &self,
        result_at: Option<Location>,
        spots: &[Location],
    ) -> Result<AnyPosition, RecordError> {
        let start = self.start_position()?;
        let game = self.game.game();
        let mut position = start;
        let mut seen = vec![start];
        text::replay(&self.moves, spots, |mv| {
            position = position.try_play(any_move(game, mv))?;
            seen.push(position);
            Ok::<(), game_spec::AnyError>(())
        })?;
        let ending = Ending {
            noun: "game",
            won: position
                .outcome()
                .map(|o| (o.winner(), format!("the game is over ({o})"))),
            not_over: "the game is not over",
            adjudication: Ok(seen.iter().filter(|&&p| p == position).count() >= 2),
        };
        ending.check(self.result, self.termination, result_at)?;
        Ok(position)
    }

    /// Reads every record in `text`.
    ///
    /// # Errors
    /// The first [`RecordError`], with its line and column.
    pub fn parse_all(text: &str) -> Result<Vec<FamilyRecord>, RecordError> {
        record::read_all(text)
    }
}

/// `mv` as a move of `game`.
fn any_move(game: GameId, mv: Move) -> AnyMove {
    match game {
        GameId::Quebec => AnyMove::Quebec(mv),
        GameId::Isolation => AnyMove::Isolation(mv),
        _ => AnyMove::Congress(mv),
    }
}

impl Record for FamilyRecord {
    const FIRST: Player = Player::White;
    const TAGS: &'static [&'static str] = &["Game", "Board", "Termination", "Position"];

    fn header(&self) -> &Header {
        &self.header
    }

    fn result(&self) -> RecordResult {
        self.result
    }

    fn tags(&self) -> Vec<(&'static str, String)> {
        let game = self
            .game
            .with_board(BoardSetup::Standard)
            .unwrap_or(self.game);
        let mut tags = vec![
            ("Game", game.to_string()),
            ("Board", self.board.to_string()),
            ("Termination", self.termination.to_string()),
        ];
        if let Some(start) = &self.start {
            tags.push(("Position", start.to_string()));
        }
        tags
    }

    fn write_movetext(&self, out: &mut String) {
        out.push('\n');
        let mut lines = Lines::default();
        text::write_movetext(&mut lines, self.comment.as_deref(), &self.moves);
        out.push_str(&lines.out);
    }

    fn read(sections: Sections) -> Result<FamilyRecord, RecordError> {
        let mut tags = Tags::new(sections.tags, sections.start)?;
        let (_, game) = tags.required("Game", |value: &str| {
            let spec: GameSpec = value
                .parse()
                .map_err(|e: game_spec::SpecError| e.to_string())?;
            match spec.game() {
                GameId::Congress | GameId::Quebec | GameId::Isolation
                    if spec.board() == Some(BoardSetup::Standard) =>
                {
                    Ok(spec)
                }
                GameId::Congress | GameId::Quebec | GameId::Isolation => {
                    Err("the board is the Board tag's, not the Game tag's".to_string())
                }
                other => Err(format!("{other} is not a game of the Katarenga family")),
            }
        })?;
        let (board_at, board) = tags.required("Board", BoardSpec::read)?;
        let (result_at, result, termination) = record::read_ending(&mut tags)?;
        let start = match tags.take("Position") {
            None => None,
            Some((at, value)) => Some(AnyPosition::parse(game.game(), &value).map_err(|e| {
                RecordError::at(
                    at,
                    ErrorKind::TagValue {
                        tag: "Position",
                        value: value.clone(),
                        reason: e.to_string(),
                    },
                )
            })?),
        };
        let header = tags.header();
        let mut body = Body::new(sections.body, sections.end);
        let comment = body.comment();
        let (moves, spots) = text::moves(&mut body, |_| false)?;
        let record = FamilyRecord {
            header,
            game,
            board,
            start,
            result,
            termination,
            comment,
            moves,
        };
        if let Err(mut e) = record.start_position() {
            e.location = Some(board_at);
            return Err(e);
        }
        record.replay(Some(result_at), &spots)?;
        Ok(record)
    }

    #[cfg(feature = "serde")]
    fn check(&self) -> Result<(), RecordError> {
        self.validate().map(drop)
    }
}

impl fmt::Display for FamilyRecord {
    /// The canonical text: the tags, a blank line, then the moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        record::write(self, f)
    }
}

impl FromStr for FamilyRecord {
    type Err = RecordError;

    /// Reads one record (see [`FamilyRecord::parse_all`] for several).
    fn from_str(s: &str) -> Result<FamilyRecord, RecordError> {
        record::read_one(s)
    }
}

/// The serde form of a [`FamilyRecord`]: its fields, the start as its
/// notation (read back as a position of the record's game, which the
/// notation alone does not say).
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "FamilyRecord")]
struct SerdeForm {
    header: Header,
    game: GameSpec,
    board: BoardSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    result: RecordResult,
    termination: Termination,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    comment: Option<String>,
    moves: Vec<Annotated<Move>>,
}

#[cfg(feature = "serde")]
impl serde::Serialize for FamilyRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.clone();
        SerdeForm {
            header: r.header,
            game: r.game,
            board: r.board,
            start: r.start.map(|p| p.to_string()),
            result: r.result,
            termination: r.termination,
            comment: r.comment,
            moves: r.moves,
        }
        .serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for FamilyRecord {
    /// Reads the record, then checks it by replaying it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FamilyRecord, D::Error> {
        let form = SerdeForm::deserialize(d)?;
        let start = form
            .start
            .map(|text| AnyPosition::parse(form.game.game(), &text))
            .transpose()
            .map_err(serde::de::Error::custom)?;
        let record = FamilyRecord::new(form.game, form.board)
            .map(|r| FamilyRecord {
                header: form.header,
                start,
                result: form.result,
                termination: form.termination,
                comment: form.comment,
                moves: form.moves,
                ..r
            })
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "{} is not a game of the Katarenga family",
                    form.game.game()
                ))
            });
        record::checked::<FamilyRecord, D>(record)
    }
}
