//! The referee program: plays two KKP engines against each other (see
//! `kk-referee --help`).

use std::process::ExitCode;
use std::time::Duration;

use game_protocol::GameKind;
use game_protocol::referee::{Config, EngineSpec, Opening, Referee, TimeControl, signed};
use game_protocol::stats::{Sprt, Verdict};

const HELP: &str = "\
kk-referee: plays two engines that speak KKP (docs/protocol.md) against each other

usage: kk-referee --game kamisado|katarenga --engine SPEC --engine SPEC [options]

  --engine SPEC     'name=<name> cmd=<program> [arg=<argument>]... [option.<Name>=<value>]...'
                    (twice; the score is the first engine's)
  --games N         games to play, each opening twice with colours swapped (default 10)
  --tc TC           10+0.1 (clock seconds + increment), movetime=<ms>, nodes=<n>, depth=<n>
                    (default movetime=100)
  --target T        Kamisado: play matches to T points (default 1: single rounds)
  --rules R         Katarenga: standard (default) or no-first-capture (the rules page's option)
  --openings FILE   one opening a line, as a position command's arguments
                    (startpos | tiles 1f0 2f0 3f0 4f0 | notation <position>) [moves ...];
                    '#' starts a comment; default: random openings
  --plies K         random openings: K random plies from the start (default 2)
  --boards B        Katarenga random openings: random (tiles, default) or standard
  --seed S          the random openings' seed (default 1)
  --margin MS       how late past its time an answer still counts (default 100)
  --patience MS     how long to wait without a clock: handshake, isready, go nodes/depth (default 10000)
  --max-plies N     Katarenga: adjudicate a draw after N plies (default 1000)
  --repetitions N   Katarenga: adjudicate a draw at the N-th occurrence of a position (default 3; 0: never)
  --sprt E0,E1,A,B  stop when an SPRT of elo1 E1 against elo0 E0 decides (alpha A, beta B)
  --records FILE    append each game's record to FILE as it ends
  --event NAME      the records' Event tag (default kk-referee)
  --quiet           no progress line after each game
";

fn parse_args(args: &[String]) -> Result<(Config, bool), String> {
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
        let value = iter
            .next()
            .ok_or_else(|| format!("{arg} needs a value (see --help)"))?
            .clone();
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{arg}: {v:?} is not a number"))
        };
        match arg.as_str() {
            "--game" => game = Some(value.parse::<GameKind>()?),
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
                    u32::try_from(number(&value)?).map_err(|_| "--games: too many".to_string())?
            }
            "--tc" => time = value.parse().map_err(|e| format!("--tc: {e}"))?,
            _ => rest.push((arg.clone(), value)),
        }
    }
    let game = game.ok_or("--game kamisado|katarenga is needed (see --help)")?;
    let engines: [EngineSpec; 2] = engines
        .try_into()
        .map_err(|_| "two --engine are needed (see --help)".to_string())?;
    let mut config = Config::new(game, engines, games, time);
    if rules != katarenga_core::Rules::Standard && game != GameKind::Katarenga {
        return Err("--rules no-first-capture is a Katarenga option".into());
    }
    config.rules = rules;
    for (arg, value) in rest {
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{arg}: {v:?} is not a number"))
        };
        let small =
            |v: &str| u32::try_from(number(v)?).map_err(|_| format!("{arg}: {v} is too large"));
        match arg.as_str() {
            "--target" => {
                config.target = small(&value)?;
                if config.target == 0 || game != GameKind::Kamisado {
                    return Err("--target is a positive score, for kamisado".into());
                }
            }
            "--openings" => {
                let text = std::fs::read_to_string(&value)
                    .map_err(|e| format!("--openings {value}: {e}"))?;
                for (i, line) in text.lines().enumerate() {
                    let line = line.split('#').next().unwrap_or("").trim();
                    if !line.is_empty() {
                        config.openings.push(
                            Opening::parse(game, rules, line)
                                .map_err(|e| format!("{value}, line {}: {e}", i + 1))?,
                        );
                    }
                }
                if config.openings.is_empty() {
                    return Err(format!("--openings {value}: no opening in the file"));
                }
            }
            "--plies" => config.random_plies = small(&value)?,
            "--boards" => {
                config.random_boards = match value.as_str() {
                    "random" => true,
                    "standard" => false,
                    _ => return Err(format!("--boards: {value:?} is not random or standard")),
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
            "--sprt" => {
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
                config.sprt = Some(Sprt {
                    elo0,
                    elo1,
                    alpha,
                    beta,
                });
            }
            "--records" => config.records = Some(value.into()),
            "--event" => config.event = value,
            _ => return Err(format!("unknown option {arg} (see --help)")),
        }
    }
    Ok((config, quiet))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    let (config, quiet) = match parse_args(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("kk-referee: {e}");
            return ExitCode::from(2);
        }
    };
    let names = [
        config.engines[0].name.clone(),
        config.engines[1].name.clone(),
    ];
    let mut referee = match Referee::new(config) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("kk-referee: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = referee.check_engines() {
        eprintln!("kk-referee: {e}");
        return ExitCode::from(2);
    }
    let report = referee.run(|progress| {
        if !quiet {
            eprintln!("{progress}");
        }
    });
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            eprintln!("kk-referee: {e}");
            return ExitCode::FAILURE;
        }
    };
    let t = report.tally;
    let (elo, (low, high)) = t.elo();
    println!("engines: {} vs {}", names[0], names[1]);
    println!(
        "games: {} ({} wins, {} draws, {} losses for {})",
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        names[0]
    );
    println!("score: {:.1}%", 100.0 * t.score());
    println!(
        "elo: {} [{}, {}] (95%)",
        signed(elo),
        signed(low),
        signed(high)
    );
    match report.verdict {
        Verdict::H1 => println!("sprt: H1 accepted (elo1)"),
        Verdict::H0 => println!("sprt: H0 accepted (elo0)"),
        Verdict::Continue => {}
    }
    println!(
        "faults: {} {}, {} {} (restarts {}, {})",
        names[0],
        report.faults[0],
        names[1],
        report.faults[1],
        report.restarts[0],
        report.restarts[1]
    );
    ExitCode::SUCCESS
}
