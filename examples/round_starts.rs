//! Start positions of later rounds of a Kamisado match, sampled from random
//! games: round 1 from the start, then each round played to its end by two
//! random players, the refill edge chosen at random. One position per line,
//! without repeats, ready for `solve --positions`.
//!
//! ```text
//! cargo run --release --example round_starts -- --round 2 --count 1000 --seed 1 > round2.txt
//! ```

use std::collections::BTreeSet;
use std::process::ExitCode;

use board_geometry::SplitMix64;
use game_search::{Agent, RandomAgent};
use kamisado_core::{Edge, Match, MatchState, SumoRank, Target};
use kamisado_katarenga::{CliError, number};

const USAGE: &str = "usage: round_starts --round R [--count N] [--seed S] [--sumos K]

Prints N distinct start positions of round R (2 or more) of a Kamisado match, sampled
from seeded random games (random moves, random refill edges).
  --round R   the round whose start positions to print (2-15)
  --count N   how many (default 1000)
  --seed S    the random seed (default 1)
  --sumos K   keep only starts with exactly K towers of sumo rank 1 or more";

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let (mut round, mut count, mut seed, mut sumos) = (None, 1000usize, 1u64, None);
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            match arg.as_str() {
                "--round" => round = Some(number("--round", &mut iter, 2..=15)?),
                "--count" => count = number("--count", &mut iter, 1..=1_000_000)?,
                "--seed" => seed = number("--seed", &mut iter, 0..=u64::MAX)?,
                "--sumos" => sumos = Some(number("--sumos", &mut iter, 0..=16)?),
                other => return Err(CliError::Usage(format!("unknown argument {other:?}"))),
            }
        }
        let round: u32 = round.ok_or("--round is required")?;
        let mut rng = SplitMix64::new(seed);
        let mut players = [RandomAgent::new(seed ^ 1), RandomAgent::new(seed ^ 2)];
        let mut seen = BTreeSet::new();
        let mut tries = 0u64;
        while seen.len() < count {
            tries += 1;
            if tries > 1000 * count as u64 + 10_000 {
                return Err(CliError::Failed(format!(
                    "only {} distinct starts found in {tries} matches",
                    seen.len()
                )));
            }
            // A match that cannot end before the round wanted.
            let mut m = Match::new(Target::new(1000).expect("positive"));
            while m.round() < round {
                match m.state() {
                    MatchState::InRound => {
                        let p = *m.position();
                        let mv = players[p.side_to_move().index()]
                            .choose(&p)
                            .expect("a round in progress has moves");
                        m.play(mv).map_err(|e| CliError::Failed(e.to_string()))?;
                    }
                    MatchState::ChooseEdge { .. } => {
                        let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                        m.choose_edge(edge)
                            .map_err(|e| CliError::Failed(e.to_string()))?;
                    }
                    MatchState::Over { .. } => unreachable!("a 1000-point match lasts"),
                }
            }
            let start = *m.position();
            let sumo_count = start
                .towers()
                .filter(|&(_, _, rank)| rank >= SumoRank::Sumo)
                .count();
            if sumos.is_none_or(|k| k == sumo_count) && seen.insert(start.to_string()) {
                writeln!(out, "{start}")?;
            }
        }
        Ok(())
    })
}
