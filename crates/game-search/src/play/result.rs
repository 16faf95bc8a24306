//! The result of a whole match of either game, in one shape: what
//! [`play_match`](super::play_match) (a Kamisado match of rounds) and
//! [`play_rematch`](super::play_rematch) (a Katarenga game and its rematch)
//! both return.

use crate::SearchGame;

use super::GameResult;

/// How a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchEnd {
    /// The match ran its course: a Kamisado player reached the target
    /// score, or a Katarenga game and its rematch were both played (a game
    /// forfeited in a Katarenga match is one game lost, not the match).
    Completed,
    /// A Kamisado player gave no move, or an illegal one, and lost the match.
    Forfeit {
        /// The agent that failed to move, by its index in `agents`.
        agent: usize,
    },
}

/// A finished match of either game. The players are the agents, counted by
/// their index in the `agents` the match was given (`agents[0]` first):
/// in a Kamisado match `agents[0]` plays Black throughout, in a Katarenga
/// match it is the first player (Black in the first game, White in the
/// rematch).
///
/// `D` is what the game's own match format adds ([`KamisadoMatch`],
/// [`RematchDetail`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResult<G: SearchGame, D> {
    /// How the match ended.
    pub end: MatchEnd,
    /// The agent that won the match, by its index in `agents`; `None` for a
    /// tied Katarenga match (a Kamisado match always has a winner).
    pub winner: Option<usize>,
    /// Each agent's points in the match's own count: a Kamisado match's
    /// score (what the rounds scored), a Katarenga match's half points (two
    /// for a win, one each for an adjudicated game).
    pub points: [u32; 2],
    /// Every game, in order, with its start, moves and ending: the rounds of
    /// a Kamisado match; the first game and the rematch of a Katarenga one.
    pub games: Vec<GameResult<G>>,
    /// What the game's match format adds.
    pub detail: D,
}

impl<G: SearchGame, D> MatchResult<G, D> {
    /// The number of games played.
    #[must_use]
    pub fn game_count(&self) -> usize {
        self.games.len()
    }

    /// A short name of each game's ending, in order (see
    /// [`GameResult::ending`]).
    pub fn endings(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.games.iter().map(GameResult::ending)
    }
}

/// What a Kamisado match adds to its [`MatchResult`]: each round's scoring
/// and refill edge, and the match as it ended.
#[cfg(feature = "kamisado")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KamisadoMatch {
    /// The scoring of each round, in the order of
    /// [`MatchResult::games`].
    pub rounds: Vec<RoundScoring>,
    /// The match as it ended (its target, scores, last round and final
    /// position).
    pub game: kamisado_core::Match,
}

/// How one round of a Kamisado match scored.
#[cfg(feature = "kamisado")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundScoring {
    /// How the round ended and what it scored; `None` if a player
    /// forfeited the match during it.
    pub summary: Option<kamisado_core::RoundSummary>,
    /// The refill edge its winner chose; `None` after the last round.
    pub edge: Option<kamisado_core::Edge>,
}

/// What a Katarenga match adds to its [`MatchResult`]: the orientation and
/// the rematch's own count.
#[cfg(feature = "katarenga")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RematchDetail {
    /// The orientation both games were played in.
    pub orientation: katarenga_core::Orientation,
    /// Whether the first player chose it (`false`: it was given).
    pub chosen: bool,
    /// The match as the rules count it: its results and points.
    pub rematch: katarenga_core::Rematch,
}
