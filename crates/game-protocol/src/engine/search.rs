//! This project's engine (`kk-engine`): the alpha-beta search of both
//! games, and for Kamisado the solver first, all within one budget.

use std::time::{Duration, Instant};

use board_geometry::Player;
use game_search::play::choose_orientation;
use game_search::proof::{Solution, Solver};
use game_search::{Agent, Iteration, Limits, MAX_DEPTH, PROVEN, SearchAgent, SearchGame, WIN};
use kamisado_core::{Edge, Match};
use katarenga_core::{Orientation, Setup};

use super::{Budget, Engine, Refusal, Thinking};
use crate::message::{GameId, Info, OptionKind, Score};
use game_spec::{AnyMove, AnyPosition, GameSpec};
use kamisado_core::Game;

type Kamisado = kamisado_core::Position;
type Katarenga = katarenga_core::Position;
use game_search::proof::isolation::IsolationSolver;
use katarenga_family::{Congress, Isolation, Quebec, Reading};

/// The engine's name in the handshake.
pub const NAME: &str = concat!("kk-engine ", env!("CARGO_PKG_VERSION"));
/// The engine's author in the handshake.
pub const AUTHOR: &str = "the kamisado-katarenga developers";

/// The solver's time without a deadline (`go nodes`, `go infinite`):
/// then the search goes on.
const SOLVER_TIME: Duration = Duration::from_millis(250);

/// The settings the options set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Settings {
    hash_mib: usize,
    nodes: u64,
    move_time: u64,
    depth: u32,
    solver: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_mib: 16,
            nodes: 0,
            move_time: 0,
            depth: 0,
            solver: true,
        }
    }
}

/// The engine of `kk-engine`: [`game_search`]'s search for both games,
/// and for Kamisado the solver first, with the options `Hash`, `Nodes`,
/// `MoveTime`, `Depth` and `Solver`.
///
/// One budget covers both: the solver gets a quarter of the time and of
/// the nodes (250 ms without a deadline; nothing under a depth limit
/// alone, since its proofs reach any depth), and the search what is left.
/// A proven win is played at once, with `score win <plies>` (or
/// `score proven win` while the length is not known yet). A proven loss
/// is said (`score loss <plies>` or `score proven loss`) and then searched
/// like any position: against an opponent that may err, the search's
/// resistance does better than the proof's move, which need not be the
/// longest defence (a loss whose length is not known yet has no best move).
#[derive(Debug, Default)]
pub struct SearchEngine {
    settings: Settings,
    /// The game of the last `newgame`: its tables are made at `isready`.
    game: Option<GameId>,
    kamisado: Option<SearchAgent<Kamisado>>,
    katarenga: Option<SearchAgent<Katarenga>>,
    congress: Option<SearchAgent<Congress>>,
    quebec: Option<SearchAgent<Quebec>>,
    isolation: Option<SearchAgent<Isolation>>,
    solver: Option<Solver<Kamisado>>,
    /// Strict Isolation's exact solver (its table grows as it needs).
    kayles: IsolationSolver,
}

impl SearchEngine {
    /// The engine with its default options.
    #[must_use]
    pub fn new() -> SearchEngine {
        SearchEngine::default()
    }

    /// Makes the tables `game` needs (at the `Hash` size), if they are not
    /// made yet.
    fn allocate(&mut self, game: GameId) -> Result<(), Refusal> {
        let mib = self.settings.hash_mib;
        let table = |e: game_search::TableError| Refusal(format!("option Hash: {e}"));
        match game {
            GameId::Kamisado => {
                if self.kamisado.is_none() {
                    self.kamisado = Some(SearchAgent::new(Limits::depth(1), mib).map_err(table)?);
                }
                if self.settings.solver && self.solver.is_none() {
                    self.solver = Some(Solver::new(mib).map_err(table)?);
                }
            }
            GameId::Katarenga => {
                if self.katarenga.is_none() {
                    self.katarenga = Some(SearchAgent::new(Limits::depth(1), mib).map_err(table)?);
                }
            }
            GameId::Congress => {
                if self.congress.is_none() {
                    self.congress = Some(SearchAgent::new(Limits::depth(1), mib).map_err(table)?);
                }
            }
            GameId::Quebec => {
                if self.quebec.is_none() {
                    self.quebec = Some(SearchAgent::new(Limits::depth(1), mib).map_err(table)?);
                }
            }
            GameId::Isolation => {
                if self.isolation.is_none() {
                    self.isolation = Some(SearchAgent::new(Limits::depth(1), mib).map_err(table)?);
                }
            }
        }
        Ok(())
    }

    /// The budget within the strength options.
    fn capped(&self, budget: &Budget) -> Budget {
        let s = self.settings;
        budget.capped(
            Some(s.nodes),
            Some(Duration::from_millis(s.move_time)),
            Some(s.depth),
        )
    }
}

/// The search's limits for what is left of `budget`, `used` nodes spent.
fn limits(budget: &Budget, used: u64) -> Limits {
    Limits {
        depth: budget.depth.map_or(MAX_DEPTH, |d| d.min(MAX_DEPTH)),
        nodes: budget.nodes.map_or(u64::MAX, |n| n.saturating_sub(used)),
        time: budget.time_left(),
    }
}

impl Engine for SearchEngine {
    fn name(&self) -> String {
        NAME.into()
    }

    fn author(&self) -> String {
        AUTHOR.into()
    }

    fn games(&self) -> Vec<(GameId, Vec<String>)> {
        GameId::ALL
            .into_iter()
            .map(|game| (game, super::rule_options(game)))
            .collect()
    }

    fn options(&self) -> Vec<(String, OptionKind)> {
        let spin = |name: &str, default, min, max| {
            (name.to_string(), OptionKind::Spin { default, min, max })
        };
        vec![
            // The transposition table of each game, in MiB.
            spin("Hash", 16, 1, 4096),
            // Strength: at most this many nodes a move (0: no limit).
            spin("Nodes", 0, 0, i64::MAX),
            // Strength: at most this many milliseconds a move (0: no limit).
            spin("MoveTime", 0, 0, 86_400_000),
            // Strength: at most this deep (0: no limit).
            spin("Depth", 0, 0, i64::from(MAX_DEPTH)),
            ("Solver".to_string(), OptionKind::Check { default: true }),
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), Refusal> {
        let number = |min: u64, max: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| {
                    Refusal(format!(
                        "option {name}: {value:?} is not a number from {min} to {max}"
                    ))
                })
        };
        match name {
            "Hash" => {
                let mib = number(1, 4096)?;
                self.settings.hash_mib = usize::try_from(mib).unwrap_or(16);
                // Made anew, at the new size, at the next `isready`.
                self.kamisado = None;
                self.katarenga = None;
                self.congress = None;
                self.quebec = None;
                self.isolation = None;
                self.solver = None;
            }
            "Nodes" => self.settings.nodes = number(0, u64::MAX)?,
            "MoveTime" => self.settings.move_time = number(0, 86_400_000)?,
            "Depth" => {
                self.settings.depth = u32::try_from(number(0, u64::from(MAX_DEPTH))?).unwrap_or(0);
            }
            "Solver" => {
                self.settings.solver = match value {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(format!("option Solver: {value:?} is not true or false").into());
                    }
                };
            }
            _ => return Err(format!("no option {name:?}").into()),
        }
        Ok(())
    }

    fn ready(&mut self) -> Result<(), Refusal> {
        self.allocate(self.game.unwrap_or(GameId::Kamisado))
    }

    fn new_game(&mut self, game: &GameSpec) {
        self.game = Some(game.game());
        if let Some(agent) = &mut self.kamisado {
            agent.searcher.clear();
        }
        if let Some(agent) = &mut self.katarenga {
            agent.searcher.clear();
        }
        if let Some(agent) = &mut self.congress {
            agent.searcher.clear();
        }
        if let Some(agent) = &mut self.quebec {
            agent.searcher.clear();
        }
        if let Some(agent) = &mut self.isolation {
            agent.searcher.clear();
        }
        if let Some(solver) = &mut self.solver {
            solver.prover().clear();
        }
    }

    fn think(&mut self, position: &AnyPosition, thinking: &mut Thinking<'_>) -> Option<AnyMove> {
        let budget = self.capped(thinking.budget());
        // Made here if no `isready` came since `newgame` or `Hash`.
        if self.allocate(position.game()).is_err() {
            return None;
        }
        match position {
            AnyPosition::Kamisado(p) => {
                let mut used = 0;
                if self.settings.solver {
                    if let Some(solver) = &mut self.solver {
                        match solve(solver, p, &budget, thinking) {
                            Ok(best) => return Some(AnyMove::Kamisado(best)),
                            Err(nodes) => used = nodes,
                        }
                    }
                }
                let agent = self.kamisado.as_mut()?;
                search(agent, p, limits(&budget, used), thinking).map(AnyMove::Kamisado)
            }
            AnyPosition::Katarenga(p) => {
                let agent = self.katarenga.as_mut()?;
                search(agent, p, limits(&budget, 0), thinking).map(AnyMove::Katarenga)
            }
            AnyPosition::Congress(p) => {
                let agent = self.congress.as_mut()?;
                search(agent, p, limits(&budget, 0), thinking).map(AnyMove::Congress)
            }
            AnyPosition::Quebec(p) => {
                let agent = self.quebec.as_mut()?;
                search(agent, p, limits(&budget, 0), thinking).map(AnyMove::Quebec)
            }
            AnyPosition::Isolation(p) => {
                if self.settings.solver && p.reading() == Reading::Strict {
                    if let Some(best) = solve_isolation(&mut self.kayles, p, thinking) {
                        return Some(AnyMove::Isolation(best));
                    }
                }
                let agent = self.isolation.as_mut()?;
                search(agent, p, limits(&budget, 0), thinking).map(AnyMove::Isolation)
            }
        }
    }

    /// Searches both next-round starts within the budget (shared out
    /// between them) and takes the better for `chooser`.
    fn choose_edge(&mut self, game: &Match, chooser: Player, thinking: &mut Thinking<'_>) -> Edge {
        let budget = self.capped(thinking.budget());
        let starts: Vec<Kamisado> = Edge::ALL
            .into_iter()
            .filter_map(|e| game.next_round_start(e))
            .collect();
        if self.allocate(GameId::Kamisado).is_err() {
            return Edge::AFile;
        }
        let Some(agent) = self.kamisado.as_mut() else {
            return Edge::AFile;
        };
        agent.searcher.set_stop_flag(thinking.stop_flag().clone());
        agent.limits = limits(&budget, 0);
        Edge::ALL[agent.choose_start(chooser, &starts) % Edge::ALL.len()]
    }

    /// Searches the four starts within the budget (shared out between
    /// them) and takes the one worst for White.
    fn choose_orientation(&mut self, setup: &Setup, thinking: &mut Thinking<'_>) -> Orientation {
        let budget = self.capped(thinking.budget());
        if self.allocate(GameId::Katarenga).is_err() {
            return Orientation::Bottom;
        }
        let Some(agent) = self.katarenga.as_mut() else {
            return Orientation::Bottom;
        };
        agent.searcher.set_stop_flag(thinking.stop_flag().clone());
        agent.limits = limits(&budget, 0);
        choose_orientation(agent, setup)
    }
}

/// The protocol's score of a search score.
fn score(score: i32) -> Score {
    if score.abs() > PROVEN {
        let plies = u32::try_from(WIN - score.abs()).unwrap_or(u32::MAX);
        if score > 0 {
            Score::Win(plies)
        } else {
            Score::Loss(plies)
        }
    } else {
        Score::Cp(score)
    }
}

fn millis(elapsed: Duration) -> u64 {
    u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)
}

fn info<M: std::fmt::Display>(it: &Iteration<'_, M>) -> Info {
    Info {
        depth: Some(it.depth),
        score: Some(score(it.score)),
        nodes: Some(it.nodes),
        nps: Some((it.nodes as f64 / it.elapsed.as_secs_f64().max(1e-6)) as u64),
        time: Some(millis(it.elapsed)),
        pv: it.pv.iter().map(ToString::to_string).collect(),
        string: None,
    }
}

/// The search of `position` within `limits`, an `info` line per depth.
fn search<G: SearchGame>(
    agent: &mut SearchAgent<G>,
    position: &G,
    limits: Limits,
    thinking: &Thinking<'_>,
) -> Option<G::Move> {
    agent.searcher.set_stop_flag(thinking.stop_flag().clone());
    agent
        .searcher
        .search_with(position, limits, |it| thinking.info(info(it)))
        .best
}

/// The solver on a share of the budget: the best move if it proves a win
/// for the side to move (with an `info` line), else the nodes it spent (a
/// proven loss has its `info` line too).
fn solve(
    solver: &mut Solver<Kamisado>,
    position: &Kamisado,
    budget: &Budget,
    thinking: &Thinking<'_>,
) -> Result<kamisado_core::Move, u64> {
    // Its proofs reach any depth: a depth limit alone leaves it out.
    if budget.deadline.is_none() && budget.nodes.is_none() && !budget.endless {
        return Err(0);
    }
    let started = Instant::now();
    let limits = Limits {
        time: Some(budget.time_left().map_or(SOLVER_TIME, |t| t / 4)),
        nodes: budget.nodes.map_or(u64::MAX, |n| n / 4),
        ..Limits::default()
    };
    if limits.nodes == 0 {
        return Err(0);
    }
    solver.set_stop_flag(thinking.stop_flag().clone());
    let solution = solver.solve(position, limits);
    let info = |score: Option<Score>, pv: Vec<String>, string: &str| Info {
        score,
        nodes: Some(solution.nodes),
        time: Some(millis(started.elapsed())),
        pv,
        string: Some(string.into()),
        ..Info::default()
    };
    let Some(winner) = solution.winner else {
        thinking.info(info(None, Vec::new(), "the solver proved nothing"));
        return Err(solution.nodes);
    };
    let wins = winner == position.side_to_move();
    let score = match (solution.plies, wins) {
        (Some(plies), true) => Score::Win(plies),
        (Some(plies), false) => Score::Loss(plies),
        (None, true) => Score::ProvenWin,
        (None, false) => Score::ProvenLoss,
    };
    let Some(best) = solution.best.filter(|_| wins) else {
        // A proven loss (a won position always has its move).
        let said = "the solver proved a loss: the search chooses the defence";
        thinking.info(info(Some(score), Vec::new(), said));
        return Err(solution.nodes);
    };
    let pv = principal_variation(solver, position, &solution, budget);
    thinking.info(info(Some(score), pv, "proved by the solver"));
    Ok(best)
}

/// Strict Isolation solved exactly (it takes well under a second from the
/// empty board): the winning placement, with its `info` line, or `None`
/// for a lost position (said too), which the search then defends.
fn solve_isolation(
    solver: &mut IsolationSolver,
    position: &Isolation,
    thinking: &Thinking<'_>,
) -> Option<katarenga_family::Move> {
    let started = Instant::now();
    let solution = solver.solve(position).ok()?;
    let wins = solution.winner == position.side_to_move();
    thinking.info(Info {
        score: Some(if wins {
            Score::ProvenWin
        } else {
            Score::ProvenLoss
        }),
        nodes: Some(solution.nodes),
        time: Some(millis(started.elapsed())),
        pv: solution.best.iter().map(ToString::to_string).collect(),
        string: Some(if wins {
            "proved by the Isolation solver".into()
        } else {
            "the Isolation solver proved a loss: the search chooses the defence".into()
        }),
        ..Info::default()
    });
    solution.best
}

/// The solved line, if there is time for it (the length is known and the
/// deadline is not near): else the best move alone.
fn principal_variation(
    solver: &mut Solver<Kamisado>,
    position: &Kamisado,
    solution: &Solution<kamisado_core::Move>,
    budget: &Budget,
) -> Vec<String> {
    let roomy = budget
        .time_left()
        .is_none_or(|t| t > Duration::from_millis(20));
    if roomy {
        solver
            .principal_variation(position, solution)
            .iter()
            .map(ToString::to_string)
            .collect()
    } else {
        solution.best.iter().map(ToString::to_string).collect()
    }
}
