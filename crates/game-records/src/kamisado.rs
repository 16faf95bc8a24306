//! Kamisado match records ([format](kamisado_core::rules#game-records)):
//! every round with its start, moves, scoring and the edge chosen after
//! it. A single round is a match to 1 point.

use std::fmt;
use std::str::FromStr;

use kamisado_core::{
    Colour, Edge, Layout, Match, MatchOptions, MatchState, Move, Outcome, Player, Position, Refill,
    RoundSummary, Rules, Scoring, SumoRank, Target,
};

use game_spec::{GameId, GameSpec};

use crate::record::{self, Ending, Record};
use crate::text::{
    self, Annotated, Body, ErrorKind, Header, Lines, Location, RecordError, RecordResult, Sections,
    Tags, Termination, Token,
};
use kamisado_core::Game;

/// A Kamisado match, round by round, as a record holds it.
///
/// ```
/// use game_records::{KamisadoRecord, RecordResult, Termination};
/// use kamisado_core::Player;
/// let text = r#"[Event "Club night"]
/// [Site "?"]
/// [Date "2026.12.01"]
/// [Black "Ann"]
/// [White "Bob"]
/// [Result "white"]
/// [Target "1"]
/// [Termination "normal"]
///
/// Round 1 "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"
/// 1. d1d7 g8b3 2. d7d7 {blocked: a pass} b3d1
/// Scored white arrival green 1 0-1
/// "#;
/// let record: KamisadoRecord = text.parse()?;
/// assert_eq!(record.result, RecordResult::Win(Player::White));
/// assert_eq!(record.rounds[0].moves.len(), 4);
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
pub struct KamisadoRecord {
    /// The roster and other tags.
    pub header: Header,
    /// `Rules`: the reading of the rules (the rules page's
    /// [readings](kamisado_core::rules#rule-readings)); the tag is written
    /// only for another reading than `standard`, and a record without it
    /// is played by the standard rules. The rounds' starts carry it too
    /// (reading a record gives them it; [`KamisadoRecord::validate`] plays
    /// every round by it whatever its start carries).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_standard"))]
    pub rules: Rules,
    /// `Layout`: the board's [layout](kamisado_core::rules#board-layouts),
    /// written and carried as `Rules` is (the layout drawn, when the game
    /// was set up on one drawn at random).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "is_standard_layout")
    )]
    pub layout: Layout,
    /// `Target`: the score the match is played to.
    pub target: Target,
    /// `Scoring` and `Refill`: how rounds score and the next round is set
    /// up (the rules page's [match options](kamisado_core::rules#match-options));
    /// each tag is written only for another value than the default, and
    /// a record without them is played by the defaults.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_default"))]
    pub options: MatchOptions,
    /// `Result`: the match winner, or `*`.
    pub result: RecordResult,
    /// `Termination`: how the match ended.
    pub termination: Termination,
    /// The rounds, in order (at least one).
    pub rounds: Vec<KamisadoRound>,
}

/// One round of a [`KamisadoRecord`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KamisadoRound {
    /// The round's start.
    pub start: Position,
    /// A comment before its first move.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub comment: Option<String>,
    /// The moves, passes included.
    pub moves: Vec<Annotated<Move>>,
    /// How the round was scored, once it is over (checked against the
    /// replay).
    pub summary: Option<RoundSummary>,
    /// The refill edge its winner chose, if a round followed.
    pub edge: Option<Edge>,
}

impl KamisadoRound {
    /// A round from `start` with no moves yet.
    #[must_use]
    pub fn new(start: Position) -> KamisadoRound {
        KamisadoRound {
            start,
            comment: None,
            moves: Vec::new(),
            summary: None,
            edge: None,
        }
    }
}

/// Where the parts of a record read from text are.
#[derive(Default)]
struct Spots {
    result: Option<Location>,
    rounds: Vec<RoundSpots>,
}

#[derive(Default)]
struct RoundSpots {
    start: Option<Location>,
    moves: Vec<Location>,
    scored: Option<Location>,
    edge: Option<Location>,
    end: Option<Location>,
}

impl KamisadoRecord {
    /// A record of the match `target` from the usual start, with no moves
    /// yet (unfinished).
    #[must_use]
    pub fn new(target: Target) -> KamisadoRecord {
        KamisadoRecord {
            header: Header::default(),
            rules: Rules::Standard,
            layout: Layout::Standard,
            target,
            options: MatchOptions::default(),
            result: RecordResult::Unfinished,
            termination: Termination::Unfinished,
            rounds: vec![KamisadoRound::new(Position::start())],
        }
    }

    /// The game the record is of, as every door names it: a Kamisado
    /// match by the record's reading of the rules to its target.
    ///
    /// ```
    /// use game_records::KamisadoRecord;
    /// use kamisado_core::Target;
    /// let record = KamisadoRecord::new(Target::STANDARD);
    /// assert_eq!(record.spec().to_string(), "kamisado target=3");
    /// ```
    #[must_use]
    pub const fn spec(&self) -> GameSpec {
        GameSpec::Kamisado {
            rules: self.rules,
            layout: self.layout,
            target: self.target,
            options: self.options,
        }
    }

    /// Replays the record and checks that its parts hold together: each
    /// round's start (the first one any position, scores from 0; the
    /// others the refill from the edge chosen), every move legal, each
    /// round's scoring as the rules give it, an edge after every round but
    /// the last, and the result and termination as the match ended.
    /// Returns the match where the record ends.
    ///
    /// # Errors
    /// [`RecordError`] (without a location) for the first problem found.
    pub fn validate(&self) -> Result<Match, RecordError> {
        self.replay(&Spots::default())
    }

    fn replay(&self, spots: &Spots) -> Result<Match, RecordError> {
        let round_spots = |i: usize| spots.rounds.get(i);
        let at = |i: usize, f: fn(&RoundSpots) -> Option<Location>| round_spots(i).and_then(f);
        let first = self.rounds.first().ok_or_else(|| {
            RecordError::inconsistent(spots.result, "a match record has at least one round".into())
        })?;
        let start = first.start.with_rules(self.rules).with_layout(self.layout);
        let mut game =
            Match::resume_with(self.target, self.options, start, [0, 0], 1).map_err(|e| {
                RecordError::inconsistent(
                    at(0, |r| r.start),
                    format!("the first round cannot start from {}: {e}", first.start),
                )
            })?;
        for (i, round) in self.rounds.iter().enumerate() {
            let number = i + 1;
            // The match was resumed at the first round's start, so only a
            // later round can fail this.
            if *game.position() != round.start.with_rules(self.rules).with_layout(self.layout) {
                return Err(RecordError::inconsistent(
                    at(i, |r| r.start),
                    format!(
                        "round {number} starts from {}, but the edge chosen gives {}",
                        round.start,
                        game.position()
                    ),
                ));
            }
            let move_spots = round_spots(i).map_or(&[][..], |r| &r.moves);
            text::replay(&round.moves, move_spots, |mv| game.play(mv).map(drop))?;
            let over = game.state() != MatchState::InRound;
            match (over, round.summary) {
                (true, Some(written)) if Some(written) != game.last_round() => {
                    return Err(RecordError::inconsistent(
                        at(i, |r| r.scored),
                        format!(
                            "round {number} is scored as {}, but the rules give {}",
                            scored_line(&written),
                            game.last_round()
                                .map_or_else(String::new, |s| scored_line(&s))
                        ),
                    ));
                }
                (true, None) => {
                    return Err(RecordError::inconsistent(
                        at(i, |r| r.end),
                        format!("round {number} is over but its scoring is missing"),
                    ));
                }
                (false, Some(_)) => {
                    return Err(RecordError::inconsistent(
                        at(i, |r| r.scored),
                        format!("round {number} is scored but not over"),
                    ));
                }
                _ => {}
            }
            let last = number == self.rounds.len();
            match round.edge {
                Some(edge) => game.choose_edge(edge).map_err(|e| {
                    RecordError::inconsistent(
                        at(i, |r| r.edge),
                        format!("no edge can be chosen after round {number}: {e}"),
                    )
                })?,
                // A set-up match: the next round starts from the set-ups
                // its loser drew, as the record gives them.
                None if !last && matches!(game.state(), MatchState::DrawSetups { .. }) => {
                    let next = &self.rounds[i + 1].start;
                    game.start_round(*next).map_err(|e| {
                        RecordError::inconsistent(
                            at(i + 1, |r| r.start),
                            format!("round {} cannot start from {next}: {e}", number + 1),
                        )
                    })?;
                }
                None if !last => {
                    return Err(RecordError::inconsistent(
                        at(i + 1, |r| r.start),
                        format!("round {} follows without an edge chosen", number + 1),
                    ));
                }
                None => {}
            }
        }
        let won = match game.state() {
            MatchState::Over { winner } => {
                Some((Some(winner), format!("{winner} reached the target")))
            }
            MatchState::InRound | MatchState::ChooseEdge { .. } | MatchState::DrawSetups { .. } => {
                None
            }
        };
        let ending = Ending {
            noun: "match",
            won,
            not_over: "nobody reached the target",
            adjudication: Err("does not apply to Kamisado: every round ends"),
        };
        ending.check(self.result, self.termination, spots.result)?;
        Ok(game)
    }

    /// Reads every record in `text` (records follow one another, each
    /// opening with its tags).
    ///
    /// # Errors
    /// The first [`RecordError`], with its line and column.
    pub fn parse_all(text: &str) -> Result<Vec<KamisadoRecord>, RecordError> {
        record::read_all(text)
    }
}

impl Record for KamisadoRecord {
    const FIRST: Player = Player::Black;
    const TAGS: &'static [&'static str] = &["Target", "Termination"];

    fn header(&self) -> &Header {
        &self.header
    }

    fn result(&self) -> RecordResult {
        self.result
    }

    fn tags(&self) -> Vec<(&'static str, String)> {
        let mut tags = vec![
            ("Target", self.target.to_string()),
            ("Termination", self.termination.to_string()),
        ];
        if self.rules != Rules::Standard {
            tags.insert(0, ("Rules", self.rules.to_string()));
        }
        if self.layout != Layout::Standard {
            tags.push(("Layout", self.layout.to_string()));
        }
        if self.options.scoring != Scoring::default() {
            tags.push(("Scoring", self.options.scoring.to_string()));
        }
        if self.options.refill != Refill::default() {
            tags.push(("Refill", self.options.refill.to_string()));
        }
        tags
    }

    fn write_movetext(&self, out: &mut String) {
        for (i, round) in self.rounds.iter().enumerate() {
            out.push('\n');
            let mut lines = Lines::default();
            lines.push(&format!("Round {} \"{}\"", i + 1, round.start));
            lines.end_line();
            text::write_movetext(&mut lines, round.comment.as_deref(), &round.moves);
            if let Some(summary) = &round.summary {
                lines.push(&format!("Scored {}", scored_line(summary)));
                lines.end_line();
            }
            if let Some(edge) = round.edge {
                lines.push(&format!("Edge {edge}"));
                lines.end_line();
            }
            out.push_str(&lines.out);
        }
    }

    fn read(sections: Sections) -> Result<KamisadoRecord, RecordError> {
        let mut tags = Tags::new(sections.tags, sections.start)?;
        let rules = tags
            .optional("Rules", |name: &str| {
                record::reading::<Rules>(GameId::Kamisado, name)
            })?
            .map_or(Rules::Standard, |(_, rules)| rules);
        let layout = tags
            .optional("Layout", Layout::from_str)?
            .map_or(Layout::Standard, |(_, layout)| layout);
        let (_, target) = tags.required("Target", Target::from_str)?;
        let scoring = tags.optional("Scoring", Scoring::from_str)?;
        let refill = tags.optional("Refill", Refill::from_str)?;
        let options = MatchOptions {
            scoring: scoring.map_or(Scoring::default(), |(_, s)| s),
            refill: refill.map_or(Refill::default(), |(_, r)| r),
        };
        let (result_at, result, termination) = record::read_ending(&mut tags)?;
        let header = tags.header();
        let mut body = Body::new(sections.body, sections.end);
        let mut spots = Spots {
            result: Some(result_at),
            rounds: Vec::new(),
        };
        let mut rounds = Vec::new();
        while body.peek().is_some() {
            let (mut round, round_spots) =
                read_round(&mut body, rounds.len() + 1, options.scoring)?;
            round.start = round.start.with_rules(rules).with_layout(layout);
            rounds.push(round);
            spots.rounds.push(round_spots);
        }
        let record = KamisadoRecord {
            header,
            rules,
            layout,
            target,
            options,
            result,
            termination,
            rounds,
        };
        record.replay(&spots)?;
        Ok(record)
    }

    #[cfg(feature = "serde")]
    fn check(&self) -> Result<(), RecordError> {
        self.validate().map(drop)
    }
}

/// The words of a score line after `Scored`.
fn scored_line(s: &RoundSummary) -> String {
    let ending = s.outcome.ending().replace(' ', "-");
    let tower = s.tower.map_or_else(|| "-".to_string(), |c| c.to_string());
    format!(
        "{} {ending} {tower} {} {}-{}",
        s.outcome.winner(),
        s.points,
        s.scores[0],
        s.scores[1]
    )
}

fn field(at: Location, field: &'static str, value: &str, reason: impl fmt::Display) -> RecordError {
    RecordError::at(
        at,
        ErrorKind::Field {
            field,
            value: value.to_string(),
            reason: reason.to_string(),
        },
    )
}

fn word(body: &mut Body, expected: &'static str) -> Result<(Location, String), RecordError> {
    match body.expect(expected)? {
        (at, Token::Word(w)) => Ok((at, w)),
        (at, Token::Number(n)) => Ok((at, n.to_string())),
        (at, other) => Err(text::unexpected(at, &other, expected)),
    }
}

/// Takes the word `name` if it comes next, and returns where it stood.
fn keyword(body: &mut Body, name: &str) -> Option<Location> {
    match body.peek() {
        Some((at, Token::Word(w))) if w == name => {
            let at = *at;
            body.next();
            Some(at)
        }
        _ => None,
    }
}

/// Reads `Round N "start"`, its moves, and its `Scored` and `Edge` lines.
fn read_round(
    body: &mut Body,
    number: usize,
    scoring: Scoring,
) -> Result<(KamisadoRound, RoundSpots), RecordError> {
    let mut spots = RoundSpots::default();
    match body.expect("Round")? {
        (_, Token::Word(w)) if w == "Round" => {}
        (at, other) => return Err(text::unexpected(at, &other, "Round and its number")),
    }
    let (at, n) = word(body, "the round's number")?;
    if n.parse::<usize>().ok() != Some(number) {
        return Err(field(
            at,
            "round number",
            &n,
            format!("round {number} is due"),
        ));
    }
    let (at, start) = match body.expect("the round's start, quoted")? {
        (at, Token::Quoted(s)) => (at, s),
        (at, other) => return Err(text::unexpected(at, &other, "the round's start, quoted")),
    };
    spots.start = Some(at);
    let start: Position = start
        .parse()
        .map_err(|e| field(at, "round start", &start, e))?;
    let mut round = KamisadoRound::new(start);
    round.comment = body.comment();
    (round.moves, spots.moves) = text::moves(
        body,
        |t| matches!(t, Token::Word(w) if w == "Scored" || w == "Edge" || w == "Round"),
    )?;
    spots.end = body.peek().map(|(at, _)| *at).or(Some(body.end));
    if let Some(at) = keyword(body, "Scored") {
        spots.scored = Some(at);
        round.summary = Some(read_scored(body, number, scoring)?);
    }
    if let Some(at) = keyword(body, "Edge") {
        spots.edge = Some(at);
        let (at, e) = word(body, "the edge, a or h")?;
        round.edge = Some(
            e.parse::<Edge>()
                .map_err(|err| field(at, "edge", &e, err))?,
        );
    }
    Ok((round, spots))
}

/// `<winner> <ending> <tower> <points> <black>-<white>` after `Scored`,
/// the points as `scoring` gives them.
fn read_scored(
    body: &mut Body,
    round: usize,
    scoring: Scoring,
) -> Result<RoundSummary, RecordError> {
    let (at, winner) = word(body, "the round's winner")?;
    let winner = match winner.as_str() {
        "black" => Player::Black,
        "white" => Player::White,
        _ => {
            return Err(field(
                at,
                "round winner",
                &winner,
                "expected black or white",
            ));
        }
    };
    let (at_ending, ending) = word(body, "the ending: arrival, deadlock or no-move")?;
    let (at_tower, tower) = word(body, "the scoring tower's colour, or -")?;
    let colour = if tower == "-" {
        None
    } else {
        Some(
            tower
                .parse::<Colour>()
                .map_err(|e| field(at_tower, "scoring tower", &tower, e))?,
        )
    };
    let outcome = match (ending.as_str(), colour) {
        ("arrival", Some(tower)) => Outcome::Arrival { winner, tower },
        ("deadlock", Some(tower)) => Outcome::Deadlock { winner, tower },
        ("no-move", None) => Outcome::NoMove { winner },
        _ => {
            return Err(field(
                at_ending,
                "round ending",
                &ending,
                "expected arrival or deadlock with a tower, or no-move with -",
            ));
        }
    };
    let (at, points) = word(body, "the points scored")?;
    let worth = SumoRank::ALL.map(|rank| scoring.points(rank));
    let Some(rank) = SumoRank::ALL
        .into_iter()
        .find(|rank| points == worth[rank.index()].to_string())
    else {
        let [a, b, c, d] = worth;
        let expected = format!("a round scores {a}, {b}, {c} or {d} (scoring {scoring})");
        return Err(field(at, "points", &points, expected));
    };
    let (at, scores) = word(body, "the scores, black-white")?;
    let parsed = scores
        .split_once('-')
        .and_then(|(b, w)| Some([b.parse().ok()?, w.parse().ok()?]));
    let scores = parsed.ok_or_else(|| {
        field(
            at,
            "scores",
            &scores,
            "expected Black's and White's scores, as 3-1",
        )
    })?;
    Ok(RoundSummary {
        round: u32::try_from(round).unwrap_or(u32::MAX),
        outcome,
        tower: colour,
        rank,
        points: scoring.points(rank),
        scores,
    })
}

impl fmt::Display for KamisadoRecord {
    /// The canonical text: the tags, a blank line, then each round.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        record::write(self, f)
    }
}

impl FromStr for KamisadoRecord {
    type Err = RecordError;

    /// Reads one record (see [`KamisadoRecord::parse_all`] for several).
    fn from_str(s: &str) -> Result<KamisadoRecord, RecordError> {
        record::read_one(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for KamisadoRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        KamisadoRecord::serialize(self, s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for KamisadoRecord {
    /// Reads the record, then checks it by replaying it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<KamisadoRecord, D::Error> {
        record::checked::<KamisadoRecord, D>(KamisadoRecord::deserialize(d))
    }
}

#[cfg(feature = "serde")]
fn is_default(options: &MatchOptions) -> bool {
    *options == MatchOptions::default()
}

#[cfg(feature = "serde")]
fn is_standard(rules: &Rules) -> bool {
    *rules == Rules::Standard
}

#[cfg(feature = "serde")]
fn is_standard_layout(layout: &Layout) -> bool {
    *layout == Layout::Standard
}
