//! Katarenga game records ([format](katarenga_core::rules#game-records)):
//! the board (as tiles or colours), the rules, the moves, and how the game
//! ended, this project's adjudication included.

use katarenga_core::Game;
use std::fmt;
use std::str::FromStr;

use katarenga_core::{Board, Move, Orientation, Player, Position, Rules, TilePlacement};

use crate::text::{
    self, Annotated, Body, ErrorKind, Header, Lines, Location, RecordError, RecordResult, Tags,
    Termination,
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
    fn read(s: &str) -> Result<BoardSpec, String> {
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
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "Unchecked")
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

/// The tags a Katarenga record writes itself.
const RESERVED: [&str; 12] = [
    "Orientation",
    "OrientationBy",
    "Event",
    "Site",
    "Date",
    "Black",
    "White",
    "Result",
    "Board",
    "Rules",
    "Termination",
    "Position",
];

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
        for (k, annotated) in self.moves.iter().enumerate() {
            position = position.try_play(annotated.mv).map_err(|e| RecordError {
                location: spots.get(k).copied(),
                kind: ErrorKind::Move {
                    number: u32::try_from(k / 2 + 1).unwrap_or(u32::MAX),
                    mv: annotated.mv.to_string(),
                    reason: e.to_string(),
                },
            })?;
            seen.push(position);
        }
        let (result, termination) = (self.result, self.termination);
        let wrong = |why: String| Err(RecordError::inconsistent(result_at, why));
        if let Some(outcome) = position.outcome() {
            let winner = outcome.winner();
            if termination != Termination::Normal || result != RecordResult::Win(winner) {
                return wrong(format!(
                    "the game is over ({outcome}): the result must be {winner} and the termination normal, not {result} and {termination}"
                ));
            }
            return Ok(position);
        }
        match termination {
            Termination::Normal => {
                return wrong("the termination is normal but the game is not over".into());
            }
            Termination::Repetition if seen.iter().filter(|&&p| p == position).count() < 2 => {
                return wrong(
                    "a draw by repetition, but the final position did not occur before".into(),
                );
            }
            t if t.is_adjudicated_draw() && result != RecordResult::Draw => {
                return wrong(format!("a game ended by {t} is a draw, not {result}"));
            }
            t if t.is_forfeit() && result.winner().is_none() => {
                return wrong(format!("a game ended by {t} has a winner, not {result}"));
            }
            Termination::Unfinished if result != RecordResult::Unfinished => {
                return wrong(format!("an unfinished game has the result *, not {result}"));
            }
            _ => {}
        }
        Ok(position)
    }

    /// Reads every record in `text` (records follow one another, each
    /// opening with its tags).
    ///
    /// # Errors
    /// The first [`RecordError`], with its line and column.
    pub fn parse_all(text: &str) -> Result<Vec<KatarengaRecord>, RecordError> {
        text::records(text)?
            .into_iter()
            .map(|sections| {
                let mut tags = Tags::new(sections.tags, sections.start)?;
                let (board_at, board) = tags.required("Board", BoardSpec::read)?;
                let (_, rules) = tags.required("Rules", |rules: &str| {
                    rules.parse::<Rules>().map_err(|_| {
                        let known: Vec<&str> = Rules::ALL.iter().map(|r| r.name()).collect();
                        format!(
                            "unknown rules {rules:?} (this version knows {})",
                            known.join(", ")
                        )
                    })
                })?;
                let (result_at, result) = tags.required("Result", RecordResult::from_str)?;
                let (_, termination) = tags.required("Termination", Termination::from_str)?;
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
                let (moves, spots) = text::moves(
                    &mut body,
                    |_| false,
                    |w| w.parse::<Move>().map_err(|e| e.to_string()),
                )?;
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
            })
            .collect()
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
        let mut out = String::new();
        text::write_roster(&mut out, &self.header, Player::White);
        text::write_tag(&mut out, "Result", &self.result.to_string());
        text::write_tag(&mut out, "Board", &self.board.to_string());
        text::write_tag(&mut out, "Rules", self.rules.name());
        if let Some(choice) = self.orientation_choice {
            text::write_tag(&mut out, "Orientation", choice.orientation.name());
            text::write_tag(&mut out, "OrientationBy", choice.by.name());
        }
        text::write_tag(&mut out, "Termination", self.termination.name());
        if let Some(start) = &self.start {
            text::write_tag(&mut out, "Position", &start.to_string());
        }
        text::write_others(&mut out, &self.header, &RESERVED);
        out.push('\n');
        let mut lines = Lines::default();
        if let Some(c) = &self.comment {
            lines.push(&text::comment(c));
            lines.end_line();
        }
        text::write_moves(&mut lines, &self.moves);
        out.push_str(&lines.out);
        f.write_str(&out)
    }
}

impl FromStr for KatarengaRecord {
    type Err = RecordError;

    /// Reads one record (see [`KatarengaRecord::parse_all`] for several).
    fn from_str(s: &str) -> Result<KatarengaRecord, RecordError> {
        text::only_one(KatarengaRecord::parse_all(s)?)
    }
}

/// A [`KatarengaRecord`] as serde reads it, checked by replaying it.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct Unchecked {
    header: Header,
    board: BoardSpec,
    #[serde(default)]
    start: Option<Position>,
    #[serde(default)]
    rules: Rules,
    #[serde(default)]
    orientation_choice: Option<OrientationChoice>,
    result: RecordResult,
    termination: Termination,
    #[serde(default)]
    comment: Option<String>,
    moves: Vec<Annotated<Move>>,
}

#[cfg(feature = "serde")]
impl TryFrom<Unchecked> for KatarengaRecord {
    type Error = RecordError;

    fn try_from(u: Unchecked) -> Result<KatarengaRecord, RecordError> {
        let record = KatarengaRecord {
            header: u.header,
            board: u.board,
            start: u.start,
            rules: u.rules,
            orientation_choice: u.orientation_choice,
            result: u.result,
            termination: u.termination,
            comment: u.comment,
            moves: u.moves,
        };
        record.validate()?;
        Ok(record)
    }
}
