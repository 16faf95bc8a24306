//! The map of Katarenga's set-ups: every board of four tiles (24,576 up to
//! turning) in each of its four orientations (the first player's choice
//! of the rules), under both rule sets, scored by the search; then games
//! where the claims are; then `docs/katarenga-boards.md` written from
//! the data. Each step is a subcommand that writes its data file under
//! `docs/data/`, checkpointed so that a stopped run resumes.
//!
//! ```text
//! cargo run --release -p kk-apps --bin kk-board-study -- budget [--boards N] [--seed X] [--threads T]
//! cargo run --release -p kk-apps --bin kk-board-study -- score [--depth D] [--threads T] [--boards K] [--out DIR]
//! ```
//!
//! Seeded and deterministic: the same arguments write the same data (but
//! for the run times they report).

mod games;
mod report;
mod score;
mod stats;

use clap::builder::TypedValueParser as _;
use clap::{Args, Parser, Subcommand};

pub use games::Strength;
pub use score::{Candidates, READINGS, header as scores_header, score_board, tiles_text};

use crate::cli::CliError;

/// The arguments of `kk-board-study`.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "kk-board-study",
    about = "The map of Katarenga's set-ups (docs/katarenga-boards.md), step by step",
    long_about = "The map of Katarenga's set-ups (docs/katarenga-boards.md), step by step: \
each step writes its data under DIR/docs/data/, checkpointed (run it again to resume; \
progress on stderr). Seeded: the same arguments write the same data, but for run times."
)]
pub struct StudyArgs {
    /// The step to run
    #[command(subcommand)]
    pub step: Step,
}

/// A step of the study.
#[derive(Debug, Clone, Subcommand)]
pub enum Step {
    /// Measures the scoring search's trade-off: on a seeded sample of
    /// set-ups, each budget's time and agreement with a deep search; writes
    /// DIR/docs/data/katarenga-budget.md
    Budget(BudgetArgs),
    /// Scores every board in its four orientations under both rules by a
    /// fixed-depth search; checkpointed in DIR/docs/data/katarenga-scores.csv
    Score(ScoreArgs),
    /// Plays the study's set-ups at one strength (the standard board in its
    /// four orientations under both rules, the map's most one-sided set-ups,
    /// a seeded sample of boards, a third for fitting and the rest held
    /// out); checkpointed in DIR/docs/data/katarenga-games-STRENGTH.csv
    Games(GamesArgs),
    /// Writes DIR/docs/katarenga-boards.md and its pictures from the data
    Report(ReportArgs),
}

/// `budget`'s options.
#[derive(Debug, Clone, Args)]
pub struct BudgetArgs {
    /// How many set-ups to sample
    #[arg(long, value_name = "N", default_value_t = 60,
          value_parser = clap::value_parser!(u32).range(2..=24_576).map(|n| n as usize))]
    pub boards: usize,
    /// The sample's seed
    #[arg(long, value_name = "X", default_value_t = 1)]
    pub seed: u64,
    /// Threads to search with
    #[arg(long, value_name = "T", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(1..=256).map(|n| n as usize))]
    pub threads: usize,
    /// The deep search's nodes
    #[arg(long, value_name = "NODES", default_value_t = 4_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub reference: u64,
    /// The budgets to compare: depth=D,nodes=N,... [default: depth 3 to 6,
    /// 20000, 200000 and 1000000 nodes]
    #[arg(long, value_name = "LIST", value_parser = Candidates::parse)]
    pub candidates: Option<Candidates>,
    /// The directory whose docs/ the files go to
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: String,
}

/// `score`'s options.
#[derive(Debug, Clone, Args)]
pub struct ScoreArgs {
    /// The search's depth
    #[arg(long, value_name = "D", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..=12))]
    pub depth: u32,
    /// Threads to search with
    #[arg(long, value_name = "T", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(1..=256).map(|n| n as usize))]
    pub threads: usize,
    /// The first K boards only
    #[arg(long, value_name = "K",
          value_parser = clap::value_parser!(u32).range(1..=24_576).map(|n| n as usize))]
    pub boards: Option<usize>,
    /// The directory whose docs/ the files go to
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: String,
}

/// `games`' options.
#[derive(Debug, Clone, Args)]
pub struct GamesArgs {
    /// nodes=N or movetime=MS; each game draws each side's budget between
    /// 3/4 and 5/4 of it
    #[arg(long, value_name = "BUDGET", default_value = "nodes=10000", value_parser = Strength::parse)]
    pub strength: Strength,
    /// How many of the map's most one-sided set-ups
    #[arg(long, value_name = "E", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(0..=1000).map(|n| n as usize))]
    pub extremes: usize,
    /// Games per extreme set-up
    #[arg(long, value_name = "G", default_value_t = 200,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub extreme_games: u32,
    /// How many boards to sample
    #[arg(long, value_name = "S", default_value_t = 90,
          value_parser = clap::value_parser!(u32).range(0..=24_576).map(|n| n as usize))]
    pub sample: usize,
    /// Games per sampled set-up
    #[arg(long, value_name = "G", default_value_t = 40,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub sample_games: u32,
    /// The seed of the sample and of the budgets
    #[arg(long, value_name = "X", default_value_t = 1)]
    pub seed: u64,
    /// Threads to play with
    #[arg(long, value_name = "T", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(1..=256).map(|n| n as usize))]
    pub threads: usize,
    /// The directory whose docs/ the files go to
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: String,
}

/// `report`'s options.
#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    /// The directory whose docs/ the files go to
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: String,
    /// The strengths whose games to report, by their files' names
    #[arg(long, value_name = "S1,S2", default_value = "nodes=10000,ms=10")]
    pub strengths: String,
    /// How the machine was loaded, for the run times
    #[arg(long, value_name = "TEXT", default_value = "2 cores, shared")]
    pub conditions: String,
}

/// Runs a step of the study, writing what it did to `out`.
///
/// # Errors
/// [`CliError::Failed`] when a data file cannot be read or written or does
/// not go with the arguments (a scores file made at another depth);
/// [`CliError::Io`] when writing to `out` fails.
pub fn run(args: StudyArgs, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    match args.step {
        Step::Budget(args) => score::budget(args, out),
        Step::Score(args) => score::score(args, out),
        Step::Games(args) => games::games(args, out),
        Step::Report(args) => report::report(args, out),
    }
}
