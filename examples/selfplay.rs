//! Statistics from many seeded random games.
//!
//! ```text
//! cargo run --release --example selfplay -- <kamisado|katarenga> [--games N] [--seed S]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use game_search::RandomAgent;
use game_search::play::{Adjudication, Stats, selfplay};
use indicatif::{ProgressBar, ProgressStyle};
use kamisado_katarenga::{CliError, GameName, number};

const USAGE: &str = "usage: selfplay <kamisado|katarenga> [--games N] [--seed S] [--max-plies N]

Plays N random games (default 1000) with seed S (default 1) and prints games per second,
the average length, the win rate of each side and the share of each ending. A Katarenga
game that repeats a position for the third time, or reaches the ply limit (default 1000),
is stopped without a winner (a rule of this program; the printed rules have no draw).
A progress bar goes to stderr.";

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let mut game = None;
        let mut games = 1000u32;
        let mut seed = 1u64;
        let mut adjudication = Adjudication::default();
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if let Some(name) = GameName::parse(arg) {
                GameName::set(&mut game, name)?;
                continue;
            }
            match arg.as_str() {
                "--games" => games = number("--games", &mut iter, 1..=u32::MAX)?,
                "--seed" => seed = number("--seed", &mut iter, 0..=u64::MAX)?,
                "--max-plies" => {
                    adjudication.max_plies = number("--max-plies", &mut iter, 1..=1_000_000)?;
                }
                other if other.starts_with('-') => {
                    return Err(CliError::Usage(format!("unknown option {other}")));
                }
                other => return Err(GameName::stray(other, game)),
            }
        }
        let game = game.ok_or("which game: kamisado or katarenga?")?;
        let bar = ProgressBar::new(u64::from(games));
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {rate}, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                // indicatif's own `{per_sec}` prints `138,835.7359/s`.
                .with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = w.write_str(&kamisado_katarenga::rate(state.per_sec(), "games"));
                    },
                ),
        );
        // Long runs only: a bar for a blink would be noise.
        if games < 2000 {
            bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        let progress = |done: u32| {
            if done % 64 == 0 || done == games {
                bar.set_position(u64::from(done));
            }
        };
        // Player 0 (the first mover) and player 1.
        let (mut first, mut second) = (RandomAgent::new(seed), RandomAgent::new(!seed));
        let started = Instant::now();
        let stats: Stats = match game {
            GameName::Kamisado => selfplay(
                kamisado_core::Position::start(),
                games,
                &mut first,
                &mut second,
                adjudication,
                progress,
            ),
            GameName::Katarenga => selfplay(
                katarenga_core::Position::start(),
                games,
                &mut first,
                &mut second,
                adjudication,
                progress,
            ),
        };
        bar.finish_and_clear();
        let seconds = started.elapsed().as_secs_f64();
        writeln!(
            out,
            "{}: {games} random games (seed {seed}) in {seconds:.3} s, {} (ply limit {})",
            game.name(),
            kamisado_katarenga::rate(f64::from(games) / seconds.max(1e-9), "games"),
            adjudication.max_plies
        )?;
        write!(out, "{stats}")?;
        Ok(())
    })
}
