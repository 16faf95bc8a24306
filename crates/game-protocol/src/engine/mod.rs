//! The engine side of KKP: a loop that reads commands, keeps the game,
//! the rules and the position, and hands each search to an [`Engine`]:
//! this project's search ([`SearchEngine`], the program `kk-engine`), any
//! [`game_search::Agent`] ([`AgentEngine`]), or an engine of your own.
//!
//! The loop reads commands on the caller's thread, carries them out in
//! order on a thread of its own, and runs each search on a third, so that
//! nothing waits for a search but what needs the engine: `isready` is
//! answered at once while a search runs, `stop` raises the search's
//! [`StopFlag`] as soon as it is read, and whatever else comes during a
//! search (`position`, `setoption`, `newgame`, another `go`) waits for its
//! end and is then carried out in the order it came.
//! Each `go` is answered by exactly one `bestmove`, and an endless search
//! (`go infinite`, or no limit) only after `stop`.
//!
//! A bot behind KKP in a dozen lines:
//!
//! ```no_run
//! use game_protocol::engine::{self, AgentEngine};
//! use game_search::GreedyAgent;
//!
//! fn main() -> std::io::Result<()> {
//!     let bot = AgentEngine::new("greedy-bot")
//!         .kamisado(GreedyAgent::new(1))
//!         .katarenga(GreedyAgent::new(2));
//!     engine::run_with(bot, std::io::stdin().lock(), std::io::stdout())
//! }
//! ```

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use board_geometry::Player;
use game_search::StopFlag;
use kamisado_core::{Edge, Match, MatchState, Target};
use katarenga_core::{Orientation, Setup};

use crate::message::{Command, GameId, Go, Info, OptionKind, PROTOCOL_VERSION, Reply};
use game_spec::{AnyMove, AnyPosition, GameSpec};

use crate::setup::Opening;

mod agent;
mod budget;
mod search;

pub use agent::AgentEngine;
pub use budget::{Budget, MOVES_TO_GO};
pub use search::{AUTHOR, NAME, SearchEngine};

/// The rule options of `game`: every reading of its rules
/// ([`game_spec::GameId::readings`]) but the standard one, as a
/// handshake's `game` line lists them. An engine that plays every reading
/// of the library declares these, so that a reading added to a core is
/// declared with no edit here.
///
/// ```
/// use game_protocol::engine::rule_options;
/// use game_protocol::message::GameId;
/// assert_eq!(rule_options(GameId::Katarenga), ["no-first-capture"]);
/// assert_eq!(
///     rule_options(GameId::Kamisado),
///     ["pushed-square", "blocked-colour", "turned", "mirrored", "mirrored-turned"]
/// );
/// ```
#[must_use]
pub fn rule_options(game: GameId) -> Vec<String> {
    game.rule_options()
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// Why an engine refuses a command: the text of its `error` reply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

impl From<String> for Refusal {
    fn from(text: String) -> Refusal {
        Refusal(text)
    }
}

impl From<&str> for Refusal {
    fn from(text: &str) -> Refusal {
        Refusal(text.to_string())
    }
}

/// An engine behind the loop of [`run_with`]: what the handshake says of
/// it, its options, and its choices. Only [`Engine::name`],
/// [`Engine::games`] and [`Engine::think`] are required.
///
/// The loop calls it from one thread of its own, one call at a time; a
/// call to [`Engine::think`] or [`Engine::choose_edge`] should end soon
/// after [`Thinking::should_stop`] turns true.
pub trait Engine: Send + 'static {
    /// `id name`.
    fn name(&self) -> String;

    /// `id author` (default: `unknown`).
    fn author(&self) -> String {
        "unknown".into()
    }

    /// The games it plays, each with the rule options it plays besides the
    /// standard rules (Katarenga's `no-first-capture`).
    fn games(&self) -> Vec<(GameId, Vec<String>)>;

    /// Its options, as the handshake declares them (default: none).
    fn options(&self) -> Vec<(String, OptionKind)> {
        Vec::new()
    }

    /// Sets an option (default: there are none).
    ///
    /// # Errors
    /// A [`Refusal`] naming what is wrong with the name or the value.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), Refusal> {
        let _ = value;
        Err(format!("no option {name:?}").into())
    }

    /// Called for `isready` when no search runs: the place to allocate
    /// what the options asked for, so that no `go` pays for it.
    ///
    /// # Errors
    /// A [`Refusal`] if it cannot be made ready (then `error` precedes
    /// `readyok`).
    fn ready(&mut self) -> Result<(), Refusal> {
        Ok(())
    }

    /// A new game (`newgame`): which game, under which reading of the
    /// rules, both checked by the loop against [`Engine::games`]. The rest
    /// of `game` is its default, for KKP says it later: the board with
    /// `position`, a Kamisado match's target with `match`.
    fn new_game(&mut self, game: &GameSpec) {
        let _ = game;
    }

    /// The Kamisado round about to be played is round `round` of a match
    /// to `target` with `scores` (Black's first) before it.
    fn match_state(&mut self, target: Target, scores: [u32; 2], round: u32) {
        let _ = (target, scores, round);
    }

    /// A move for `position` (which has legal moves), within the
    /// `thinking` budget. A move that is not legal, or none, is replaced
    /// by the first legal move (and said in an `info string`).
    fn think(&mut self, position: &AnyPosition, thinking: &mut Thinking<'_>) -> Option<AnyMove>;

    /// The refill edge for the Kamisado match `game`, whose round has just
    /// been won by `chooser` (default: [`Edge::AFile`]).
    fn choose_edge(&mut self, game: &Match, chooser: Player, thinking: &mut Thinking<'_>) -> Edge {
        let _ = (game, chooser, thinking);
        Edge::AFile
    }

    /// The first player's (Black's) choice of the edge of the laid
    /// Katarenga board it sits at, for `setup` (the laid board and the
    /// rules; default: [`Orientation::Bottom`], the board as laid).
    fn choose_orientation(&mut self, setup: &Setup, thinking: &mut Thinking<'_>) -> Orientation {
        let _ = (setup, thinking);
        Orientation::Bottom
    }
}

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, reply: &Reply) {
    // A controller that has gone away cannot be told anything.
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{reply}");
        let _ = out.flush();
    }
}

/// A search under way: its budget, the flag that `stop` raises, and the
/// way to send `info` lines.
pub struct Thinking<'a> {
    budget: Budget,
    stop: StopFlag,
    out: &'a Output,
}

impl std::fmt::Debug for Thinking<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thinking")
            .field("budget", &self.budget)
            .field("stopped", &self.stop.is_stopped())
            .finish_non_exhaustive()
    }
}

impl Thinking<'_> {
    /// How far the search may go.
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The flag that `stop` raises (hand it to a searcher with
    /// [`game_search::Searcher::set_stop_flag`]); it is not raised at the
    /// deadline.
    #[must_use]
    pub fn stop_flag(&self) -> &StopFlag {
        &self.stop
    }

    /// Whether to answer now: `stop` came or the deadline has passed.
    #[must_use]
    pub fn should_stop(&self) -> bool {
        self.stop.is_stopped() || self.budget.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Sends an `info` line.
    pub fn info(&self, info: Info) {
        say(self.out, &Reply::Info(info));
    }
}

/// What the engine's thread is handed: a command (with when it was read
/// and the stop flag of the searches it may start), a refusal to say, the
/// engine back from a search with its answer, or the end.
enum Job<E> {
    Run {
        command: Command,
        received: Instant,
        stop: StopFlag,
    },
    Refuse(String),
    Back(E, Reply),
    Quit,
}

/// Runs this project's engine ([`SearchEngine`], as `kk-engine` does) on
/// `input` and `output` until `quit` or the end of the input.
///
/// # Errors
/// An error reading `input`.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    run_with(SearchEngine::new(), input, output)
}

/// Runs `engine` behind KKP on `input` and `output` until `quit` or the
/// end of the input. Either raises the stop flag: the running search and
/// any still queued answer at once, and the loop returns when they have
/// (or after a second, for an engine that does not look at the flag).
///
/// # Errors
/// An error reading `input` (a line that is not UTF-8 is refused with
/// `error`, not an error here).
pub fn run_with<E: Engine>(
    engine: E,
    input: impl BufRead,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    let out: Output = Arc::new(Mutex::new(Box::new(output)));
    let (jobs, queue) = mpsc::channel();
    let (done_tx, done) = mpsc::channel::<()>();
    let mut worker = Worker {
        engine: Some(engine),
        position: GameSpec::default().start(),
        game: GameSpec::default(),
        out: Arc::clone(&out),
        deferred: VecDeque::new(),
        back: jobs.clone(),
        quitting: false,
    };
    std::thread::spawn(move || {
        worker.serve(&queue);
        let _ = done_tx.send(());
    });
    // The flag of the searches asked for since the last `stop`.
    let mut stop = StopFlag::new();
    let result = read_commands(input, |job| match job {
        Job::Run {
            command: Command::Stop,
            ..
        } => {
            stop.stop();
            stop = StopFlag::new();
        }
        Job::Run {
            command, received, ..
        } => {
            let _ = jobs.send(Job::Run {
                command,
                received,
                stop: stop.clone(),
            });
        }
        other => {
            let _ = jobs.send(other);
        }
    });
    stop.stop();
    let _ = jobs.send(Job::Quit);
    let _ = done.recv_timeout(Duration::from_secs(1));
    result
}

/// Reads commands until `quit` or the end of `input`, handing each (or
/// its refusal) to `handle`.
fn read_commands<E>(mut input: impl BufRead, mut handle: impl FnMut(Job<E>)) -> io::Result<()> {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let received = Instant::now();
        let Ok(line) = std::str::from_utf8(&bytes) else {
            handle(Job::Refuse("a line that is not UTF-8".into()));
            continue;
        };
        if line.trim().is_empty() {
            continue;
        }
        match line.parse::<Command>() {
            Ok(Command::Quit) => return Ok(()),
            Ok(command) => handle(Job::Run {
                command,
                received,
                stop: StopFlag::new(),
            }),
            Err(e) => handle(Job::Refuse(format!("{:?}: {e}", line.trim_end()))),
        }
    }
}

/// The engine's thread: the game, the rules, the position, and the engine
/// (away on a thread of its own while it searches).
struct Worker<E> {
    /// The engine, `None` while a search has it.
    engine: Option<E>,
    /// The game and its reading of the rules, as `newgame` said them.
    game: GameSpec,
    position: AnyPosition,
    out: Output,
    /// Commands that came during a search and wait for its end, in order.
    deferred: VecDeque<Job<E>>,
    /// Where a search hands the engine back.
    back: mpsc::Sender<Job<E>>,
    /// `quit` or the end of the input came: end once the engine is back
    /// and nothing waits.
    quitting: bool,
}

impl<E: Engine> Worker<E> {
    fn serve(&mut self, queue: &Receiver<Job<E>>) {
        while let Ok(job) = queue.recv() {
            match job {
                Job::Back(engine, answer) => {
                    // Said here, so that a command read after the answer
                    // finds the engine back.
                    say(&self.out, &answer);
                    self.engine = Some(engine);
                    while self.engine.is_some() {
                        let Some(job) = self.deferred.pop_front() else {
                            break;
                        };
                        self.take(job);
                    }
                }
                Job::Quit => self.quitting = true,
                // Answered at once while a search runs.
                Job::Run {
                    command: Command::IsReady,
                    ..
                } if self.engine.is_none() => say(&self.out, &Reply::ReadyOk),
                job if self.engine.is_none() => self.deferred.push_back(job),
                job => self.take(job),
            }
            if self.quitting && self.engine.is_some() && self.deferred.is_empty() {
                return;
            }
        }
    }

    fn take(&mut self, job: Job<E>) {
        match job {
            Job::Refuse(text) => say(&self.out, &Reply::Error(text)),
            Job::Run {
                command,
                received,
                stop,
            } => {
                if let Err(refusal) = self.handle(command, received, stop) {
                    say(&self.out, &Reply::Error(refusal.0));
                }
            }
            Job::Back(..) | Job::Quit => {}
        }
    }

    fn handle(
        &mut self,
        command: Command,
        received: Instant,
        stop: StopFlag,
    ) -> Result<(), Refusal> {
        let Some(engine) = self.engine.as_mut() else {
            return Err("no engine".into());
        };
        match command {
            Command::Kkp => self.handshake(),
            Command::IsReady => {
                if let Err(refusal) = engine.ready() {
                    say(&self.out, &Reply::Error(refusal.0));
                }
                say(&self.out, &Reply::ReadyOk);
            }
            Command::SetOption { name, value } => {
                let declared = engine.options().into_iter().any(|(n, _)| n == name);
                if !declared {
                    return Err(format!("no option {name:?}").into());
                }
                engine.set_option(&name, &value)?;
            }
            Command::NewGame { game, rules } => {
                let chosen = spec_of(&engine.games(), game, &rules)?;
                engine.new_game(&chosen);
                self.game = chosen;
                self.position = chosen.start();
            }
            Command::Match {
                target,
                scores,
                round,
            } => {
                if self.game.game() != GameId::Kamisado {
                    return Err("match is for kamisado".into());
                }
                let target = Target::new(target).ok_or("the target is at least 1")?;
                if round == 0 {
                    return Err("rounds count from 1".into());
                }
                engine.match_state(target, scores, round);
            }
            Command::Position { start, moves } => {
                let opening =
                    Opening::set_up(&self.game, start, &moves).map_err(|e| e.to_string())?;
                self.position = opening.position();
            }
            Command::Go(go) => self.go(&go, received, stop),
            Command::Edge {
                target,
                scores,
                movetime,
            } => self.edge(target, scores, movetime, received, stop)?,
            Command::Orient { movetime } => self.orient(movetime, received, stop)?,
            // Taken by the reading loop.
            Command::Stop | Command::Quit => {}
        }
        Ok(())
    }

    /// Hands the engine to a thread of its own for `search`, which gives
    /// it back with its answer.
    fn search(&mut self, search: impl FnOnce(&mut E, &Output) -> Reply + Send + 'static) {
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        let (out, back) = (Arc::clone(&self.out), self.back.clone());
        std::thread::spawn(move || {
            let answer = search(&mut engine, &out);
            let _ = back.send(Job::Back(engine, answer));
        });
    }

    fn handshake(&self) {
        let Some(engine) = self.engine.as_ref() else {
            return;
        };
        let out = &self.out;
        say(out, &Reply::Name(engine.name()));
        say(out, &Reply::Author(engine.author()));
        say(out, &Reply::Protocol(PROTOCOL_VERSION));
        for (game, rules) in engine.games() {
            say(out, &Reply::Game { game, rules });
        }
        for (name, kind) in engine.options() {
            say(out, &Reply::Option { name, kind });
        }
        say(out, &Reply::KkpOk);
    }

    fn go(&mut self, go: &Go, received: Instant, stop: StopFlag) {
        let budget = Budget::from_go(go, self.position.side_to_move(), received);
        let position = self.position;
        self.search(move |engine, out| {
            let mut thinking = Thinking {
                budget,
                stop: stop.clone(),
                out,
            };
            let moves = position.legal_moves();
            let best = if moves.is_empty() {
                None
            } else {
                match engine.think(&position, &mut thinking) {
                    Some(mv) if position.is_legal(mv) => Some(mv),
                    other => {
                        let what = other.map_or_else(
                            || "no move".to_string(),
                            |m| format!("{m}, which is not legal"),
                        );
                        thinking.info(Info {
                            string: Some(format!(
                                "the engine gave {what}: the first legal move instead"
                            )),
                            ..Info::default()
                        });
                        moves.first().copied()
                    }
                }
            };
            if budget.endless {
                // Answered only after `stop`.
                while !stop.is_stopped() {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            Reply::best_move(best.map(|m| m.to_string()))
        });
    }

    fn edge(
        &mut self,
        target: u32,
        scores: [u32; 2],
        movetime: Option<u64>,
        received: Instant,
        stop: StopFlag,
    ) -> Result<(), Refusal> {
        let AnyPosition::Kamisado(position) = self.position else {
            return Err("edge is for kamisado".into());
        };
        let target = Target::new(target).ok_or("the target is at least 1")?;
        let game = Match::resume(target, position, scores, 1).map_err(|e| e.to_string())?;
        let MatchState::ChooseEdge { chooser } = game.state() else {
            return Err("no edge to choose: the position is not a finished round".into());
        };
        let budget = Budget::time(Duration::from_millis(movetime.unwrap_or(1_000)), received);
        self.search(move |engine, out| {
            let mut thinking = Thinking { budget, stop, out };
            Reply::BestEdge(engine.choose_edge(&game, chooser, &mut thinking))
        });
        Ok(())
    }
}

impl<E: Engine> Worker<E> {
    fn orient(
        &mut self,
        movetime: Option<u64>,
        received: Instant,
        stop: StopFlag,
    ) -> Result<(), Refusal> {
        let (AnyPosition::Katarenga(position), GameSpec::Katarenga { rules, .. }) =
            (self.position, self.game)
        else {
            return Err("orient is for katarenga".into());
        };
        let setup = Setup::new(*position.board(), rules);
        if position != setup.start(Orientation::Bottom) {
            return Err(
                "no orientation to choose: the position is not a start (set the laid board with position tiles, startpos or the start's notation)"
                    .into(),
            );
        }
        let budget = Budget::time(Duration::from_millis(movetime.unwrap_or(1_000)), received);
        self.search(move |engine, out| {
            let mut thinking = Thinking { budget, stop, out };
            Reply::BestOrient(engine.choose_orientation(&setup, &mut thinking))
        });
        Ok(())
    }
}

/// The game of `newgame game rules ...` under its reading of the rules,
/// if an engine that plays `games` plays them.
fn spec_of(
    games: &[(GameId, Vec<String>)],
    game: GameId,
    rules: &[String],
) -> Result<GameSpec, Refusal> {
    let Some((_, options)) = games.iter().find(|(g, _)| *g == game) else {
        return Err(format!("this engine does not play {game}").into());
    };
    let mut chosen = GameSpec::default_for(game);
    // The option word given for each field, so far.
    let mut given: Vec<(&str, &str)> = Vec::new();
    for rule in rules {
        // A default's word (`standard`, `strict`) is known, and changes
        // nothing: beside an option it does not undo it.
        let default = game
            .option_fields()
            .iter()
            .any(|f| f.values.first() == Some(&rule.as_str()));
        let known = default || options.contains(rule);
        let field = game.option_field(rule);
        match chosen.with_option(rule) {
            Some(_) if known && default => {}
            // A reading or a layout at a time.
            Some(_) if known && given.iter().any(|(f, w)| Some(*f) == field && w != rule) => {
                let (field, other) = given
                    .iter()
                    .find(|(f, _)| Some(*f) == field)
                    .copied()
                    .unwrap_or_default();
                let what = match field {
                    "layout" => "layouts".to_string(),
                    f if game
                        .option_fields()
                        .first()
                        .is_some_and(|first| first.name == f) =>
                    {
                        "readings".to_string()
                    }
                    f => format!("values of {f}"),
                };
                return Err(format!(
                    "rule options {other} and {rule} are two {what} of {game}: name one"
                )
                .into());
            }
            Some(spec) if known => {
                given.extend(field.map(|f| (f, rule.as_str())));
                chosen = spec;
            }
            _ => {
                let mut plays: Vec<String> = game
                    .option_fields()
                    .iter()
                    .filter_map(|f| f.values.first().map(|v| (*v).to_string()))
                    .collect();
                plays.extend(options.iter().cloned());
                return Err(format!(
                    "unknown rule option {rule:?} for {game} (this engine plays {})",
                    plays.join(" and ")
                )
                .into());
            }
        }
    }
    Ok(chosen)
}
