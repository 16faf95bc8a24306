//! Any [`Agent`] behind KKP: a bot author's player in the engine loop.

use board_geometry::Player;
use game_search::Agent;
use game_search::play::choose_orientation;
use kamisado_core::{Edge, Match};
use katarenga_core::{Orientation, Setup};

use super::{Engine, Thinking};
use crate::message::GameId;
use game_spec::{AnyMove, AnyPosition};

type Kamisado = kamisado_core::Position;
type Katarenga = katarenga_core::Position;

/// An engine made of [`Agent`]s, one per game it plays: each `go` asks the
/// agent of the game for its move, each `edge` its
/// [`Agent::choose_start`]. An agent plays by its own limits (a
/// [`game_search::SearchAgent`]'s `limits`): the budget of `go` is not
/// given to it, so give it limits that answer in time. Katarenga agents
/// play under the `no-first-capture` option too (the positions carry it).
///
/// ```
/// use kamisado_core::Game;
/// use game_protocol::engine::{AgentEngine, Engine};
/// use game_protocol::GameId;
/// use game_search::{GreedyAgent, RandomAgent};
///
/// let bot = AgentEngine::new("my bot")
///     .with_author("me")
///     .kamisado(GreedyAgent::new(1))
///     .katarenga(RandomAgent::new(2));
/// assert_eq!(bot.games().len(), 2);
/// let kamisado_only = AgentEngine::new("k").kamisado(|p: &kamisado_core::Position| {
///     p.legal_moves().first().copied()
/// });
/// // Every reading and layout the library plays (the positions carry them).
/// let options = ["pushed-square", "blocked-colour", "turned", "mirrored", "mirrored-turned"];
/// assert_eq!(
///     kamisado_only.games(),
///     [(GameId::Kamisado, options.map(String::from).to_vec())]
/// );
/// ```
pub struct AgentEngine {
    name: String,
    author: String,
    kamisado: Option<Box<dyn Agent<Kamisado> + Send>>,
    katarenga: Option<Box<dyn Agent<Katarenga> + Send>>,
}

impl std::fmt::Debug for AgentEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentEngine")
            .field("name", &self.name)
            .field("author", &self.author)
            .field("kamisado", &self.kamisado.is_some())
            .field("katarenga", &self.katarenga.is_some())
            .finish()
    }
}

impl AgentEngine {
    /// An engine called `name` that plays no game yet.
    #[must_use]
    pub fn new(name: impl Into<String>) -> AgentEngine {
        AgentEngine {
            name: name.into(),
            author: "unknown".into(),
            kamisado: None,
            katarenga: None,
        }
    }

    /// Its author, for `id author`.
    #[must_use]
    pub fn with_author(mut self, author: impl Into<String>) -> AgentEngine {
        self.author = author.into();
        self
    }

    /// Plays Kamisado with `agent`.
    #[must_use]
    pub fn kamisado(mut self, agent: impl Agent<Kamisado> + Send + 'static) -> AgentEngine {
        self.kamisado = Some(Box::new(agent));
        self
    }

    /// Plays Katarenga with `agent`.
    #[must_use]
    pub fn katarenga(mut self, agent: impl Agent<Katarenga> + Send + 'static) -> AgentEngine {
        self.katarenga = Some(Box::new(agent));
        self
    }
}

impl Engine for AgentEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn author(&self) -> String {
        self.author.clone()
    }

    fn games(&self) -> Vec<(GameId, Vec<String>)> {
        let mut games = Vec::new();
        if self.kamisado.is_some() {
            games.push((GameId::Kamisado, super::rule_options(GameId::Kamisado)));
        }
        if self.katarenga.is_some() {
            games.push((GameId::Katarenga, super::rule_options(GameId::Katarenga)));
        }
        games
    }

    fn think(&mut self, position: &AnyPosition, _: &mut Thinking<'_>) -> Option<AnyMove> {
        match position {
            AnyPosition::Kamisado(p) => self.kamisado.as_mut()?.choose(p).map(AnyMove::Kamisado),
            AnyPosition::Katarenga(p) => self.katarenga.as_mut()?.choose(p).map(AnyMove::Katarenga),
            // Not declared in `games`: an agent engine plays the games it
            // was given agents for.
            AnyPosition::Congress(_) | AnyPosition::Quebec(_) | AnyPosition::Isolation(_) => None,
        }
    }

    fn choose_edge(&mut self, game: &Match, chooser: Player, _: &mut Thinking<'_>) -> Edge {
        let starts: Vec<Kamisado> = Edge::ALL
            .into_iter()
            .filter_map(|e| game.next_round_start(e))
            .collect();
        match self.kamisado.as_mut() {
            Some(agent) if !starts.is_empty() => {
                Edge::ALL[agent.choose_start(chooser, &starts) % Edge::ALL.len()]
            }
            _ => Edge::AFile,
        }
    }

    fn choose_orientation(&mut self, setup: &Setup, _: &mut Thinking<'_>) -> Orientation {
        match self.katarenga.as_mut() {
            Some(agent) => choose_orientation(agent.as_mut(), setup),
            None => Orientation::Bottom,
        }
    }
}
