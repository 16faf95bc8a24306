//! Measures playing strength: our search against a random player, the
//! greedy one-ply player, and the `minimax` crate's iterative search (at
//! equal time per move), with 95% confidence intervals.
//!
//! ```text
//! cargo run --release --example strength -- <kamisado|katarenga> [--games N] [--ms T] [--seed S]
//! ```

use std::process::ExitCode;
use std::time::Duration;

use board_geometry::Player;
use game_search::adapter::{KamisadoEvaluator, KamisadoMove, KamisadoState, KatarengaEvaluator};
use game_search::{Limits, SearchGame, Searcher};
use kamisado_katarenga::fixtures::Rng;
use kamisado_katarenga::games::{Game, greedy_move, random_move};
use kamisado_katarenga::usage_error;
use minimax::{IterativeOptions, IterativeSearch, Strategy};

const USAGE: &str = "usage: strength <kamisado|katarenga> [--games N] [--ms T] [--seed S]

Plays N games (default 200) of our search (T ms per move, default 20) against a random
player, the greedy one-ply player and the minimax crate's iterative search (also T ms per
move), alternating colours, and prints win rates with 95% Wilson intervals.";

/// A player: picks a move in a position that has one.
type Pick<'a, G> = Box<dyn FnMut(&G) -> <G as Game>::Move + 'a>;

/// Plays `games` games between `ours` and `theirs`, ours taking Black in
/// even games; returns our wins.
fn duel<G: Game>(start: G, games: u32, ours: &mut Pick<'_, G>, theirs: &mut Pick<'_, G>) -> u32 {
    let mut wins = 0;
    for game in 0..games {
        let our_side = if game % 2 == 0 {
            Player::Black
        } else {
            Player::White
        };
        let mut p = start;
        for _ in 0..1000 {
            if p.winner().is_some() || p.moves().is_empty() {
                break;
            }
            let mv = if p.to_move() == our_side {
                ours(&p)
            } else {
                theirs(&p)
            };
            p = p.after(mv);
        }
        if p.winner() == Some(our_side) {
            wins += 1;
        }
    }
    wins
}

/// The 95% Wilson score interval of `wins` out of `n`, in percent.
fn wilson(wins: u32, n: u32) -> (f64, f64) {
    let (n, p, z) = (f64::from(n), f64::from(wins) / f64::from(n), 1.96);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
    )
}

fn report(name: &str, wins: u32, games: u32) {
    let (low, high) = wilson(wins, games);
    println!(
        "  vs {name:<24} {wins:>4}/{games} = {:5.1}%  (95% CI {low:.1}% - {high:.1}%)",
        100.0 * f64::from(wins) / f64::from(games)
    );
}

fn ours<'a, G: Game + SearchGame<Move = <G as Game>::Move> + 'a>(ms: u64) -> Pick<'a, G> {
    let mut searcher = Searcher::<G>::new(1 << 16);
    Box::new(move |p: &G| {
        let result = searcher.search(p, Limits::time(Duration::from_millis(ms)));
        result.best.expect("a position with moves")
    })
}

fn run<G: Game + SearchGame<Move = <G as Game>::Move> + 'static>(
    start: G,
    games: u32,
    ms: u64,
    seed: u64,
    mut minimax_player: Pick<'_, G>,
) {
    let mut rng = Rng::new(seed);
    let mut random: Pick<'_, G> = Box::new(move |p: &G| random_move(p, &mut rng).expect("a move"));
    let wins = duel(start, games, &mut ours(ms), &mut random);
    report("random", wins, games);
    let mut rng = Rng::new(seed ^ 1);
    let mut greedy: Pick<'_, G> = Box::new(move |p: &G| greedy_move(p, &mut rng).expect("a move"));
    let wins = duel(start, games, &mut ours(ms), &mut greedy);
    report("greedy (one ply)", wins, games);
    let wins = duel(start, games, &mut ours(ms), &mut minimax_player);
    report("minimax IterativeSearch", wins, games);
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut game, mut games, mut ms, mut seed) = (None, 200u32, 20u64, 1u64);
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut number = |what: &str| {
            iter.next()
                .and_then(|v| v.parse::<u64>().ok())
                .filter(|&n| n > 0)
                .ok_or(format!("{what} needs a positive whole number"))
        };
        match arg.as_str() {
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--games" => match number("--games") {
                Ok(n) => games = n.min(u64::from(u32::MAX)) as u32,
                Err(e) => return usage_error(e, USAGE),
            },
            "--ms" => match number("--ms") {
                Ok(n) => ms = n,
                Err(e) => return usage_error(e, USAGE),
            },
            "--seed" => match number("--seed") {
                Ok(n) => seed = n,
                Err(e) => return usage_error(e, USAGE),
            },
            "kamisado" | "katarenga" if game.is_none() => game = Some(arg.clone()),
            other => return usage_error(format!("unknown argument {other:?}"), USAGE),
        }
    }
    let Some(game) = game else {
        return usage_error("which game: kamisado or katarenga?", USAGE);
    };
    println!(
        "{game}: our search at {ms} ms per move, {games} games per opponent, colours alternating"
    );
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
    if game == "kamisado" {
        let mut search = IterativeSearch::new(KamisadoEvaluator, options());
        search.set_timeout(timeout);
        let player: Pick<'_, kamisado_core::Position> =
            Box::new(move |p| match search.choose_move(&KamisadoState::new(*p)) {
                Some(KamisadoMove::Move(m)) => m,
                _ => p.legal_moves()[0],
            });
        run(kamisado_core::Position::start(), games, ms, seed, player);
    } else {
        let mut search = IterativeSearch::new(KatarengaEvaluator, options());
        search.set_timeout(timeout);
        let player: Pick<'_, katarenga_core::Position> =
            Box::new(move |p| search.choose_move(p).unwrap_or_else(|| p.legal_moves()[0]));
        run(katarenga_core::Position::start(), games, ms, seed, player);
    }
    ExitCode::SUCCESS
}
