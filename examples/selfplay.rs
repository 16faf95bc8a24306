//! Statistics from many seeded random games.
//!
//! ```text
//! cargo run --release --example selfplay -- <kamisado|katarenga> [--games N] [--seed S]
//! ```

use game_spec::GameId;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use game_search::play::{Adjudication, Stats, selfplay};
use game_search::{RandomAgent, SearchGame};
use kamisado_core::Game;

/// Plays N random games and prints games per second, the average length,
/// the win rate of each side and the share of each ending. A Katarenga game
/// that repeats a position for the third time, or reaches the ply limit, is
/// stopped without a winner (a rule of this program; the printed rules have
/// no draw). Long runs say how far they are on stderr.
#[derive(Parser)]
#[command(name = "selfplay")]
struct Args {
    /// The game: kamisado or katarenga
    game: GameId,
    /// How many games
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The random seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Stop a game without a winner after N plies
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_plies: u32,
}

/// Plays the games of `args` from `G`'s start.
fn play_games<G: SearchGame>(args: &Args, progress: impl FnMut(u32)) -> Stats {
    let adjudication = Adjudication {
        max_plies: args.max_plies,
        ..Adjudication::default()
    };
    // The first mover and the second, each with its own seed.
    let (mut first, mut second) = (RandomAgent::new(args.seed), RandomAgent::new(!args.seed));
    selfplay(
        G::start(),
        args.games,
        &mut first,
        &mut second,
        adjudication,
        progress,
    )
}

fn main() -> ExitCode {
    let args = Args::parse();
    let started = Instant::now();
    let mut said = started;
    let progress = |done: u32| {
        if said.elapsed().as_secs() >= 2 {
            said = Instant::now();
            let _ = writeln!(io::stderr(), "{done} of {} games", args.games);
        }
    };
    let (name, stats) = match args.game {
        GameId::Kamisado => (
            kamisado_core::Position::NAME,
            play_games::<kamisado_core::Position>(&args, progress),
        ),
        GameId::Katarenga => (
            katarenga_core::Position::NAME,
            play_games::<katarenga_core::Position>(&args, progress),
        ),
        GameId::Congress => (
            katarenga_family::Congress::NAME,
            play_games::<katarenga_family::Congress>(&args, progress),
        ),
        GameId::Quebec => (
            katarenga_family::Quebec::NAME,
            play_games::<katarenga_family::Quebec>(&args, progress),
        ),
        GameId::Isolation => (
            katarenga_family::Isolation::NAME,
            play_games::<katarenga_family::Isolation>(&args, progress),
        ),
    };
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let text = format!(
        "{name}: {} random games (seed {}) in {seconds:.3} s, {:.0} games/s (ply limit {})\n{stats}",
        args.games,
        args.seed,
        f64::from(args.games) / seconds,
        args.max_plies
    );
    match io::stdout().lock().write_all(text.as_bytes()) {
        // A closed output (`| head`) ends the program quietly.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}
