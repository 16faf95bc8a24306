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

use std::process::ExitCode;

use kamisado_core::{Edge, Match, MatchState, Target};
use kamisado_katarenga::fixtures::Rng;
use kamisado_katarenga::games::greedy_move;
use kamisado_katarenga::usage_error;

const USAGE: &str = "usage: match [--target N] [--seed S]

Plays a Kamisado match between two greedy players and prints each round.
  --target N  points to win: 1, 3 (standard, the default), 7, 15 or any positive number
  --seed S    the random seed (default 1)";

fn parse_args() -> Result<Option<(Target, u64)>, String> {
    let mut target = Target::STANDARD;
    let mut seed = 1u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--target" => {
                let value = args.next().ok_or("--target needs a value")?;
                target = value.parse().ok().and_then(Target::new).ok_or(format!(
                    "bad target {value:?}: expected a positive whole number"
                ))?;
            }
            "--seed" => {
                let value = args.next().ok_or("--seed needs a value")?;
                seed = value
                    .parse()
                    .map_err(|_| format!("bad seed {value:?}: expected a whole number"))?;
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(Some((target, seed)))
}

fn main() -> ExitCode {
    let (target, seed) = match parse_args() {
        Ok(Some(parsed)) => parsed,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => return usage_error(message, USAGE),
    };
    let mut rng = Rng::new(seed);
    let mut m = Match::new(target);
    println!("A match to {} points (seed {seed}).", target.points());
    let mut plies = 0;
    loop {
        match m.state() {
            MatchState::InRound => {
                let mv =
                    greedy_move(m.position(), &mut rng).expect("a round in progress has moves");
                plies += 1;
                if let Ok(Some(summary)) = m.play(mv) {
                    println!("{summary} [{plies} plies]");
                    plies = 0;
                }
            }
            MatchState::ChooseEdge { chooser } => {
                let edge = if rng.below(2) == 0 {
                    Edge::AFile
                } else {
                    Edge::HFile
                };
                m.choose_edge(edge).expect("an edge is to be chosen");
                let name = if edge == Edge::AFile {
                    "a-file"
                } else {
                    "h-file"
                };
                println!("  {chooser} refills from the {name} edge: {}", m.position());
            }
            MatchState::Over { winner } => {
                let [black, white] = m.scores();
                println!("{winner} wins the match, black {black} - white {white}.");
                return ExitCode::SUCCESS;
            }
        }
    }
}
