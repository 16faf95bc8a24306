//! Whole Kamisado matches between two agents: rounds to a target score,
//! each round's winner choosing the refill edge through
//! [`Agent::choose_start`].

use board_geometry::{Player, SplitMix64};
use kamisado_core::{Edge, Match, MatchState, Position, RoundSummary, SetupChart};

use super::{Agent, End, GameResult, KamisadoMatch, MatchEnd, MatchResult, RoundScoring};
use kamisado_core::Game;

/// A round being played: its start, its moves so far and its scoring.
struct Round {
    start: Position,
    moves: Vec<kamisado_core::Move>,
    scoring: RoundScoring,
}

impl Round {
    fn new(start: Position, summary: Option<RoundSummary>) -> Round {
        Round {
            start,
            moves: Vec::new(),
            scoring: RoundScoring {
                summary,
                edge: None,
            },
        }
    }

    /// The round as a played game that ended in `position` by `end`.
    fn close(
        self,
        position: Position,
        end: End<kamisado_core::Outcome>,
    ) -> (GameResult<Position>, RoundScoring) {
        let game = GameResult {
            end,
            start: self.start,
            position,
            moves: self.moves,
        };
        (game, self.scoring)
    }
}

/// How a round that is over ended: by the rules (a round is closed only
/// once its position is over; a position that is not is recorded as the
/// ply limit, which a Kamisado round never reaches).
fn ended(position: &Position) -> End<kamisado_core::Outcome> {
    position.outcome().map_or(End::PlyLimit, End::Outcome)
}

/// Plays the match `game` (usually `Match::new(target)`) to its end:
/// `agents[0]` plays Black and `agents[1]` White throughout (the loser of
/// a round opens the next, so the first mover changes; from the usual
/// start Black, player 0, moves first). After each round its winner
/// chooses the refill edge with [`Agent::choose_start`], shown the next
/// round's start from each edge of `Edge::ALL` (a then h). A player that gives no
/// move or an illegal one forfeits the match. `on_round` sees each round
/// once it is over (its edge not yet chosen), as a game and its scoring.
/// The result's `points` are the match's scores (Black's, `agents[0]`,
/// first), its `games` the rounds.
///
/// ```
/// use game_search::play::{play_match, MatchEnd};
/// use game_search::{GreedyAgent, RandomAgent};
/// use kamisado_core::{Match, Target};
///
/// let mut black = GreedyAgent::new(1);
/// let mut white = RandomAgent::new(2);
/// let result = play_match(Match::new(Target::STANDARD), [&mut black, &mut white], |_, _| {});
/// assert_eq!(result.end, MatchEnd::Completed);
/// let winner = result.winner.unwrap();
/// assert!(result.points[winner] >= 3);
/// // Every round but the last was followed by an edge choice.
/// let rounds = &result.detail.rounds;
/// assert!(rounds[..rounds.len() - 1].iter().all(|r| r.edge.is_some()));
/// assert_eq!(result.game_count(), rounds.len());
/// ```
///
/// A set-up match ([`Refill::Setups`](kamisado_core::Refill::Setups))
/// needs a chart to draw from: [`play_setup_match`]; here it ends as it
/// stands after its first round.
pub fn play_match(
    game: Match,
    agents: [&mut dyn Agent<Position>; 2],
    on_round: impl FnMut(&GameResult<Position>, &RoundScoring),
) -> MatchResult<Position, KamisadoMatch> {
    run(game, None, agents, on_round)
}

/// [`play_match`] for the tile edition's set-up match: after each round
/// its loser draws the next round's set-ups from `chart` (seeded by
/// `rng`, [`Match::draw_setups`]); the round's scoring has no edge.
/// `game` starts from the first round's set-ups (Black drew them).
///
/// ```
/// use game_search::play::{play_setup_match, MatchEnd};
/// use game_search::{GreedyAgent, RandomAgent};
/// use kamisado_core::board_geometry::SplitMix64;
/// use kamisado_core::{Match, MatchOptions, Player, Refill, SetupChart, Target};
///
/// let chart: SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n3 BGRNOPYK\n".parse().unwrap();
/// let mut rng = SplitMix64::new(3);
/// let first = chart.draw(&mut rng).start(&chart, Player::Black).unwrap();
/// let options = MatchOptions { refill: Refill::Setups, ..MatchOptions::default() };
/// let game = Match::new_on(Target::STANDARD, first, options);
/// let (mut black, mut white) = (GreedyAgent::new(1), RandomAgent::new(2));
/// let result = play_setup_match(game, &chart, &mut rng, [&mut black, &mut white], |_, _| {});
/// assert_eq!(result.end, MatchEnd::Completed);
/// // A round won scores 1 point: as many rounds won as points.
/// assert_eq!(result.points.iter().sum::<u32>() as usize, result.game_count());
/// assert!(result.detail.rounds.iter().all(|r| r.edge.is_none()));
/// ```
pub fn play_setup_match(
    game: Match,
    chart: &SetupChart,
    rng: &mut SplitMix64,
    agents: [&mut dyn Agent<Position>; 2],
    on_round: impl FnMut(&GameResult<Position>, &RoundScoring),
) -> MatchResult<Position, KamisadoMatch> {
    run(game, Some((chart, rng)), agents, on_round)
}

fn run(
    mut game: Match,
    mut setups: Option<(&SetupChart, &mut SplitMix64)>,
    agents: [&mut dyn Agent<Position>; 2],
    mut on_round: impl FnMut(&GameResult<Position>, &RoundScoring),
) -> MatchResult<Position, KamisadoMatch> {
    let [black, white] = agents;
    let mut games = Vec::new();
    let mut rounds = Vec::new();
    let mut round = Round::new(
        *game.position(),
        game.last_round()
            .filter(|_| game.state() != MatchState::InRound),
    );
    let end = loop {
        match game.state() {
            MatchState::Over { .. } => {
                let (played, scoring) = round.close(*game.position(), ended(game.position()));
                on_round(&played, &scoring);
                games.push(played);
                rounds.push(scoring);
                break MatchEnd::Completed;
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
                    let (played, scoring) = round.close(position, End::Forfeit { player });
                    games.push(played);
                    rounds.push(scoring);
                    break MatchEnd::Forfeit {
                        agent: player.index(),
                    };
                };
                round.moves.push(mv);
                round.scoring.summary = summary;
            }
            MatchState::ChooseEdge { chooser } => {
                let position = *game.position();
                let (played, mut scoring) = round.close(position, ended(&position));
                on_round(&played, &scoring);
                let starts = Edge::ALL.map(|edge| game.next_round_start(edge));
                let starts: Vec<Position> = starts.into_iter().flatten().collect();
                let agent: &mut dyn Agent<Position> = match chooser {
                    Player::Black => &mut *black,
                    Player::White => &mut *white,
                };
                let edge = Edge::ALL[agent.choose_start(chooser, &starts) % Edge::ALL.len()];
                // The state is `ChooseEdge`, and a round counter that
                // cannot go on ends the match as it stands.
                let cut = game.choose_edge(edge).is_err();
                if !cut {
                    scoring.edge = Some(edge);
                }
                games.push(played);
                rounds.push(scoring);
                if cut {
                    break MatchEnd::Completed;
                }
                round = Round::new(*game.position(), None);
            }
            MatchState::DrawSetups { .. } => {
                let position = *game.position();
                let (played, scoring) = round.close(position, ended(&position));
                on_round(&played, &scoring);
                games.push(played);
                rounds.push(scoring);
                // Without a chart, or with a round counter that cannot go
                // on, the match ends as it stands.
                let drawn = match setups.as_mut() {
                    Some((chart, rng)) => game.draw_setups(chart, rng).is_ok(),
                    None => false,
                };
                if !drawn {
                    break MatchEnd::Completed;
                }
                round = Round::new(*game.position(), None);
            }
        }
    };
    let winner = match end {
        MatchEnd::Completed => game.winner().unwrap_or_else(|| leader(game.scores())),
        MatchEnd::Forfeit { agent } => Player::ALL[agent].opponent(),
    };
    MatchResult {
        end,
        winner: Some(winner.index()),
        points: game.scores(),
        games,
        detail: KamisadoMatch { rounds, game },
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
