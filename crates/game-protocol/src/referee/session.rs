//! The referee's dialogue with one engine: its handshake and options, a
//! fence (`isready`, then everything up to `readyok` is stale) before
//! each request, and the reading of each answer, with every way an engine
//! can fail turned into a [`Fault`].

use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use board_geometry::Player;
use game_records::{BoardSpec, Termination};
use kamisado_core::{Edge, Match};
use katarenga_core::Orientation;

use super::process::{EngineProcess, Event, Interrupt, LINE_LIMIT, Next};
use super::spec::EngineSpec;
use super::time::{Clocks, millis};
use crate::message::{Command, GameId, Reply, Start};
use game_spec::GameSpec;

/// How long an engine has to exit after `quit` before its group is
/// killed.
const GRACE: Duration = Duration::from_millis(200);

/// A fault of an engine: how it lost, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The termination it gives the game.
    pub kind: Termination,
    /// What happened (printable: the engine's own text is quoted, its
    /// control characters escaped, and cut short).
    pub reason: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.reason)
    }
}

pub(super) fn fault(kind: Termination, reason: impl Into<String>) -> Fault {
    Fault {
        kind,
        reason: reason.into(),
    }
}

/// `text` quoted as Rust quotes a string (control characters and NUL
/// escaped), cut to its first 100 characters.
pub(super) fn quote(text: &str) -> String {
    const MOST: usize = 100;
    match text.char_indices().nth(MOST) {
        Some((end, _)) => format!("{:?}... ({} bytes)", &text[..end], text.len()),
        None => format!("{text:?}"),
    }
}

/// What the handshake said of an engine.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Handshake {
    /// `id name`, if given.
    pub name: Option<String>,
    /// The KKP version (0 without a `protocol` line).
    pub version: u32,
    /// The games, each with the rule options it plays.
    pub games: Vec<(GameId, Vec<String>)>,
    /// The options' names.
    pub options: Vec<String>,
}

/// One seat of a run: an engine's spec and, while it runs, its process.
#[derive(Debug)]
pub(super) struct Slot {
    pub(super) spec: EngineSpec,
    process: Option<EngineProcess>,
    pub(super) handshake: Handshake,
    /// Times the engine was stopped after a fault.
    pub(super) restarts: u32,
    /// Where its standard error goes.
    stderr: Option<PathBuf>,
    interrupt: Interrupt,
    /// Lines ignored since the last request: how many, and the last.
    ignored: (u32, Option<String>),
}

impl Slot {
    pub(super) fn new(spec: EngineSpec, stderr: Option<PathBuf>, interrupt: Interrupt) -> Slot {
        Slot {
            spec,
            process: None,
            handshake: Handshake::default(),
            restarts: 0,
            stderr,
            interrupt,
            ignored: (0, None),
        }
    }

    /// The running process, started (with its handshake and options) if it
    /// is not running.
    pub(super) fn ready(&mut self, game: GameSpec, patience: Duration) -> Result<(), Fault> {
        if self.process.is_some() {
            return Ok(());
        }
        let process = EngineProcess::start(&self.spec, self.stderr.as_deref(), &self.interrupt)
            .map_err(|e| {
                fault(
                    Termination::Crash,
                    format!("cannot start {}: {e}", self.spec.program),
                )
            })?;
        self.process = Some(process);
        self.ignored = (0, None);
        if let Err(f) = self.introduce(game, patience) {
            self.reset();
            return Err(f);
        }
        Ok(())
    }

    /// The dialogue with a process just started, in this order: the
    /// handshake, the spec's options, then the questions about the game.
    /// An engine's options may decide what it plays (an old engine whose
    /// rule option a setting switches on), so nothing about the game is
    /// sent before they are set.
    fn introduce(&mut self, game: GameSpec, patience: Duration) -> Result<(), Fault> {
        self.handshake(patience)?;
        self.set_options(patience)?;
        self.check_game(game, patience)
    }

    /// Stops the process after a fault: it is started anew when needed.
    pub(super) fn reset(&mut self) {
        if let Some(p) = self.process.take() {
            p.kill();
            self.restarts += 1;
        }
    }

    /// Ends the process at the end of a run (`quit`, then its group
    /// killed).
    pub(super) fn shut_down(&mut self) {
        if let Some(p) = self.process.take() {
            p.stop(GRACE);
        }
    }

    fn process(&mut self) -> Result<&mut EngineProcess, Fault> {
        self.process
            .as_mut()
            .ok_or_else(|| fault(Termination::Crash, "not running"))
    }

    fn send(&mut self, command: &Command) -> Result<(), Fault> {
        self.process()?.send(&command.to_string()).map_err(|e| {
            fault(
                Termination::Crash,
                format!("cannot write to the engine: {e}"),
            )
        })
    }

    /// Reads replies until `accept` takes one (returns `Some`) or calls
    /// it a fault, before `deadline` (else a `late` fault). Lines a
    /// controller ignores (`Reply::read`) are counted, and so are
    /// malformed replies when `lenient`; a line longer than the limit, not
    /// UTF-8, a malformed reply (unless `lenient`), a crash or a closed
    /// output are faults.
    fn wait<T>(
        &mut self,
        deadline: Instant,
        late: Termination,
        doing: &str,
        lenient: bool,
        mut accept: impl FnMut(Reply) -> Result<Option<T>, Fault>,
    ) -> Result<T, Fault> {
        loop {
            let next = self.process()?.next(deadline);
            let line = match next {
                Next::Event(Event::Line(line)) => line,
                Next::Event(Event::TooLong(start)) => {
                    return Err(fault(
                        Termination::ProtocolError,
                        format!(
                            "sent a line longer than {LINE_LIMIT} bytes (it starts {}) while {doing}",
                            quote(&start)
                        ),
                    ));
                }
                Next::Event(Event::NotUtf8 { at, line }) => {
                    return Err(fault(
                        Termination::ProtocolError,
                        format!(
                            "sent a line that is not UTF-8 (byte {at} of {}) while {doing}",
                            quote(&line)
                        ),
                    ));
                }
                Next::Event(Event::Closed) => {
                    let how = self
                        .process()?
                        .end(GRACE)
                        .unwrap_or_else(|| "closed its output".into());
                    return Err(fault(Termination::Crash, format!("{how} while {doing}")));
                }
                Next::Event(Event::Failed(e)) => {
                    return Err(fault(
                        Termination::Crash,
                        format!("its output failed ({e}) while {doing}"),
                    ));
                }
                Next::Exited(how) => {
                    return Err(fault(
                        Termination::Crash,
                        format!("{how} while {doing} (a process it started still held its output)"),
                    ));
                }
                Next::Timeout => {
                    let mut reason = format!("no answer in time while {doing}");
                    if let (n, Some(last)) = &self.ignored {
                        reason += &format!(
                            " ({n} line{} ignored, the last {})",
                            if *n == 1 { "" } else { "s" },
                            quote(last)
                        );
                    }
                    return Err(fault(late, reason));
                }
            };
            match Reply::read(&line) {
                Ok(Some(reply)) => {
                    if let Some(done) = accept(reply)? {
                        return Ok(done);
                    }
                }
                Ok(None) => {
                    if !line.trim().is_empty() {
                        self.ignored.0 += 1;
                        self.ignored.1 = Some(line);
                    }
                }
                Err(_) if lenient => {
                    self.ignored.0 += 1;
                    self.ignored.1 = Some(line);
                }
                Err(e) => {
                    return Err(fault(
                        Termination::ProtocolError,
                        format!("sent {} ({e}) while {doing}", quote(&line)),
                    ));
                }
            }
        }
    }

    /// The handshake: `kkp`, and what the engine says of itself up to
    /// `kkpok`.
    fn handshake(&mut self, patience: Duration) -> Result<(), Fault> {
        self.send(&Command::Kkp)?;
        let deadline = Instant::now() + patience;
        let mut said = Handshake::default();
        // Until `kkpok`, lines that do not read (a banner, a game this
        // referee does not know) are passed over.
        self.wait(
            deadline,
            Termination::NoAnswer,
            "in the handshake (no kkpok)",
            true,
            |reply| {
                match reply {
                    Reply::KkpOk => return Ok(Some(())),
                    Reply::Name(name) => said.name = Some(name),
                    Reply::Protocol(version) => said.version = version,
                    Reply::Game { game, rules } => said.games.push((game, rules)),
                    Reply::Option { name, .. } => said.options.push(name),
                    _ => {}
                }
                Ok(None)
            },
        )?;
        self.handshake = said;
        Ok(())
    }

    /// Sends each option of the spec (an engine of KKP 1 must have
    /// declared it), then the fence: an `error` refuses one.
    fn set_options(&mut self, patience: Duration) -> Result<(), Fault> {
        for (name, value) in self.spec.options.clone() {
            if self.handshake.version >= 1 && !self.handshake.options.contains(&name) {
                return Err(fault(
                    Termination::ProtocolError,
                    format!(
                        "has no option {name} (its handshake declared {})",
                        list(&self.handshake.options)
                    ),
                ));
            }
            self.send(&Command::SetOption { name, value })?;
        }
        self.fence(patience, "setting its options", "an option")
    }

    /// The engine must play `game`, and its reading of the rules if that
    /// is not the default: an engine of KKP 1 declares it in its
    /// handshake; every engine is then asked to take it (`newgame` and the
    /// fence), so that one that cannot stops the run before its first
    /// game.
    fn check_game(&mut self, spec: GameSpec, patience: Duration) -> Result<(), Fault> {
        let game = spec.game();
        let Some((_, options)) = self.handshake.games.iter().find(|(g, _)| *g == game) else {
            let games: Vec<String> = self
                .handshake
                .games
                .iter()
                .map(|(g, _)| g.to_string())
                .collect();
            return Err(fault(
                Termination::ProtocolError,
                format!(
                    "does not play {game} (its handshake named {})",
                    list(&games)
                ),
            ));
        };
        let rules: Vec<String> = spec
            .option_words()
            .into_iter()
            .map(str::to_string)
            .collect();
        if rules.is_empty() {
            return Ok(());
        }
        if let Some(rule) = rules.iter().find(|r| !options.contains(r)) {
            if self.handshake.version >= 1 {
                return Err(fault(
                    Termination::ProtocolError,
                    format!(
                        "does not play {game} by the rule option {rule} (its handshake named {})",
                        list(options)
                    ),
                ));
            }
        }
        self.send(&Command::NewGame { game, rules })?;
        self.fence(patience, "taking the rule option", "the rule option")
    }

    /// Sends `isready` and reads up to `readyok`: what comes before it
    /// answers earlier requests and is passed over, but an `error`, which
    /// refuses `what` was just sent.
    fn fence(&mut self, patience: Duration, doing: &str, what: &str) -> Result<(), Fault> {
        self.send(&Command::IsReady)?;
        self.ignored = (0, None);
        let deadline = Instant::now() + patience;
        let doing = format!("{doing} (no readyok)");
        self.wait(
            deadline,
            Termination::NoAnswer,
            &doing,
            false,
            |reply| match reply {
                Reply::ReadyOk => Ok(Some(())),
                Reply::Error(e) => Err(fault(
                    Termination::ProtocolError,
                    format!("refused {what}: {}", quote(&e)),
                )),
                _ => Ok(None),
            },
        )?;
        self.ignored = (0, None);
        Ok(())
    }

    /// Starts a new game: `newgame`, then the fence.
    pub(super) fn new_game(&mut self, game: GameSpec, patience: Duration) -> Result<(), Fault> {
        self.ready(game, patience)?;
        let rules = game
            .option_words()
            .into_iter()
            .map(str::to_string)
            .collect();
        self.send(&Command::NewGame {
            game: game.game(),
            rules,
        })?;
        self.fence(patience, "starting a game", "the new game")
    }

    /// Tells an engine of KKP 1 the match state before a Kamisado round.
    pub(super) fn match_state(
        &mut self,
        game: &Match,
        round: u32,
        patience: Duration,
    ) -> Result<(), Fault> {
        if self.handshake.version == 0 {
            return Ok(());
        }
        self.send(&Command::Match {
            target: game.target().points(),
            scores: game.scores(),
            round,
        })?;
        self.fence(patience, "taking the match state", "the match state")
    }

    /// Asks for a move in `position` as `side`: its text, the clock
    /// charged.
    pub(super) fn ask_move(
        &mut self,
        position: Command,
        clocks: &mut Clocks,
        side: Player,
        patience: Duration,
    ) -> Result<String, Fault> {
        self.send(&position)?;
        self.fence(patience, "setting up the position", "the position")?;
        let started = Instant::now();
        let (go, deadline, late) = clocks.go(side, started);
        self.send(&Command::Go(go))?;
        let answer = self.wait(deadline, late, "thinking", false, |reply| match reply {
            Reply::BestMove { best: Some(mv), .. } => Ok(Some(mv)),
            Reply::BestMove { best: None, .. } => Err(fault(
                Termination::IllegalMove,
                "answered bestmove none in a position with moves",
            )),
            Reply::Error(e) => Err(fault(
                Termination::ProtocolError,
                format!("refused go: {}", quote(&e)),
            )),
            Reply::BestEdge(_) => Err(fault(
                Termination::ProtocolError,
                "answered go with bestedge",
            )),
            _ => Ok(None),
        })?;
        clocks.charge(side, started.elapsed())?;
        Ok(answer)
    }

    /// Asks `side`, the winner of the round that just ended in `game`, for
    /// the refill edge, the clock charged.
    pub(super) fn ask_edge(
        &mut self,
        game: &Match,
        clocks: &mut Clocks,
        side: Player,
        patience: Duration,
    ) -> Result<Edge, Fault> {
        self.send(&Command::Position {
            start: Start::Notation(game.position().to_string()),
            moves: Vec::new(),
        })?;
        self.fence(patience, "setting up the finished round", "the position")?;
        let started = Instant::now();
        let (think, deadline, late) = clocks.edge(side, started);
        self.send(&Command::Edge {
            target: game.target().points(),
            scores: game.scores(),
            movetime: Some(millis(think)),
        })?;
        let edge = self.wait(
            deadline,
            late,
            "choosing the edge",
            false,
            |reply| match reply {
                Reply::BestEdge(edge) => Ok(Some(edge)),
                Reply::Error(e) => Err(fault(
                    Termination::ProtocolError,
                    format!("refused the edge choice: {}", quote(&e)),
                )),
                Reply::BestMove { .. } => Err(fault(
                    Termination::ProtocolError,
                    "answered edge with bestmove",
                )),
                _ => Ok(None),
            },
        )?;
        clocks.charge_edge(side, started.elapsed())?;
        Ok(edge)
    }
}

impl Slot {
    /// Asks `side` (Black, the first player) which edge of the laid
    /// Katarenga board `laid` it sits at: `position tiles` (or the
    /// colours' start), the fence, then `orient` with the time of a
    /// choice; the clock charged. An engine of KKP 1 or 0 cannot be asked.
    pub(super) fn ask_orientation(
        &mut self,
        laid: &BoardSpec,
        clocks: &mut Clocks,
        side: Player,
        patience: Duration,
    ) -> Result<Orientation, Fault> {
        if self.handshake.version < 2 {
            return Err(fault(
                Termination::ProtocolError,
                format!(
                    "speaks KKP {}: it cannot choose the orientation (orient is KKP 2)",
                    self.handshake.version
                ),
            ));
        }
        let start = match laid {
            BoardSpec::Tiles(tiles) => Start::Tiles(*tiles),
            BoardSpec::Colours(board) => {
                Start::Notation(katarenga_core::Position::start_on(*board).to_string())
            }
        };
        self.send(&Command::Position {
            start,
            moves: Vec::new(),
        })?;
        self.fence(patience, "setting up the laid board", "the position")?;
        let started = Instant::now();
        let (think, deadline, late) = clocks.edge(side, started);
        self.send(&Command::Orient {
            movetime: Some(millis(think)),
        })?;
        let orientation = self.wait(
            deadline,
            late,
            "choosing the orientation",
            false,
            |reply| match reply {
                Reply::BestOrient(o) => Ok(Some(o)),
                Reply::Error(e) => Err(fault(
                    Termination::ProtocolError,
                    format!("refused the orientation choice: {}", quote(&e)),
                )),
                Reply::BestMove { .. } | Reply::BestEdge(_) => Err(fault(
                    Termination::ProtocolError,
                    "answered orient with another answer",
                )),
                _ => Ok(None),
            },
        )?;
        clocks.charge_choice(side, started.elapsed(), " choosing the orientation")?;
        Ok(orientation)
    }
}

/// `items` as a list for a message (`none` if empty).
fn list(items: &[String]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}
