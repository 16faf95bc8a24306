//! Katarenga game records ([format](katarenga_core::rules#game-records)):
//! the board (as tiles or colours), the rules, the moves, and how the game
//! ended, this project's adjudication included.

use katarenga_core::Game;
use std::fmt;
use std::str::FromStr;

use katarenga_core::{Board, Move, Orientation, Player, Position, Rules, TilePlacement};

use game_spec::{BoardSetup, GameId, GameSpec};

use crate::record::{self, Ending, Record};
use crate::text::{
    self, Annotated, Body, ErrorKind, Header, Lines, Location, RecordError, RecordResult, Sections,
    Tags, Termination,
};

/// How a record gives its board: the four tiles as laid, or the 64 square
/// colours (for boards not made of the official tiles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum BoardSpec {
    /// The tiles in quadrant order (top-left, top-right, bottom-left,
    /// bottom-right), written `1f0 2f0 3f0 4f0`.
    Tiles([TilePlacement; 4]),
    /// The colours, written as the position notation's colours field.
    Colours(Board),
}

impl BoardSpec {
    /// The board.
    ///
    /// # Errors
    /// [`RecordError`] (a bad `Board` tag, without a location) if the
    /// tiles do not make a board (a tile used twice).
    pub fn board(&self) -> Result<Board, RecordError> {
        match self {
            BoardSpec::Tiles(tiles) => {
                Board::from_tiles(*tiles).map_err(|e| self.error(e.to_string()))
            }
            BoardSpec::Colours(board) => Ok(*board),
        }
    }

    /// The error of a bad `Board` tag with this value.
    fn error(&self, reason: String) -> RecordError {
        bad_board(&self.to_string(), reason)
    }

    /// Reads a `Board` tag's value: why it does not read.
    pub(crate) fn read(s: &str) -> Result<BoardSpec, String> {
        if s.contains('/') {
            return s
                .parse::<Board>()
                .map(BoardSpec::Colours)
                .map_err(|e| e.to_string());
        }
        let tiles: Vec<TilePlacement> = s
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|e| {
                format!("{e} (expected four tiles such as 1f0 2b1 3f2 4f3, or the colours field)")
            })?;
        let tiles: [TilePlacement; 4] = tiles
            .try_into()
            .map_err(|_| "expected four tiles such as 1f0 2b1 3f2 4f3".to_string())?;
        Board::from_tiles(tiles).map_err(|e| e.to_string())?;
        Ok(BoardSpec::Tiles(tiles))
    }
}

/// The error of a bad `Board` tag (without a location).
fn bad_board(value: &str, reason: String) -> RecordError {
    RecordError {
        location: None,
        kind: ErrorKind::TagValue {
            tag: "Board",
            value: value.to_string(),
            reason,
        },
    }
}

impl fmt::Display for BoardSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardSpec::Tiles(t) => write!(f, "{} {} {} {}", t[0], t[1], t[2], t[3]),
            BoardSpec::Colours(board) => write!(f, "{board}"),
        }
    }
}

impl FromStr for BoardSpec {
    type Err = RecordError;

    /// Four tile placements separated by spaces, or the colours field.
    ///
    /// ```
    /// use game_records::BoardSpec;
    /// assert!(matches!("1f0 2b1 3f2 4f3".parse(), Ok(BoardSpec::Tiles(_))));
    /// let e = "1f0 1b1 3f2 4f3".parse::<BoardSpec>().unwrap_err();
    /// assert!(e.to_string().starts_with("bad Board tag \"1f0 1b1 3f2 4f3\": "), "{e}");
    /// ```
    fn from_str(s: &str) -> Result<BoardSpec, RecordError> {
        BoardSpec::read(s).map_err(|reason| bad_board(s, reason))
    }
}

/// Which way round the laid board was played (the `Orientation` and
/// `OrientationBy` tags): the edge of the board as the `Board` tag lays it
/// at which Black sat, and who decided it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OrientationChoice {
    /// Black's edge of the laid board.
    pub orientation: Orientation,
    /// Who decided it.
    pub by: Chooser,
}

/// Who decided the orientation of an [`OrientationChoice`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Chooser {
    /// The first player, Black, chose it, as the rules say (`black`).
    Black,
    /// The player who has White chose it: a rematch, played on the first
    /// game's choice with the sides exchanged (`white`).
    White,
    /// It was given: by a referee, an opening file or the players'
    /// agreement (`given`).
    Given,
}

impl Chooser {
    /// The tag's value: `black`, `white` or `given`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Chooser::Black => "black",
            Chooser::White => "white",
            Chooser::Given => "given",
        }
    }
}

/// A Katarenga game as a record holds it.
///
/// ```
/// use game_records::{BoardSpec, KatarengaRecord, RecordResult, Termination};
/// let text = r#"[Event "?"]
/// [Site "?"]
/// [Date "????.??.??"]
/// [White "Ann"]
/// [Black "Bob"]
/// [Result "draw"]
/// [Board "1f0 2f0 3f0 4f0"]
/// [Rules "standard"]
/// [Termination "ply limit"]
///
/// 1. a8a7 b1b2
/// "#;
/// let record: KatarengaRecord = text.parse()?;
/// assert_eq!(record.termination, Termination::PlyLimit);
/// assert_eq!(record.final_position()?.to_string().split(' ').nth(2), Some("w"));
/// assert_eq!(record.to_string(), text);
/// # Ok::<(), game_records::RecordError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
// The derived serde code reads the fields; `Deserialize` below checks them.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self")
)]
pub struct KatarengaRecord {
    /// The roster and other tags.
    pub header: Header,
    /// `Board`: the board.
    pub board: BoardSpec,
    /// `Position`: the start, for a game set up elsewhere than at the
    /// start on the board (its colours must be the board's).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub start: Option<Position>,
    /// `Rules`: `standard` or `no-first-capture` (the rules page's
    /// option).
    #[cfg_attr(feature = "serde", serde(default))]
    pub rules: Rules,
    /// `Orientation` and `OrientationBy`: the board was played turned to
    /// Black's edge (the start is on `board` turned); `None`: as laid.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub orientation_choice: Option<OrientationChoice>,
    /// `Result`: the winner, `draw` (adjudicated) or `*`.
    pub result: RecordResult,
    /// `Termination`: how the game ended.
    pub termination: Termination,
    /// A comment before the first move.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub comment: Option<String>,
    /// The moves.
    pub moves: Vec<Annotated<Move>>,
}

impl KatarengaRecord {
    /// A record of a game from the start on `board`, with no moves yet
    /// (unfinished).
    #[must_use]
    pub fn new(board: BoardSpec) -> KatarengaRecord {
        KatarengaRecord {
            header: Header::default(),
            board,
            start: None,
            rules: Rules::Standard,
            orientation_choice: None,
            result: RecordResult::Unfinished,
            termination: Termination::Unfinished,
            comment: None,
            moves: Vec::new(),
        }
    }

    /// The game the record is of, as every door names it: the `Rules`
    /// and `Board` tags (the board as laid: the [`OrientationChoice`] and
    /// a `Position` start are the record's own, beyond the description).
    ///
    /// ```
    /// use game_records::KatarengaRecord;
    /// let record: KatarengaRecord = "[Result \"*\"]\n[Board \"1f0 2b1 3f2 4f3\"]\n\
    ///     [Rules \"no-first-capture\"]\n[Termination \"unfinished\"]\n".parse()?;
    /// assert_eq!(
    ///     record.spec()?.to_string(),
    ///     "katarenga rules=no-first-capture board=1f0,2b1,3f2,4f3"
    /// );
    /// # Ok::<(), game_records::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// [`RecordError`] (a bad `Board` tag) if the tiles make no board.
    pub fn spec(&self) -> Result<GameSpec, RecordError> {
        let laid = self.board.board()?;
        let board = match self.board {
            // The tiles make a board (`laid`), so they make a set-up.
            BoardSpec::Tiles(tiles) => {
                BoardSetup::from_tiles(tiles).unwrap_or(BoardSetup::Colours(laid))
            }
            BoardSpec::Colours(board) => BoardSetup::Colours(board),
        };
        Ok(GameSpec::Katarenga {
            rules: self.rules,
            board,
        })
    }

    /// The board played on: the `Board` tag's, turned to Black's edge
    /// when the record has an [`OrientationChoice`].
    ///
    /// # Errors
    /// [`RecordError`] if the tiles make no board.
    pub fn played_board(&self) -> Result<Board, RecordError> {
        let board = self.board.board()?;
        Ok(match self.orientation_choice {
            Some(s) => board.turned(s.orientation),
            None => board,
        })
    }

    /// The start: the `Position` tag's, or the start on the board played
    /// on ([`KatarengaRecord::played_board`]).
    ///
    /// # Errors
    /// [`RecordError`] if the tiles make no board or the position is on
    /// another board.
    pub fn start_position(&self) -> Result<Position, RecordError> {
        let board = self.played_board()?;
        match self.start {
            Some(p) if *p.board() != board => Err(RecordError::inconsistent(
                None,
                format!("the start {p} is not on the board {board}"),
            )),
            Some(p)
                if self.rules == Rules::Standard
                    && Player::ALL.into_iter().any(|pl| p.first_move_pending(pl)) =>
            {
                Err(RecordError::inconsistent(
                    None,
                    format!("the start {p} has first moves pending, but the rules are standard"),
                ))
            }
            Some(p) => Ok(p),
            None => Ok(Position::start_with(board, self.rules)),
        }
    }

    /// The position after the last move.
    ///
    /// # Errors
    /// As [`KatarengaRecord::validate`].
    pub fn final_position(&self) -> Result<Position, RecordError> {
        self.replay(None, &[])
    }

    /// Replays the record and checks that it holds together: the board,
    /// every move legal, and the result and termination as the game
    /// ended: `normal` exactly when the final position is over (the result
    /// its winner), `repetition` only if the final position occurred
    /// before, a draw only for the adjudications, a winner for forfeits,
    /// `*` with `unfinished`. Returns the final position.
    ///
    /// # Errors
    /// [`RecordError`] (without a location) for the first problem found.
    pub fn validate(&self) -> Result<Position, RecordError> {
        self.replay(None, &[])
    }

    fn replay(
        &self,
        result_at: Option<Location>,
        spots: &[Location],
    ) -> Result<Position, RecordError> {
        let start = self.start_position()?;
        let mut position = start;
        let mut seen = vec![start];
        text::replay(&self.moves, spots, |mv| {
            position = position.try_play(mv)?;
            seen.push(position);
            Ok::<(), katarenga_core::IllegalMove>(())
        })?;
        let outcome = position.outcome();
        let ending = Ending {
            noun: "game",
            won: outcome.map(|o| (Some(o.winner()), format!("the game is over ({o})"))),
            not_over: "the game is not over",
            adjudication: Ok(seen.iter().filter(|&&p| p == position).count() >= 2),
        };
        ending.check(self.result, self.termination, result_at)?;
        Ok(position)
    }

    /// Reads every record in `text` (records follow one another, each
    /// opening with its tags).
    ///
    /// # Errors
    /// The first [`RecordError`], with its line and column.
    pub fn parse_all(text: &str) -> Result<Vec<KatarengaRecord>, RecordError> {
        record::read_all(text)
    }
}

impl Record for KatarengaRecord {
    const FIRST: Player = Player::White;
    const TAGS: &'static [&'static str] = &[
        "Board",
        "Rules",
        "Orientation",
        "OrientationBy",
        "Termination",
        "Position",
    ];

    fn header(&self) -> &Header {
        &self.header
    }

    fn result(&self) -> RecordResult {
        self.result
    }

    fn tags(&self) -> Vec<(&'static str, String)> {
        let mut tags = vec![
            ("Board", self.board.to_string()),
            ("Rules", self.rules.name().to_string()),
        ];
        if let Some(choice) = self.orientation_choice {
            tags.push(("Orientation", choice.orientation.name().to_string()));
            tags.push(("OrientationBy", choice.by.name().to_string()));
        }
        tags.push(("Termination", self.termination.to_string()));
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

    fn read(sections: Sections) -> Result<KatarengaRecord, RecordError> {
        let mut tags = Tags::new(sections.tags, sections.start)?;
        let (board_at, board) = tags.required("Board", BoardSpec::read)?;
        let (_, rules) = tags.required("Rules", |name: &str| {
            record::reading::<Rules>(GameId::Katarenga, name)
        })?;
        let (result_at, result, termination) = record::read_ending(&mut tags)?;
        let orientation_choice = read_orientation_choice(&mut tags)?;
        let start = match tags.take("Position") {
            None => None,
            Some((at, value)) => Some(value.parse::<Position>().map_err(|e| {
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
        let record = KatarengaRecord {
            header,
            board,
            start,
            rules,
            orientation_choice,
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

/// The `Orientation` and `OrientationBy` tags, if any.
fn read_orientation_choice(tags: &mut Tags) -> Result<Option<OrientationChoice>, RecordError> {
    let orientation = tags.take("Orientation");
    let by = tags.take("OrientationBy");
    let bad = |tag: &'static str, (at, value): (Location, String), reason: String| {
        RecordError::at(at, ErrorKind::TagValue { tag, value, reason })
    };
    let Some((at, value)) = orientation else {
        return match by {
            Some(found) => Err(bad(
                "OrientationBy",
                found,
                "there is no Orientation tag".into(),
            )),
            None => Ok(None),
        };
    };
    let orientation = value
        .parse::<Orientation>()
        .map_err(|e| bad("Orientation", (at, value.clone()), e.to_string()))?;
    let by = match by {
        None => Chooser::Given,
        Some((at, value)) => match value.as_str() {
            "black" => Chooser::Black,
            "white" => Chooser::White,
            "given" => Chooser::Given,
            _ => {
                return Err(bad(
                    "OrientationBy",
                    (at, value),
                    "expected black, white or given".into(),
                ));
            }
        },
    };
    Ok(Some(OrientationChoice { orientation, by }))
}

impl fmt::Display for KatarengaRecord {
    /// The canonical text: the tags, a blank line, then the moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        record::write(self, f)
    }
}

impl FromStr for KatarengaRecord {
    type Err = RecordError;

    /// Reads one record (see [`KatarengaRecord::parse_all`] for several).
    fn from_str(s: &str) -> Result<KatarengaRecord, RecordError> {
        record::read_one(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for KatarengaRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        KatarengaRecord::serialize(self, s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for KatarengaRecord {
    /// Reads the record, then checks it by replaying it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<KatarengaRecord, D::Error> {
        record::checked::<KatarengaRecord, D>(KatarengaRecord::deserialize(d))
    }
}
