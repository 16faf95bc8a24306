//! The engine program's loop: reads commands, searches on a thread of its
//! own (so that `stop` and `isready` are answered at once), and writes
//! replies. `kk-engine` runs it on standard input and output.

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use game_search::kamisado::prove::ProofLimits;
use game_search::kamisado::solve::Solver;
use game_search::{Agent, Iteration, Limits, PROVEN, SearchAgent, SearchGame, StopFlag, WIN};
use kamisado_core::{Edge, Match, MatchState, Target};
use katarenga_core::Rules;

use crate::message::{Command, GameKind, Go, Info, OptionKind, Reply, Score};
use crate::referee::Opening;

type Kamisado = kamisado_core::Position;
type Katarenga = katarenga_core::Position;

/// The engine's name in the handshake.
pub const NAME: &str = concat!("kk-engine ", env!("CARGO_PKG_VERSION"));
/// The engine's author in the handshake.
pub const AUTHOR: &str = "the kamisado-katarenga developers";

/// The engine's options, as the handshake declares them.
#[must_use]
pub fn options() -> Vec<Reply> {
    let spin = |name: &str, default, min, max| Reply::Option {
        name: name.into(),
        kind: OptionKind::Spin { default, min, max },
    };
    vec![
        // The transposition table of each game, in MiB.
        spin("Hash", 16, 1, 4096),
        // Strength: at most this many nodes a move (0: no limit).
        spin("Nodes", 0, 0, i64::MAX),
        // Strength: at most this many milliseconds a move (0: no limit).
        spin("MoveTime", 0, 0, 86_400_000),
        // Strength: at most this deep (0: no limit).
        spin("Depth", 0, 0, i64::from(game_search::MAX_DEPTH)),
        Reply::Option {
            name: "Solver".into(),
            kind: OptionKind::Check { default: true },
        },
    ]
}

/// The settings the options set.
#[derive(Debug, Clone, Copy)]
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

/// What a search needs, handed to the search thread and back.
struct Brains {
    kamisado: Option<SearchAgent<Kamisado>>,
    katarenga: Option<SearchAgent<Katarenga>>,
    solver: Option<Solver>,
}

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, reply: &Reply) {
    // A controller that has gone away cannot be told anything.
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{reply}");
        let _ = out.flush();
    }
}

struct Engine {
    out: Output,
    settings: Settings,
    game: GameKind,
    kamisado: Kamisado,
    katarenga: Katarenga,
    /// Katarenga's rules, from `newgame` (for `startpos` and `tiles`).
    rules: Rules,
    brains: Option<Brains>,
    /// The running search, its stop flag, and whether only `stop` ends
    /// it (`go infinite`, or no limit at all).
    search: Option<(JoinHandle<Brains>, StopFlag, bool)>,
}

/// Runs the engine on `input` and `output` until `quit` or the end of the
/// input.
///
/// # Errors
/// An error reading `input`.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    let mut engine = Engine {
        out: Arc::new(Mutex::new(Box::new(output))),
        settings: Settings::default(),
        game: GameKind::Kamisado,
        kamisado: Kamisado::start(),
        katarenga: Katarenga::start(),
        rules: Rules::Standard,
        brains: Some(Brains {
            kamisado: None,
            katarenga: None,
            solver: None,
        }),
        search: None,
    };
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match line.parse::<Command>() {
            Ok(Command::Quit) => break,
            Ok(command) => {
                if let Err(message) = engine.handle(command) {
                    say(&engine.out, &Reply::Error(message));
                }
            }
            Err(e) => say(&engine.out, &Reply::Error(format!("{line:?}: {e}"))),
        }
    }
    engine.stop();
    Ok(())
}

impl Engine {
    fn stop(&mut self) {
        if let Some((handle, flag, _)) = self.search.take() {
            // Each search clears the flag when it starts (the solver may
            // still be running when `stop` comes): raise it until the
            // thread ends.
            while !handle.is_finished() {
                flag.stop();
                std::thread::sleep(Duration::from_millis(1));
            }
            if let Ok(brains) = handle.join() {
                self.brains = Some(brains);
            }
        }
    }

    /// The brains, once no search is running: a search with limits is
    /// waited for, one that only `stop` ends is refused.
    fn idle(&mut self) -> Result<&mut Brains, String> {
        if let Some((handle, _, endless)) = &mut self.search {
            if *endless && !handle.is_finished() {
                return Err("busy: an infinite search is running (send stop first)".into());
            }
            if let Some((handle, _, _)) = self.search.take() {
                if let Ok(brains) = handle.join() {
                    self.brains = Some(brains);
                }
            }
        }
        self.brains
            .as_mut()
            .ok_or_else(|| "the search thread failed".to_string())
    }

    fn handle(&mut self, command: Command) -> Result<(), String> {
        match command {
            Command::Kkp => {
                say(&self.out, &Reply::Name(NAME.into()));
                say(&self.out, &Reply::Author(AUTHOR.into()));
                for game in GameKind::ALL {
                    say(&self.out, &Reply::Game(game));
                }
                for option in options() {
                    say(&self.out, &option);
                }
                say(&self.out, &Reply::KkpOk);
            }
            Command::IsReady => say(&self.out, &Reply::ReadyOk),
            Command::Stop => self.stop(),
            Command::Quit => {}
            Command::SetOption { name, value } => self.set_option(&name, &value)?,
            Command::NewGame { game, rules } => {
                let mut chosen = Rules::Standard;
                for rule in &rules {
                    match (game, rule.parse::<Rules>()) {
                        (_, Ok(Rules::Standard)) => {}
                        (GameKind::Katarenga, Ok(option)) => chosen = option,
                        _ => {
                            return Err(format!(
                                "unknown rule option {rule:?} for {game} (this engine knows {})",
                                match game {
                                    GameKind::Kamisado => "standard",
                                    GameKind::Katarenga => "standard and no-first-capture",
                                }
                            ));
                        }
                    }
                }
                let brains = self.idle()?;
                if let Some(agent) = &mut brains.kamisado {
                    agent.searcher.clear();
                }
                if let Some(agent) = &mut brains.katarenga {
                    agent.searcher.clear();
                }
                if let Some(solver) = &mut brains.solver {
                    solver.prover().clear();
                }
                self.game = game;
                self.rules = chosen;
                match game {
                    GameKind::Kamisado => self.kamisado = Kamisado::start(),
                    GameKind::Katarenga => {
                        self.katarenga =
                            Katarenga::start_with(katarenga_core::Board::standard(), chosen);
                    }
                }
            }
            Command::Position { start, moves } => {
                self.idle()?;
                match Opening::set_up(self.game, self.rules, start, &moves)? {
                    Opening::Kamisado(p) => self.kamisado = p,
                    Opening::Katarenga { position, .. } => self.katarenga = position,
                }
            }
            Command::Go(go) => self.go(go)?,
            Command::Edge {
                target,
                scores,
                movetime,
            } => {
                let edge = self.edge(target, scores, movetime)?;
                say(&self.out, &Reply::BestEdge(edge));
            }
        }
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let number = |max: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|&v| v <= max)
                .ok_or_else(|| format!("option {name}: {value:?} is not a number from 0 to {max}"))
        };
        self.idle()?;
        match name {
            "Hash" => {
                let mib = number(4096)?;
                if mib == 0 {
                    return Err("option Hash: at least 1 MiB".into());
                }
                self.settings.hash_mib = usize::try_from(mib).unwrap_or(16);
                if let Some(brains) = &mut self.brains {
                    // Allocated anew, at the new size, when next needed.
                    *brains = Brains {
                        kamisado: None,
                        katarenga: None,
                        solver: None,
                    };
                }
            }
            "Nodes" => self.settings.nodes = number(u64::MAX)?,
            "MoveTime" => self.settings.move_time = number(86_400_000)?,
            "Depth" => {
                self.settings.depth =
                    u32::try_from(number(u64::from(game_search::MAX_DEPTH))?).unwrap_or(0);
            }
            "Solver" => {
                self.settings.solver = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("option Solver: {value:?} is not true or false")),
                };
            }
            _ => return Err(format!("no option {name:?}")),
        }
        Ok(())
    }

    /// The limits of a search for the side `side` (0 Black, 1 White).
    fn limits(&self, go: &Go, side: usize) -> Limits {
        let settings = self.settings;
        let mut limits = Limits::depth(game_search::MAX_DEPTH);
        if let Some(depth) = go.depth {
            limits.depth = depth.min(game_search::MAX_DEPTH);
        }
        if settings.depth > 0 {
            limits.depth = limits.depth.min(settings.depth);
        }
        limits.nodes = go.nodes.unwrap_or(u64::MAX);
        if settings.nodes > 0 {
            limits.nodes = limits.nodes.min(settings.nodes);
        }
        let mut time = go.movetime;
        if let (Some(left), false) = (go.time[side], go.infinite) {
            let increment = go.increment[side].unwrap_or(0);
            let moves = u64::from(go.moves_to_go.unwrap_or(20).max(1));
            // A share of the clock and most of the increment, never more
            // than half of what is left, less a margin for the answer.
            let budget = (left / moves + increment * 3 / 4).min(left / 2);
            let budget = budget.min(left.saturating_sub(30)).max(1);
            time = Some(time.map_or(budget, |t| t.min(budget)));
        }
        if settings.move_time > 0 {
            time = Some(time.map_or(settings.move_time, |t| t.min(settings.move_time)));
        }
        limits.time = time.map(Duration::from_millis);
        limits
    }

    fn go(&mut self, go: Go) -> Result<(), String> {
        let hash = self.settings.hash_mib;
        let solver_on = self.settings.solver;
        let game = self.game;
        let (kamisado, katarenga) = (self.kamisado, self.katarenga);
        let side = match game {
            GameKind::Kamisado => kamisado.side_to_move().index(),
            GameKind::Katarenga => katarenga.side_to_move().index(),
        };
        let limits = self.limits(&go, side);
        let brains = self.idle()?;
        let mut brains = Brains {
            kamisado: brains.kamisado.take(),
            katarenga: brains.katarenga.take(),
            solver: brains.solver.take(),
        };
        let table = |e: game_search::TableError| e.to_string();
        match game {
            GameKind::Kamisado if brains.kamisado.is_none() => {
                brains.kamisado = Some(SearchAgent::new(limits, hash).map_err(table)?);
            }
            GameKind::Katarenga if brains.katarenga.is_none() => {
                brains.katarenga = Some(SearchAgent::new(limits, hash).map_err(table)?);
            }
            _ => {}
        }
        if solver_on && game == GameKind::Kamisado && brains.solver.is_none() {
            brains.solver = Some(Solver::new(hash).map_err(table)?);
        }
        let flag = match game {
            GameKind::Kamisado => brains.kamisado.as_ref().map(|a| a.searcher.stop_flag()),
            GameKind::Katarenga => brains.katarenga.as_ref().map(|a| a.searcher.stop_flag()),
        }
        .ok_or("no searcher")?;
        let out = Arc::clone(&self.out);
        self.brains = None;
        let handle = std::thread::spawn(move || {
            let best = match game {
                GameKind::Kamisado => {
                    let proved = if solver_on {
                        brains
                            .solver
                            .as_mut()
                            .and_then(|s| solve(s, &kamisado, limits, &out))
                    } else {
                        None
                    };
                    proved.map(Some).unwrap_or_else(|| {
                        brains
                            .kamisado
                            .as_mut()
                            .and_then(|a| search(a, &kamisado, limits, &out))
                    })
                }
                GameKind::Katarenga => brains
                    .katarenga
                    .as_mut()
                    .and_then(|a| search(a, &katarenga, limits, &out)),
            };
            say(&out, &Reply::BestMove(best));
            brains
        });
        let endless = limits.time.is_none()
            && limits.nodes == u64::MAX
            && limits.depth >= game_search::MAX_DEPTH;
        self.search = Some((handle, flag, endless));
        Ok(())
    }

    fn edge(
        &mut self,
        target: u32,
        scores: [u32; 2],
        movetime: Option<u64>,
    ) -> Result<Edge, String> {
        if self.game != GameKind::Kamisado {
            return Err("edge is for kamisado".into());
        }
        let target = Target::new(target).ok_or("the target is at least 1")?;
        let game = Match::resume(target, self.kamisado, scores, 1).map_err(|e| e.to_string())?;
        let MatchState::ChooseEdge { chooser } = game.state() else {
            return Err("no edge to choose: the position is not a finished round".into());
        };
        let starts: Vec<Kamisado> = Edge::ALL
            .into_iter()
            .filter_map(|e| game.next_round_start(e))
            .collect();
        let go = Go {
            movetime: Some(movetime.unwrap_or(1_000)),
            ..Go::default()
        };
        let limits = self.limits(&go, chooser.index());
        let hash = self.settings.hash_mib;
        let brains = self.idle()?;
        if brains.kamisado.is_none() {
            brains.kamisado = Some(SearchAgent::new(limits, hash).map_err(|e| e.to_string())?);
        }
        let agent = brains.kamisado.as_mut().ok_or("no searcher")?;
        agent.limits = limits;
        Ok(Edge::ALL[agent.choose_start(chooser, &starts) % 2])
    }
}

/// The score of the protocol for a search score.
fn score(score: i32) -> Score {
    if score.abs() > PROVEN {
        let plies = u32::try_from(WIN - score.abs()).unwrap_or(0);
        if score > 0 {
            Score::Win(plies)
        } else {
            Score::Loss(plies)
        }
    } else {
        Score::Cp(score)
    }
}

fn info<M: std::fmt::Display>(it: &Iteration<'_, M>) -> Info {
    let ms = u64::try_from(it.elapsed.as_millis()).unwrap_or(u64::MAX);
    Info {
        depth: Some(it.depth),
        score: Some(score(it.score)),
        nodes: Some(it.nodes),
        nps: Some((it.nodes as f64 / it.elapsed.as_secs_f64().max(1e-6)) as u64),
        time: Some(ms),
        pv: it.pv.iter().map(ToString::to_string).collect(),
        string: None,
    }
}

fn search<G: SearchGame>(
    agent: &mut SearchAgent<G>,
    position: &G,
    limits: Limits,
    out: &Output,
) -> Option<String> {
    let result = agent
        .searcher
        .search_with(position, limits, |it| say(out, &Reply::Info(info(it))));
    result.best.map(|m| m.to_string())
}

/// A Kamisado proof within a quarter of the time (50 ms without a time
/// limit): the best move if it is proven.
fn solve(solver: &mut Solver, position: &Kamisado, limits: Limits, out: &Output) -> Option<String> {
    let time = limits.time.map_or(Duration::from_millis(50), |t| t / 4);
    let solution = solver.solve(position, ProofLimits::time(time));
    let (winner, best) = (solution.winner?, solution.best?);
    let plies = solution.plies.unwrap_or(0);
    let score = if winner == position.side_to_move() {
        Score::Win(plies)
    } else {
        Score::Loss(plies)
    };
    let pv = solver
        .principal_variation(position, &solution)
        .iter()
        .map(ToString::to_string)
        .collect();
    let ms = u64::try_from(solution.elapsed.as_millis()).unwrap_or(u64::MAX);
    say(
        out,
        &Reply::Info(Info {
            score: Some(score),
            nodes: Some(solution.nodes),
            time: Some(ms),
            pv,
            string: Some("proved by the solver".into()),
            ..Info::default()
        }),
    );
    Some(best.to_string())
}
