//! Katarenga's set-up and match: the first player's choice of the board's
//! orientation, and a game with its rematch.

use board_geometry::Player;
use katarenga_core::{Orientation, Position, Rematch, Setup};

use super::{Adjudication, Agent, MatchEnd, MatchResult, RematchDetail, play_game};

/// Black's choice of the board's orientation in a [`Setup`] (the first
/// player's choice of the rules), by `agent`: [`Agent::choose_start`] as
/// Black over the four starts of [`Setup::starts`]. A [`SearchAgent`](crate::SearchAgent)
/// searches the four and takes the one worst for White; a
/// [`RandomAgent`](crate::RandomAgent) picks at random; a
/// [`GreedyAgent`](crate::GreedyAgent) avoids a start where White wins
/// at once.
///
/// ```
/// use game_search::play::choose_orientation;
/// use game_search::{Limits, SearchAgent};
/// use katarenga_core::{Board, Rules, Setup};
/// let mut agent = SearchAgent::new(Limits::depth(2), 1)?;
/// let o = choose_orientation(&mut agent, &Setup::new(Board::standard(), Rules::Standard));
/// println!("Black sits at the {o} edge");
/// # Ok::<(), game_search::TableError>(())
/// ```
pub fn choose_orientation(agent: &mut dyn Agent<Position>, setup: &Setup) -> Orientation {
    let starts = setup.starts();
    Orientation::ALL[agent.choose_start(Player::Black, &starts) % Orientation::ALL.len()]
}

/// Plays a Katarenga match as the rules set it up: `agents[0]` is the
/// first player, who chooses the orientation (unless `orientation` is
/// given) with [`choose_orientation`] and plays Black in the first game;
/// `agents[1]` plays White and moves first. Then the rematch from the
/// same start with the sides exchanged (the [`Rematch`] reading), points
/// added. An adjudicated game is half a point each. The result counts the
/// agents as given: `points` are half points, `winner` is `None` on a tie.
///
/// ```
/// use game_search::play::play_rematch;
/// use game_search::play::Adjudication;
/// use game_search::{GreedyAgent, RandomAgent};
/// use katarenga_core::{Board, Rules, Setup};
/// let (mut first, mut second) = (GreedyAgent::new(1), RandomAgent::new(2));
/// let setup = Setup::new(Board::standard(), Rules::Standard);
/// let m = play_rematch(setup, None, [&mut first, &mut second], Adjudication::default());
/// assert!(m.detail.rematch.is_over());
/// assert_eq!(m.game_count(), 2);
/// // Two games, a point each (half a point each for an adjudicated game).
/// assert_eq!(m.points.iter().sum::<u32>(), 4);
/// ```
pub fn play_rematch(
    setup: Setup,
    orientation: Option<Orientation>,
    agents: [&mut dyn Agent<Position>; 2],
    adjudication: Adjudication,
) -> MatchResult<Position, RematchDetail> {
    let [first, second] = agents;
    let chosen = orientation.is_none();
    let orientation = orientation.unwrap_or_else(|| choose_orientation(first, &setup));
    let start = setup.start(orientation);
    let mut rematch = Rematch::new(start);
    // White moves first: `play_game` takes White's agent first.
    let one = play_game(start, [&mut *second, &mut *first], adjudication, |_, _| {});
    let _ = rematch.record_game(one.winner());
    let two = play_game(start, [&mut *first, &mut *second], adjudication, |_, _| {});
    let _ = rematch.record_game(two.winner());
    MatchResult {
        end: MatchEnd::Completed,
        winner: rematch.winner(),
        points: rematch.half_points(),
        games: vec![one, two],
        detail: RematchDetail {
            orientation,
            chosen,
            rematch,
        },
    }
}
