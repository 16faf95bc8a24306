//! Whole Kamisado matches between two agents: rounds to a target score,
//! each round's winner choosing the refill edge through
//! [`Agent::choose_start`].

use board_geometry::Player;
use kamisado_core::{Edge, Match, MatchState, Move, Position, RoundSummary};

use super::Agent;
use kamisado_core::Game;

/// One round of a match played by [`play_match`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedRound {
    /// The round's start.
    pub start: Position,
    /// The moves played, passes included.
    pub moves: Vec<Move>,
    /// How the round ended and what it scored; `None` if a player
    /// forfeited the match during it.
    pub summary: Option<RoundSummary>,
    /// The refill edge its winner chose; `None` after the last round.
    pub edge: Option<Edge>,
}

/// How a match played by [`play_match`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchEnd {
    /// A player reached the target score.
    Target,
    /// A player gave no move, or an illegal one, and lost the match.
    Forfeit {
        /// The player that failed to move.
        player: Player,
    },
}

/// A finished match of [`play_match`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResult {
    /// How it ended.
    pub end: MatchEnd,
    /// The match winner.
    pub winner: Player,
    /// Every round, in order.
    pub rounds: Vec<PlayedRound>,
    /// The match as it ended (its scores, last round and final position).
    pub game: Match,
}

/// Plays the match `game` (usually `Match::new(target)`) to its end:
/// `agents[0]` plays Black and `agents[1]` White throughout (the loser of
/// a round opens the next, so the first mover changes; from the usual
/// start Black, player 0, moves first). After each round its winner
/// chooses the refill edge with [`Agent::choose_start`], shown the next
/// round's start from each edge of `Edge::ALL` (a then h). A player that gives no
/// move or an illegal one forfeits the match. `on_round` sees each round
/// once it is over (its edge not yet chosen).
///
/// ```
/// use game_search::play::{play_match, MatchEnd};
/// use game_search::{GreedyAgent, RandomAgent};
/// use kamisado_core::{Match, Target};
///
/// let mut black = GreedyAgent::new(1);
/// let mut white = RandomAgent::new(2);
/// let result = play_match(Match::new(Target::STANDARD), [&mut black, &mut white], |_| {});
/// assert_eq!(result.end, MatchEnd::Target);
/// assert!(result.game.scores()[result.winner.index()] >= 3);
/// // Every round but the last was followed by an edge choice.
/// assert!(result.rounds[..result.rounds.len() - 1].iter().all(|r| r.edge.is_some()));
/// ```
pub fn play_match(
    mut game: Match,
    agents: [&mut dyn Agent<Position>; 2],
    mut on_round: impl FnMut(&PlayedRound),
) -> MatchResult {
    let [black, white] = agents;
    let mut rounds = Vec::new();
    let mut round = PlayedRound {
        start: *game.position(),
        moves: Vec::new(),
        summary: game
            .last_round()
            .filter(|_| game.state() != MatchState::InRound),
        edge: None,
    };
    let end = loop {
        match game.state() {
            MatchState::Over { .. } => {
                on_round(&round);
                rounds.push(round);
                break MatchEnd::Target;
            }
            MatchState::InRound => {
                let position = *game.position();
                let player = position.side_to_move();
                let agent: &mut dyn Agent<Position> = match player {
                    Player::Black => &mut *black,
                    Player::White => &mut *white,
                };
                let played = agent
                    .choose(&position)
                    .and_then(|mv| game.play(mv).ok().map(|summary| (mv, summary)));
                let Some((mv, summary)) = played else {
                    rounds.push(round);
                    break MatchEnd::Forfeit { player };
                };
                round.moves.push(mv);
                round.summary = summary;
            }
            MatchState::ChooseEdge { chooser } => {
                on_round(&round);
                let starts = Edge::ALL.map(|edge| game.next_round_start(edge));
                let starts: Vec<Position> = starts.into_iter().flatten().collect();
                let agent: &mut dyn Agent<Position> = match chooser {
                    Player::Black => &mut *black,
                    Player::White => &mut *white,
                };
                let edge = Edge::ALL[agent.choose_start(chooser, &starts) % Edge::ALL.len()];
                // The state is `ChooseEdge`, and a round counter that
                // cannot go on ends the match as it stands.
                if game.choose_edge(edge).is_err() {
                    rounds.push(round);
                    break MatchEnd::Target;
                }
                round.edge = Some(edge);
                rounds.push(core::mem::replace(
                    &mut round,
                    PlayedRound {
                        start: *game.position(),
                        moves: Vec::new(),
                        summary: None,
                        edge: None,
                    },
                ));
            }
        }
    };
    let winner = match end {
        MatchEnd::Target => game.winner().unwrap_or_else(|| leader(game.scores())),
        MatchEnd::Forfeit { player } => player.opponent(),
    };
    MatchResult {
        end,
        winner,
        rounds,
        game,
    }
}

/// The player with the higher score (Black on a tie).
fn leader(scores: [u32; 2]) -> Player {
    if scores[1] > scores[0] {
        Player::White
    } else {
        Player::Black
    }
}
