//! `kk-solve-table`: the solver's table runs. `positions` solves a file of
//! positions of either game, one result line each; `first-moves` writes the
//! table of Black's first moves from Kamisado's start (docs/first-moves.md),
//! with a certificate per move on request; `round-starts` samples start
//! positions of later Kamisado match rounds from seeded random games, for
//! `positions` (docs/sumo-rounds.md).

use std::io::Write;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use game_search::Limits;
use game_search::SearchGame;
use game_search::proof::{Solution, Solver};
use game_spec::AnyPosition;
use kamisado_core::{Game, Position};

use crate::cli::{CliError, Progress, chain};

/// The arguments of `kk-solve-table`.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "kk-solve-table",
    about = "The solver's table runs: files of positions, Kamisado's first moves, starts of later rounds"
)]
pub struct TableArgs {
    /// The run
    #[command(subcommand)]
    pub run: Run,
}

/// A table run.
#[derive(Debug, Clone, Subcommand)]
pub enum Run {
    /// Solves each position of FILE (Kamisado or Katarenga notation, one a
    /// line; '#' starts a comment), all read and checked before any is
    /// solved, and prints 'POSITION ; WINNER (or unknown) ; PLIES ; BEST
    /// MOVE ; NODES ; SECONDS' (progress on stderr)
    Positions {
        /// The file of positions
        file: String,
        // The solver's budget a position (a doc comment here would be
        // clap's help text for the group).
        #[allow(missing_docs)]
        #[command(flatten)]
        budget: Budget,
    },
    /// Solves every first move from Kamisado's start and prints the
    /// Markdown table of docs/first-moves.md (progress on stderr)
    FirstMoves {
        /// Also write a certificate per first move into DIR
        #[arg(long, value_name = "DIR")]
        certificates: Option<String>,
        // The solver's budget a position (a doc comment here would be
        // clap's help text for the group).
        #[allow(missing_docs)]
        #[command(flatten)]
        budget: Budget,
    },
    /// Prints distinct start positions of round R of a Kamisado match,
    /// sampled from seeded random games (random moves, random refill edges)
    RoundStarts(RoundStarts),
}

/// The solver's budget a position.
#[derive(Debug, Clone, Copy, Args)]
pub struct Budget {
    /// Give up on a position after MS milliseconds
    #[arg(long, value_name = "MS", default_value_t = 60_000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub movetime: u64,
    /// The table's size in MiB
    #[arg(long, value_name = "M", default_value_t = 512,
          value_parser = clap::value_parser!(u64).range(2..=1 << 20))]
    pub table_mib: u64,
}

/// `round-starts`' options.
#[derive(Debug, Clone, Copy, Args)]
pub struct RoundStarts {
    /// The round whose start positions to print
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(2..=15))]
    pub round: u32,
    /// How many
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,
    /// The random seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Keep only starts with exactly K towers of sumo rank 1 or more
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(0..=16))]
    pub sumos: Option<u32>,
}

/// Runs a table run, writing its table to `out`.
///
/// # Errors
/// [`CliError::Failed`] for a file that cannot be read or written, a bad
/// position in it, or a table that cannot be allocated; [`CliError::Io`]
/// when writing to `out` fails.
pub fn run(args: TableArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.run {
        Run::Positions { file, budget } => positions(&file, budget, out),
        Run::FirstMoves {
            certificates,
            budget,
        } => first_moves(certificates.as_deref(), budget, out),
        Run::RoundStarts(options) => round_starts(options, out),
    }
}

/// Reads a position of either game: Kamisado's notation first.
fn either(text: &str) -> Result<AnyPosition, String> {
    match text.parse::<Position>() {
        Ok(p) => Ok(AnyPosition::Kamisado(p)),
        Err(kamisado) => text
            .parse::<katarenga_core::Position>()
            .map(AnyPosition::Katarenga)
            .map_err(|katarenga| {
                format!(
                    "neither a Kamisado position ({}) nor a Katarenga position ({})",
                    chain(&kamisado),
                    chain(&katarenga)
                )
            }),
    }
}

/// A solver with a table of `mib` MiB.
fn solver<G: SearchGame>(mib: u64) -> Result<Solver<G>, CliError> {
    let mib = usize::try_from(mib).unwrap_or(usize::MAX);
    Solver::new(mib).map_err(|e| CliError::Failed(format!("{e}; try a smaller --table-mib")))
}

fn winner_name<M>(solution: &Solution<M>) -> String {
    solution
        .winner
        .map_or_else(|| "unknown".to_string(), |w| w.to_string())
}

/// The positions of a file, all read before any is solved (a bad line is
/// found at once, not after hours of solving).
fn read_positions(path: &str) -> Result<Vec<AnyPosition>, CliError> {
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

/// The line of a position: `<position> ; <winner> ; <plies> ; <best move>
/// ; <nodes> ; <seconds>`.
fn solve_line<G: SearchGame>(
    solver: &mut Solver<G>,
    position: &G,
    limits: Limits,
    out: &mut dyn Write,
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

fn positions(path: &str, budget: Budget, out: &mut dyn Write) -> Result<(), CliError> {
    let positions = read_positions(path)?;
    let limits = Limits::time(Duration::from_millis(budget.movetime));
    // Each game's solver is made when its first position comes, with the
    // whole table.
    let mut kamisado = None;
    let mut katarenga = None;
    let (mut congress, mut quebec, mut isolation) = (None, None, None);
    let mut progress = Progress::new("solved", positions.len() as u64);
    for position in positions {
        match position {
            AnyPosition::Kamisado(p) => {
                if kamisado.is_none() {
                    kamisado = Some(solver(budget.table_mib)?);
                }
                solve_line(kamisado.as_mut().expect("made"), &p, limits, out)?;
            }
            AnyPosition::Katarenga(p) => {
                if katarenga.is_none() {
                    katarenga = Some(solver(budget.table_mib)?);
                }
                solve_line(katarenga.as_mut().expect("made"), &p, limits, out)?;
            }
            AnyPosition::Congress(p) => {
                if congress.is_none() {
                    congress = Some(solver(budget.table_mib)?);
                }
                solve_line(congress.as_mut().expect("made"), &p, limits, out)?;
            }
            AnyPosition::Quebec(p) => {
                if quebec.is_none() {
                    quebec = Some(solver(budget.table_mib)?);
                }
                solve_line(quebec.as_mut().expect("made"), &p, limits, out)?;
            }
            AnyPosition::Isolation(p) => {
                if isolation.is_none() {
                    isolation = Some(solver(budget.table_mib)?);
                }
                solve_line(isolation.as_mut().expect("made"), &p, limits, out)?;
            }
        }
        progress.step();
    }
    Ok(())
}

/// The table of Black's first moves: for each, who wins with best play, the
/// length of the round, Black's move and the best reply, and the principal
/// variation.
fn first_moves(
    certificates: Option<&str>,
    budget: Budget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if let Some(dir) = certificates {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Failed(format!("cannot create {dir}: {e}")))?;
    }
    let mut solver = solver::<Position>(budget.table_mib)?;
    let limits = Limits::time(Duration::from_millis(budget.movetime));
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
            let certificate = solver
                .certificate(&after)
                .map_err(|e| CliError::Failed(e.to_string()))?;
            std::fs::write(&path, certificate.to_string())
                .map_err(|e| CliError::Failed(format!("cannot write {path}: {e}")))?;
        }
        progress.step();
    }
    Ok(())
}

/// Prints the start positions of [`crate::work::round_starts`], one a line.
fn round_starts(options: RoundStarts, out: &mut dyn Write) -> Result<(), CliError> {
    for start in crate::work::round_starts(options)? {
        writeln!(out, "{start}")?;
    }
    Ok(())
}
