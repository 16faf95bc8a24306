//! `kk-play`'s arguments, declared, and the options they make.

use std::time::Duration;

use clap::Parser;
use game_search::Limits;
use game_search::play::Adjudication;
use game_spec::{BoardSetup, GameSpec};
use kamisado_core::Target;
use katarenga_core::{Board, Orientation, Rules, TilePlacement};

use crate::cli::{CliError, chain};

/// The arguments of `kk-play`.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "kk-play",
    about = "A game of Kamisado or Katarenga in the terminal",
    long_about = "A game in the terminal. Moves are typed in the games' notation (d1d7, e8h9); \
'moves' lists the legal moves, 'undo' takes back the last move, 'quit' ends, 'help' lists \
these. Without a terminal, moves are read line by line from standard input: a refused line \
is reported on stderr with its number, and it, or an input that ends before the game does, \
makes the exit status 1.",
    after_help = "Katarenga has no draw rule; this program ends a game without a winner when a \
position occurs for the third time with the same side to move, or after --max-plies plies (a \
rule of this program, not of the printed rules)."
)]
pub struct PlayArgs {
    /// The game, its rules and set-up, as a game spec: kamisado (the
    /// default), "kamisado target=3", katarenga, "katarenga
    /// rules=no-first-capture board=1f0,2b1,3f2,4f3" (fields: kamisado's
    /// rules, layout, target, scoring and refill; katarenga's rules and
    /// board; layout=random is drawn from --seed)
    #[arg(long, value_name = "SPEC", value_parser = game_spec_arg)]
    pub game: Option<String>,
    /// Who plays Black
    #[arg(long, value_enum, default_value = "human")]
    pub black: Who,
    /// Who plays White
    #[arg(long, value_enum, default_value = "computer")]
    pub white: Who,
    /// Katarenga: the board of tile arrangement N (0 to 98303, as numbered
    /// by the page and the Python package), instead of the spec's board=
    #[arg(long, value_name = "N", value_parser = arrangement)]
    pub arrangement: Option<Board>,
    /// Katarenga: the edge of the laid board at which Black sits (bottom,
    /// right, top or left), or choose: Black chooses, as the rules set a
    /// game up [default: bottom]
    #[arg(long, value_name = "EDGE|choose", value_parser = orientation)]
    pub orientation: Option<OrientationChoice>,
    /// Katarenga: then the rematch the rules recommend, from the same start
    /// with the sides exchanged, points added
    #[arg(long)]
    pub rematch: bool,
    /// The computer searches D plies ahead (default 4; 0: the greedy
    /// one-ply player)
    #[arg(long, value_name = "D", group = "budget",
          value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: Option<u32>,
    /// The computer searches MS milliseconds a move instead
    #[arg(long, value_name = "MS", group = "budget",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// The computer searches N nodes a move instead (the same moves on any
    /// machine)
    #[arg(long, value_name = "N", group = "budget",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// The computer's random seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// End a game without a winner after N plies
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_plies: u32,
    /// Computer against computer: one Kamisado round and one Katarenga
    /// game, then exit
    #[arg(long)]
    pub demo: bool,
    /// Kamisado: the tile edition's set-up match, each round laid out from
    /// two set-ups drawn from the chart in FILE (one set-up a line, `1
    /// NGRYKPBO`: kamisado-core's rules page, "Numbered set-ups"); Black
    /// draws for the first round, the loser for the next, the higher number
    /// to the player who moves second
    #[arg(long, value_name = "FILE")]
    pub setups: Option<std::path::PathBuf>,
    /// Mark every square for players who cannot tell the colours apart
    /// (Kamisado: each colour's kanji, on its squares and towers;
    /// Katarenga: the chess figure of each colour's move)
    #[arg(long)]
    pub marks: bool,
}

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Who {
    /// A person, typing moves.
    Human,
    /// The computer.
    Computer,
}

/// `--orientation`'s value: an edge, or Black's choice at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrientationChoice {
    /// Black sits at this edge of the laid board.
    Edge(Orientation),
    /// Black chooses (a person is asked, the computer searches the four).
    Choose,
}

/// The spec's text, checked (what it leaves to chance is drawn later,
/// from `--seed`).
fn game_spec_arg(text: &str) -> Result<String, String> {
    GameSpec::parse_drawing(text, 0)
        .map(|_| text.to_string())
        .map_err(|e| chain(&e))
}

fn orientation(text: &str) -> Result<OrientationChoice, String> {
    match text {
        "choose" => Ok(OrientationChoice::Choose),
        edge => edge
            .parse()
            .map(OrientationChoice::Edge)
            .map_err(|e| format!("{} or choose", chain(&e))),
    }
}

/// A board from `--arrangement N`: the N-th of the 98,304 tile
/// arrangements, numbered from 0 as the page and the Python package number
/// them.
fn arrangement(text: &str) -> Result<Board, String> {
    let last = TilePlacement::ARRANGEMENTS - 1;
    let placements = text
        .parse::<u32>()
        .ok()
        .and_then(TilePlacement::arrangement)
        .ok_or_else(|| format!("expected a whole number from 0 to {last}"))?;
    Board::from_tiles(placements).map_err(|e| chain(&e))
}

/// The game chosen and its set-up.
#[derive(Debug, Clone)]
pub(super) enum GameChoice {
    Kamisado {
        /// The first round's start, whose reading and layout every round
        /// keeps.
        start: kamisado_core::Position,
        target: Target,
        options: kamisado_core::MatchOptions,
        /// The chart of the set-up match, if one is played.
        setups: Option<Box<kamisado_core::SetupChart>>,
    },
    Katarenga {
        board: Board,
        rules: Rules,
        /// Black's edge, `None`: Black chooses.
        orientation: Option<Orientation>,
        rematch: bool,
    },
    /// A game of the Katarenga family, from its start (its options and
    /// board the spec's).
    Family(game_spec::AnyPosition),
}

/// How strong the computer plays.
#[derive(Debug, Clone, Copy)]
pub(super) enum Strength {
    /// The greedy one-ply player.
    Greedy,
    /// Our alpha-beta search with these limits.
    Search(Limits),
}

/// What the session plays.
#[derive(Debug, Clone)]
pub(super) struct Options {
    pub game: GameChoice,
    pub players: [Who; 2],
    pub strength: Strength,
    pub seed: u64,
    pub adjudication: Adjudication,
    pub demo: bool,
    pub marks: bool,
}

impl Options {
    /// The options of `args`.
    ///
    /// # Errors
    /// A usage error for an option of the other game.
    pub fn new(args: PlayArgs) -> Result<Options, CliError> {
        let spec = match &args.game {
            None => GameSpec::default(),
            Some(text) => {
                GameSpec::parse_drawing(text, args.seed).map_err(|e| CliError::Usage(chain(&e)))?
            }
        };
        let game = match spec {
            GameSpec::Congress { .. } | GameSpec::Quebec { .. } | GameSpec::Isolation { .. } => {
                if args.arrangement.is_some()
                    || args.orientation.is_some()
                    || args.rematch
                    || args.setups.is_some()
                {
                    return Err(CliError::Usage(format!(
                        "--arrangement, --orientation, --rematch and --setups are not for {} \
                         (its board is the spec's board=)",
                        spec.game()
                    )));
                }
                GameChoice::Family(spec.start())
            }
            spec @ GameSpec::Kamisado {
                target, options, ..
            } => {
                if args.arrangement.is_some() || args.orientation.is_some() || args.rematch {
                    return Err(CliError::Usage(
                        "--arrangement, --orientation and --rematch are for Katarenga".into(),
                    ));
                }
                let setups = match &args.setups {
                    None => None,
                    Some(path) => {
                        let text = std::fs::read_to_string(path).map_err(|e| {
                            CliError::Usage(format!("--setups {}: {e}", path.display()))
                        })?;
                        let chart = text.parse().map_err(|e| {
                            CliError::Usage(format!("--setups {}: {}", path.display(), chain(&e)))
                        })?;
                        Some(Box::new(chart))
                    }
                };
                // The chart makes the match a set-up match, and a set-up
                // match needs one.
                let mut options = options;
                match (&setups, options.refill) {
                    (Some(_), kamisado_core::Refill::Nearest | kamisado_core::Refill::Setups) => {
                        options.refill = kamisado_core::Refill::Setups;
                    }
                    (Some(_), other) => {
                        return Err(CliError::Usage(format!(
                            "--setups plays the set-up match, which has no refill: drop refill={other}"
                        )));
                    }
                    (None, kamisado_core::Refill::Setups) => {
                        return Err(CliError::Usage(
                            "refill=setups draws from a chart: give it with --setups FILE".into(),
                        ));
                    }
                    (None, _) => {}
                }
                GameChoice::Kamisado {
                    // The spec's first start: its reading and layout.
                    start: spec.new_match().map_or_else(
                        || kamisado_core::Position::start_on(kamisado_core::Layout::Standard),
                        |m| *m.position(),
                    ),
                    target,
                    options,
                    setups,
                }
            }
            GameSpec::Katarenga { rules, board } => {
                if args.setups.is_some() {
                    return Err(CliError::Usage("--setups is for Kamisado".into()));
                }
                let board = match (board, args.arrangement) {
                    (setup, None) => setup.board(),
                    (BoardSetup::Standard, Some(arranged)) => arranged,
                    (_, Some(_)) => {
                        return Err(CliError::Usage(
                            "--arrangement and the spec's board= both lay the board: give one"
                                .into(),
                        ));
                    }
                };
                GameChoice::Katarenga {
                    board,
                    rules,
                    orientation: match args.orientation {
                        None => Some(Orientation::Bottom),
                        Some(OrientationChoice::Edge(edge)) => Some(edge),
                        Some(OrientationChoice::Choose) => None,
                    },
                    rematch: args.rematch,
                }
            }
        };
        let strength = match (args.depth, args.movetime, args.nodes) {
            (Some(0), _, _) => Strength::Greedy,
            (Some(depth), _, _) => Strength::Search(Limits::depth(depth)),
            (_, Some(ms), _) => Strength::Search(Limits::time(Duration::from_millis(ms))),
            (_, _, Some(nodes)) => Strength::Search(Limits::nodes(nodes)),
            (None, None, None) => Strength::Search(Limits::depth(4)),
        };
        let adjudication = Adjudication {
            max_plies: args.max_plies,
            ..Adjudication::default()
        };
        Ok(Options {
            game,
            players: [args.black, args.white],
            strength,
            seed: args.seed,
            adjudication,
            demo: args.demo,
            marks: args.marks,
        })
    }
}
