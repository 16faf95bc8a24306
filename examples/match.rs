//! A whole Kamisado match between two simple computer players, printed
//! round by round.
//!
//! ```text
//! cargo run --release --example match -- [--target N] [--seed S]
//! ```
//!
//! Both players are greedy: they take a winning move, avoid moves after
//! which the opponent can win at once, and otherwise choose at random
//! (seeded, so a run is reproducible). The round's winner picks the refill
//! edge at random.

use std::io::{self, Write};
use std::process::ExitCode;

use board_geometry::SplitMix64;
use clap::Parser;
use game_search::{Agent, GreedyAgent};
use kamisado_core::{Edge, Game, Match, MatchState, Target};

/// Plays a Kamisado match between two greedy players and prints each round.
#[derive(Parser)]
#[command(name = "match")]
struct Args {
    /// Points to win: 1, 3 (standard), 7, 15 or any positive number
    #[arg(long, value_name = "N", default_value = "3")]
    target: Target,
    /// The random seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

fn play(args: &Args, out: &mut dyn Write) -> io::Result<()> {
    let mut rng = SplitMix64::new(args.seed);
    let mut players = [GreedyAgent::new(args.seed), GreedyAgent::new(!args.seed)];
    let mut m = Match::new(args.target);
    let points = args.target.points();
    let s = if points == 1 { "" } else { "s" };
    writeln!(out, "A match to {points} point{s} (seed {}).", args.seed)?;
    let mut plies = 0;
    loop {
        match m.state() {
            MatchState::InRound => {
                let p = *m.position();
                let mv = players[p.side_to_move().index()]
                    .choose(&p)
                    .ok_or_else(|| io::Error::other(format!("no move in {p}")))?;
                plies += 1;
                if let Some(summary) = m.play(mv).map_err(io::Error::other)? {
                    writeln!(out, "{summary} [{plies} plies]")?;
                    plies = 0;
                }
            }
            MatchState::ChooseEdge { chooser } => {
                let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                m.choose_edge(edge).map_err(io::Error::other)?;
                let edge = edge.name();
                writeln!(
                    out,
                    "  {chooser} refills from the {edge} edge: {}",
                    m.position()
                )?;
            }
            MatchState::DrawSetups { .. } => {
                return Err(io::Error::other(
                    "a match refilled from an edge drew set-ups",
                ));
            }
            MatchState::Over { winner } => {
                let [black, white] = m.scores();
                return writeln!(
                    out,
                    "{winner} wins the match, black {black} - white {white}."
                );
            }
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut out = io::BufWriter::new(io::stdout().lock());
    match play(&args, &mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed output (`| head`) ends the program quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
    }
}
