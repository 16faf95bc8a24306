//! Match play ([rules](crate::rules#match-play)): rounds to a target score, scoring by the
//! winning tower's rank, promotion, and the refill of the home rows.

use core::fmt;
use core::str::FromStr;

use board_geometry::{File, ParseNameError, Player, Rank, Square};

use crate::{Colour, Game, IllegalMove, Move, Outcome, Position, PositionBuilder, SumoRank, Tower};

/// The score a match is played to: one of the named presets, or any
/// positive target. `Display` writes the number of points; `FromStr` reads
/// a positive number or a preset's name (`single`, `standard`, `long`,
/// `marathon`).
///
/// ```
/// use kamisado_core::Target;
/// assert_eq!("7".parse(), Ok(Target::LONG));
/// assert_eq!("marathon".parse(), Ok(Target::MARATHON));
/// assert_eq!(Target::STANDARD.to_string(), "3");
/// assert!("0".parse::<Target>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "u32", try_from = "u32")
)]
pub struct Target(u32);

impl Target {
    /// A single round (1 point).
    pub const SINGLE_ROUND: Target = Target(1);
    /// The standard match (3 points).
    pub const STANDARD: Target = Target(3);
    /// The long match (7 points).
    pub const LONG: Target = Target(7);
    /// The marathon (15 points).
    pub const MARATHON: Target = Target(15);

    /// A match to `points`, or `None` for 0.
    #[must_use]
    pub const fn new(points: u32) -> Option<Target> {
        if points == 0 {
            None
        } else {
            Some(Target(points))
        }
    }

    /// The points needed to win.
    #[must_use]
    pub const fn points(self) -> u32 {
        self.0
    }
}

/// A target of 0 points, refused by `Target`'s `TryFrom<u32>` (and so by
/// its serde impl).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("a match target must be at least 1 point")]
pub struct ZeroTarget;

impl TryFrom<u32> for Target {
    type Error = ZeroTarget;

    fn try_from(points: u32) -> Result<Target, ZeroTarget> {
        Target::new(points).ok_or(ZeroTarget)
    }
}

impl From<Target> for u32 {
    fn from(target: Target) -> u32 {
        target.0
    }
}

impl fmt::Display for Target {
    /// Writes the number of points.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Target {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Target, ParseNameError> {
        let preset = match s {
            "single" => Some(Target::SINGLE_ROUND),
            "standard" => Some(Target::STANDARD),
            "long" => Some(Target::LONG),
            "marathon" => Some(Target::MARATHON),
            _ => s.parse().ok().and_then(Target::new),
        };
        preset.ok_or(ParseNameError {
            what: "target",
            expected: "a positive number of points, single, standard, long or marathon",
        })
    }
}

/// The side of the board from which the home rows are refilled between
/// rounds, chosen by the round's winner. Written `a` or `h` (`Display`,
/// `FromStr`, serde).
///
/// ```
/// use kamisado_core::Edge;
/// assert_eq!("h".parse(), Ok(Edge::HFile));
/// assert_eq!(Edge::AFile.to_string(), "a");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Edge {
    /// The a-file side (the left as Black sees it, the right as White sees
    /// it).
    #[cfg_attr(feature = "serde", serde(rename = "a"))]
    AFile,
    /// The h-file side.
    #[cfg_attr(feature = "serde", serde(rename = "h"))]
    HFile,
}

impl Edge {
    /// Both edges, the a-file first.
    pub const ALL: [Edge; 2] = [Edge::AFile, Edge::HFile];

    /// A name for people: `"a-file"` or `"h-file"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Edge::AFile => "a-file",
            Edge::HFile => "h-file",
        }
    }
}

impl fmt::Display for Edge {
    /// Writes `a` or `h`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edge::AFile => "a",
            Edge::HFile => "h",
        })
    }
}

impl FromStr for Edge {
    type Err = ParseNameError;

    /// Reads `a` or `h` (also `a-file`, `h-file`).
    fn from_str(s: &str) -> Result<Edge, ParseNameError> {
        board_geometry::notation::parse_name(
            s,
            &[
                (Edge::AFile, &["a", "a-file"]),
                (Edge::HFile, &["h", "h-file"]),
            ],
            "edge",
            "a or h",
        )
    }
}

/// The points a round is worth when won by a tower of `rank`, before its
/// promotion: 1, 3, 7 or 15 (the [rules](crate::rules#match-play) give
/// these values per win).
#[must_use]
pub const fn points_for(rank: SumoRank) -> u32 {
    match rank {
        SumoRank::Plain => 1,
        SumoRank::Sumo => 3,
        SumoRank::DoubleSumo => 7,
        SumoRank::TripleSumo => 15,
    }
}

/// The home rows refilled for the next round ([rules](crate::rules#match-play)): each player
/// takes its towers rank by rank, starting with the rank nearest its own
/// home row, each rank from `edge`, and places them in that order on its
/// home row starting from `edge`. Sumo ranks are kept. The result has
/// `to_move` to move with a free choice.
///
/// ```
/// use kamisado_core::{refill, Edge, Player, Position};
/// let end: Position = "obpkyr1n/3Y4/8/8/8/8/8/NGRg+KPBO b y".parse()?;
/// assert_eq!(
///     refill(&end, Edge::AFile, Player::Black).to_string(),
///     "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -"
/// );
/// assert_eq!(
///     refill(&end, Edge::HFile, Player::Black).to_string(),
///     "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -"
/// );
/// # Ok::<(), kamisado_core::ParsePositionError>(())
/// ```
#[must_use]
pub fn refill(position: &Position, edge: Edge, to_move: Player) -> Position {
    let files = |i: usize| match edge {
        Edge::AFile => File::ALL[i],
        Edge::HFile => File::ALL[7 - i],
    };
    let mut builder = PositionBuilder::new();
    for player in Player::ALL {
        let home = player.home_rank();
        let mut placed = 0;
        for step in 0..8 {
            let rank = match player {
                Player::Black => Rank::ALL[step],
                Player::White => Rank::ALL[7 - step],
            };
            for i in 0..8 {
                let square = Square::new(files(i), rank);
                if let Some(tower) = position.tower_on(square).filter(|t| t.player == player) {
                    // A valid position has eight towers a side, which fill
                    // the eight squares of the home row; more can only come
                    // from a position broken by `play_unchecked`.
                    if placed == 8 {
                        debug_assert!(false, "refill of an inconsistent position {position}");
                        return *position;
                    }
                    let rank = position.rank_of(tower);
                    let target = Square::new(files(placed), home);
                    let _ = builder.place(tower, target, rank);
                    placed += 1;
                }
            }
        }
    }
    builder.side_to_move(to_move);
    // A valid position has 8 towers a side on distinct squares, so they fill
    // both home rows; only a position broken by `play_unchecked` with an
    // illegal move can fail here, and it comes back unchanged.
    let refilled = builder.build();
    debug_assert!(
        refilled.is_ok(),
        "refill of an inconsistent position {position}"
    );
    refilled.unwrap_or(*position)
}

/// What one round came to, available to the caller without allocation
/// ([`Match::play`] returns it; [`Match::last_round`] keeps the latest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundSummary {
    /// The round's number, from 1.
    pub round: u32,
    /// How the round ended (and who won).
    pub outcome: Outcome,
    /// The winner's tower that scored, if the ending names one.
    pub tower: Option<Colour>,
    /// Its rank before promotion.
    pub rank: SumoRank,
    /// The points scored.
    pub points: u32,
    /// Both scores after the round, Black's first.
    pub scores: [u32; 2],
}

impl RoundSummary {
    /// The summary of the round `round` that ended in `final_position`,
    /// with the scores after it, or `None` if the round is not over.
    fn of(final_position: &Position, round: u32, scores: [u32; 2]) -> Option<RoundSummary> {
        let outcome = final_position.outcome()?;
        let tower = outcome.scoring_tower();
        let rank = tower.map_or(SumoRank::Plain, |c| {
            final_position.rank_of(Tower::new(outcome.winner(), c))
        });
        Some(RoundSummary {
            round,
            outcome,
            tower,
            rank,
            points: points_for(rank),
            scores,
        })
    }
}

impl fmt::Display for RoundSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}: {}", self.round, self.outcome)?;
        if let Some(colour) = self.tower {
            write!(
                f,
                "; {} scores with its {} {colour} tower",
                self.outcome.winner(),
                self.rank
            )?;
        }
        write!(
            f,
            " (+{}); black {} - white {}",
            self.points, self.scores[0], self.scores[1]
        )
    }
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum MatchState {
    /// A round is being played: [`Match::play`] the next move.
    InRound,
    /// The round is over and scored, and its winner must choose the refill
    /// edge with [`Match::choose_edge`].
    ChooseEdge {
        /// The round's winner, who chooses.
        chooser: Player,
    },
    /// A player reached the target.
    Over {
        /// The match winner.
        winner: Player,
    },
}

/// Why a match action was refused, or a match could not be resumed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MatchError {
    /// The move is illegal in the round's position. It prints as the
    /// [`IllegalMove`] it holds ("d8 is occupied"), whose causes are its own.
    #[error(transparent)]
    Illegal(IllegalMove),
    /// A move was played while the winner must choose the edge.
    #[error("the round is over: {chooser} must choose the refill edge")]
    EdgeToChoose {
        /// The player who must choose.
        chooser: Player,
    },
    /// An edge was chosen while a round is being played.
    #[error("no edge to choose: the round is still being played")]
    RoundInProgress,
    /// A resumed match's score already reaches the target although the
    /// match is not over.
    #[error("{player}'s score already reaches the target")]
    TargetReached {
        /// The player whose score does.
        player: Player,
    },
    /// A resumed match's round number is 0, or so large that the match
    /// could not count its next round.
    #[error("round {round} is out of range: rounds count from 1 to {}", u32::MAX - 1)]
    InvalidRound {
        /// The round number given.
        round: u32,
    },
    /// A resumed match's final position was won by a player whose score
    /// does not include the round's points.
    #[error(
        "{winner} won the round for {points} point{} but has only {score}",
        if *points == 1 { "" } else { "s" }
    )]
    RoundNotScored {
        /// The round's winner.
        winner: Player,
        /// The points the round is worth.
        points: u32,
        /// The winner's score given.
        score: u32,
    },
    /// A stored match whose parts disagree (its state or last round is not
    /// the one its position and scores give).
    #[error("the stored match is inconsistent: {0}")]
    Inconsistent(&'static str),
    /// The match is over.
    #[error("the match is over: {winner} won")]
    MatchOver {
        /// The match winner.
        winner: Player,
    },
}

/// A match that a program drives round by round: play moves, and when a
/// round ends let its winner choose the refill edge. Nothing is allocated.
///
/// A round's final position stays as it was played
/// ([`Match::final_position`]); the winner's promotion shows in the next
/// round's start ([`Match::next_round_start`]). With the `serde` feature a
/// match serialises at any moment and deserialises (validated) to an equal
/// match that continues identically.
///
/// ```
/// use kamisado_core::{Edge, Match, MatchState, Target};
/// let mut m = Match::new(Target::STANDARD);
/// for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
///     m.play(mv.parse()?)?;
/// }
/// let round = m.last_round().unwrap();
/// assert_eq!(round.points, 1);
/// assert_eq!(m.scores(), [0, 1]);
/// assert!(matches!(m.state(), MatchState::ChooseEdge { .. }));
/// assert_eq!(
///     m.final_position().unwrap().to_string(),
///     "obpkyr1n/3Y4/8/8/8/8/8/NGRgKPBO b y"
/// );
/// m.choose_edge(Edge::AFile)?;
/// assert_eq!(m.position().to_string(), "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "MatchData", try_from = "MatchData")
)]
pub struct Match {
    target: Target,
    position: Position,
    scores: [u32; 2],
    round: u32,
    state: MatchState,
    last_round: Option<RoundSummary>,
}

impl Match {
    /// A new match to `target` from the start position.
    #[must_use]
    pub fn new(target: Target) -> Match {
        Match {
            target,
            position: Position::start(),
            scores: [0, 0],
            round: 1,
            state: MatchState::InRound,
            last_round: None,
        }
    }

    /// A match to `target` resumed at `position`, in round `round` (from 1),
    /// with `scores` (Black's first): for programs that store matches or set
    /// up positions by hand.
    ///
    /// The scores are those *after* every finished round: if `position`'s
    /// round is over, it has already been scored (`scores` include it), and
    /// the match resumes waiting for the winner's edge choice, or over. A
    /// round is never scored twice: resuming from the parts of any match
    /// ([`Match::target`], [`Match::position`], [`Match::scores`],
    /// [`Match::round`]) gives the same state, scores and next round. The
    /// previous round's summary is not part of the parts
    /// ([`Match::last_round`] is that of the finished `position`, if any);
    /// serde keeps it.
    ///
    /// # Errors
    /// - [`MatchError::InvalidRound`]: `round` is 0 or `u32::MAX`.
    /// - [`MatchError::TargetReached`]: a score reaches the target although
    ///   the match is not over (a round in progress, or the loser's score).
    /// - [`MatchError::RoundNotScored`]: the winner of a finished round has
    ///   fewer points than the round is worth.
    ///
    /// ```
    /// use kamisado_core::{Match, MatchState, Player, Target};
    /// let mut m = Match::new(Target::STANDARD);
    /// for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
    ///     m.play(mv.parse()?)?;
    /// }
    /// let resumed = Match::resume(m.target(), *m.position(), m.scores(), m.round())?;
    /// assert_eq!(resumed.scores(), [0, 1]);
    /// assert_eq!(resumed.state(), MatchState::ChooseEdge { chooser: Player::White });
    /// assert_eq!(resumed, m);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume(
        target: Target,
        position: Position,
        scores: [u32; 2],
        round: u32,
    ) -> Result<Match, MatchError> {
        if round == 0 || round == u32::MAX {
            return Err(MatchError::InvalidRound { round });
        }
        let summary = RoundSummary::of(&position, round, scores);
        let state = match summary {
            None => {
                if let Some(player) = Player::ALL
                    .into_iter()
                    .find(|p| scores[p.index()] >= target.points())
                {
                    return Err(MatchError::TargetReached { player });
                }
                MatchState::InRound
            }
            Some(summary) => {
                let winner = summary.outcome.winner();
                let score = scores[winner.index()];
                if score < summary.points {
                    return Err(MatchError::RoundNotScored {
                        winner,
                        points: summary.points,
                        score,
                    });
                }
                let loser = winner.opponent();
                if scores[loser.index()] >= target.points() {
                    return Err(MatchError::TargetReached { player: loser });
                }
                if score >= target.points() {
                    MatchState::Over { winner }
                } else {
                    MatchState::ChooseEdge { chooser: winner }
                }
            }
        };
        Ok(Match {
            target,
            position,
            scores,
            round,
            state,
            last_round: summary,
        })
    }

    /// The target score.
    #[must_use]
    pub fn target(&self) -> Target {
        self.target
    }

    /// The position of the current round: the round's final position, as
    /// it was played, while the edge is to be chosen or after the match.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The final position of the round just finished (as it was played,
    /// before the winner's promotion), or `None` during a round.
    #[must_use]
    pub fn final_position(&self) -> Option<&Position> {
        match self.state {
            MatchState::InRound => None,
            MatchState::ChooseEdge { .. } | MatchState::Over { .. } => Some(&self.position),
        }
    }

    /// The start of the next round if the round's winner chooses `edge`:
    /// the winner's scoring tower promoted, the home rows refilled from
    /// `edge`, and the loser to move with a free choice. `None` unless the
    /// edge is to be chosen.
    #[must_use]
    pub fn next_round_start(&self, edge: Edge) -> Option<Position> {
        let MatchState::ChooseEdge { chooser } = self.state else {
            return None;
        };
        let start = refill(&self.position, edge, chooser.opponent());
        let promoted = self
            .last_round
            .and_then(|summary| {
                let colour = summary.tower?;
                start
                    .with_rank(Tower::new(chooser, colour), summary.rank.promoted())
                    .ok()
            })
            .unwrap_or(start);
        Some(promoted)
    }

    /// Both scores, Black's first.
    #[must_use]
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The number of the current round, from 1.
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Where the match stands.
    #[must_use]
    pub fn state(&self) -> MatchState {
        self.state
    }

    /// The summary of the latest finished round.
    #[must_use]
    pub fn last_round(&self) -> Option<RoundSummary> {
        self.last_round
    }

    /// The match winner, once a player has reached the target.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match self.state {
            MatchState::Over { winner } => Some(winner),
            _ => None,
        }
    }

    /// Plays `mv` in the current round. Returns the round's summary if the
    /// move ended it (then the state is [`MatchState::ChooseEdge`] or
    /// [`MatchState::Over`]).
    ///
    /// # Errors
    /// [`MatchError`] if no round is in progress or the move is illegal;
    /// the match is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Option<RoundSummary>, MatchError> {
        self.ensure_in_round()?;
        self.position = self.position.try_play(mv).map_err(MatchError::Illegal)?;
        Ok(self.finish_round_if_over())
    }

    /// Starts the next round: the winner of the last round chose `edge`;
    /// its scoring tower is promoted, both home rows are refilled from the
    /// edge and the loser opens with a free choice
    /// ([`Match::next_round_start`]).
    ///
    /// # Errors
    /// [`MatchError`] if no edge is to be chosen, or
    /// [`MatchError::InvalidRound`] if the round counter is at `u32::MAX - 1`
    /// and cannot count another round.
    pub fn choose_edge(&mut self, edge: Edge) -> Result<(), MatchError> {
        match self.state {
            MatchState::ChooseEdge { .. } => {}
            MatchState::InRound => return Err(MatchError::RoundInProgress),
            MatchState::Over { winner } => return Err(MatchError::MatchOver { winner }),
        }
        let round = self
            .round
            .checked_add(1)
            .filter(|&r| r < u32::MAX)
            .ok_or(MatchError::InvalidRound { round: self.round })?;
        if let Some(start) = self.next_round_start(edge) {
            self.position = start;
            self.round = round;
            self.state = MatchState::InRound;
        }
        // A refilled position always has moves; this keeps the type total.
        self.finish_round_if_over();
        Ok(())
    }

    fn ensure_in_round(&self) -> Result<(), MatchError> {
        match self.state {
            MatchState::InRound => Ok(()),
            MatchState::ChooseEdge { chooser } => Err(MatchError::EdgeToChoose { chooser }),
            MatchState::Over { winner } => Err(MatchError::MatchOver { winner }),
        }
    }

    /// Scores the round if it is over (the promotion is left to the next
    /// round's start).
    fn finish_round_if_over(&mut self) -> Option<RoundSummary> {
        let mut summary = RoundSummary::of(&self.position, self.round, self.scores)?;
        let winner = summary.outcome.winner();
        self.scores[winner.index()] = self.scores[winner.index()].saturating_add(summary.points);
        summary.scores = self.scores;
        self.last_round = Some(summary);
        self.state = if self.scores[winner.index()] >= self.target.points() {
            MatchState::Over { winner }
        } else {
            MatchState::ChooseEdge { chooser: winner }
        };
        Some(summary)
    }
}

/// A [`Match`] as serde stores it: its parts, checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct MatchData {
    target: Target,
    round: u32,
    scores: [u32; 2],
    position: Position,
    state: MatchState,
    last_round: Option<RoundSummary>,
}

#[cfg(feature = "serde")]
impl From<Match> for MatchData {
    fn from(m: Match) -> MatchData {
        MatchData {
            target: m.target,
            round: m.round,
            scores: m.scores,
            position: m.position,
            state: m.state,
            last_round: m.last_round,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<MatchData> for Match {
    type Error = MatchError;

    /// Rebuilds the match with [`Match::resume`] and checks that the stored
    /// state and last round are the ones its parts give.
    fn try_from(data: MatchData) -> Result<Match, MatchError> {
        let mut m = Match::resume(data.target, data.position, data.scores, data.round)?;
        if m.state != data.state {
            return Err(MatchError::Inconsistent(
                "the state does not follow from the position and the scores",
            ));
        }
        match (m.state, data.last_round) {
            (MatchState::InRound, None) => {}
            (MatchState::InRound, Some(previous)) => {
                let scores_ok =
                    previous.scores[0] <= m.scores[0] && previous.scores[1] <= m.scores[1];
                if previous.round.checked_add(1) != Some(m.round) || !scores_ok {
                    return Err(MatchError::Inconsistent(
                        "the last round is not the one before the current round",
                    ));
                }
                m.last_round = Some(previous);
            }
            (_, stored) => {
                if stored != m.last_round {
                    return Err(MatchError::Inconsistent(
                        "the last round is not the one the final position gives",
                    ));
                }
            }
        }
        Ok(m)
    }
}
