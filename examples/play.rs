//! A game of Kamisado (a single round) or Katarenga (the standard board) in
//! the terminal: a person or the computer on either side, the board drawn
//! in colour, moves typed in the notation.
//!
//! ```text
//! cargo run --example play -- --demo
//! cargo run --release --example play -- katarenga --black computer --white human
//! ```
//!
//! Whole Kamisado matches, Katarenga's set-ups and rematches, undo and
//! scripted sessions are `kk-play`'s (crates/kk-apps).

use game_spec::GameId;
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use game_search::play::Repetitions;
use game_search::{Agent, GreedyAgent, Limits, SearchAgent, SearchGame};

/// A game in the terminal. Type a move in the notation (d1d7, e8h9),
/// 'moves' for the legal moves, or 'quit'.
#[derive(Parser)]
#[command(name = "play")]
struct Args {
    /// The game: kamisado or katarenga
    #[arg(default_value = "kamisado")]
    game: GameId,
    /// Who plays Black
    #[arg(long, default_value = "human")]
    black: Who,
    /// Who plays White
    #[arg(long, default_value = "computer")]
    white: Who,
    /// How many plies the computer searches ahead (0: the greedy one-ply
    /// player)
    #[arg(long, value_name = "D", default_value_t = 4,
          value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
    /// Computer against computer at depth 3: a Kamisado round, then a
    /// Katarenga game
    #[arg(long)]
    demo: bool,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Who {
    Human,
    Computer,
}

/// Katarenga has no draw rule: this program stops a game without a winner
/// at a position's third occurrence or after this many plies.
const MAX_PLIES: usize = 1000;

/// Plays a game of `G` from its start; `draw` pictures a position and the
/// last move (in colour or not).
fn play<G: SearchGame>(
    args: &Args,
    players: [Who; 2],
    draw: impl Fn(&G, Option<G::Move>) -> String,
    out: &mut dyn Write,
) -> io::Result<()> {
    let computer = |seed| -> io::Result<Box<dyn Agent<G>>> {
        Ok(match args.depth {
            0 => Box::new(GreedyAgent::new(seed)),
            d => Box::new(SearchAgent::<G>::new(Limits::depth(d), 16).map_err(io::Error::other)?),
        })
    };
    let mut computers = [computer(1)?, computer(2)?];
    let mut lines = io::stdin().lock().lines();
    let mut seen = Repetitions::new();
    let (mut position, mut last) = (G::start(), None);
    for ply in 0.. {
        write!(out, "{}", draw(&position, last))?;
        if let Some(outcome) = position.outcome() {
            return writeln!(out, "{outcome}");
        }
        if seen.record(&position) >= 3 || ply >= MAX_PLIES {
            return writeln!(out, "stopped without a winner (a rule of this program)");
        }
        let side = position.side_to_move();
        let mv = if players[side.index()] == Who::Computer {
            let mv = computers[side.index()]
                .choose(&position)
                .expect("a game not over has a move");
            writeln!(out, "{side} plays {mv}")?;
            mv
        } else {
            loop {
                write!(out, "{side} to move> ")?;
                out.flush()?;
                let Some(line) = lines.next().transpose()? else {
                    return writeln!(out, "\nthe input ended before the game did");
                };
                match line.trim() {
                    "quit" => return Ok(()),
                    "moves" => {
                        let moves: Vec<String> = position
                            .legal_moves()
                            .iter()
                            .map(ToString::to_string)
                            .collect();
                        writeln!(out, "{}", moves.join(" "))?;
                    }
                    text => match text.parse::<G::Move>() {
                        Ok(mv) if position.is_legal(mv) => break mv,
                        Ok(mv) => writeln!(out, "{mv} is not legal here ('moves' lists them)")?,
                        Err(e) => writeln!(out, "{text:?} is not a move: {e}")?,
                    },
                }
            }
        };
        position = position.play(mv);
        last = Some(mv);
    }
    Ok(())
}

/// The drawing of a position of the Katarenga family (letters: no colour
/// picture yet).
fn family<G: Pretty>(p: &G, _last: Option<G::Move>) -> String {
    p.drawing()
}

/// The family's positions' drawing, as one call.
trait Pretty: SearchGame {
    fn drawing(&self) -> String;
}

impl Pretty for katarenga_family::Congress {
    fn drawing(&self) -> String {
        self.pretty().to_string()
    }
}

impl Pretty for katarenga_family::Quebec {
    fn drawing(&self) -> String {
        self.pretty().to_string()
    }
}

impl Pretty for katarenga_family::Isolation {
    fn drawing(&self) -> String {
        self.pretty().to_string()
    }
}

fn run(args: &Args, out: &mut dyn Write) -> io::Result<()> {
    let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let kamisado = |p: &kamisado_core::Position, last| match colour {
        true => p.ansi(last).to_string(),
        false => p.pretty().to_string(),
    };
    let katarenga = |p: &katarenga_core::Position, last| match colour {
        true => p.ansi(last).to_string(),
        false => p.pretty().to_string(),
    };
    if args.demo {
        let computers = [Who::Computer; 2];
        let args = Args { depth: 3, ..*args };
        writeln!(out, "Kamisado, one round, computer against computer:")?;
        play(&args, computers, kamisado, out)?;
        writeln!(
            out,
            "\nKatarenga on the standard board, computer against computer:"
        )?;
        return play(&args, computers, katarenga, out);
    }
    let players = [args.black, args.white];
    match args.game {
        GameId::Kamisado => play(args, players, kamisado, out),
        GameId::Katarenga => play(args, players, katarenga, out),
        GameId::Congress => play(args, players, family::<katarenga_family::Congress>, out),
        GameId::Quebec => play(args, players, family::<katarenga_family::Quebec>, out),
        GameId::Isolation => play(args, players, family::<katarenga_family::Isolation>, out),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args, &mut io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed output (`| head`) ends the program quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
    }
}
