//! The referee program: plays two KKP engines against each other (see
//! `kk-referee --help`).

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{CommandFactory, Parser, ValueEnum};
use game_protocol::referee::{
    Config, EngineSpec, Interrupt, LINE_LIMIT, OrientationRule, Referee, TimeControl, count,
    distinct_names, signed,
};
use game_protocol::setup::Opening;
use game_protocol::stats::{Sprt, Verdict};
use game_protocol::{GameId, GameSpec};

const ABOUT: &str = "Plays two engines that speak KKP (docs/protocol.md) against each other";

const AFTER_HELP: &str = "\
The game spec is the game's name and the fields that differ from its default, each
name=value: kamisado [rules={kamisado}] [layout={layout}] [target=N] (match points: a number, single,
standard, long, marathon, tile-long or tile-marathon; default 1: single rounds) [scoring={scoring}]
[refill={refill}]; katarenga [rules={katarenga}]
[board=B]; {family} (an engine of KKP 1 or later must declare the rule options it plays
besides the defaults, and every engine is asked to take them after its options; board= fixes
the board of every game on a Katarenga board: standard, four tiles such as 1f0,2b1,3f2,4f3, or
the colours field; without it random openings are on random boards, see --boards). Quote a
spec with fields: --game \"kamisado target=3\".

Each engine runs in a process group of its own, killed whole after a fault and at the
end. A fault loses the game: a crash, no answer, a late answer (past the margin), an
illegal move, a malformed reply, a line over 65536 bytes or not UTF-8; lines that are no
reply (banners) and unknown info fields are ignored. SIGINT, SIGTERM and SIGHUP stop the
engines and end the run; the records of finished games are kept.

Each engine gets its handshake, then its options, then the run's questions (the rule
option, new games): an engine's options may decide what it plays.

Exit status: 0 the run played (and --help); 1 a run that cannot start or go on: an
engine that cannot play it (checked before the first game), an openings file that cannot
be read or holds a bad opening, a records file or stderr folder that cannot be opened or
written; 2 bad arguments, or options that do not go together; 128 + the signal's number
after SIGINT, SIGTERM or SIGHUP.";

/// The help after the options, with each game's rule readings and
/// Kamisado's match options as the engine crates name them (a new value is
/// listed without an edit here).
fn after_help() -> String {
    let mut help = AFTER_HELP.to_string();
    for game in GameId::ALL {
        help = help.replace(&format!("{{{game}}}"), &game.readings().join("|"));
    }
    let family: Vec<String> = [GameId::Congress, GameId::Quebec, GameId::Isolation]
        .into_iter()
        .map(|game| {
            let fields: Vec<String> = game
                .option_fields()
                .iter()
                .map(|f| format!("[{}={}]", f.name, f.values.join("|")))
                .collect();
            format!("{game} {} [board=B]", fields.join(" "))
        })
        .collect();
    help = help.replace("{family}", &family.join("; "));
    let scoring = kamisado_core::Scoring::ALL.map(kamisado_core::Scoring::name);
    let refill = kamisado_core::Refill::ALL.map(kamisado_core::Refill::name);
    help.replace("{layout}", &GameId::Kamisado.layouts().join("|"))
        .replace("{scoring}", &scoring.join("|"))
        .replace("{refill}", &refill.join("|"))
}

/// The arguments of `kk-referee`.
#[derive(Debug, Parser)]
#[command(name = "kk-referee", about = ABOUT, after_help = after_help(), args_override_self = true)]
struct Args {
    /// The game spec: kamisado, "kamisado target=3", "katarenga rules=no-first-capture",
    /// "katarenga board=1f0,2b1,3f2,4f3" (the fields are below)
    #[arg(long, value_name = "SPEC")]
    game: GameSpec,
    /// 'name=NAME cmd=PROGRAM [arg=ARGUMENT]... [option.OPTION=VALUE]... [tc=TC]
    /// [dir=FOLDER]' (twice; the score is the first engine's);
    /// words are quoted as in a shell: cmd='/my engines/e' arg="a b"; tc= gives the
    /// engine its own time control; names default to the program's file name
    /// (kk-engine-1 and kk-engine-2 where both are alike)
    #[arg(long = "engine", value_name = "SPEC", required = true, action = clap::ArgAction::Append)]
    engines: Vec<EngineSpec>,
    /// Games to play, each opening twice with colours swapped
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: u32,
    /// 10+0.1 (clock seconds + increment), movetime=MS, nodes=N, depth=N, for both
    /// engines unless a spec has its own
    #[arg(long, value_name = "TC", default_value = "movetime=100")]
    tc: TimeControl,
    /// Games played at once, each between engine processes of its own; records and
    /// results are those of one game at a time
    #[arg(long, value_name = "N", default_value_t = 1)]
    concurrency: u32,
    /// One opening a line, as a position command's arguments (startpos | tiles 1f0 2f0
    /// 3f0 4f0 | notation POSITION) [moves ...]; '#' starts a comment; with a board
    /// in the game spec, every opening must be on it [default: random openings]
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Random plies (seeded) after each opening [default: 2 after random starts, 0
    /// after --openings or with --orientation choose]
    #[arg(long, value_name = "K")]
    plies: Option<u32>,
    /// Katarenga random openings: on random boards of tiles, or on the standard board
    /// [default: random; a board in the game spec fixes the board instead]
    #[arg(long, value_name = "B")]
    boards: Option<Boards>,
    /// Katarenga: laid (Black at the bottom of the opening's board) or choose (as the
    /// rules set a game up: the first game of each pair asks its Black engine which edge
    /// of the laid board it sits at, with KKP 2's orient, timed as an edge choice; the
    /// pair's second game is played from the same start with the sides exchanged; no
    /// random plies)
    #[arg(long, value_name = "O", default_value = "laid")]
    orientation: Orientation,
    /// Kamisado's set-up match (refill=setups): the chart of numbered set-ups, one a line
    /// (`1 NGRYKPBO`); each round starts from two drawn from it (no random plies)
    #[arg(long, value_name = "FILE")]
    setups: Option<PathBuf>,
    /// Katarenga: each pair of games is a match, a game and its rematch (the same start,
    /// the sides exchanged, points added): the records say which match and game, the
    /// report counts the matches
    #[arg(long)]
    rematch: bool,
    /// The seed of random openings and plies
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// How late past its time an answer still counts (milliseconds)
    #[arg(long, value_name = "MS", default_value_t = 100)]
    margin: u64,
    /// How long to wait without a clock: handshake, isready, go nodes/depth
    /// (milliseconds)
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    patience: u64,
    /// Katarenga: adjudicate a draw after N plies
    #[arg(long, value_name = "N", default_value_t = 1_000)]
    max_plies: u32,
    /// Katarenga: adjudicate a draw at the N-th occurrence of a position (0: never)
    #[arg(long, value_name = "N", default_value_t = 3)]
    repetitions: u32,
    /// Stop when an SPRT over the pairs of games, of elo1 E1 against elo0 E0, decides
    /// (alpha A, beta B)
    #[arg(long, value_name = "E0,E1,A,B", value_parser = sprt)]
    sprt: Option<Sprt>,
    /// Append each game's record to FILE, in the order of the games
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Keep each engine's standard error in DIR (else it is discarded)
    #[arg(long, value_name = "DIR")]
    stderr: Option<PathBuf>,
    /// The records' Event tag
    #[arg(long, value_name = "NAME", default_value = "kk-referee")]
    event: String,
    /// No progress line after each game
    #[arg(long)]
    quiet: bool,
}

/// `--boards`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Boards {
    /// Random boards of tiles.
    Random,
    /// The standard board.
    Standard,
}

/// `--orientation`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Orientation {
    /// As laid.
    Laid,
    /// Chosen by Black.
    Choose,
}

/// Why the arguments do not make a run.
enum Refused {
    /// Arguments that parse but do not go together (exit status 2).
    Usage(String),
    /// A file they name that cannot be read, or bad data in it (status 1).
    File(String),
}

/// The run the arguments describe.
fn config(args: Args) -> Result<Config, Refused> {
    let mut engines: [EngineSpec; 2] = args
        .engines
        .try_into()
        .map_err(|_| Refused::Usage("two --engine are needed".into()))?;
    distinct_names(&mut engines).map_err(|e| Refused::Usage(format!("--engine: {e}")))?;
    let mut config = Config::new(args.game, engines, args.games, args.tc);
    if let (Some(board), Some(_)) = (config.fixed_board(), args.boards) {
        return Err(Refused::Usage(format!(
            "--boards is for openings on random or standard boards: the game spec fixes the board ({board})"
        )));
    }
    config.random_boards = args.boards != Some(Boards::Standard);
    if let Some(path) = &args.openings {
        let name = path.display();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Refused::File(format!("--openings {name}: {e}")))?;
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if !line.is_empty() {
                let opening = Opening::parse(&config.spec, line)
                    .map_err(|e| Refused::File(format!("{name}, line {}: {e}", i + 1)))?;
                config.openings.push(opening);
            }
        }
        if config.openings.is_empty() {
            return Err(Refused::File(format!(
                "--openings {name}: no opening in the file"
            )));
        }
    }
    if let Some(path) = &args.setups {
        let name = path.display();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Refused::File(format!("--setups {name}: {e}")))?;
        let chart = text
            .parse::<kamisado_core::SetupChart>()
            .map_err(|e| Refused::File(format!("--setups {name}: {e}")))?;
        config.setups = Some(chart);
    }
    config.orientation = match args.orientation {
        Orientation::Laid => OrientationRule::AsLaid,
        Orientation::Choose => OrientationRule::Choose,
    };
    let choose = config.orientation == OrientationRule::Choose;
    config.random_plies = args.plies.unwrap_or(
        if config.openings.is_empty() && !choose && config.setups.is_none() {
            2
        } else {
            0
        },
    );
    config.seed = args.seed;
    config.margin = Duration::from_millis(args.margin);
    config.patience = Duration::from_millis(args.patience.max(1));
    config.adjudication.max_plies = args.max_plies.max(1);
    config.adjudication.repetitions = (args.repetitions > 0).then_some(args.repetitions);
    config.concurrency = usize::try_from(args.concurrency.max(1)).unwrap_or(1);
    config.sprt = args.sprt;
    config.records = args.records;
    config.stderr = args.stderr;
    config.event = args.event;
    config.rematch = args.rematch;
    Ok(config)
}

/// `--sprt E0,E1,A,B`.
fn sprt(value: &str) -> Result<Sprt, String> {
    let parts: Vec<f64> = value
        .split(',')
        .map(|p| {
            p.trim()
                .parse::<f64>()
                .map_err(|_| format!("{p:?} is not a number"))
        })
        .collect::<Result<_, _>>()?;
    let [elo0, elo1, alpha, beta] = parts[..] else {
        return Err("expected elo0,elo1,alpha,beta".into());
    };
    let rate = |x: f64| x > 0.0 && x < 0.5;
    if !(elo1 > elo0 && rate(alpha) && rate(beta)) {
        return Err("elo1 above elo0, alpha and beta between 0 and 0.5".into());
    }
    Ok(Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

/// Reports arguments that parse but do not go together as clap reports
/// its own usage errors (the message, the short usage, the hint to
/// `--help`): status 2.
fn usage_error(message: &str) -> ExitCode {
    let error = Args::command().error(clap::error::ErrorKind::ArgumentConflict, message);
    let _ = error.print();
    ExitCode::from(2)
}

/// Blocks SIGINT, SIGTERM and SIGHUP in this thread (and so in every
/// thread started after it; engines start with them unblocked) and
/// returns a waiter that triggers `interrupt` when one comes, with the
/// signal's number (0 until then).
#[cfg(unix)]
fn catch_signals() -> impl FnOnce(Interrupt) -> std::sync::Arc<std::sync::atomic::AtomicI32> {
    use nix::sys::signal::{SigSet, Signal};
    let mut set = SigSet::empty();
    for signal in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        set.add(signal);
    }
    let _ = set.thread_block();
    move |interrupt: Interrupt| {
        let caught = std::sync::Arc::new(std::sync::atomic::AtomicI32::new(0));
        let seen = std::sync::Arc::clone(&caught);
        std::thread::spawn(move || {
            if let Ok(signal) = set.wait() {
                say(format_args!(
                    "kk-referee: {}: stopping the engines; the records of finished games are kept",
                    signal.as_str()
                ));
                seen.store(signal as i32, std::sync::atomic::Ordering::SeqCst);
                interrupt.trigger();
            }
        });
        caught
    }
}

/// Writes a line to standard error, never panicking (a closed stderr loses
/// the line).
fn say(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The process's peak resident memory in bytes (Linux: `VmHWM`).
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let quiet = args.quiet;
    #[cfg(unix)]
    let waiter = catch_signals();
    let config = match config(args) {
        Ok(c) => c,
        Err(Refused::Usage(e)) => return usage_error(&e),
        Err(Refused::File(e)) => {
            say(format_args!("kk-referee: {e}"));
            return ExitCode::FAILURE;
        }
    };
    let rematch = config.rematch;
    let mut referee = match Referee::new(config) {
        Ok(r) => r,
        // Options that do not go together are a usage error (2); a file
        // that cannot be read or written fails the run (1).
        Err(e @ game_protocol::referee::RefereeError::Options(_)) => {
            return usage_error(&e.to_string());
        }
        Err(e) => {
            say(format_args!("kk-referee: {e}"));
            return ExitCode::FAILURE;
        }
    };
    #[cfg(unix)]
    let caught = waiter(referee.interrupt());
    let interrupted = || {
        #[cfg(unix)]
        {
            let signal = caught.load(std::sync::atomic::Ordering::SeqCst);
            (signal != 0).then(|| ExitCode::from(u8::try_from(128 + signal).unwrap_or(255)))
        }
        #[cfg(not(unix))]
        None
    };
    if let Err(e) = referee.check_engines() {
        if let Some(code) = interrupted() {
            return code;
        }
        // An engine that cannot play the run fails it before the first
        // game (1: the arguments were right).
        say(format_args!("kk-referee: {e}"));
        return ExitCode::FAILURE;
    }
    let report = referee.run(|progress| {
        if !quiet {
            say(format_args!("{progress}"));
        }
    });
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            say(format_args!("kk-referee: {e}"));
            return ExitCode::FAILURE;
        }
    };
    // The report goes out in one write whose failure (a closed stdout)
    // is not a panic: the records are written already.
    let mut text = String::new();
    let names = &report.names;
    let t = report.tally;
    let (elo, (low, high)) = t.elo();
    let _ = writeln!(text, "engines: {} vs {}", names[0], names[1]);
    let _ = writeln!(
        text,
        "games: {} ({}, {}, {} for {})",
        t.games(),
        count(t.wins.into(), "win"),
        count(t.draws.into(), "draw"),
        count(t.losses.into(), "loss"),
        names[0]
    );
    let _ = writeln!(text, "score: {:.1}%", 100.0 * t.score());
    let _ = writeln!(
        text,
        "elo: {} [{}, {}] (95%, games counted one by one)",
        signed(elo),
        signed(low),
        signed(high)
    );
    let p = report.pairs;
    if p.pairs() > 0 {
        let (elo, (low, high)) = p.elo();
        let c = p.counts;
        let _ = writeln!(
            text,
            "pairs: {} (0/0.5/1/1.5/2 points: {} {} {} {} {}), score {:.1}%, elo {} [{}, {}] (95%)",
            p.pairs(),
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            100.0 * p.score(),
            signed(elo),
            signed(low),
            signed(high)
        );
    }
    if rematch && p.pairs() > 0 {
        let c = p.counts;
        let _ = writeln!(
            text,
            "matches: {} (a game and its rematch, points added): {}, {}, {} for {}",
            p.pairs(),
            count((c[3] + c[4]).into(), "win"),
            count(c[2].into(), "tie"),
            count((c[0] + c[1]).into(), "loss"),
            names[0]
        );
    }
    match report.verdict {
        Verdict::H1 => text.push_str("sprt: H1 accepted (elo1)\n"),
        Verdict::H0 => text.push_str("sprt: H0 accepted (elo0)\n"),
        Verdict::Continue => {}
    }
    let _ = writeln!(
        text,
        "faults: {} {}, {} {} (restarts {}, {})",
        names[0],
        report.faults[0],
        names[1],
        report.faults[1],
        report.restarts[0],
        report.restarts[1]
    );
    if let Some(bytes) = peak_memory() {
        let _ = writeln!(
            text,
            "memory: {:.1} MiB at most (the referee's peak resident memory; a line is at most {} KiB)",
            bytes as f64 / f64::from(1 << 20),
            LINE_LIMIT / 1024
        );
    }
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    match interrupted() {
        Some(code) => code,
        None => ExitCode::SUCCESS,
    }
}
