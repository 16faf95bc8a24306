//! Match play (RULES.md 1.8): rounds to a target score, scoring by the
//! winning tower's rank, promotion, and the refill of the home rows.

use core::fmt;

use board_geometry::{File, Player, Rank, Square};

use crate::{Colour, IllegalMove, Move, Outcome, Position, PositionBuilder, SumoRank, Tower};

/// The score a match is played to: one of the named presets, or any
/// positive target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    pub const fn new(points: u32) -> Option<Target> {
        if points == 0 {
            None
        } else {
            Some(Target(points))
        }
    }

    /// The points needed to win.
    pub const fn points(self) -> u32 {
        self.0
    }
}

/// The side of the board from which the home rows are refilled between
/// rounds, chosen by the round's winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edge {
    /// The a-file side (the left as Black sees it, the right as White sees
    /// it).
    AFile,
    /// The h-file side.
    HFile,
}

/// The points a round is worth when won by a tower of `rank`, before its
/// promotion: 1, 3, 7 or 15 (RULES.md 1.8, the seed's per-win values).
pub const fn points_for(rank: SumoRank) -> u32 {
    match rank {
        SumoRank::Plain => 1,
        SumoRank::Sumo => 3,
        SumoRank::DoubleSumo => 7,
        SumoRank::TripleSumo => 15,
    }
}

/// The home rows refilled for the next round (RULES.md 1.8): each player
/// takes its towers rank by rank, starting with the rank nearest its own
/// home row, each rank from `edge`, and places them in that order on its
/// home row starting from `edge`. Sumo ranks are kept. The result has
/// `to_move` to move with a free choice.
///
/// ```
/// use board_geometry::Player;
/// use kamisado_core::{refill, Edge, Position};
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
                    let rank = position.rank_of(tower);
                    let target = Square::new(files(placed), home);
                    // Eight towers fill eight distinct squares of one row.
                    let _ = builder.place(tower, target, rank);
                    placed += 1;
                }
            }
        }
    }
    builder.side_to_move(to_move);
    builder
        .build()
        .unwrap_or_else(|_| unreachable!("a refill places all 16 towers on the home rows"))
}

/// What one round came to, available to the caller without allocation
/// ([`Match::play`] returns it; [`Match::last_round`] keeps the latest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
pub enum MatchState {
    /// A round is being played: [`Match::play`] the next move.
    InRound,
    /// The round is over and its winner must choose the refill edge with
    /// [`Match::choose_edge`].
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

/// Why a match action was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The move is illegal in the round's position.
    #[error("illegal move: {0}")]
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
    /// A resumed match's score already reaches the target.
    #[error("{player}'s score already reaches the target")]
    TargetReached {
        /// The player whose score does.
        player: Player,
    },
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
/// m.choose_edge(Edge::AFile)?;
/// assert_eq!(m.position().to_string(), "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

    /// A match to `target` resumed at `position` (in round `round`, from 1)
    /// with the given scores, Black's first: for programs that store
    /// matches or set up positions by hand. A position whose round is
    /// already over is scored at once.
    ///
    /// # Errors
    /// [`MatchError::TargetReached`] if a score already reaches the target.
    pub fn resume(
        target: Target,
        position: Position,
        scores: [u32; 2],
        round: u32,
    ) -> Result<Match, MatchError> {
        if let Some(player) = Player::ALL
            .into_iter()
            .find(|p| scores[p.index()] >= target.points())
        {
            return Err(MatchError::TargetReached { player });
        }
        let mut m = Match {
            target,
            position,
            scores,
            round: round.max(1),
            state: MatchState::InRound,
            last_round: None,
        };
        m.finish_round_if_over();
        Ok(m)
    }

    /// The target score.
    pub fn target(&self) -> Target {
        self.target
    }

    /// The position of the current round (its final position while the
    /// edge is to be chosen or after the match).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Both scores, Black's first.
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The number of the current round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Where the match stands.
    pub fn state(&self) -> MatchState {
        self.state
    }

    /// The summary of the latest finished round.
    pub fn last_round(&self) -> Option<RoundSummary> {
        self.last_round
    }

    /// The match winner, once a player has reached the target.
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
    /// both home rows are refilled from it and the loser opens with a free
    /// choice.
    ///
    /// # Errors
    /// [`MatchError`] if no edge is to be chosen.
    pub fn choose_edge(&mut self, edge: Edge) -> Result<(), MatchError> {
        let chooser = match self.state {
            MatchState::ChooseEdge { chooser } => chooser,
            MatchState::InRound => return Err(MatchError::RoundInProgress),
            MatchState::Over { winner } => return Err(MatchError::MatchOver { winner }),
        };
        self.position = refill(&self.position, edge, chooser.opponent());
        self.round += 1;
        self.state = MatchState::InRound;
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

    /// Scores and promotes if the round is over.
    fn finish_round_if_over(&mut self) -> Option<RoundSummary> {
        let outcome = self.position.outcome()?;
        let winner = outcome.winner();
        let tower = outcome.scoring_tower();
        let rank = tower.map_or(SumoRank::Plain, |c| {
            self.position.rank_of(Tower::new(winner, c))
        });
        let points = points_for(rank);
        if let Some(colour) = tower {
            let scorer = Tower::new(winner, colour);
            if let Ok(promoted) = self.position.with_rank(scorer, rank.promoted()) {
                self.position = promoted;
            }
        }
        self.scores[winner.index()] = self.scores[winner.index()].saturating_add(points);
        let summary = RoundSummary {
            round: self.round,
            outcome,
            tower,
            rank,
            points,
            scores: self.scores,
        };
        self.last_round = Some(summary);
        self.state = if self.scores[winner.index()] >= self.target.points() {
            MatchState::Over { winner }
        } else {
            MatchState::ChooseEdge { chooser: winner }
        };
        Some(summary)
    }
}

impl Position {
    /// The same position with `tower`'s sumo rank set to `rank`.
    ///
    /// # Errors
    /// [`InvalidPosition::PushMarkWithoutSumo`](crate::InvalidPosition) if
    /// that leaves a `!` position without a sumo of the side to move.
    pub fn with_rank(
        &self,
        tower: Tower,
        rank: SumoRank,
    ) -> Result<Position, crate::InvalidPosition> {
        let mut builder = PositionBuilder::new();
        for (t, square, r) in self.towers() {
            builder.place(t, square, if t == tower { rank } else { r })?;
        }
        builder
            .side_to_move(self.side_to_move())
            .forced(self.forced_colour())
            .after_push(self.is_after_push());
        builder.build()
    }
}
