//! The map of Katarenga's set-ups: every board of four tiles (24,576 up to
//! turning) in each of its four orientations (the first player's choice
//! of the rules), under both rule sets, scored by the search; then games
//! where the claims are; then `docs/katarenga-boards.md` written from
//! the data. Each step is a subcommand that writes its data file under
//! `docs/data/`, checkpointed so that a stopped run resumes.
//!
//! ```text
//! cargo run --release --example board_study -- budget [--boards N] [--seed X] [--threads T]
//! cargo run --release --example board_study -- score [--depth D] [--threads T] [--boards K] [--out DIR]
//! ```
//!
//! Seeded and deterministic: the same arguments write the same data (but
//! for the run times they report).

mod games;
mod report;
mod score;
mod stats;

use std::process::ExitCode;

use kamisado_katarenga::CliError;

const USAGE: &str = "usage: board_study <step> [options]

The map of Katarenga's set-ups (docs/katarenga-boards.md), step by step:
  budget   measures the scoring search's trade-off: on a seeded sample of
           set-ups, each budget's time and agreement with a deep search
             --boards N (default 60) --seed X (default 1) --threads T (default 2)
             --reference NODES (default 4000000) --out DIR (default .)
             --candidates depth=D,nodes=N,... (default depth 3 to 6, 20000,
               200000 and 1000000 nodes);
           writes DIR/docs/data/katarenga-budget.md
  score    scores every board in its four orientations under both rules, by
           a fixed-depth search; checkpointed in DIR/docs/data/katarenga-scores.csv
           (run it again to resume; progress on stderr)
             --depth D (default 5) --threads T (default 2)
             --boards K (the first K boards only) --out DIR (default .)
  games    plays the study's set-ups at one strength (the standard board in its
           four orientations under both rules, the map's most one-sided set-ups,
           a seeded sample of boards in their four orientations, a third of them
           for fitting and the rest held out); checkpointed in
           DIR/docs/data/katarenga-games-<strength>.csv
             --strength nodes=N|movetime=MS (default nodes=10000; each game draws each
               side's budget between 3/4 and 5/4 of it)
             --extremes E (default 20) --extreme-games G (default 200)
             --sample S (default 90) --sample-games G (default 40)
             --seed X (default 1) --threads T (default 2) --out DIR (default .)
  report   writes DIR/docs/katarenga-boards.md and its pictures from the data
             --strengths S1,S2 (default nodes=10000,ms=10) --out DIR (default .)
             --conditions TEXT (how the machine was loaded, for the run times)";

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let Some((step, rest)) = args.split_first() else {
            return Err(CliError::Usage(
                "which step? budget, score, games or report".into(),
            ));
        };
        match step.as_str() {
            "budget" => score::budget(rest, out),
            "score" => score::score(rest, out),
            "games" => games::games(rest, out),
            "report" => report::report(rest, out),
            other => Err(CliError::Usage(format!(
                "unknown step {other:?}: expected budget, score, games or report"
            ))),
        }
    })
}
