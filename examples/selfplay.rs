//! Statistics from many seeded random games.
//!
//! ```text
//! cargo run --release --example selfplay -- <kamisado|katarenga> [--games N] [--seed S]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use kamisado_katarenga::selfplay::{PLY_LIMIT, Stats, selfplay};
use kamisado_katarenga::usage_error;

const USAGE: &str = "usage: selfplay <kamisado|katarenga> [--games N] [--seed S]

Plays N random games (default 1000) with seed S (default 1) and prints games per second,
the average length, the win rate of each side and the share of each ending. Games longer
than the ply limit are counted as unfinished. A progress bar goes to stderr.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut game = None;
    let mut games = 1000u32;
    let mut seed = 1u64;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--games" => match iter.next().and_then(|v| v.parse().ok()).filter(|&n| n > 0) {
                Some(n) => games = n,
                None => return usage_error("--games needs a positive whole number", USAGE),
            },
            "--seed" => match iter.next().and_then(|v| v.parse().ok()) {
                Some(s) => seed = s,
                None => return usage_error("--seed needs a whole number", USAGE),
            },
            "kamisado" | "katarenga" if game.is_none() => game = Some(arg.clone()),
            other => return usage_error(format!("unknown argument {other:?}"), USAGE),
        }
    }
    let Some(game) = game else {
        return usage_error("which game: kamisado or katarenga?", USAGE);
    };
    let bar = ProgressBar::new(u64::from(games));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
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
    let started = Instant::now();
    let stats: Stats = if game == "kamisado" {
        selfplay(kamisado_core::Position::start(), games, seed, progress)
    } else {
        selfplay(katarenga_core::Position::start(), games, seed, progress)
    };
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{game}: {games} random games (seed {seed}) in {seconds:.3} s, {:.0} games/s (ply limit {PLY_LIMIT})",
        f64::from(games) / seconds.max(1e-9)
    );
    print!("{stats}");
    ExitCode::SUCCESS
}
