//! The arena: whole games between agents under the project's
//! adjudication of endless games, duels with confidence intervals, and
//! statistics of many games.

use crate::GameOutcome;

use std::collections::BTreeMap;
use std::collections::HashMap;
use std::fmt;

use board_geometry::Player;

use super::Agent;
use crate::SearchGame;
use crate::stats::wilson;

/// When a game played by [`play_game`] is stopped without a winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Adjudication {
    /// Stop when the current position has occurred this many times (with
    /// the same side to move); `None` never stops on repetitions.
    pub repetitions: Option<u32>,
    /// Stop after this many plies.
    pub max_plies: u32,
}

impl Default for Adjudication {
    /// A third occurrence of a position, or 1,000 plies.
    fn default() -> Adjudication {
        Adjudication {
            repetitions: Some(3),
            max_plies: 1_000,
        }
    }
}

/// How a game played by [`play_game`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End<O> {
    /// The rules ended it.
    Outcome(O),
    /// A position occurred for the adjudication's number of times: a draw.
    Repetition,
    /// The game reached the adjudication's ply limit: a draw.
    PlyLimit,
    /// An agent gave no move in a position that has moves, or an illegal
    /// one: the game is lost by that player.
    Forfeit {
        /// The player that failed to move.
        player: Player,
    },
}

impl<O: fmt::Display> fmt::Display for End<O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Outcome(o) => write!(f, "{o}"),
            End::Repetition => f.write_str(
                "draw by repetition: a position came back too often (adjudicated by this program; the printed rules have no draw)",
            ),
            End::PlyLimit => f.write_str(
                "draw: the game reached the ply limit (adjudicated by this program; the printed rules have no draw)",
            ),
            End::Forfeit { player } => write!(f, "{player} forfeits: no legal move given"),
        }
    }
}

/// A finished game of [`play_game`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult<G: SearchGame> {
    /// How it ended.
    pub end: End<G::Outcome>,
    /// The start.
    pub start: G,
    /// The final position.
    pub position: G,
    /// The moves played.
    pub moves: Vec<G::Move>,
}

impl<G: SearchGame> GameResult<G> {
    /// The winner, if the game has one (adjudicated games have none).
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match self.end {
            End::Outcome(o) => o.winner(),
            End::Forfeit { player } => Some(player.opponent()),
            End::Repetition | End::PlyLimit => None,
        }
    }

    /// A short name of the ending: the game's own (`"arrival"`), or
    /// `"repetition"`, `"ply limit"`, `"forfeit"`.
    #[must_use]
    pub fn ending(&self) -> &'static str {
        match self.end {
            End::Outcome(o) => o.ending(),
            End::Repetition => "repetition",
            End::PlyLimit => "ply limit",
            End::Forfeit { .. } => "forfeit",
        }
    }
}

/// Keeps track of how often each position occurred in a game.
#[derive(Debug, Clone, Default)]
pub struct Repetitions<G: SearchGame> {
    seen: HashMap<G, u32>,
}

impl<G: SearchGame> Repetitions<G> {
    /// No position seen yet.
    #[must_use]
    pub fn new() -> Repetitions<G> {
        Repetitions {
            seen: HashMap::new(),
        }
    }

    /// Records `position` and returns how many times it has occurred, this
    /// time included.
    pub fn record(&mut self, position: &G) -> u32 {
        let count = self.seen.entry(*position).or_insert(0);
        *count += 1;
        *count
    }

    /// Forgets one occurrence of `position` (for undo).
    pub fn forget(&mut self, position: &G) {
        if let Some(count) = self.seen.get_mut(position) {
            *count = count.saturating_sub(1);
        }
    }
}

/// Plays a game from `start` until the rules end it or the adjudication
/// stops it: `agents[0]` is player 0, the first mover, who plays the side
/// to move in `start` (from the games' starts: Black in Kamisado, White in
/// Katarenga), and `agents[1]` plays the other side. This is the project's
/// one rule for player numbers, the one PettingZoo and OpenSpiel follow.
/// `on_move` sees each position and the move that led to it.
///
/// ```
/// use game_search::play::{play_game, Adjudication, End};
/// use game_search::{GreedyAgent, RandomAgent};
/// use kamisado_core::{Game, Position};
///
/// let mut first = GreedyAgent::new(1); // Black: Black moves first in Kamisado
/// let mut second = RandomAgent::new(2);
/// let game = play_game(Position::start(), [&mut first, &mut second], Adjudication::default(), |_, _| {});
/// assert!(matches!(game.end, End::Outcome(_)));
/// assert!(game.winner().is_some());
/// ```
pub fn play_game<G: SearchGame>(
    start: G,
    agents: [&mut dyn Agent<G>; 2],
    adjudication: Adjudication,
    mut on_move: impl FnMut(&G, G::Move),
) -> GameResult<G> {
    let [first, second] = agents;
    let first_side = start.side_to_move();
    let mut position = start;
    let mut moves = Vec::new();
    let mut seen = Repetitions::new();
    seen.record(&position);
    let end = loop {
        if let Some(outcome) = position.outcome() {
            break End::Outcome(outcome);
        }
        if moves.len() >= adjudication.max_plies as usize {
            break End::PlyLimit;
        }
        let player = position.side_to_move();
        let agent: &mut dyn Agent<G> = if player == first_side {
            &mut *first
        } else {
            &mut *second
        };
        let Some(next) = agent
            .choose(&position)
            .and_then(|mv| position.try_play(mv).ok().map(|next| (mv, next)))
        else {
            break End::Forfeit { player };
        };
        moves.push(next.0);
        position = next.1;
        on_move(&position, next.0);
        let count = seen.record(&position);
        if adjudication.repetitions.is_some_and(|limit| count >= limit) {
            break End::Repetition;
        }
    };
    GameResult {
        end,
        start,
        position,
        moves,
    }
}

/// The result of a duel between two agents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Duel {
    /// Games played.
    pub games: u32,
    /// Games the first agent won.
    pub wins: u32,
    /// Games the second agent won.
    pub losses: u32,
    /// Games without a winner (adjudicated).
    pub draws: u32,
}

impl Duel {
    /// The first agent's score in percent (a draw counts half), with its 95%
    /// Wilson interval.
    #[must_use]
    pub fn score_percent(&self) -> (f64, (f64, f64)) {
        let points = f64::from(self.wins) + f64::from(self.draws) / 2.0;
        let n = f64::from(self.games.max(1));
        (100.0 * points / n, wilson(points, self.games))
    }
}

/// Plays `games` games between `ours` and `theirs` from `start`, `ours`
/// moving first (player 0) in the even games and second in the odd ones.
pub fn duel<G: SearchGame>(
    start: G,
    games: u32,
    ours: &mut dyn Agent<G>,
    theirs: &mut dyn Agent<G>,
    adjudication: Adjudication,
) -> Duel {
    let mut duel = Duel::default();
    let first_side = start.side_to_move();
    for game in 0..games {
        let (our_side, agents): (Player, [&mut dyn Agent<G>; 2]) = if game % 2 == 0 {
            (first_side, [&mut *ours, &mut *theirs])
        } else {
            (first_side.opponent(), [&mut *theirs, &mut *ours])
        };
        let result = play_game(start, agents, adjudication, |_, _| {});
        duel.games += 1;
        match result.winner() {
            Some(w) if w == our_side => duel.wins += 1,
            Some(_) => duel.losses += 1,
            None => duel.draws += 1,
        }
    }
    duel
}

/// What a batch of games came to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stats {
    /// Games played.
    pub games: u32,
    /// Plies over all games.
    pub plies: u64,
    /// The shortest game, in plies.
    pub shortest: u32,
    /// The longest game, in plies.
    pub longest: u32,
    /// Wins of Black and White.
    pub wins: [u32; 2],
    /// How many games ended each way (the games' own endings, and
    /// `repetition` or `ply limit` for adjudicated ones).
    pub endings: BTreeMap<&'static str, u32>,
}

impl Stats {
    /// Adds a finished game.
    pub fn record<G: SearchGame>(&mut self, game: &GameResult<G>) {
        let plies = u32::try_from(game.moves.len()).unwrap_or(u32::MAX);
        if self.games == 0 {
            self.shortest = plies;
        }
        self.games += 1;
        self.plies += u64::from(plies);
        self.shortest = self.shortest.min(plies);
        self.longest = self.longest.max(plies);
        if let Some(w) = game.winner() {
            self.wins[w.index()] += 1;
        }
        *self.endings.entry(game.ending()).or_insert(0) += 1;
    }
}

impl fmt::Display for Stats {
    /// The report, without timing (so that a seed always gives the same
    /// text).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = f64::from(self.games.max(1));
        let share = |k: u32| 100.0 * f64::from(k) / n;
        writeln!(
            f,
            "average length: {:.1} plies (shortest {}, longest {})",
            self.plies as f64 / n,
            self.shortest,
            self.longest
        )?;
        writeln!(
            f,
            "wins: black {:.1}%, white {:.1}%",
            share(self.wins[0]),
            share(self.wins[1])
        )?;
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(name, &k)| format!("{name} {:.1}%", share(k)))
            .collect();
        writeln!(f, "endings: {}", endings.join(", "))
    }
}

/// Plays `games` games from `start` between `first` (player 0, the side to
/// move in `start`) and `second`, calling `progress` with the number of
/// games played after each one.
///
/// ```
/// use katarenga_core::Game;
/// use game_search::play::{selfplay, Adjudication};
/// use game_search::RandomAgent;
/// let stats = selfplay(
///     katarenga_core::Position::start(),
///     20,
///     &mut RandomAgent::new(1), // White, who moves first in Katarenga
///     &mut RandomAgent::new(2),
///     Adjudication::default(),
///     |_| {},
/// );
/// assert_eq!(stats.games, 20);
/// assert_eq!(stats.endings.values().sum::<u32>(), 20);
/// ```
pub fn selfplay<G: SearchGame>(
    start: G,
    games: u32,
    first: &mut dyn Agent<G>,
    second: &mut dyn Agent<G>,
    adjudication: Adjudication,
    mut progress: impl FnMut(u32),
) -> Stats {
    let mut stats = Stats::default();
    for game in 0..games {
        let result = play_game(start, [&mut *first, &mut *second], adjudication, |_, _| {});
        stats.record(&result);
        progress(game + 1);
    }
    stats
}
