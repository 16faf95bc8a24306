//! Solves Kamisado rounds and Katarenga positions: who wins with best play,
//! in how many plies, with a best move and the principal variation; writes
//! Kamisado proof certificates; and solves files of positions and the table
//! of Black's first moves.
//!
//! ```text
//! cargo run --release --example solve -- [POSITION] [--certificate FILE]
//! cargo run --release --example solve -- --positions FILE [--movetime MS]
//! cargo run --release --example solve -- --first-moves [--certificates DIR]
//! ```
//!
//! The proof uses the rules exactly as `kamisado-core` defines them (passes,
//! deadlocks and pushes included). A proof-number search proves who wins;
//! an iterative-deepening proof search then finds the exact length.

use kamisado_core::Game;
use std::process::ExitCode;
use std::time::Duration;

use game_search::Limits;
use game_search::SearchGame;
use game_search::proof::{Solution, Solver};
use kamisado_core::Position;
use kamisado_katarenga::{CliError, Progress, chain, count, number, value};

const USAGE: &str = "usage: solve [POSITION] [options]

Proves who wins a Kamisado round with best play (default: the start of a match), or a
Katarenga position, and in how many plies (the winner as fast as possible, the loser as
slow as possible). Katarenga has no draw rule: a position neither side can force a win
from within the limits stays unknown.
  POSITION           a position in the Kamisado or the Katarenga notation (one argument)
  --certificate FILE write a proof certificate of the winning strategy to FILE
  --positions FILE   solve each position of FILE (one per line) and print
                     '<position> ; <winner or unknown> ; <plies> ; <best move> ; <nodes> ; <seconds>'
  --first-moves      solve every first move from the start; print a Markdown table
  --certificates DIR with --first-moves: write a certificate per first move into DIR
  --movetime MS      give up on a position after MS milliseconds (default 60000)
  --table-mib M      table size in MiB (default 512)";

/// A position of either game.
#[derive(Clone, Copy)]
enum Either {
    Kamisado(Position),
    Katarenga(katarenga_core::Position),
}

/// Reads a position of either game: Kamisado's notation first.
fn either(text: &str) -> Result<Either, String> {
    match text.parse::<Position>() {
        Ok(p) => Ok(Either::Kamisado(p)),
        Err(kamisado) => text
            .parse::<katarenga_core::Position>()
            .map(Either::Katarenga)
            .map_err(|katarenga| {
                format!(
                    "neither a Kamisado position ({}) nor a Katarenga position ({})",
                    chain(&kamisado),
                    chain(&katarenga)
                )
            }),
    }
}

struct Options {
    position: Either,
    certificate: Option<String>,
    positions: Option<String>,
    first_moves: bool,
    certificates: Option<String>,
    /// The time allowed a position.
    time: Duration,
    table_mib: usize,
}

fn parse(args: &[String]) -> Result<Options, CliError> {
    let mut options = Options {
        position: Either::Kamisado(Position::start()),
        certificate: None,
        positions: None,
        first_moves: false,
        certificates: None,
        time: Duration::from_secs(60),
        table_mib: 512,
    };
    let mut iter = args.iter();
    let mut positional = Vec::new();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--movetime" => {
                options.time = Duration::from_millis(number(arg, &mut iter, 1..=1_000_000_000)?);
            }
            // The old name of the time limit, in seconds, still read.
            "--seconds" => {
                options.time = Duration::from_secs(number(arg, &mut iter, 1..=1_000_000)?);
            }
            "--table-mib" => options.table_mib = number("--table-mib", &mut iter, 2..=1 << 20)?,
            "--certificate" => {
                options.certificate = Some(value("--certificate", &mut iter)?.into())
            }
            "--positions" => options.positions = Some(value("--positions", &mut iter)?.into()),
            "--certificates" => {
                options.certificates = Some(value("--certificates", &mut iter)?.into());
            }
            "--first-moves" => options.first_moves = true,
            other if other.starts_with("--") => {
                return Err(CliError::Usage(format!("unknown option {other}")));
            }
            text => positional.push(text),
        }
    }
    match positional.as_slice() {
        [] => {}
        [text] => options.position = either(text).map_err(|e| format!("bad position: {e}"))?,
        more => {
            return Err(CliError::Usage(format!(
                "expected one position, got {} arguments{}",
                more.len(),
                kamisado_katarenga::QUOTE_HINT
            )));
        }
    }
    if options.certificates.is_some() && !options.first_moves {
        return Err("--certificates goes with --first-moves".into());
    }
    if matches!(options.position, Either::Katarenga(_)) && options.certificate.is_some() {
        return Err("--certificate is for Kamisado positions".into());
    }
    Ok(options)
}

fn winner_name<M>(solution: &Solution<M>) -> String {
    solution
        .winner
        .map_or_else(|| "unknown".to_string(), |w| w.to_string())
}

fn write_certificate(
    solver: &mut Solver<Position>,
    position: &Position,
    path: &str,
) -> Result<String, CliError> {
    let certificate = solver
        .certificate(position)
        .map_err(|e| CliError::Failed(e.to_string()))?;
    std::fs::write(path, certificate.to_string())
        .map_err(|e| CliError::Failed(format!("cannot write {path}: {e}")))?;
    Ok(format!(
        "{}, {}",
        count(certificate.len() as u64, "line"),
        count(certificate.plies, "ply")
    ))
}

/// The two games' solvers, each made when first needed.
struct Solvers {
    mib: usize,
    kamisado: Option<Solver<Position>>,
    katarenga: Option<Solver<katarenga_core::Position>>,
}

fn made<G: SearchGame>(
    slot: &mut Option<Solver<G>>,
    mib: usize,
) -> Result<&mut Solver<G>, CliError> {
    if slot.is_none() {
        *slot = Some(
            Solver::new(mib)
                .map_err(|e| CliError::Failed(format!("{e}; try a smaller --table-mib")))?,
        );
    }
    Ok(slot.as_mut().expect("just made"))
}

impl Solvers {
    fn kamisado(&mut self) -> Result<&mut Solver<Position>, CliError> {
        made(&mut self.kamisado, self.mib)
    }

    fn katarenga(&mut self) -> Result<&mut Solver<katarenga_core::Position>, CliError> {
        made(&mut self.katarenga, self.mib)
    }
}

/// The line of a `--positions` file's position: `<position> ; <winner> ;
/// <plies> ; <best move> ; <nodes> ; <seconds>`.
fn solve_line<G: SearchGame>(
    solver: &mut Solver<G>,
    position: &G,
    limits: Limits,
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    let s = solver.solve(position, limits);
    writeln!(
        out,
        "{position} ; {} ; {} ; {} ; {} ; {:.3}",
        winner_name(&s),
        s.plies.map_or_else(|| "unknown".into(), |p| p.to_string()),
        s.best.map_or_else(|| "-".into(), |m| m.to_string()),
        s.nodes,
        s.elapsed.as_secs_f64()
    )?;
    out.flush()?;
    Ok(())
}

/// The time limit as people write it: `5 s`, `1.5 s`, `250 ms`.
fn limit(time: Duration) -> String {
    if time.as_millis() < 1000 {
        format!("{} ms", time.as_millis())
    } else {
        format!("{} s", time.as_secs_f64())
    }
}

/// Solves one position and says what was found.
fn solve_one<G: SearchGame>(
    solver: &mut Solver<G>,
    position: &G,
    limits: Limits,
    time: Duration,
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    writeln!(out, "position: {position}")?;
    let s = solver.solve(position, limits);
    let side = position.side_to_move();
    let unit = if G::NAME == "kamisado" {
        "the round"
    } else {
        "the game"
    };
    let searched = format!("{} nodes", s.nodes);
    match (s.winner, s.plies) {
        (Some(winner), Some(plies)) => {
            let verb = if winner == side { "wins" } else { "loses" };
            writeln!(
                out,
                "value: {side} (to move) {verb}; {unit} lasts {} with best play",
                count(plies, "ply")
            )?;
            if let Some(best) = s.best {
                writeln!(out, "best move: {best}")?;
            }
            let pv = solver.principal_variation(position, &s);
            let pv: Vec<String> = pv.iter().map(ToString::to_string).collect();
            writeln!(out, "principal variation: {}", pv.join(" "))?;
        }
        (Some(winner), None) => writeln!(
            out,
            "value: {winner} wins (the exact length was not found within {})",
            limit(time)
        )?,
        (None, _) => {
            return Ok(writeln!(
                out,
                "not proven within {}: searched {:.3} s, {searched}",
                limit(time),
                s.elapsed.as_secs_f64()
            )?);
        }
    }
    let length = if s.plies.is_some() {
        "exact length in"
    } else {
        "the length searched"
    };
    writeln!(
        out,
        "proved in {:.3} s; {length} {:.3} s more; {searched}",
        s.proof_time.as_secs_f64(),
        (s.elapsed - s.proof_time).as_secs_f64(),
    )?;
    Ok(())
}

/// The positions of a `--positions` file, all read before any is solved
/// (a bad line is found at once, not after hours of solving).
fn read_positions(path: &str) -> Result<Vec<Either>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Failed(format!("cannot read {path}: {e}")))?;
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        positions
            .push(either(line).map_err(|e| CliError::Failed(format!("{path}:{}: {e}", n + 1)))?);
    }
    Ok(positions)
}

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let options = parse(args)?;
        // Each game's solver is made when its first position comes, with
        // the whole table.
        let mib = options.table_mib;
        let mut solvers = Solvers {
            mib,
            kamisado: None,
            katarenga: None,
        };
        let limits = Limits::time(options.time);
        if let Some(path) = &options.positions {
            let positions = read_positions(path)?;
            let mut progress = Progress::new("solved", positions.len() as u64);
            for position in positions {
                match position {
                    Either::Kamisado(p) => solve_line(solvers.kamisado()?, &p, limits, out)?,
                    Either::Katarenga(p) => solve_line(solvers.katarenga()?, &p, limits, out)?,
                }
                progress.step();
            }
            return Ok(());
        }
        if options.first_moves {
            let solver = solvers.kamisado()?;
            return first_moves(solver, limits, options.certificates.as_deref(), out);
        }
        match options.position {
            Either::Katarenga(p) => solve_one(solvers.katarenga()?, &p, limits, options.time, out),
            Either::Kamisado(position) => {
                let solver = solvers.kamisado()?;
                solve_one(solver, &position, limits, options.time, out)?;
                if let Some(path) = &options.certificate {
                    let summary = write_certificate(solver, &position, path)?;
                    writeln!(out, "certificate: {path} ({summary})")?;
                }
                Ok(())
            }
        }
    })
}

/// The table of Black's first moves: for each, who wins with best play, the
/// length of the round, Black's move and the best reply, and the principal
/// variation.
fn first_moves(
    solver: &mut Solver<Position>,
    limits: Limits,
    certificates: Option<&str>,
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    if let Some(dir) = certificates {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Failed(format!("cannot create {dir}: {e}")))?;
    }
    let start = Position::start();
    let mut moves = start.legal_moves().to_vec();
    moves.sort_by_key(ToString::to_string);
    writeln!(
        out,
        "| first move | winner | plies | best reply | principal variation |"
    )?;
    writeln!(out, "|---|---|---|---|---|")?;
    let mut progress = Progress::new("first moves solved", moves.len() as u64);
    for mv in moves {
        let after = start.play(mv);
        let s = solver.solve(&after, limits);
        let pv = solver.principal_variation(&after, &s);
        let pv: Vec<String> = pv.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "| {mv} | {} | {} | {} | {mv} {} |",
            winner_name(&s),
            s.plies
                .map_or_else(|| "unknown".into(), |p| (p + 1).to_string()),
            s.best.map_or_else(|| "-".into(), |m| m.to_string()),
            pv.join(" ")
        )?;
        out.flush()?;
        if let Some(dir) = certificates {
            let path = format!("{dir}/{mv}.cert");
            write_certificate(solver, &after, &path)?;
        }
        progress.step();
    }
    Ok(())
}
