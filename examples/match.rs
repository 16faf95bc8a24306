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

use board_geometry::SplitMix64;
use game_search::{Agent, GreedyAgent};
use kamisado_core::{Edge, Match, MatchState, Target};
use kamisado_katarenga::{CliError, chain, count, number, value};

const USAGE: &str = "usage: match [--target N] [--seed S]

Plays a Kamisado match between two greedy players and prints each round.
  --target N  points to win: 1, 3 (standard, the default), 7, 15 or any positive number
  --seed S    the random seed (default 1)";

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let mut target = Target::STANDARD;
        let mut seed = 1u64;
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            match arg.as_str() {
                "--target" => {
                    let v = value("--target", &mut iter)?;
                    target = v.parse().map_err(|e| format!("bad target {v:?}: {e}"))?;
                }
                "--seed" => seed = number("--seed", &mut iter, 0..=u64::MAX)?,
                other => return Err(CliError::Usage(format!("unknown argument {other:?}"))),
            }
        }
        let mut rng = SplitMix64::new(seed);
        let mut players = [GreedyAgent::new(seed), GreedyAgent::new(!seed)];
        let mut m = Match::new(target);
        writeln!(
            out,
            "A match to {} (seed {seed}).",
            count(target.points(), "point")
        )?;
        let mut plies = 0;
        loop {
            match m.state() {
                MatchState::InRound => {
                    let p = *m.position();
                    let mv = players[p.side_to_move().index()]
                        .choose(&p)
                        .ok_or_else(|| CliError::Failed(format!("no move in {p}")))?;
                    plies += 1;
                    if let Some(summary) = m.play(mv).map_err(|e| CliError::Failed(chain(&e)))? {
                        writeln!(out, "{summary} [{}]", count(plies as u64, "ply"))?;
                        plies = 0;
                    }
                }
                MatchState::ChooseEdge { chooser } => {
                    let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                    m.choose_edge(edge)
                        .map_err(|e| CliError::Failed(chain(&e)))?;
                    writeln!(
                        out,
                        "  {chooser} refills from the {} edge: {}",
                        edge.name(),
                        m.position()
                    )?;
                }
                MatchState::Over { winner } => {
                    let [black, white] = m.scores();
                    writeln!(
                        out,
                        "{winner} wins the match, black {black} - white {white}."
                    )?;
                    return Ok(());
                }
            }
        }
    })
}
