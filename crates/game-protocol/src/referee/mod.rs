//! The referee: plays two engine programs against each other over KKP,
//! each opening twice with the colours swapped (a pair), with clocks (one
//! time control for both engines or one each), the project's
//! adjudication, records written in the order of the games as they end,
//! and the score, Elo and SPRT, over single games and over pairs. Games
//! may run several at once (`concurrency`), each between engine processes
//! of its own, with the same records and results as one at a time.
//!
//! Whatever an engine does, the run goes on: a fault (a crash, silence, a
//! late or illegal move, a line over 64 KiB, a line that is not UTF-8, a
//! malformed reply) loses that game for the engine at fault, with its
//! reason in the record; the engine's whole process group is killed (its
//! forks and the program behind a shell wrapper too), and it is started
//! anew for the next game. Memory stays bounded: an engine's lines wait
//! in a queue of 64 lines of at most 64 KiB. Each `go`, `edge`, `newgame`
//! and `match` is preceded by a fence (`isready`, and everything up to
//! `readyok` is stale), so that every answer belongs to its request.

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::{Condvar, Mutex, mpsc};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use board_geometry::{Player, SplitMix64};
use game_search::play::Adjudication;
use game_spec::{BoardSetup, GameSpec};
use kamisado_core::Target;
use katarenga_core::{Orientation, Rules};

use crate::message::GameId;
use crate::setup::{Opening, SetupError};
use crate::stats::{Pentanomial, Sprt, Tally, Verdict};

mod controller;
mod game;
mod process;
mod report;
mod session;
mod spec;
mod time;

pub use controller::Controller;
pub use process::{Interrupt, LINE_LIMIT};
pub use report::{GameReport, Progress, Report, count, signed};
pub use session::{Fault, Handshake};
pub use spec::{EngineSpec, SpecError, distinct_names};
pub use time::{TimeControl, TimeControlError};

use session::Slot;

/// What a referee run is.
#[derive(Debug, Clone)]
pub struct Config {
    /// The game, under which rules, from which set-up: Kamisado's match
    /// target; Katarenga's rules (sent with `newgame` and written in the
    /// records) and board. A board other than the standard one is the
    /// board of every game: random openings start on it (so
    /// [`Config::random_boards`] has no effect) and the openings given must
    /// be on it.
    pub spec: GameSpec,
    /// The two engines; the report's score is the first one's. An
    /// engine's own time control (`tc=`) replaces [`Config::time`] for it.
    pub engines: [EngineSpec; 2],
    /// Games to play, each opening twice (colours swapped).
    pub games: u32,
    /// Openings to play in turn; empty: random ones.
    pub openings: Vec<Opening>,
    /// Random plies played (seeded) after each opening, random or chosen.
    pub random_plies: u32,
    /// Random Katarenga openings on random boards of tiles (else the
    /// standard board), when the spec's board is the standard one (another
    /// board in the spec fixes the board of every game).
    pub random_boards: bool,
    /// The seed of the random openings and plies.
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
    /// Stop early by an SPRT over the pairs.
    pub sprt: Option<Sprt>,
    /// Write each game's record to this file (appending), in the order of
    /// the games.
    pub records: Option<PathBuf>,
    /// The records' `Event` tag.
    pub event: String,
    /// Games played at once, each between two engine processes of its own.
    pub concurrency: usize,
    /// Keep each engine's standard error in this folder (one file an
    /// engine and seat, appended); else it is discarded.
    pub stderr: Option<PathBuf>,
    /// Kamisado's set-up match (the spec's `refill=setups`): the chart of
    /// numbered set-ups each round's start is drawn from, Black drawing
    /// for the first round and each round's loser for the next (seeded by
    /// the run's seed and the game's number). Its games start from the
    /// set-ups: no random plies, no openings.
    pub setups: Option<kamisado_core::SetupChart>,
    /// Katarenga: how the laid board is oriented ([`Orientation`]).
    pub orientation: OrientationRule,
    /// Katarenga: each pair of games is a match of a game and its rematch
    /// (the same start, the sides exchanged, points added): the records
    /// say so and the report counts the matches.
    pub rematch: bool,
}

impl Config {
    /// The game (the spec's).
    #[must_use]
    pub fn game(&self) -> GameId {
        self.spec.game()
    }

    /// Katarenga's rules (the standard ones for Kamisado, whose reading
    /// the spec's start carries: [`GameSpec::start`]).
    #[must_use]
    pub fn rules(&self) -> Rules {
        match self.spec {
            GameSpec::Katarenga { rules, .. } => rules,
            _ => Rules::Standard,
        }
    }

    /// Kamisado's match options (the defaults for Katarenga).
    #[must_use]
    pub fn match_options(&self) -> kamisado_core::MatchOptions {
        match self.spec {
            GameSpec::Kamisado { options, .. } => options,
            _ => kamisado_core::MatchOptions::default(),
        }
    }

    /// Kamisado's match target (a single round for Katarenga).
    #[must_use]
    pub fn target(&self) -> Target {
        match self.spec {
            GameSpec::Kamisado { target, .. } => target,
            _ => Target::SINGLE_ROUND,
        }
    }

    /// The board the spec fixes for every game on a Katarenga board:
    /// `None` for the standard board (random openings may then be on
    /// random boards) and for Kamisado.
    #[must_use]
    pub fn fixed_board(&self) -> Option<BoardSetup> {
        self.spec.board().filter(|b| *b != BoardSetup::Standard)
    }
}

/// How a Katarenga game's board is oriented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OrientationRule {
    /// As laid: the opening's board, Black at its bottom edge.
    #[default]
    AsLaid,
    /// As the rules set a game up: the first game of each pair asks its
    /// Black engine (`orient`, KKP 2) which edge of the laid board it sits
    /// at; the second game of the pair (the rematch) is played from the
    /// same start with the sides exchanged. The openings are starts: no
    /// random plies.
    Choose,
}

impl Config {
    /// A run of `games` games of `spec` between `engines` at `time`, with
    /// the defaults: random openings of 2 plies (seed 1), on random
    /// Katarenga boards unless the spec fixes one, a margin of 100 ms,
    /// patience of 10 s, the default adjudication, no SPRT, no records,
    /// one game at a time.
    #[must_use]
    pub fn new(spec: GameSpec, engines: [EngineSpec; 2], games: u32, time: TimeControl) -> Config {
        Config {
            spec,
            engines,
            games,
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
            concurrency: 1,
            stderr: None,
            setups: None,
            orientation: OrientationRule::AsLaid,
            rematch: false,
        }
    }
}

/// Why a run cannot start or go on.
#[derive(Debug, thiserror::Error)]
pub enum RefereeError {
    /// An opening of the other game.
    #[error(transparent)]
    Opening(#[from] SetupError),
    /// The records file cannot be opened or written.
    #[error("records {path}: {source}")]
    Records {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// The folder for the engines' standard error cannot be made.
    #[error("stderr folder {path}: {source}")]
    Stderr {
        /// The folder.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// Options that do not go together.
    #[error("{0}")]
    Options(String),
    /// An engine that cannot play the run (checked before the first game).
    #[error("engine {name}: {fault}")]
    Engine {
        /// Its name.
        name: String,
        /// What went wrong.
        fault: Fault,
    },
}

/// A referee run.
pub struct Referee {
    config: Config,
    choices: Choices,
    /// Two seats for each game played at once.
    seats: Vec<[Slot; 2]>,
    records: Option<File>,
    interrupt: Interrupt,
}

impl std::fmt::Debug for Referee {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Referee")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

/// A game handed to a worker: its number, opening, and the engine that
/// plays the side to move.
type Job = (u32, Opening, usize);

impl Referee {
    /// A referee for `config`: checks the openings' game, opens the
    /// records file (appending) and makes the standard error folder.
    ///
    /// # Errors
    /// [`RefereeError`]: what is wrong.
    pub fn new(config: Config) -> Result<Referee, RefereeError> {
        let katarenga = config.game() == GameId::Katarenga;
        if config.orientation == OrientationRule::Choose {
            if !katarenga {
                return Err(RefereeError::Options(
                    "the orientation is chosen in katarenga only".into(),
                ));
            }
            if config.random_plies > 0 {
                return Err(RefereeError::Options(
                    "the orientation is chosen at the start: no random plies (plies 0)".into(),
                ));
            }
            if let Some(o) = config.openings.iter().find(|o| !o.is_start()) {
                return Err(RefereeError::Options(format!(
                    "the orientation is chosen at the start: the opening {o} is not one"
                )));
            }
        }
        let setup_match = matches!(
            config.spec,
            GameSpec::Kamisado { options, .. } if options.refill == kamisado_core::Refill::Setups
        );
        match (setup_match, &config.setups) {
            (true, None) => {
                return Err(RefereeError::Options(
                    "refill=setups draws each round's start from a chart: give it (--setups FILE)"
                        .into(),
                ));
            }
            (false, Some(_)) => {
                return Err(RefereeError::Options(
                    "a chart of set-ups is for the set-up match: kamisado refill=setups".into(),
                ));
            }
            (true, Some(_)) if config.random_plies > 0 || !config.openings.is_empty() => {
                return Err(RefereeError::Options(
                    "a set-up match starts from the set-ups drawn: no openings, no random plies (--plies 0)".into(),
                ));
            }
            _ => {}
        }
        if config.rematch && (!katarenga || config.games % 2 == 1) {
            return Err(RefereeError::Options(
                "a rematch is played in katarenga, with an even number of games (each match is a game and its rematch)".into(),
            ));
        }
        if let Some(o) = config.openings.iter().find(|o| o.game() != config.game()) {
            return Err(SetupError::WrongGame {
                opening: o.to_string(),
                found: o.game(),
                expected: config.game(),
            }
            .into());
        }
        if let Some(board) = config.fixed_board() {
            if let Some(o) = config.openings.iter().find(|o| !o.is_on(board.board())) {
                return Err(RefereeError::Options(format!(
                    "the opening {o} is not on the game's board {board}"
                )));
            }
        }
        let records = match &config.records {
            Some(path) => Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|source| RefereeError::Records {
                        path: path.clone(),
                        source,
                    })?,
            ),
            None => None,
        };
        if let Some(dir) = &config.stderr {
            std::fs::create_dir_all(dir).map_err(|source| RefereeError::Stderr {
                path: dir.clone(),
                source,
            })?;
        }
        let interrupt = Interrupt::new();
        let workers = config.concurrency.clamp(1, config.games.max(1) as usize);
        let seats = (0..workers)
            .map(|w| {
                [0, 1].map(|e| {
                    let spec = config.engines[e].clone();
                    let log = config.stderr.as_ref().map(|dir| {
                        let name: String = spec
                            .name
                            .chars()
                            .map(|c| {
                                if c.is_alphanumeric() || "-_.".contains(c) {
                                    c
                                } else {
                                    '_'
                                }
                            })
                            .collect();
                        dir.join(format!("{name}.{}.{}.log", e + 1, w + 1))
                    });
                    Slot::new(spec, log, interrupt.clone())
                })
            })
            .collect();
        Ok(Referee {
            config,
            choices: Choices::new(interrupt.clone()),
            seats,
            records,
            interrupt,
        })
    }

    /// The handle that stops this run from another thread.
    #[must_use]
    pub fn interrupt(&self) -> Interrupt {
        self.interrupt.clone()
    }

    /// Starts both engines once (the handshake, the options, then the game
    /// and its rules), so that a run an engine cannot play stops before
    /// its first game.
    ///
    /// # Errors
    /// [`RefereeError::Engine`]: which engine failed, and how.
    pub fn check_engines(&mut self) -> Result<(), RefereeError> {
        let c = &self.config;
        let (game, patience) = (c.spec, c.patience);
        let choose = c.orientation == OrientationRule::Choose;
        if let Some(seats) = self.seats.first_mut() {
            for slot in seats.iter_mut() {
                let mut checked = slot.ready(game, patience);
                if checked.is_ok() && choose && slot.handshake.version < 2 {
                    checked = Err(session::fault(
                        game_records::Termination::ProtocolError,
                        format!(
                            "speaks KKP {}: it cannot choose the orientation (orient is KKP 2)",
                            slot.handshake.version
                        ),
                    ));
                }
                if let Err(fault) = checked {
                    slot.reset();
                    return Err(RefereeError::Engine {
                        name: slot.spec.name.clone(),
                        fault,
                    });
                }
            }
        }
        Ok(())
    }

    /// Plays the run, calling `progress` after each game (in the order of
    /// the games).
    ///
    /// # Errors
    /// [`RefereeError::Records`] if a record cannot be written.
    pub fn run(&mut self, mut progress: impl FnMut(&Progress)) -> Result<Report, RefereeError> {
        let config = &self.config;
        let interrupt = &self.interrupt;
        let choices = &self.choices;
        let names = config.engines.each_ref().map(|e| e.name.clone());
        let mut standing = Standing {
            tally: Tally::default(),
            pairs: Pentanomial::default(),
            verdict: Verdict::Continue,
            faults: [0, 0],
            restarts: [0, 0],
            half: None,
        };
        let mut rng = SplitMix64::new(config.seed);
        let mut opening = None;
        // Games 2k-1 and 2k share an opening, colours swapped; openings
        // are drawn in the order of the games, whoever plays them.
        let next_opening = move |number: u32| -> Opening {
            if number % 2 == 1 {
                opening = None;
            }
            *opening.get_or_insert_with(|| {
                if let (Some(chart), Opening::Kamisado(game)) = (
                    &config.setups,
                    Opening::random(&config.spec, 0, false, &mut rng),
                ) {
                    // Black draws the first round's set-ups, and opens.
                    let start = chart
                        .draw(&mut rng)
                        .start(chart, Player::Black)
                        .map_or(game, |p| p.with_game_of(&game));
                    Opening::Kamisado(start)
                } else if config.openings.is_empty() {
                    Opening::random(
                        &config.spec,
                        config.random_plies,
                        config.random_boards,
                        &mut rng,
                    )
                } else {
                    let pair = (number - 1) / 2;
                    config.openings[pair as usize % config.openings.len()]
                        .with_random_plies(config.random_plies, &mut rng)
                }
            })
        };
        let records = &mut self.records;
        let mut write = |report: &GameReport| -> Result<(), RefereeError> {
            if let (Some(file), Some(path)) = (records.as_mut(), &config.records) {
                writeln!(file, "{}", report.record)
                    .and_then(|()| file.flush())
                    .map_err(|source| RefereeError::Records {
                        path: path.clone(),
                        source,
                    })?;
            }
            Ok(())
        };
        let mut outcome = Ok(());
        std::thread::scope(|scope| {
            let (results, finished) = mpsc::channel::<(usize, GameReport, bool)>();
            let mut queues = Vec::new();
            for (w, seats) in self.seats.iter_mut().enumerate() {
                let (jobs, queue) = mpsc::channel::<Job>();
                let results = results.clone();
                scope.spawn(move || {
                    for (number, opening, first) in queue {
                        let report = game::play(config, seats, number, opening, first, choices);
                        if results.send((w, report, interrupt.is_triggered())).is_err() {
                            break;
                        }
                    }
                    for slot in seats.iter_mut() {
                        slot.shut_down();
                    }
                });
                queues.push(Some(jobs));
            }
            drop(results);
            let mut schedule = Schedule {
                queues,
                games: config.games,
                dispatched: 0,
                in_flight: 0,
                next_opening,
            };
            for w in 0..schedule.queues.len() {
                schedule.next(w, !interrupt.is_triggered());
            }
            // Games finished, by number, until their turn to be counted
            // (`None`: not to be counted).
            let mut done: BTreeMap<u32, Option<GameReport>> = BTreeMap::new();
            let mut counted = 0u32;
            // The SPRT decided, or a record could not be written: the
            // games after are not counted (as in a sequential run).
            let mut decided = false;
            while schedule.in_flight > 0 {
                let Ok((w, report, interrupted)) = finished.recv() else {
                    break;
                };
                schedule.in_flight -= 1;
                // A game that ended by a fault after an interrupt may be
                // the interrupt's doing: not recorded.
                let keep = !(interrupted && report.termination.is_forfeit());
                done.insert(report.number, keep.then_some(report));
                while let Some(entry) = done.remove(&(counted + 1)) {
                    counted += 1;
                    let Some(report) = entry.filter(|_| !decided) else {
                        // A game not counted breaks its pair.
                        standing.half = None;
                        continue;
                    };
                    if let Err(e) = write(&report) {
                        outcome = Err(e);
                        decided = true;
                        continue;
                    }
                    standing.add(&report, config.sprt);
                    decided = standing.verdict != Verdict::Continue;
                    progress(&Progress {
                        games: standing.tally.games(),
                        total: config.games,
                        tally: standing.tally,
                        pairs: standing.pairs,
                        last: report,
                        llr: config
                            .sprt
                            .map(|s| (standing.pairs.llr(s.elo0, s.elo1), s.bounds())),
                        names: names.clone(),
                    });
                }
                schedule.next(w, !decided && !interrupt.is_triggered());
            }
            // Closing the queues ends the workers, which stop their engines.
            schedule.queues.clear();
        });
        outcome?;
        Ok(Report {
            tally: standing.tally,
            pairs: standing.pairs,
            verdict: standing.verdict,
            restarts: standing.restarts,
            faults: standing.faults,
            names,
            interrupted: self.interrupt.is_triggered(),
        })
    }
}

/// The orientation chosen in the first game of each pair, for its
/// rematch (the pair's second game, which may run at the same time on
/// another worker).
#[derive(Debug)]
struct Choices {
    /// By pair (from 1): the orientation, `None` if Black could not choose.
    chosen: Mutex<HashMap<u32, Option<Orientation>>>,
    ready: Condvar,
    interrupt: Interrupt,
}

impl Choices {
    fn new(interrupt: Interrupt) -> Choices {
        Choices {
            chosen: Mutex::new(HashMap::new()),
            ready: Condvar::new(),
            interrupt,
        }
    }

    /// Keeps pair `pair`'s choice (the first one given: a game that ended
    /// before its choice says `None` afterwards, which changes nothing once
    /// the choice is made).
    fn put(&self, pair: u32, orientation: Option<Orientation>) {
        if let Ok(mut chosen) = self.chosen.lock() {
            chosen.entry(pair).or_insert(orientation);
        }
        self.ready.notify_all();
    }

    /// Pair `pair`'s choice, once made (`None`: none was made, or the run
    /// was interrupted first).
    fn wait(&self, pair: u32) -> Option<Orientation> {
        let Ok(mut chosen) = self.chosen.lock() else {
            return None;
        };
        loop {
            if let Some(&o) = chosen.get(&pair) {
                return o;
            }
            if self.interrupt.is_triggered() {
                return None;
            }
            chosen = match self.ready.wait_timeout(chosen, Duration::from_millis(50)) {
                Ok((guard, _)) => guard,
                Err(_) => return None,
            };
        }
    }
}

/// The games handed to the workers.
struct Schedule<F> {
    /// Each worker's queue, `None` once closed.
    queues: Vec<Option<mpsc::Sender<Job>>>,
    /// Games due.
    games: u32,
    /// Games handed out.
    dispatched: u32,
    /// Games handed out and not finished.
    in_flight: usize,
    next_opening: F,
}

impl<F: FnMut(u32) -> Opening> Schedule<F> {
    /// Hands worker `w` the next game if `more` are wanted and due, else
    /// closes its queue.
    fn next(&mut self, w: usize, more: bool) {
        if more && self.dispatched < self.games {
            let number = self.dispatched + 1;
            let opening = (self.next_opening)(number);
            let first = usize::from(number % 2 == 0);
            if let Some(Some(queue)) = self.queues.get(w) {
                if queue.send((number, opening, first)).is_ok() {
                    self.dispatched = number;
                    self.in_flight += 1;
                    return;
                }
            }
        }
        if let Some(queue) = self.queues.get_mut(w) {
            *queue = None;
        }
    }
}

/// The results so far, in the order of the games.
struct Standing {
    tally: Tally,
    pairs: Pentanomial,
    verdict: Verdict,
    faults: [u32; 2],
    restarts: [u32; 2],
    /// The first engine's half-points in the first game of a pair whose
    /// second game is due.
    half: Option<u32>,
}

impl Standing {
    fn add(&mut self, report: &GameReport, sprt: Option<Sprt>) {
        match report.winner {
            Some(0) => self.tally.wins += 1,
            Some(_) => self.tally.losses += 1,
            None => self.tally.draws += 1,
        }
        for e in 0..2 {
            self.faults[e] += report.faults[e];
            self.restarts[e] += report.restarts[e];
        }
        if report.number % 2 == 1 {
            self.half = Some(report.half_points());
        } else if let Some(first) = self.half.take() {
            self.pairs.add(first + report.half_points());
            if let Some(sprt) = sprt {
                self.verdict = sprt.verdict_pairs(&self.pairs);
            }
        }
    }
}

/// Today's date as a record writes it (`YYYY.MM.DD`, UTC).
fn today() -> String {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(0));
    game_records::Header::date_of(ms)
}
