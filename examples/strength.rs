//! Measures playing strength: our search against a random player, the
//! greedy one-ply player, and the `minimax` crate's iterative search (at
//! equal time per move), with 95% confidence intervals.
//!
//! ```text
//! cargo run --release --example strength -- <kamisado|katarenga> [--games N] [--movetime MS] [--seed S]
//! ```

use kamisado_core::Game;
use std::process::ExitCode;
use std::time::Duration;

use game_search::adapter::{KamisadoEvaluator, KamisadoMove, KamisadoState, KatarengaEvaluator};
use game_search::play::{Adjudication, duel};
use game_search::{Agent, GreedyAgent, Limits, RandomAgent, SearchAgent, SearchGame};
use kamisado_katarenga::{CliError, GameName, number};
use minimax::{IterativeOptions, IterativeSearch, Strategy};

const USAGE: &str = "usage: strength <kamisado|katarenga> [--games N] [--movetime MS] [--seed S]

Plays N games (default 200) of our search (MS milliseconds per move, default 20) against a random
player, the greedy one-ply player and the minimax crate's iterative search (also MS per
move), alternating colours, and prints our score (a win 1, a draw 1/2) with its 95% Wilson
interval. Katarenga games that repeat a position three times or reach 1000 plies are
drawn (a rule of this program).";

fn run<G: SearchGame>(
    out: &mut dyn std::io::Write,
    games: u32,
    ms: u64,
    seed: u64,
    mut minimax_player: impl Agent<G>,
) -> Result<(), CliError> {
    let start = G::start();
    let limits = Limits::time(Duration::from_millis(ms));
    let ours = || SearchAgent::<G>::new(limits, 4).map_err(|e| CliError::Failed(e.to_string()));
    let opponents: [(&str, &mut dyn Agent<G>); 3] = [
        ("random", &mut RandomAgent::new(seed)),
        ("greedy (one ply)", &mut GreedyAgent::new(seed ^ 1)),
        ("minimax IterativeSearch", &mut minimax_player),
    ];
    for (name, theirs) in opponents {
        // A run takes minutes: say what is being played, and show each
        // result as it comes.
        kamisado_katarenga::say(format_args!("playing {games} games against {name}..."));
        let result = duel(start, games, &mut ours()?, theirs, Adjudication::default());
        let (score, (low, high)) = result.score_percent();
        writeln!(
            out,
            "  vs {name:<24} {}W {}D {}L of {} = {score:5.1}%  (95% CI {low:.1}% - {high:.1}%)",
            result.wins, result.draws, result.losses, result.games
        )?;
        out.flush()?;
    }
    Ok(())
}

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let (mut game, mut games, mut ms, mut seed) = (None, 200u32, 20u64, 1u64);
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if let Some(name) = GameName::parse(arg) {
                GameName::set(&mut game, name)?;
                continue;
            }
            match arg.as_str() {
                "--games" => games = number("--games", &mut iter, 1..=1_000_000)?,
                // `--ms` is the old name, still read.
                "--movetime" | "--ms" => ms = number(arg, &mut iter, 1..=3_600_000)?,
                "--seed" => seed = number("--seed", &mut iter, 0..=u64::MAX)?,
                other if other.starts_with('-') => {
                    return Err(CliError::Usage(format!("unknown option {other}")));
                }
                other => return Err(GameName::stray(other, game)),
            }
        }
        let game = game.ok_or("which game: kamisado or katarenga?")?;
        writeln!(
            out,
            "{}: our search at {ms} ms per move, {games} games per opponent, colours alternating",
            game.name()
        )?;
        let timeout = Duration::from_millis(ms);
        // The crate's strongest single-threaded configuration we found: a
        // 16 MiB table, null-window search, countermoves and their history.
        let options = || {
            IterativeOptions::new()
                .with_table_byte_size(16 << 20)
                .with_null_window_search(true)
                .with_countermoves()
                .with_countermove_history()
        };
        match game {
            GameName::Kamisado => {
                let mut search = IterativeSearch::new(KamisadoEvaluator, options());
                search.set_timeout(timeout);
                let player = move |p: &kamisado_core::Position| match search
                    .choose_move(&KamisadoState::new(*p))
                {
                    Some(KamisadoMove::Move(m)) => Some(m),
                    _ => p.legal_moves().first().copied(),
                };
                run(out, games, ms, seed, player)
            }
            GameName::Katarenga => {
                let mut search = IterativeSearch::new(KatarengaEvaluator, options());
                search.set_timeout(timeout);
                let player = move |p: &katarenga_core::Position| {
                    search
                        .choose_move(p)
                        .or_else(|| p.legal_moves().first().copied())
                };
                run(out, games, ms, seed, player)
            }
        }
    })
}
