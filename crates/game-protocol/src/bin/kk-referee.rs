//! The referee program: plays two KKP engines against each other (see
//! `kk-referee --help`).

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use game_protocol::GameId;
use game_protocol::referee::{
    Config, EngineSpec, Interrupt, LINE_LIMIT, OrientationRule, Referee, TimeControl, count,
    distinct_names, signed,
};
use game_protocol::setup::Opening;
use game_protocol::stats::{Sprt, Verdict};

const HELP: &str = "\
kk-referee: plays two engines that speak KKP (docs/protocol.md) against each other

usage: kk-referee --game kamisado|katarenga --engine SPEC --engine SPEC [options]

  --engine SPEC     'name=<name> cmd=<program> [arg=<argument>]... [option.<Name>=<value>]...
                    [tc=<time control>] [dir=<folder>]' (twice; the score is the first
                    engine's); words are quoted as in a shell: cmd='/my engines/e' arg=\"a b\";
                    tc= gives the engine its own time control; names default to the
                    program's file name (kk-engine-1 and kk-engine-2 where both are alike)
  --games N         games to play, each opening twice with colours swapped (default 10)
  --tc TC           10+0.1 (clock seconds + increment), movetime=<ms>, nodes=<n>, depth=<n>
                    (default movetime=100), for both engines unless a spec has its own
  --concurrency N   games played at once, each between engine processes of its own
                    (default 1); records and results are those of one game at a time
  --target T        Kamisado: play matches to T points (default 1: single rounds)
  --rules R         Katarenga: standard (default) or no-first-capture (the rules page's
                    option); an engine of KKP 1 or later must declare that it plays it,
                    and every engine is asked to take it (after its options)
  --openings FILE   one opening a line, as a position command's arguments
                    (startpos | tiles 1f0 2f0 3f0 4f0 | notation <position>) [moves ...];
                    '#' starts a comment; default: random openings
  --plies K         K random plies (seeded) after each opening (default 2 after random
                    starts, 0 after --openings)
  --boards B        Katarenga random openings: random (tiles, default) or standard
  --orientation O   Katarenga: laid (default: Black at the bottom of the opening's board) or
                    choose (as the rules set a game up: the first game of each pair asks its
                    Black engine which edge of the laid board it sits at, with KKP 2's
                    orient, timed as an edge choice; the pair's second game is played from
                    the same start with the sides exchanged; no random plies)
  --rematch         Katarenga: each pair of games is a match, a game and its rematch (the
                    same start, the sides exchanged, points added): the records say which
                    match and game, the report counts the matches
  --seed S          the seed of random openings and plies (default 1)
  --margin MS       how late past its time an answer still counts (default 100)
  --patience MS     how long to wait without a clock: handshake, isready, go nodes/depth
                    (default 10000)
  --max-plies N     Katarenga: adjudicate a draw after N plies (default 1000)
  --repetitions N   Katarenga: adjudicate a draw at the N-th occurrence of a position
                    (default 3; 0: never)
  --sprt E0,E1,A,B  stop when an SPRT over the pairs of games, of elo1 E1 against elo0 E0,
                    decides (alpha A, beta B)
  --records FILE    append each game's record to FILE, in the order of the games
  --stderr DIR      keep each engine's standard error in DIR (else it is discarded)
  --event NAME      the records' Event tag (default kk-referee)
  --quiet           no progress line after each game

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
after SIGINT, SIGTERM or SIGHUP.
";

/// Why the arguments do not make a run.
enum Refused {
    /// Bad arguments (exit status 2).
    Usage(String),
    /// A file they name that cannot be read, or bad data in it (status 1).
    File(String),
}

impl From<String> for Refused {
    fn from(message: String) -> Refused {
        Refused::Usage(message)
    }
}

impl From<&str> for Refused {
    fn from(message: &str) -> Refused {
        Refused::Usage(message.to_string())
    }
}

/// The run, and whether to print progress.
fn parse_args(args: &[String]) -> Result<(Config, bool), Refused> {
    let mut game = None;
    let mut engines = Vec::new();
    let mut games = 10;
    let mut time = TimeControl::MoveTime(Duration::from_millis(100));
    let mut rest: Vec<(String, String)> = Vec::new();
    let mut quiet = false;
    let mut rules = katarenga_core::Rules::Standard;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == "--quiet" {
            quiet = true;
            continue;
        }
        if arg == "--rematch" {
            rest.push((arg.clone(), String::new()));
            continue;
        }
        let value = iter
            .next()
            .ok_or_else(|| format!("{arg} needs a value"))?
            .clone();
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{arg}: {v:?} is not a whole number"))
        };
        match arg.as_str() {
            "--game" => game = Some(value.parse::<GameId>().map_err(|e| e.to_string())?),
            "--rules" => {
                rules = value.parse().map_err(|e| format!("--rules {value}: {e}"))?;
            }
            "--engine" => engines.push(
                value
                    .parse::<EngineSpec>()
                    .map_err(|e| format!("--engine: {e}"))?,
            ),
            "--games" => {
                games =
                    u32::try_from(number(&value)?).map_err(|_| "--games: too many".to_string())?;
            }
            "--tc" => time = value.parse().map_err(|e| format!("--tc: {e}"))?,
            _ => rest.push((arg.clone(), value)),
        }
    }
    let game = game.ok_or("--game kamisado|katarenga is needed")?;
    let mut engines: [EngineSpec; 2] = engines
        .try_into()
        .map_err(|_| "two --engine are needed".to_string())?;
    distinct_names(&mut engines).map_err(|e| format!("--engine: {e}"))?;
    let mut config = Config::new(game, engines, games, time);
    if rules != katarenga_core::Rules::Standard && game != GameId::Katarenga {
        return Err(format!("--rules {rules} is a Katarenga option").into());
    }
    config.rules = rules;
    let mut plies = None;
    for (arg, value) in rest {
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{arg}: {v:?} is not a whole number"))
        };
        let small =
            |v: &str| u32::try_from(number(v)?).map_err(|_| format!("{arg}: {v} is too large"));
        match arg.as_str() {
            "--target" => {
                config.target = small(&value)?;
                if config.target == 0 || game != GameId::Kamisado {
                    return Err("--target is a positive score, for kamisado".into());
                }
            }
            "--openings" => {
                let text = std::fs::read_to_string(&value)
                    .map_err(|e| Refused::File(format!("--openings {value}: {e}")))?;
                for (i, line) in text.lines().enumerate() {
                    let line = line.split('#').next().unwrap_or("").trim();
                    if !line.is_empty() {
                        config.openings.push(
                            Opening::parse(game, rules, line).map_err(|e| {
                                Refused::File(format!("{value}, line {}: {e}", i + 1))
                            })?,
                        );
                    }
                }
                if config.openings.is_empty() {
                    return Err(Refused::File(format!(
                        "--openings {value}: no opening in the file"
                    )));
                }
            }
            "--plies" => plies = Some(small(&value)?),
            "--boards" => {
                config.random_boards = match value.as_str() {
                    "random" => true,
                    "standard" => false,
                    _ => {
                        return Err(format!("--boards: {value:?} is not random or standard").into());
                    }
                };
            }
            "--seed" => config.seed = number(&value)?,
            "--margin" => config.margin = Duration::from_millis(number(&value)?),
            "--patience" => config.patience = Duration::from_millis(number(&value)?.max(1)),
            "--max-plies" => config.adjudication.max_plies = small(&value)?.max(1),
            "--repetitions" => {
                let n = small(&value)?;
                config.adjudication.repetitions = (n > 0).then_some(n);
            }
            "--concurrency" => {
                config.concurrency = usize::try_from(small(&value)?.max(1)).unwrap_or(1);
            }
            "--sprt" => config.sprt = Some(sprt(&value)?),
            "--records" => config.records = Some(value.into()),
            "--stderr" => config.stderr = Some(value.into()),
            "--event" => config.event = value,
            "--rematch" => config.rematch = true,
            "--orientation" => {
                config.orientation = match value.as_str() {
                    "laid" => OrientationRule::AsLaid,
                    "choose" => OrientationRule::Choose,
                    _ => {
                        return Err(
                            format!("--orientation: {value:?} is not laid or choose").into()
                        );
                    }
                };
            }
            _ => return Err(format!("unknown option {arg}").into()),
        }
    }
    let choose = config.orientation == OrientationRule::Choose;
    config.random_plies = plies.unwrap_or(if config.openings.is_empty() && !choose {
        2
    } else {
        0
    });
    Ok((config, quiet))
}

fn sprt(value: &str) -> Result<Sprt, String> {
    let parts: Vec<f64> = value
        .split(',')
        .map(|p| {
            p.trim()
                .parse::<f64>()
                .map_err(|_| format!("--sprt: {p:?} is not a number"))
        })
        .collect::<Result<_, _>>()?;
    let [elo0, elo1, alpha, beta] = parts[..] else {
        return Err("--sprt takes elo0,elo1,alpha,beta".into());
    };
    let rate = |x: f64| x > 0.0 && x < 0.5;
    if !(elo1 > elo0 && rate(alpha) && rate(beta)) {
        return Err("--sprt: elo1 above elo0, alpha and beta between 0 and 0.5".into());
    }
    Ok(Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    })
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        let _ = std::io::stdout().lock().write_all(HELP.as_bytes());
        return ExitCode::SUCCESS;
    }
    #[cfg(unix)]
    let waiter = catch_signals();
    let (config, quiet) = match parse_args(&args) {
        Ok(c) => c,
        Err(Refused::Usage(e)) => {
            say(format_args!("kk-referee: {e} (see `kk-referee --help`)"));
            return ExitCode::from(2);
        }
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
            say(format_args!("kk-referee: {e} (see `kk-referee --help`)"));
            return ExitCode::from(2);
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
