//! Measures playing strength: our search against a random player, the
//! greedy one-ply player, and the `minimax` crate's iterative search (at
//! equal time per move), with 95% confidence intervals.
//!
//! ```text
//! cargo run --release -p kk-apps --features minimax --bin kk-strength -- <kamisado|katarenga> [--games N] [--movetime MS] [--seed S]
//! ```

use std::io::Write;
use std::time::Duration;

use clap::Parser;
use kamisado_core::Game;

use crate::cli::{CliError, GameName, say};
use game_search::adapter::{KamisadoEvaluator, KamisadoMove, KamisadoState, KatarengaEvaluator};
use game_search::play::{Adjudication, duel};
use game_search::{Agent, GreedyAgent, Limits, RandomAgent, SearchAgent, SearchGame};
use minimax::{IterativeOptions, IterativeSearch, Strategy};

/// The arguments of `kk-strength`.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "kk-strength",
    about = "Our search against a random player, the greedy player and the minimax crate's search",
    long_about = "Plays N games of our search against a random player, the greedy one-ply \
player and the minimax crate's iterative search (the same time a move), alternating \
colours, and prints our score (a win 1, a draw 1/2) with its 95% Wilson interval. \
Katarenga games that repeat a position three times or reach 1000 plies are drawn (a rule \
of this program)."
)]
pub struct StrengthArgs {
    /// The game: kamisado or katarenga
    pub game: GameName,
    /// Games against each opponent
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Milliseconds a move, for both sides
    #[arg(long, value_name = "MS", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: u64,
    /// The random seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

fn duels<G: SearchGame>(
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
        say(format_args!("playing {games} games against {name}..."));
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

/// Plays the duels of `args`, writing each result to `out` as it comes.
///
/// # Errors
/// [`CliError::Failed`] when our player's table cannot be allocated;
/// [`CliError::Io`] when writing fails.
pub fn run(args: StrengthArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let StrengthArgs {
        game,
        games,
        movetime: ms,
        seed,
    } = args;
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
        GameName::Congress | GameName::Quebec | GameName::Isolation => {
            Err(CliError::Usage(format!(
                "kk-strength compares on kamisado and katarenga (the minimax crate's adapters), not {game}"
            )))
        }
        GameName::Kamisado => {
            let mut search = IterativeSearch::new(KamisadoEvaluator, options());
            search.set_timeout(timeout);
            let player = move |p: &kamisado_core::Position| match search
                .choose_move(&KamisadoState::new(*p))
            {
                Some(KamisadoMove::Move(m)) => Some(m),
                _ => p.legal_moves().first().copied(),
            };
            duels(out, games, ms, seed, player)
        }
        GameName::Katarenga => {
            let mut search = IterativeSearch::new(KatarengaEvaluator, options());
            search.set_timeout(timeout);
            let player = move |p: &katarenga_core::Position| {
                search
                    .choose_move(p)
                    .or_else(|| p.legal_moves().first().copied())
            };
            duels(out, games, ms, seed, player)
        }
    }
}
