//! Solves a position of any game (a Kamisado round, Katarenga, Congress,
//! Quebec, Isolation): who wins with best play, in how many plies, with a
//! best move and the principal variation; and writes proof certificates
//! that `check_certificate` checks with the rules alone.
//!
//! ```text
//! cargo run --release --example solve -- [POSITION] [--game SPEC] [--certificate FILE] [--movetime MS]
//! ```
//!
//! The proof uses the rules exactly as the cores define them (passes,
//! deadlocks and pushes included). A proof-number search proves who wins;
//! an iterative-deepening proof search then finds the exact length. Files
//! of positions and the table of first moves are `kk-solve-table`'s
//! (crates/kk-apps).

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use board_geometry::ErrorChain;
use clap::{CommandFactory, Parser};
use game_search::Limits;
use game_search::SearchGame;
use game_search::proof::Solver;
use game_search::proof::check::Certified;
use game_spec::{AnyPosition, GameSpec};
use kamisado_core::Game;

/// Proves who wins a Kamisado round with best play (default: the start of
/// a match), or a position of another game, and in how many plies (the
/// winner as fast as possible, the loser as slow as possible). A position
/// neither side can force a win from within the time (or a draw, in the
/// games that have one) stays unknown.
#[derive(Parser)]
#[command(name = "solve")]
struct Args {
    /// A position in its game's notation (its words may come unquoted)
    /// [default: the game's start]
    position: Vec<String>,
    /// The game and its options: kamisado, katarenga, "congress
    /// no-move=pass", "isolation reading=opposite" [default: Kamisado or
    /// Katarenga, by the position's notation]
    #[arg(long, value_name = "SPEC")]
    game: Option<GameSpec>,
    /// Write a proof certificate of the winning strategy to FILE
    #[arg(long, value_name = "FILE")]
    certificate: Option<String>,
    /// Give up after MS milliseconds
    #[arg(long, value_name = "MS", default_value_t = 60_000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    movetime: u64,
    /// The table's size in MiB
    #[arg(long, value_name = "M", default_value_t = 512,
          value_parser = clap::value_parser!(u32).range(2..=1 << 20))]
    table_mib: u32,
}

/// The time limit as people write it: `5 s`, `1.5 s`, `250 ms`.
fn limit(time: Duration) -> String {
    if time.as_millis() < 1000 {
        format!("{} ms", time.as_millis())
    } else {
        format!("{} s", time.as_secs_f64())
    }
}

fn plies(n: u32) -> String {
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

/// Solves `position` and says what was found, then writes its
/// certificate if asked for.
fn solve<G: SearchGame + Certified>(
    position: &G,
    args: &Args,
    out: &mut dyn Write,
) -> Result<(), String> {
    let time = Duration::from_millis(args.movetime);
    let mut solver = Solver::new(args.table_mib as usize)
        .map_err(|e| format!("{e}; try a smaller --table-mib"))?;
    let s = solver.solve(position, Limits::time(time));
    let mut text = format!("position: {position}\n");
    let side = position.side_to_move();
    let unit = if G::NAME == "kamisado" {
        "the round"
    } else {
        "the game"
    };
    match (s.winner, s.plies) {
        (Some(winner), Some(n)) => {
            let verb = if winner == side { "wins" } else { "loses" };
            text += &format!(
                "value: {side} (to move) {verb}; {unit} lasts {} with best play\n",
                plies(n)
            );
            if let Some(best) = s.best {
                text += &format!("best move: {best}\n");
            }
            let pv: Vec<String> = solver
                .principal_variation(position, &s)
                .iter()
                .map(ToString::to_string)
                .collect();
            text += &format!("principal variation: {}\n", pv.join(" "));
        }
        (Some(winner), None) => {
            text += &format!(
                "value: {winner} wins (the exact length was not found within {})\n",
                limit(time)
            );
        }
        (None, _) => {
            text += &format!(
                "not proven within {}: searched {:.3} s, {} nodes\n",
                limit(time),
                s.elapsed.as_secs_f64(),
                s.nodes
            );
        }
    }
    if s.winner.is_some() {
        let length = if s.plies.is_some() {
            "exact length in"
        } else {
            "the length searched"
        };
        text += &format!(
            "proved in {:.3} s; {length} {:.3} s more; {} nodes\n",
            s.proof_time.as_secs_f64(),
            (s.elapsed - s.proof_time).as_secs_f64(),
            s.nodes
        );
    }
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    if let Some(path) = &args.certificate {
        // Without a proof within the time, none is sought again (the
        // certificate's prover has no limit).
        if s.winner.is_none() {
            return Err(game_search::proof::certificate::CertificateError::NotProven.to_string());
        }
        let certificate = solver.certificate(position).map_err(|e| e.to_string())?;
        std::fs::write(path, certificate.to_string())
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        writeln!(
            out,
            "certificate: {path} ({} lines, {})",
            certificate.len(),
            plies(certificate.plies)
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn run(args: &Args, out: &mut dyn Write) -> Result<(), String> {
    let usage = |message: String| -> ! {
        Args::command()
            .error(clap::error::ErrorKind::InvalidValue, message)
            .exit()
    };
    let text = args.position.join(" ");
    let position = match (&args.game, text.is_empty()) {
        (Some(spec), true) => spec.start(),
        (Some(spec), false) => AnyPosition::parse(spec.game(), &text)
            .ok()
            .and_then(|p| spec.apply_options(p))
            .unwrap_or_else(|| {
                let why = AnyPosition::parse(spec.game(), &text).err().map_or_else(
                    || format!("not on {spec}'s board"),
                    |e| ErrorChain(&e).to_string(),
                );
                usage(format!("not a position of {}: {why}", spec.game()))
            }),
        (None, true) => AnyPosition::Kamisado(kamisado_core::Position::start()),
        (None, false) => match text.parse::<kamisado_core::Position>() {
            Ok(p) => AnyPosition::Kamisado(p),
            Err(kamisado) => match text.parse::<katarenga_core::Position>() {
                Ok(p) => AnyPosition::Katarenga(p),
                Err(katarenga) => usage(format!(
                    "neither a Kamisado position ({}) nor a Katarenga position ({}); \
                     another game's position needs --game",
                    ErrorChain(&kamisado),
                    ErrorChain(&katarenga)
                )),
            },
        },
    };
    match &position {
        AnyPosition::Kamisado(p) => solve(p, args, out),
        AnyPosition::Katarenga(p) => solve(p, args, out),
        AnyPosition::Congress(p) => solve(p, args, out),
        AnyPosition::Quebec(p) => solve(p, args, out),
        AnyPosition::Isolation(p) => solve(p, args, out),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args, &mut io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            ExitCode::FAILURE
        }
    }
}
