//! The referee: plays two engine programs against each other over the
//! protocol, each opening twice with the colours swapped, with clocks,
//! the project's adjudication, records written as it goes, and the score,
//! Elo and SPRT. A fault (a crash, silence, a late or illegal move,
//! garbage) loses the game for the engine at fault, is recorded with its
//! reason, and the engine is restarted for the next game.

use std::collections::HashMap;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use board_geometry::{Player, SplitMix64};
use game_records::{
    Annotated, BoardSpec, Header, KamisadoRecord, KamisadoRound, KatarengaRecord, RecordResult,
    Termination,
};
use game_search::SearchGame;
use game_search::arena::Adjudication;
use kamisado_core::{Edge, Match, MatchState, Target};
use katarenga_core::{Rules, TilePlacement};

use crate::message::{Command, GameKind, Go, Reply, Start};
use crate::stats::{Sprt, Tally, Verdict};

type Kamisado = kamisado_core::Position;
type Katarenga = katarenga_core::Position;

/// How to start an engine: `name=<name> cmd=<program> [arg=<argument>]...
/// [option.<Name>=<value>]...`, words separated by spaces (an argument or
/// value cannot hold one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in the records and the report.
    pub name: String,
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Options set after the handshake, in order.
    pub options: Vec<(String, String)>,
}

impl FromStr for EngineSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec {
            name: String::new(),
            program: String::new(),
            args: Vec::new(),
            options: Vec::new(),
        };
        for word in s.split_whitespace() {
            let (key, value) = word.split_once('=').ok_or_else(|| {
                format!("{word:?}: expected key=value (name, cmd, arg, option.<Name>)")
            })?;
            match key {
                "name" => spec.name = value.to_string(),
                "cmd" => spec.program = value.to_string(),
                "arg" => spec.args.push(value.to_string()),
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => {
                        spec.options.push((name.to_string(), value.to_string()));
                    }
                    _ => {
                        return Err(format!(
                            "{word:?}: unknown key {key:?} (name, cmd, arg, option.<Name>)"
                        ));
                    }
                },
            }
        }
        if spec.program.is_empty() {
            return Err(format!("{s:?}: no cmd=<program>"));
        }
        if spec.name.is_empty() {
            spec.name = spec
                .program
                .rsplit('/')
                .next()
                .unwrap_or(&spec.program)
                .to_string();
        }
        Ok(spec)
    }
}

/// How long engines may think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock for each side for the whole game (a Kamisado match: the
    /// whole match), with an increment after each move: a flag fall
    /// loses.
    Clock {
        /// The starting time.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// A fixed time a move: an answer later than this plus the margin
    /// loses on time.
    MoveTime(Duration),
    /// A fixed number of nodes a move (`go nodes`).
    Nodes(u64),
    /// A fixed depth a move (`go depth`).
    Depth(u32),
}

impl FromStr for TimeControl {
    type Err = String;

    /// `10+0.1` (seconds and increment), `movetime=100` (ms),
    /// `nodes=20000`, `depth=6`.
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let seconds = |v: &str| {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0 && *x < 1e9)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| format!("{v:?} is not a number of seconds"))
        };
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{v:?} is not a number"))
        };
        if let Some(v) = s.strip_prefix("movetime=") {
            return Ok(TimeControl::MoveTime(Duration::from_millis(number(v)?)));
        }
        if let Some(v) = s.strip_prefix("nodes=") {
            return Ok(TimeControl::Nodes(number(v)?.max(1)));
        }
        if let Some(v) = s.strip_prefix("depth=") {
            let depth = u32::try_from(number(v)?).map_err(|_| format!("{v:?} is too deep"))?;
            return Ok(TimeControl::Depth(depth.max(1)));
        }
        let (base, increment) = s.split_once('+').unwrap_or((s, "0"));
        let base = seconds(base).map_err(|e| format!("time control {s:?}: {e}"))?;
        if base.is_zero() {
            return Err(format!("time control {s:?}: the clock needs some time"));
        }
        Ok(TimeControl::Clock {
            base,
            increment: seconds(increment).map_err(|e| format!("time control {s:?}: {e}"))?,
        })
    }
}

/// Where a game starts: a Kamisado position, or a Katarenga position with
/// the board as the records give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    /// A Kamisado position (a match starts its first round there).
    Kamisado(Kamisado),
    /// A Katarenga position on a board.
    Katarenga {
        /// The board, as tiles where known.
        board: BoardSpec,
        /// The position.
        position: Katarenga,
    },
}

impl Opening {
    /// Reads an opening as the arguments of a `position` command
    /// (`startpos`, `tiles ...` or `notation ...`, then `moves ...`).
    ///
    /// # Errors
    /// A message naming what is wrong.
    pub fn parse(game: GameKind, rules: Rules, line: &str) -> Result<Opening, String> {
        let command: Command = format!("position {line}")
            .parse()
            .map_err(|e| format!("{line:?}: {e}"))?;
        let Command::Position { start, moves } = command else {
            return Err(format!("{line:?}: not a position"));
        };
        Opening::set_up(game, rules, start, &moves).map_err(|e| format!("{line:?}: {e}"))
    }

    /// The position a `position` command sets up in `game`: `start`, then
    /// `moves`, each checked (the engine's and the referee's one reading).
    /// Katarenga's `startpos` and `tiles` start by `rules` (a `notation`
    /// start carries its own pending first moves); Kamisado has no option.
    ///
    /// # Errors
    /// Why the start cannot be read or a move is illegal (with its number
    /// from 1).
    pub fn set_up(
        game: GameKind,
        rules: Rules,
        start: Start,
        moves: &[String],
    ) -> Result<Opening, String> {
        match game {
            GameKind::Kamisado => {
                let start = match start {
                    Start::StartPos => Kamisado::start(),
                    Start::Notation(n) => n.parse().map_err(|e| format!("{n:?}: {e}"))?,
                    Start::Tiles(_) => return Err("tiles are for katarenga".into()),
                };
                Ok(Opening::Kamisado(replay(start, moves)?))
            }
            GameKind::Katarenga => {
                let (board, start) = match start {
                    Start::StartPos => {
                        let tiles = TilePlacement::arrangement(0)
                            .unwrap_or([TilePlacement::new(katarenga_core::Tile::One); 4]);
                        (
                            BoardSpec::Tiles(tiles),
                            Katarenga::start_with(katarenga_core::Board::standard(), rules),
                        )
                    }
                    Start::Tiles(tiles) => {
                        let board =
                            katarenga_core::Board::from_tiles(tiles).map_err(|e| e.to_string())?;
                        (BoardSpec::Tiles(tiles), Katarenga::start_with(board, rules))
                    }
                    Start::Notation(n) => {
                        let p: Katarenga = n.parse().map_err(|e| format!("{n:?}: {e}"))?;
                        (BoardSpec::Colours(*p.board()), p)
                    }
                };
                let position = replay(start, moves)?;
                Ok(Opening::Katarenga { board, position })
            }
        }
    }

    /// An opening of `plies` random moves (seeded) from the start, on a
    /// random board of tiles for Katarenga when `random_board` (and by
    /// `rules`); never a position where the side to move can end the game
    /// at once.
    #[must_use]
    pub fn random(
        game: GameKind,
        rules: Rules,
        plies: u32,
        random_board: bool,
        rng: &mut SplitMix64,
    ) -> Opening {
        match game {
            GameKind::Kamisado => Opening::Kamisado(random_plies(Kamisado::start(), plies, rng)),
            GameKind::Katarenga => {
                let index = if random_board {
                    u32::try_from(rng.below(TilePlacement::ARRANGEMENTS as usize)).unwrap_or(0)
                } else {
                    0
                };
                let tiles = TilePlacement::arrangement(index)
                    .unwrap_or([TilePlacement::new(katarenga_core::Tile::One); 4]);
                let board = katarenga_core::Board::from_tiles(tiles).unwrap_or_default();
                Opening::Katarenga {
                    board: BoardSpec::Tiles(tiles),
                    position: random_plies(Katarenga::start_with(board, rules), plies, rng),
                }
            }
        }
    }

    fn game(&self) -> GameKind {
        match self {
            Opening::Kamisado(_) => GameKind::Kamisado,
            Opening::Katarenga { .. } => GameKind::Katarenga,
        }
    }

    fn side_to_move(&self) -> Player {
        match self {
            Opening::Kamisado(p) => p.side_to_move(),
            Opening::Katarenga { position, .. } => position.side_to_move(),
        }
    }
}

/// `start` after `moves`, each checked: why the first bad one is refused,
/// with its number from 1.
fn replay<G: SearchGame>(start: G, moves: &[String]) -> Result<G, String> {
    let mut position = start;
    for (i, text) in moves.iter().enumerate() {
        let mv: G::Move = text
            .parse()
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        position = position
            .try_play(mv)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
    }
    Ok(position)
}

/// `plies` random moves from `start` after which the side to move cannot
/// win at once (fewer where no move is left that does not).
fn random_plies<G: SearchGame>(start: G, plies: u32, rng: &mut SplitMix64) -> G {
    let mut p = start;
    for _ in 0..plies {
        let quiet = |next: &G| {
            next.outcome().is_none()
                && next
                    .legal_moves()
                    .iter()
                    .all(|&m| next.play(m).outcome().is_none())
        };
        let moves: Vec<G::Move> = p
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| quiet(&p.play(m)))
            .collect();
        match rng.choose(&moves) {
            Some(&m) => p = p.play(m),
            None => break,
        }
    }
    p
}

/// What a referee run is.
#[derive(Debug, Clone)]
pub struct Config {
    /// The game.
    pub game: GameKind,
    /// The two engines; the report's score is the first one's.
    pub engines: [EngineSpec; 2],
    /// Openings played, each twice (colours swapped): `games / 2` of them.
    pub games: u32,
    /// Kamisado: the match target (1: single rounds).
    pub target: u32,
    /// Openings to play in turn; empty: random ones.
    pub openings: Vec<Opening>,
    /// Random openings: this many random plies from the start.
    pub random_plies: u32,
    /// Random Katarenga openings on random boards of tiles (else the
    /// standard board).
    pub random_boards: bool,
    /// The seed of the random openings.
    pub seed: u64,
    /// How long engines may think.
    pub time: TimeControl,
    /// How far past its time an answer still counts (the pipes' delay).
    pub margin: Duration,
    /// How long to wait for an answer that has no clock (handshake,
    /// `isready`, `go nodes`, `go depth`) before the engine loses by not
    /// answering.
    pub patience: Duration,
    /// Katarenga's adjudication.
    pub adjudication: Adjudication,
    /// Stop early by an SPRT.
    pub sprt: Option<Sprt>,
    /// Append each game's record to this file as it ends.
    pub records: Option<PathBuf>,
    /// The records' `Event` tag.
    pub event: String,
    /// Katarenga's rules (sent with `newgame` and written in the records).
    pub rules: Rules,
}

impl Config {
    /// A run of `games` games of `game` between `engines` at `time`, with
    /// the defaults: single Kamisado rounds, random openings of 2 plies
    /// (seed 1) on random Katarenga boards, a margin of 100 ms, patience
    /// of 10 s, the default adjudication, no SPRT, no records.
    #[must_use]
    pub fn new(game: GameKind, engines: [EngineSpec; 2], games: u32, time: TimeControl) -> Config {
        Config {
            game,
            engines,
            games,
            target: 1,
            openings: Vec::new(),
            random_plies: 2,
            random_boards: true,
            seed: 1,
            time,
            margin: Duration::from_millis(100),
            patience: Duration::from_secs(10),
            adjudication: Adjudication::default(),
            sprt: None,
            records: None,
            event: "kk-referee".into(),
            rules: Rules::Standard,
        }
    }
}

/// A fault of an engine: how it lost, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The termination it gives the game.
    pub kind: Termination,
    /// What happened.
    pub reason: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.reason)
    }
}

fn fault(kind: Termination, reason: impl Into<String>) -> Fault {
    Fault {
        kind,
        reason: reason.into(),
    }
}

/// A running engine program.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    fn start(spec: &EngineSpec) -> io::Result<Process> {
        let mut child = std::process::Command::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(io::Error::other("no pipes to the engine"));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, command: &Command) -> Result<(), Fault> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| {
                fault(
                    Termination::Crash,
                    format!("cannot write to the engine: {e}"),
                )
            })
    }

    /// Reads replies until `accept` takes one (returns `Some`) or says it
    /// is a fault, before `deadline`.
    fn wait<T>(
        &mut self,
        deadline: Instant,
        late: Termination,
        what: &str,
        mut accept: impl FnMut(Reply) -> Result<Option<T>, Fault>,
    ) -> Result<T, Fault> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.trim().is_empty() => {}
                Ok(line) => {
                    let reply: Reply = line.parse().map_err(|e| {
                        fault(
                            Termination::ProtocolError,
                            format!("sent {line:?} ({e}) while {what}"),
                        )
                    })?;
                    if let Some(done) = accept(reply)? {
                        return Ok(done);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(fault(late, format!("no answer in time while {what}")));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // The output closes just before the process ends.
                    let mut status = None;
                    for _ in 0..50 {
                        status = self.child.try_wait().ok().flatten();
                        if status.is_some() {
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(4));
                    }
                    let how = status.map_or_else(
                        || "closed its output".to_string(),
                        |s| format!("exited ({s})"),
                    );
                    return Err(fault(Termination::Crash, format!("{how} while {what}")));
                }
            }
        }
    }

    /// Sends `isready` and waits for `readyok` (`doing`: what the engine
    /// is at, for the fault's reason); an `error` before it means the
    /// engine refused `what` was just sent.
    fn ready(&mut self, deadline: Instant, doing: &str, what: &str) -> Result<(), Fault> {
        self.send(&Command::IsReady)?;
        self.wait(
            deadline,
            Termination::NoAnswer,
            doing,
            |reply| match reply {
                Reply::ReadyOk => Ok(Some(())),
                Reply::Error(e) => Err(fault(
                    Termination::ProtocolError,
                    format!("refused {what}: {e}"),
                )),
                _ => Ok(None),
            },
        )
    }

    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One of the two engines: its program, and the process while it runs.
struct Slot {
    spec: EngineSpec,
    process: Option<Process>,
    restarts: u32,
}

impl Slot {
    /// The running process, started (with its handshake and options) if
    /// it is not running.
    fn ready(&mut self, game: GameKind, patience: Duration) -> Result<&mut Process, Fault> {
        if self.process.is_none() {
            let mut process = Process::start(&self.spec).map_err(|e| {
                fault(
                    Termination::Crash,
                    format!("cannot start {}: {e}", self.spec.program),
                )
            })?;
            match handshake(&mut process, &self.spec, game, patience) {
                Ok(()) => self.process = Some(process),
                Err(f) => {
                    process.kill();
                    self.restarts += 1;
                    return Err(f);
                }
            }
        }
        self.process
            .as_mut()
            .ok_or_else(|| fault(Termination::Crash, "not running"))
    }

    /// Stops the process after a fault: it is started anew when needed.
    fn reset(&mut self) {
        if let Some(p) = self.process.take() {
            p.kill();
            self.restarts += 1;
        }
    }
}

/// The handshake and the options of a process just started.
fn handshake(
    process: &mut Process,
    spec: &EngineSpec,
    game: GameKind,
    patience: Duration,
) -> Result<(), Fault> {
    process.send(&Command::Kkp)?;
    let deadline = Instant::now() + patience;
    let mut games = Vec::new();
    process.wait(
        deadline,
        Termination::NoAnswer,
        "in the handshake",
        |reply| {
            Ok(match reply {
                Reply::Game(g) => {
                    games.push(g);
                    None
                }
                Reply::KkpOk => Some(()),
                _ => None,
            })
        },
    )?;
    if !games.contains(&game) {
        return Err(fault(
            Termination::ProtocolError,
            format!("does not play {game} (its handshake named {games:?})"),
        ));
    }
    for (name, value) in &spec.options {
        process.send(&Command::SetOption {
            name: name.clone(),
            value: value.clone(),
        })?;
    }
    process.ready(deadline, "setting its options", "an option")
}

/// A game as it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// The game's number, from 1.
    pub number: u32,
    /// The engine (0 or 1 as in the config) that played the side to move
    /// in the opening.
    pub first: usize,
    /// The winning engine, if any.
    pub winner: Option<usize>,
    /// How it ended.
    pub termination: Termination,
    /// The fault's reason, if it ended by one.
    pub reason: Option<String>,
    /// The record's text.
    pub record: String,
}

/// Where a run stands, after each game.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// Games played.
    pub games: u32,
    /// Games due.
    pub total: u32,
    /// The first engine's results.
    pub tally: Tally,
    /// The last game.
    pub last: GameReport,
    /// The SPRT's log-likelihood ratio and bounds, if one runs.
    pub llr: Option<(f64, (f64, f64))>,
    /// The engines' names.
    pub names: [String; 2],
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.tally;
        let (elo, (low, high)) = t.elo();
        let result = match self.last.winner {
            Some(w) => format!("{} wins", self.names[w]),
            None => "draw".into(),
        };
        write!(
            f,
            "game {}/{}: {result} ({}) | {}-{}-{} (W-D-L) score {:.1}% Elo {} [{}, {}]",
            self.games,
            self.total,
            self.last.termination,
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            signed(elo),
            signed(low),
            signed(high)
        )?;
        if let Some((llr, (a, b))) = self.llr {
            write!(f, " LLR {llr:.2} [{a:.2}, {b:.2}]")?;
        }
        Ok(())
    }
}

/// An Elo figure with its sign, `+inf` or `-inf` at the ends.
#[must_use]
pub fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{elo:+.0}")
    }
}

/// What a run came to.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The first engine's results.
    pub tally: Tally,
    /// The SPRT's verdict (`Continue` without one, or if it did not end).
    pub verdict: Verdict,
    /// How many times each engine was stopped after a fault (it is
    /// started anew, with its handshake, when next needed).
    pub restarts: [u32; 2],
    /// Games lost by each engine through a fault.
    pub faults: [u32; 2],
    /// The names the records give the engines.
    pub names: [String; 2],
}

/// Today's date as a record writes it (`YYYY.MM.DD`, UTC).
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    // Howard Hinnant's civil-from-days, for days since 1970-01-01.
    let z = i64::try_from(days).unwrap_or(0) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The clocks of a game.
struct Clocks {
    time: TimeControl,
    left: [Duration; 2],
    margin: Duration,
    patience: Duration,
}

impl Clocks {
    fn new(config: &Config) -> Clocks {
        let base = match config.time {
            TimeControl::Clock { base, .. } => base,
            _ => Duration::ZERO,
        };
        Clocks {
            time: config.time,
            left: [base; 2],
            margin: config.margin,
            patience: config.patience,
        }
    }

    /// The `go` command for `side` and the deadline of its answer.
    fn go(&self, side: Player) -> (Go, Instant, Termination) {
        let now = Instant::now();
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        match self.time {
            TimeControl::Clock { increment, .. } => (
                Go {
                    time: self.left.map(|d| Some(ms(d))),
                    increment: [Some(ms(increment)); 2],
                    ..Go::default()
                },
                now + self.left[side.index()] + self.margin,
                Termination::TimeForfeit,
            ),
            TimeControl::MoveTime(t) => (
                Go {
                    movetime: Some(ms(t)),
                    ..Go::default()
                },
                now + t + self.margin,
                Termination::TimeForfeit,
            ),
            TimeControl::Nodes(n) => (
                Go {
                    nodes: Some(n),
                    ..Go::default()
                },
                now + self.patience,
                Termination::NoAnswer,
            ),
            TimeControl::Depth(d) => (
                Go {
                    depth: Some(d),
                    ..Go::default()
                },
                now + self.patience,
                Termination::NoAnswer,
            ),
        }
    }

    /// Charges `spent` to `side`'s clock: a flag fall is a fault.
    fn charge(&mut self, side: Player, spent: Duration) -> Result<(), Fault> {
        match self.time {
            TimeControl::Clock { increment, .. } => {
                let left = &mut self.left[side.index()];
                if spent > *left {
                    return Err(fault(
                        Termination::TimeForfeit,
                        format!(
                            "flag fell: {} ms used with {} ms left",
                            spent.as_millis(),
                            left.as_millis()
                        ),
                    ));
                }
                *left = *left - spent + increment;
            }
            TimeControl::MoveTime(t) if spent > t + self.margin => {
                return Err(fault(
                    Termination::TimeForfeit,
                    format!(
                        "answered after {} ms for a move time of {} ms",
                        spent.as_millis(),
                        t.as_millis()
                    ),
                ));
            }
            _ => {}
        }
        Ok(())
    }

    /// The thinking time of an edge choice.
    fn edge_time(&self, side: Player) -> Duration {
        match self.time {
            TimeControl::Clock { increment, .. } => self.left[side.index()] / 20 + increment / 2,
            TimeControl::MoveTime(t) => t,
            TimeControl::Nodes(_) | TimeControl::Depth(_) => Duration::from_millis(200),
        }
    }
}

/// A referee run.
pub struct Referee {
    config: Config,
    slots: [Slot; 2],
    records: Option<File>,
    faults: [u32; 2],
    names: [String; 2],
}

impl fmt::Debug for Referee {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Referee")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl Referee {
    /// A referee for `config`: opens the records file (appending).
    ///
    /// # Errors
    /// A message if an opening is of the other game or the records file
    /// cannot be opened.
    pub fn new(config: Config) -> Result<Referee, String> {
        if let Some(o) = config.openings.iter().find(|o| o.game() != config.game) {
            return Err(format!(
                "the opening {o:?} is not a {} position",
                config.game
            ));
        }
        let records = match &config.records {
            Some(path) => Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
            ),
            None => None,
        };
        let names = [
            config.engines[0].name.clone(),
            config.engines[1].name.clone(),
        ];
        let slots = config.engines.clone().map(|spec| Slot {
            spec,
            process: None,
            restarts: 0,
        });
        Ok(Referee {
            config,
            slots,
            records,
            faults: [0, 0],
            names,
        })
    }

    /// Starts both engines once (handshake and options), so that a
    /// misconfigured run stops before its first game.
    ///
    /// # Errors
    /// Which engine failed, and how.
    pub fn check_engines(&mut self) -> Result<(), String> {
        let (game, patience) = (self.config.game, self.config.patience);
        for slot in &mut self.slots {
            if let Err(f) = slot.ready(game, patience) {
                slot.reset();
                return Err(format!("engine {}: {f}", slot.spec.name));
            }
        }
        Ok(())
    }

    /// Plays the run, calling `progress` after each game.
    ///
    /// # Errors
    /// A message if a record cannot be written.
    pub fn run(&mut self, mut progress: impl FnMut(&Progress)) -> Result<Report, String> {
        let mut rng = SplitMix64::new(self.config.seed);
        let mut tally = Tally::default();
        let mut verdict = Verdict::Continue;
        let mut number = 0;
        let mut opening = None;
        while number < self.config.games && verdict == Verdict::Continue {
            let pair = number / 2;
            if number % 2 == 0 {
                opening = Some(if self.config.openings.is_empty() {
                    Opening::random(
                        self.config.game,
                        self.config.rules,
                        self.config.random_plies,
                        self.config.random_boards,
                        &mut rng,
                    )
                } else {
                    self.config.openings[pair as usize % self.config.openings.len()]
                });
            }
            let Some(opening) = opening else { break };
            number += 1;
            let first = usize::from(number % 2 == 0);
            let report = self.play(number, opening, first);
            if let Some(file) = &mut self.records {
                writeln!(file, "{}", report.record)
                    .and_then(|()| file.flush())
                    .map_err(|e| format!("cannot write a record: {e}"))?;
            }
            match report.winner {
                Some(0) => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
            let llr = self.config.sprt.map(|sprt| {
                verdict = sprt.verdict(&tally);
                (tally.llr(sprt.elo0, sprt.elo1), sprt.bounds())
            });
            progress(&Progress {
                games: number,
                total: self.config.games,
                tally,
                last: report,
                llr,
                names: self.names.clone(),
            });
        }
        for slot in &mut self.slots {
            if let Some(p) = &mut slot.process {
                let _ = p.send(&Command::Quit);
            }
            slot.process = None;
        }
        Ok(Report {
            tally,
            verdict,
            restarts: [self.slots[0].restarts, self.slots[1].restarts],
            faults: self.faults,
            names: self.names.clone(),
        })
    }

    /// Plays one game (a Kamisado match or round, a Katarenga game):
    /// engine `first` plays the side to move in the opening.
    fn play(&mut self, number: u32, opening: Opening, first: usize) -> GameReport {
        // The engine of each colour, Black's first.
        let mover = opening.side_to_move();
        let mut engine_of = [0usize; 2];
        engine_of[mover.index()] = first;
        engine_of[mover.opponent().index()] = 1 - first;
        let mut header = Header {
            event: self.config.event.clone(),
            site: "kk-referee".into(),
            date: today(),
            black: self.names[engine_of[0]].clone(),
            white: self.names[engine_of[1]].clone(),
            other: vec![("Game".into(), number.to_string())],
        };
        let (termination, winner, reason, record) = match opening {
            Opening::Kamisado(start) => self.kamisado(start, engine_of, &mut header),
            Opening::Katarenga { board, position } => {
                self.katarenga(board, position, engine_of, &mut header)
            }
        };
        if let Some(loser) = winner
            .filter(|_| termination.is_forfeit())
            .map(|w: Player| engine_of[w.opponent().index()])
        {
            self.faults[loser] += 1;
            self.slots[loser].reset();
        }
        GameReport {
            number,
            first,
            winner: winner.map(|w| engine_of[w.index()]),
            termination,
            reason,
            record,
        }
    }

    /// Asks the engine of `side` for a move: returns its text.
    fn ask_move(
        &mut self,
        engine: usize,
        position: Command,
        clocks: &mut Clocks,
        side: Player,
    ) -> Result<String, Fault> {
        let game = self.config.game;
        let patience = self.config.patience;
        let process = self.slots[engine].ready(game, patience)?;
        process.send(&position)?;
        let (go, deadline, late) = clocks.go(side);
        let started = Instant::now();
        process.send(&Command::Go(go))?;
        let answer = process.wait(deadline, late, "thinking", |reply| match reply {
            Reply::BestMove(Some(mv)) => Ok(Some(mv)),
            Reply::BestMove(None) => Err(fault(
                Termination::IllegalMove,
                "answered bestmove none in a position with moves",
            )),
            Reply::Error(e) => Err(fault(
                Termination::ProtocolError,
                format!("refused the position or go: {e}"),
            )),
            Reply::Info(_) => Ok(None),
            other => Err(fault(
                Termination::ProtocolError,
                format!("sent {other} while thinking"),
            )),
        });
        let answer = answer?;
        clocks.charge(side, started.elapsed())?;
        Ok(answer)
    }

    /// Starts a new game on both engines.
    fn new_game(&mut self, engine: usize) -> Result<(), Fault> {
        let (game, patience) = (self.config.game, self.config.patience);
        let process = self.slots[engine].ready(game, patience)?;
        let rules = match (game, self.config.rules) {
            (GameKind::Katarenga, Rules::NoFirstCapture) => vec![Rules::NoFirstCapture.to_string()],
            _ => Vec::new(),
        };
        process.send(&Command::NewGame { game, rules })?;
        process.ready(Instant::now() + patience, "starting a game", "the new game")
    }

    fn kamisado(
        &mut self,
        start: Kamisado,
        engine_of: [usize; 2],
        header: &mut Header,
    ) -> (Termination, Option<Player>, Option<String>, String) {
        let target = Target::new(self.config.target).unwrap_or(Target::SINGLE_ROUND);
        let mut record = KamisadoRecord::new(target);
        record.header = header.clone();
        record.rounds[0] = KamisadoRound::new(start);
        let mut clocks = Clocks::new(&self.config);
        let outcome: Result<Player, (Player, Fault)> = (|| {
            for side in Player::ALL {
                self.new_game(engine_of[side.index()])
                    .map_err(|f| (side, f))?;
            }
            let mut game = Match::resume(target, start, [0, 0], 1).map_err(|e| {
                (
                    start.side_to_move(),
                    fault(Termination::ProtocolError, e.to_string()),
                )
            })?;
            loop {
                match game.state() {
                    MatchState::Over { winner } => return Ok(winner),
                    MatchState::InRound => {
                        // The record has a round for every round begun.
                        let round_start = record.rounds.last().map_or(start, |r| r.start);
                        let moves = record
                            .rounds
                            .last()
                            .map(|r| r.moves.iter().map(|m| m.mv.to_string()).collect())
                            .unwrap_or_default();
                        let side = game.position().side_to_move();
                        let command = Command::Position {
                            start: Start::Notation(round_start.to_string()),
                            moves,
                        };
                        let text = self
                            .ask_move(engine_of[side.index()], command, &mut clocks, side)
                            .map_err(|f| (side, f))?;
                        let played = text
                            .parse::<kamisado_core::Move>()
                            .map_err(|e| e.to_string())
                            .and_then(|mv| {
                                game.play(mv).map(|s| (mv, s)).map_err(|e| e.to_string())
                            });
                        let (mv, summary) = played.map_err(|e| {
                            (
                                side,
                                fault(Termination::IllegalMove, format!("played {text}: {e}")),
                            )
                        })?;
                        if let Some(round) = record.rounds.last_mut() {
                            round.moves.push(Annotated::new(mv));
                            round.summary = summary;
                        }
                    }
                    MatchState::ChooseEdge { chooser } => {
                        let edge = self
                            .ask_edge(engine_of[chooser.index()], &game, &mut clocks, chooser)
                            .map_err(|f| (chooser, f))?;
                        // The state is `ChooseEdge`: the edge is taken.
                        let _ = game.choose_edge(edge);
                        if let Some(round) = record.rounds.last_mut() {
                            round.edge = Some(edge);
                        }
                        record.rounds.push(KamisadoRound::new(*game.position()));
                    }
                }
            }
        })();
        let (termination, winner, reason) = match outcome {
            Ok(winner) => (Termination::Normal, winner, None),
            Err((loser, f)) => (f.kind, loser.opponent(), Some(f.reason)),
        };
        record.termination = termination;
        record.result = RecordResult::Win(winner);
        if let Some(reason) = &reason {
            let name = self.names[engine_of[winner.opponent().index()]].clone();
            record
                .header
                .other
                .push(("Reason".into(), format!("{name}: {reason}")));
        }
        debug_assert!(record.validate().is_ok(), "{:?}", record.validate());
        (termination, Some(winner), reason, record.to_string())
    }

    fn ask_edge(
        &mut self,
        engine: usize,
        game: &Match,
        clocks: &mut Clocks,
        side: Player,
    ) -> Result<Edge, Fault> {
        let (kind, patience) = (self.config.game, self.config.patience);
        let think = clocks.edge_time(side);
        let process = self.slots[engine].ready(kind, patience)?;
        process.send(&Command::Position {
            start: Start::Notation(game.position().to_string()),
            moves: Vec::new(),
        })?;
        let started = Instant::now();
        process.send(&Command::Edge {
            target: game.target().points(),
            scores: game.scores(),
            movetime: Some(u64::try_from(think.as_millis()).unwrap_or(u64::MAX)),
        })?;
        let deadline = started + think + clocks.margin.max(Duration::from_millis(100)) * 2;
        let edge = process.wait(
            deadline,
            Termination::TimeForfeit,
            "choosing the edge",
            |reply| match reply {
                Reply::BestEdge(edge) => Ok(Some(edge)),
                Reply::Info(_) => Ok(None),
                Reply::Error(e) => Err(fault(
                    Termination::ProtocolError,
                    format!("refused the edge choice: {e}"),
                )),
                other => Err(fault(
                    Termination::ProtocolError,
                    format!("sent {other} while choosing the edge"),
                )),
            },
        )?;
        if let TimeControl::Clock { .. } = clocks.time {
            clocks.charge(side, started.elapsed())?;
        }
        Ok(edge)
    }

    fn katarenga(
        &mut self,
        board: BoardSpec,
        start: Katarenga,
        engine_of: [usize; 2],
        header: &mut Header,
    ) -> (Termination, Option<Player>, Option<String>, String) {
        let mut record = KatarengaRecord::new(board);
        record.header = header.clone();
        record.rules = self.config.rules;
        let rules = self.config.rules;
        if board.board().map(|b| Katarenga::start_with(b, rules)).ok() != Some(start) {
            record.start = Some(start);
        }
        let mut clocks = Clocks::new(&self.config);
        let adjudication = self.config.adjudication;
        let outcome: Result<(Termination, Option<Player>), (Player, Fault)> = (|| {
            for side in Player::ALL {
                self.new_game(engine_of[side.index()])
                    .map_err(|f| (side, f))?;
            }
            let mut position = start;
            let mut seen: HashMap<Katarenga, u32> = HashMap::new();
            seen.insert(position, 1);
            loop {
                if let Some(outcome) = position.outcome() {
                    return Ok((Termination::Normal, Some(outcome.winner())));
                }
                if record.moves.len() >= adjudication.max_plies as usize {
                    return Ok((Termination::PlyLimit, None));
                }
                let side = position.side_to_move();
                let command = Command::Position {
                    start: Start::Notation(start.to_string()),
                    moves: record.moves.iter().map(|m| m.mv.to_string()).collect(),
                };
                let text = self
                    .ask_move(engine_of[side.index()], command, &mut clocks, side)
                    .map_err(|f| (side, f))?;
                let played = text
                    .parse::<katarenga_core::Move>()
                    .map_err(|e| e.to_string())
                    .and_then(|mv| {
                        position
                            .try_play(mv)
                            .map(|p| (mv, p))
                            .map_err(|e| e.to_string())
                    });
                let (mv, next) = played.map_err(|e| {
                    (
                        side,
                        fault(Termination::IllegalMove, format!("played {text}: {e}")),
                    )
                })?;
                record.moves.push(Annotated::new(mv));
                position = next;
                let count = seen.entry(position).or_insert(0);
                *count += 1;
                if adjudication
                    .repetitions
                    .is_some_and(|limit| *count >= limit)
                {
                    return Ok((Termination::Repetition, None));
                }
            }
        })();
        let (termination, winner, reason) = match outcome {
            Ok((t, w)) => (t, w, None),
            Err((loser, f)) => (
                f.kind,
                Some(loser.opponent()),
                Some(format!(
                    "{}: {}",
                    self.names[engine_of[loser.index()]],
                    f.reason
                )),
            ),
        };
        record.termination = termination;
        record.result = winner.map_or(RecordResult::Draw, RecordResult::Win);
        if let Some(reason) = &reason {
            record.header.other.push(("Reason".into(), reason.clone()));
        }
        debug_assert!(record.validate().is_ok(), "{:?}", record.validate());
        (termination, winner, reason, record.to_string())
    }
}
