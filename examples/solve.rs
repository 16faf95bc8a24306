//! Solves Kamisado rounds: who wins with best play, in how many plies, with
//! a best move and the principal variation; writes proof certificates; and
//! solves files of positions and the table of Black's first moves.
//!
//! ```text
//! cargo run --release --example solve -- [POSITION] [--certificate FILE]
//! cargo run --release --example solve -- --positions FILE [--seconds N]
//! cargo run --release --example solve -- --first-moves [--certificates DIR]
//! ```
//!
//! The proof uses the rules exactly as `kamisado-core` defines them (passes,
//! deadlocks and pushes included). A proof-number search proves who wins;
//! an iterative-deepening proof search then finds the exact length.

use std::process::ExitCode;
use std::time::Duration;

use game_search::kamisado::prove::ProofLimits;
use game_search::kamisado::solve::{Solution, Solver};
use kamisado_core::Position;
use kamisado_katarenga::{CliError, chain, number, value};

const USAGE: &str = "usage: solve [POSITION] [options]

Proves who wins a Kamisado round with best play (default: the start of a match) and
in how many plies (the winner as fast as possible, the loser as slow as possible).
  POSITION           a position in the Kamisado notation (one argument)
  --certificate FILE write a proof certificate of the winning strategy to FILE
  --positions FILE   solve each position of FILE (one per line) and print
                     '<position> ; <winner or unknown> ; <plies> ; <best move> ; <nodes> ; <seconds>'
  --first-moves      solve every first move from the start; print a Markdown table
  --certificates DIR with --first-moves: write a certificate per first move into DIR
  --seconds N        give up on a position after N seconds (default 60)
  --table-mib M      table size in MiB (default 512)";

struct Options {
    position: Position,
    certificate: Option<String>,
    positions: Option<String>,
    first_moves: bool,
    certificates: Option<String>,
    seconds: u64,
    table_mib: usize,
}

fn parse(args: &[String]) -> Result<Options, CliError> {
    let mut options = Options {
        position: Position::start(),
        certificate: None,
        positions: None,
        first_moves: false,
        certificates: None,
        seconds: 60,
        table_mib: 512,
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--seconds" => options.seconds = number("--seconds", &mut iter, 1..=1_000_000)?,
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
            text => {
                options.position = text
                    .parse()
                    .map_err(|e| format!("bad position: {}", chain(&e)))?;
            }
        }
    }
    if options.certificates.is_some() && !options.first_moves {
        return Err("--certificates goes with --first-moves".into());
    }
    Ok(options)
}

fn winner_name(solution: &Solution) -> String {
    solution
        .winner
        .map_or_else(|| "unknown".to_string(), |w| w.to_string())
}

fn write_certificate(
    solver: &mut Solver,
    position: &Position,
    path: &str,
) -> Result<String, CliError> {
    let certificate = solver
        .certificate(position)
        .map_err(|e| CliError::Failed(e.to_string()))?;
    std::fs::write(path, certificate.to_string())
        .map_err(|e| CliError::Failed(format!("cannot write {path}: {e}")))?;
    Ok(format!(
        "{} lines, {} plies",
        certificate.len(),
        certificate.plies
    ))
}

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let options = parse(args)?;
        let mut solver = Solver::new(options.table_mib)
            .map_err(|e| CliError::Failed(format!("{e}; try a smaller --table-mib")))?;
        let limits = ProofLimits::time(Duration::from_secs(options.seconds));
        if let Some(path) = &options.positions {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::Failed(format!("cannot read {path}: {e}")))?;
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let position: Position = line
                    .parse()
                    .map_err(|e| CliError::Failed(format!("{path}:{}: {}", n + 1, chain(&e))))?;
                let s = solver.solve(&position, limits);
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
            }
            return Ok(());
        }
        if options.first_moves {
            return first_moves(&mut solver, limits, options.certificates.as_deref(), out);
        }
        let position = options.position;
        writeln!(out, "position: {position}")?;
        let s = solver.solve(&position, limits);
        let side = position.side_to_move();
        match (s.winner, s.plies) {
            (Some(winner), Some(plies)) => {
                let verb = if winner == side { "wins" } else { "loses" };
                writeln!(
                    out,
                    "value: {side} (to move) {verb}; the round lasts {plies} plies with best play"
                )?;
                if let Some(best) = s.best {
                    writeln!(out, "best move: {best}")?;
                }
                let pv = solver.principal_variation(&position, &s);
                let pv: Vec<String> = pv.iter().map(ToString::to_string).collect();
                writeln!(out, "principal variation: {}", pv.join(" "))?;
            }
            (Some(winner), None) => writeln!(
                out,
                "value: {winner} wins (the exact length was not found within {} s)",
                options.seconds
            )?,
            (None, _) => writeln!(out, "not proven within {} s", options.seconds)?,
        }
        writeln!(
            out,
            "proved in {:.3} s; exact length in {:.3} s more; {} nodes",
            s.proof_time.as_secs_f64(),
            (s.elapsed - s.proof_time).as_secs_f64(),
            s.nodes
        )?;
        if let Some(path) = &options.certificate {
            let summary = write_certificate(&mut solver, &position, path)?;
            writeln!(out, "certificate: {path} ({summary})")?;
        }
        Ok(())
    })
}

/// The table of Black's first moves: for each, who wins with best play, the
/// length of the round, Black's move and the best reply, and the principal
/// variation.
fn first_moves(
    solver: &mut Solver,
    limits: ProofLimits,
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
    }
    Ok(())
}
