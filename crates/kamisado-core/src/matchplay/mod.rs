//! Match play ([rules](crate::rules#match-play)): rounds to a target score, scoring by the
//! winning tower's rank, promotion, and the refill of the home rows.

mod act;
mod options;
mod refill;
mod setups;
mod target;

use core::fmt;

use board_geometry::Player;

pub use act::{Acted, MatchAction};
pub use options::{MatchOptions, Refill, Scoring};
pub use refill::{Edge, refill};
pub use setups::{
    ChartError, ChartErrorKind, HomeRow, HomeRowError, MAX_SETUPS, SetupChart, SetupDraw,
};
pub use target::{Target, ZeroTarget, points_for};

#[cfg(feature = "serde")]
use crate::Layout;
use crate::{Colour, Game, IllegalMove, Move, Outcome, Position, Rules, SumoRank, Tower};

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
    fn of(
        final_position: &Position,
        round: u32,
        scores: [u32; 2],
        scoring: Scoring,
    ) -> Option<RoundSummary> {
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
            points: scoring.points(rank),
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

/// Where a match stands. Serde writes every state as an object with its
/// name under `type` and the player it names beside it:
/// `{"type": "in_round"}`, `{"type": "choose_edge", "chooser": "white"}`,
/// `{"type": "draw_setups", "drawer": "black"}`, `{"type": "over",
/// "winner": "white"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::serde_impls::MatchStateData",
        try_from = "crate::serde_impls::MatchStateData"
    )
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
    /// The round is over and scored, and its loser must draw the next
    /// round's numbered set-ups ([`Refill::Setups`]): [`Match::draw_setups`]
    /// or [`Match::start_round`].
    DrawSetups {
        /// The round's loser, who draws and opens the next round.
        drawer: Player,
    },
    /// A player reached the target.
    Over {
        /// The match winner.
        winner: Player,
    },
}

impl MatchState {
    /// The state after a round that `winner` won, short of the target: the
    /// edge to choose, or the set-ups to draw.
    fn between_rounds(refill: Refill, winner: Player) -> MatchState {
        match refill {
            Refill::Setups => MatchState::DrawSetups {
                drawer: winner.opponent(),
            },
            _ => MatchState::ChooseEdge { chooser: winner },
        }
    }
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
    /// A move was played or an edge chosen while the loser must draw the
    /// next round's set-ups.
    #[error("the round is over: {drawer} must draw the next round's set-ups")]
    SetupsToDraw {
        /// The player who must draw.
        drawer: Player,
    },
    /// A round's start given to [`Match::start_round`] is not a start from
    /// numbered set-ups: why.
    #[error("not a start from numbered set-ups: {0}")]
    NotASetupStart(&'static str),
    /// An edge was chosen, or set-ups drawn, while a round is being played.
    #[error("the round is still being played: no edge to choose, no set-ups to draw")]
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
    /// An action from the player who is not the one to act now
    /// ([`Match::act`]).
    #[error("{player} cannot act now: it is {actor}'s turn")]
    NotYourTurn {
        /// The player who tried to act.
        player: Player,
        /// The player who must act ([`Match::actor`]).
        actor: Player,
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
    options: MatchOptions,
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
        Match::new_with(target, Rules::Standard, MatchOptions::default())
    }

    /// A new match to `target` from the start position, every round played
    /// by `rules`, scored and set up by `options`.
    #[must_use]
    pub fn new_with(target: Target, rules: Rules, options: MatchOptions) -> Match {
        Match::new_on(target, Position::start_with(rules), options)
    }

    /// A new match to `target` whose first round starts from `start`, every
    /// round played by `start`'s reading of the rules and on its
    /// [layout](crate::Layout), scored and set up by `options`.
    ///
    /// ```
    /// use kamisado_core::{Layout, Match, MatchOptions, Position, Rules, Target};
    /// let start = Position::start_on(Layout::Turned).with_rules(Rules::PushedSquare);
    /// let m = Match::new_on(Target::STANDARD, start, MatchOptions::default());
    /// assert_eq!(m.position().layout(), Layout::Turned);
    /// assert_eq!(m.position().rules(), Rules::PushedSquare);
    /// ```
    #[must_use]
    pub fn new_on(target: Target, start: Position, options: MatchOptions) -> Match {
        Match {
            target,
            options,
            position: start,
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
        Match::resume_with(target, MatchOptions::default(), position, scores, round)
    }

    /// [`Match::resume`] for a match scored and set up by `options` (the
    /// reading of the rules is `position`'s).
    ///
    /// # Errors
    /// As [`Match::resume`].
    pub fn resume_with(
        target: Target,
        options: MatchOptions,
        position: Position,
        scores: [u32; 2],
        round: u32,
    ) -> Result<Match, MatchError> {
        if round == 0 || round == u32::MAX {
            return Err(MatchError::InvalidRound { round });
        }
        let summary = RoundSummary::of(&position, round, scores, options.scoring);
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
                    MatchState::between_rounds(options.refill, winner)
                }
            }
        };
        Ok(Match {
            target,
            options,
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

    /// How rounds score and how the next round is set up.
    #[must_use]
    pub fn options(&self) -> MatchOptions {
        self.options
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
            MatchState::ChooseEdge { .. }
            | MatchState::DrawSetups { .. }
            | MatchState::Over { .. } => Some(&self.position),
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
        let start = self
            .options
            .refill
            .next_start(&self.position, edge, chooser.opponent());
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

    /// Whether the edge to choose makes a difference: the next round's
    /// start from the a-file edge is not the one from the h-file edge.
    /// Never under [`Refill::Restart`] (every round from the start layout),
    /// and seldom otherwise (when each home row refills alike from either
    /// side); a door may then take an edge without asking. `false` unless
    /// an edge is to be chosen.
    ///
    /// ```
    /// use kamisado_core::{Match, MatchOptions, Refill, Rules, Target};
    /// for (refill, matters) in [(Refill::Nearest, true), (Refill::Restart, false)] {
    ///     let options = MatchOptions { refill, ..MatchOptions::default() };
    ///     let mut m = Match::new_with(Target::STANDARD, Rules::Standard, options);
    ///     assert!(!m.edge_matters());
    ///     for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
    ///         m.play(mv.parse()?)?;
    ///     }
    ///     assert_eq!(m.edge_matters(), matters);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn edge_matters(&self) -> bool {
        match (
            self.next_round_start(Edge::AFile),
            self.next_round_start(Edge::HFile),
        ) {
            (Some(a), Some(h)) => a != h,
            _ => false,
        }
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
            MatchState::DrawSetups { drawer } => return Err(MatchError::SetupsToDraw { drawer }),
            MatchState::Over { winner } => return Err(MatchError::MatchOver { winner }),
        }
        let round = self.next_round_number()?;
        if let Some(start) = self.next_round_start(edge) {
            self.position = start;
            self.round = round;
            self.state = MatchState::InRound;
        }
        // A refilled position always has moves; this keeps the type total.
        self.finish_round_if_over();
        Ok(())
    }

    /// The loser of the round just finished draws two set-ups from
    /// `chart` (seeded by `rng`) and the next round starts from them
    /// ([`SetupDraw::start`]: the drawer, who opens, lays out the lower
    /// number, the other player the higher). Returns the draw.
    ///
    /// ```
    /// use kamisado_core::{
    ///     Game, Match, MatchOptions, MatchState, Player, Refill, SetupChart, Target,
    ///     board_geometry::SplitMix64,
    /// };
    /// let chart: SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n3 GRYKPBON\n".parse()?;
    /// let mut rng = SplitMix64::new(1);
    /// // Black draws for the first round, and opens it.
    /// let first = chart.draw(&mut rng).start(&chart, Player::Black).unwrap();
    /// let options = MatchOptions { refill: Refill::Setups, ..MatchOptions::default() };
    /// let mut m = Match::new_on(Target::STANDARD, first, options);
    /// while !matches!(m.state(), MatchState::Over { .. }) {
    ///     if let MatchState::DrawSetups { drawer } = m.state() {
    ///         let draw = m.draw_setups(&chart, &mut rng)?;
    ///         assert!(draw.low < draw.high);
    ///         assert_eq!(m.position().side_to_move(), drawer);
    ///         continue;
    ///     }
    ///     let mv = m.position().legal_moves()[0];
    ///     if let Some(round) = m.play(mv)? {
    ///         assert_eq!(round.points, 1);
    ///     }
    /// }
    /// assert_eq!(m.scores().iter().max(), Some(&3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Match::start_round`].
    pub fn draw_setups(
        &mut self,
        chart: &SetupChart,
        rng: &mut board_geometry::SplitMix64,
    ) -> Result<SetupDraw, MatchError> {
        let drawer = self.setup_drawer()?;
        let draw = chart.draw(rng);
        let start = draw.start(chart, drawer).ok_or(MatchError::NotASetupStart(
            "the chart lacks a number it drew",
        ))?;
        self.start_round(start)?;
        Ok(draw)
    }

    /// Starts the next round of a set-up match from `start`, the set-ups
    /// the loser drew laid out (for set-ups drawn elsewhere, or a record's
    /// round). `start` is played by the match's reading and on its layout.
    ///
    /// # Errors
    /// [`MatchError::NotASetupStart`] if a tower is not on its owner's home
    /// row or is not plain, or if `start` is not the drawer's to open with
    /// a free choice; [`MatchError::RoundInProgress`],
    /// [`MatchError::EdgeToChoose`] or [`MatchError::MatchOver`] if no
    /// set-ups are to be drawn; [`MatchError::InvalidRound`] if the round
    /// counter cannot count another round. The match is then unchanged.
    pub fn start_round(&mut self, start: Position) -> Result<(), MatchError> {
        let drawer = self.setup_drawer()?;
        if start
            .towers()
            .any(|(t, s, _)| s.rank() != t.player.home_rank())
        {
            return Err(MatchError::NotASetupStart(
                "a tower is not on its owner's home row",
            ));
        }
        if !start.rank_at_least(crate::SumoRank::Sumo).is_empty() {
            return Err(MatchError::NotASetupStart("a tower is a sumo"));
        }
        if start.side_to_move() != drawer
            || start.forced_colour().is_some()
            || start.is_after_push()
        {
            return Err(MatchError::NotASetupStart(
                "the round's loser, who drew, opens it with a free choice",
            ));
        }
        let round = self.next_round_number()?;
        self.position = start.with_game_of(&self.position);
        self.round = round;
        self.state = MatchState::InRound;
        Ok(())
    }

    /// The player who must draw the next round's set-ups, or why none is.
    fn setup_drawer(&self) -> Result<Player, MatchError> {
        match self.state {
            MatchState::DrawSetups { drawer } => Ok(drawer),
            MatchState::InRound => Err(MatchError::RoundInProgress),
            MatchState::ChooseEdge { chooser } => Err(MatchError::EdgeToChoose { chooser }),
            MatchState::Over { winner } => Err(MatchError::MatchOver { winner }),
        }
    }

    /// The next round's number, if the counter can count it.
    fn next_round_number(&self) -> Result<u32, MatchError> {
        self.round
            .checked_add(1)
            .filter(|&r| r < u32::MAX)
            .ok_or(MatchError::InvalidRound { round: self.round })
    }

    fn ensure_in_round(&self) -> Result<(), MatchError> {
        match self.state {
            MatchState::InRound => Ok(()),
            MatchState::ChooseEdge { chooser } => Err(MatchError::EdgeToChoose { chooser }),
            MatchState::DrawSetups { drawer } => Err(MatchError::SetupsToDraw { drawer }),
            MatchState::Over { winner } => Err(MatchError::MatchOver { winner }),
        }
    }

    /// Scores the round if it is over (the promotion is left to the next
    /// round's start).
    fn finish_round_if_over(&mut self) -> Option<RoundSummary> {
        let mut summary = RoundSummary::of(
            &self.position,
            self.round,
            self.scores,
            self.options.scoring,
        )?;
        let winner = summary.outcome.winner();
        self.scores[winner.index()] = self.scores[winner.index()].saturating_add(summary.points);
        summary.scores = self.scores;
        self.last_round = Some(summary);
        self.state = if self.scores[winner.index()] >= self.target.points() {
            MatchState::Over { winner }
        } else {
            MatchState::between_rounds(self.options.refill, winner)
        };
        Some(summary)
    }
}

/// A [`Match`] as serde stores it: its parts, checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct MatchData {
    target: Target,
    /// Absent in data written before the options existed.
    #[serde(default, skip_serializing_if = "is_default")]
    options: MatchOptions,
    round: u32,
    scores: [u32; 2],
    position: Position,
    /// The position's reading, which its notation does not write; absent
    /// in data written before readings existed.
    #[serde(default, skip_serializing_if = "is_standard")]
    rules: Rules,
    /// The position's layout, likewise.
    #[serde(default, skip_serializing_if = "is_standard_layout")]
    layout: Layout,
    state: MatchState,
    last_round: Option<RoundSummary>,
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

#[cfg(feature = "serde")]
impl From<Match> for MatchData {
    fn from(m: Match) -> MatchData {
        MatchData {
            target: m.target,
            options: m.options,
            round: m.round,
            scores: m.scores,
            position: m.position,
            rules: m.position.rules(),
            layout: m.position.layout(),
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
        let position = data
            .position
            .with_rules(data.rules)
            .with_layout(data.layout);
        let mut m =
            Match::resume_with(data.target, data.options, position, data.scores, data.round)?;
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
