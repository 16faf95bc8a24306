//! The studies' items: one function per kind of item, each a pure function
//! of its arguments (the same arguments give the same result on any
//! machine, in any order, in any process), so that a runner may run an
//! item anywhere, again, or twice. The programs of this crate and the
//! Python package's study runners (`kamisado_katarenga.studies`, locally or
//! on Ray) call the same functions.
//!
//! Every search here starts from an empty table and is bounded by a depth
//! or a node count when the result must be reproducible; a time limit (the
//! solver's `movetime`) makes a result depend on the machine, and is the
//! caller's choice.

use std::ops::Range;
use std::time::Duration;

use std::collections::BTreeSet;

use board_geometry::{Player, SplitMix64};
use game_search::play::{Adjudication, play_game};
use game_search::proof::Solver;
use game_search::proof::isolation::IsolationSolver;
use game_search::{Agent, GreedyAgent, Limits, RandomAgent, SearchAgent, SearchGame, Searcher};
use game_spec::{AnyPosition, GameSpec};
use kamisado_core::{Edge, Game as _, Match, MatchState, Position, SumoRank, Target};
use katarenga_core::{Board, TilePlacement};

use crate::board_study::{READINGS, score_board, tiles_text};
use crate::cli::{CliError, chain};
use crate::isolation_study::{Row, solve_board};
use crate::solve_table::RoundStarts;

/// How many tile boards there are (up to turning), the board studies'
/// items' range.
pub const BOARDS: usize = 24_576;

/// The boards of `range`, with their indices; an error naming the range
/// when it is empty or runs past the last board.
fn boards(range: &Range<usize>) -> Result<Vec<(usize, Board, [TilePlacement; 4])>, CliError> {
    if range.start >= range.end || range.end > BOARDS {
        return Err(CliError::Failed(format!(
            "boards {}..{}: expected a non-empty range within 0..{BOARDS}",
            range.start, range.end
        )));
    }
    Ok(Board::all_tile_boards()
        .enumerate()
        .skip(range.start)
        .take(range.end - range.start)
        .map(|(i, (board, tiles))| (i, board, tiles))
        .collect())
}

/// A board of the map with its eight scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardScores {
    /// The board's index in `Board::all_tile_boards`.
    pub index: usize,
    /// A placement of tiles that makes it.
    pub tiles: [TilePlacement; 4],
    /// White's clamped score of each start: `[rules][orientation]`, in the
    /// order of `Rules::ALL` and `Orientation::ALL`.
    pub scores: [[i32; 4]; READINGS],
}

impl BoardScores {
    /// The board's line in the scores file (`docs/data/katarenga-scores.csv`).
    #[must_use]
    pub fn row(&self) -> String {
        let mut row = format!("{},{}", self.index, tiles_text(&self.tiles));
        for s in self.scores.iter().flatten() {
            row.push_str(&format!(",{s}"));
        }
        row
    }
}

/// The board map's item: the boards of `range` scored by a fixed-depth
/// search, each start from an empty table.
///
/// # Errors
/// A range outside the boards, or a table that cannot be allocated.
pub fn score_boards(range: Range<usize>, depth: u32) -> Result<Vec<BoardScores>, CliError> {
    let boards = boards(&range)?;
    let mut searcher = Searcher::new(16).map_err(|e| CliError::Failed(e.to_string()))?;
    Ok(boards
        .into_iter()
        .map(|(index, board, tiles)| BoardScores {
            index,
            tiles,
            scores: score_board(&mut searcher, board, Limits::depth(depth)),
        })
        .collect())
}

/// The Isolation map's item: strict Isolation solved on the boards of
/// `range`, by one solver whose tables start empty (its node counts depend
/// on the range, not on what else a process solved).
///
/// # Errors
/// A range outside the boards.
pub fn solve_isolation_boards(range: Range<usize>) -> Result<Vec<Row>, CliError> {
    let boards = boards(&range)?;
    let mut solver = IsolationSolver::new();
    Ok(boards
        .into_iter()
        .map(|(index, board, _)| solve_board(&mut solver, index, &board))
        .collect())
}

/// What the solver found for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// Who wins with best play, if the budget sufficed.
    pub winner: Option<Player>,
    /// The plies to the end with best play, if known.
    pub plies: Option<u32>,
    /// The best move, as the game writes it.
    pub best: Option<String>,
    /// The principal variation, when asked for.
    pub variation: Vec<String>,
    /// The positions the solver searched.
    pub nodes: u64,
    /// How long it took (not part of the result a study compares).
    pub elapsed: Duration,
}

fn solve_in<G: SearchGame>(
    position: &G,
    limits: Limits,
    table_mib: usize,
    variation: bool,
) -> Result<Solved, CliError> {
    let mut solver = Solver::<G>::new(table_mib)
        .map_err(|e| CliError::Failed(format!("{e}; try a smaller table")))?;
    let s = solver.solve(position, limits);
    let variation = if variation {
        solver
            .principal_variation(position, &s)
            .iter()
            .map(ToString::to_string)
            .collect()
    } else {
        Vec::new()
    };
    Ok(Solved {
        winner: s.winner,
        plies: s.plies,
        best: s.best.map(|m| m.to_string()),
        variation,
        nodes: s.nodes,
        elapsed: s.elapsed,
    })
}

/// The solving studies' item (round starts, first moves, any file of
/// positions): `position` solved by a fresh solver with a table of
/// `table_mib` MiB within `limits`, with its principal variation when
/// `variation` is set.
///
/// # Errors
/// A table that cannot be allocated.
pub fn solve(
    position: &AnyPosition,
    limits: Limits,
    table_mib: usize,
    variation: bool,
) -> Result<Solved, CliError> {
    match position {
        AnyPosition::Kamisado(p) => solve_in(p, limits, table_mib, variation),
        AnyPosition::Katarenga(p) => solve_in(p, limits, table_mib, variation),
        AnyPosition::Congress(p) => solve_in(p, limits, table_mib, variation),
        AnyPosition::Quebec(p) => solve_in(p, limits, table_mib, variation),
        AnyPosition::Isolation(p) => solve_in(p, limits, table_mib, variation),
    }
}

/// A player of a tournament: `random`, `greedy`, or the search with
/// `depth=D` and/or `nodes=N` (`depth=4,nodes=20000`: whichever comes
/// first). No time limit: a tournament's games must replay exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contestant {
    /// Uniformly random legal moves.
    Random,
    /// The best move one ply ahead.
    Greedy,
    /// The search within these limits.
    Search(Limits),
}

impl Contestant {
    /// Reads `random`, `greedy`, `depth=D`, `nodes=N` or both joined by a
    /// comma.
    ///
    /// # Errors
    /// A message naming what was not understood.
    pub fn parse(text: &str) -> Result<Contestant, String> {
        match text.trim() {
            "random" => return Ok(Contestant::Random),
            "greedy" => return Ok(Contestant::Greedy),
            _ => {}
        }
        let mut limits = Limits::depth(game_search::MAX_DEPTH);
        let mut bounded = false;
        for part in text.split(',') {
            let bad = || {
                format!(
                    "player {text:?}: {part:?} is not depth=D (1 to {}) or nodes=N; \
                     expected random, greedy, depth=D, nodes=N or depth=D,nodes=N",
                    game_search::MAX_DEPTH
                )
            };
            let (key, value) = part.trim().split_once('=').ok_or_else(bad)?;
            match key.trim() {
                "depth" => {
                    limits.depth = value
                        .trim()
                        .parse()
                        .ok()
                        .filter(|d| (1..=game_search::MAX_DEPTH).contains(d))
                        .ok_or_else(bad)?;
                }
                "nodes" => {
                    limits.nodes = value
                        .trim()
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(bad)?;
                }
                _ => return Err(bad()),
            }
            bounded = true;
        }
        if bounded {
            Ok(Contestant::Search(limits))
        } else {
            Err(format!("player {text:?}: no limit given"))
        }
    }

    fn agent<G: SearchGame + 'static>(
        self,
        seed: u64,
        table_mib: usize,
    ) -> Result<Box<dyn Agent<G>>, CliError> {
        Ok(match self {
            Contestant::Random => Box::new(RandomAgent::new(seed)),
            Contestant::Greedy => Box::new(GreedyAgent::new(seed)),
            Contestant::Search(limits) => Box::new(
                SearchAgent::<G>::new(limits, table_mib)
                    .map_err(|e| CliError::Failed(e.to_string()))?,
            ),
        })
    }
}

/// One game of a pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairGame {
    /// Whether the first contestant moved first.
    pub first_moved_first: bool,
    /// The first contestant's half-points (2 a win, 1 a draw).
    pub half_points: u32,
    /// The plies after the opening.
    pub plies: u32,
    /// How it ended (`"arrival"`, `"ply limit"`, ...).
    pub ending: &'static str,
}

/// A colour-swapped pair of games: the tournament's item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// The opening both games start from, as the game writes positions.
    pub opening: String,
    /// The game with the first contestant moving first, then the other.
    pub games: [PairGame; 2],
}

impl Pair {
    /// The first contestant's half-points over the pair, 0 to 4 (the
    /// pentanomial bucket).
    #[must_use]
    pub fn half_points(&self) -> u32 {
        self.games[0].half_points + self.games[1].half_points
    }
}

/// What a tournament's pairs share: the game, the two contestants, how
/// many random plies open each pair, the ply limit and the tables' size.
#[derive(Debug, Clone)]
pub struct Tournament {
    /// The game and its options (its start is where openings begin).
    pub spec: GameSpec,
    /// The first and second contestants.
    pub contestants: [Contestant; 2],
    /// Random plies played from the start before the pair's two games.
    pub opening_plies: u32,
    /// A game reaching this many plies after its opening is a draw.
    pub max_plies: u32,
    /// Each search player's table, in MiB.
    pub table_mib: usize,
    /// The tournament's seed: pair `i`'s opening and players' seeds come
    /// from it and `i` alone.
    pub seed: u64,
}

impl Tournament {
    /// Plays pair `index`: an opening of random plies drawn from the seed
    /// and `index` (drawn again if it ends the game), then a game with each
    /// contestant moving first from it, every player fresh.
    ///
    /// # Errors
    /// No opening found (a game too short for the opening's plies), or a
    /// table that cannot be allocated.
    pub fn play_pair(&self, index: u64) -> Result<Pair, CliError> {
        match self.spec.start() {
            AnyPosition::Kamisado(p) => self.pair_in(p, index),
            AnyPosition::Katarenga(p) => self.pair_in(p, index),
            AnyPosition::Congress(p) => self.pair_in(p, index),
            AnyPosition::Quebec(p) => self.pair_in(p, index),
            AnyPosition::Isolation(p) => self.pair_in(p, index),
        }
    }

    fn pair_in<G: SearchGame + 'static>(&self, start: G, index: u64) -> Result<Pair, CliError> {
        let mut seeds = SplitMix64::new(self.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let opening = (0..100)
            .find_map(|_| {
                let mut random = RandomAgent::new(seeds.next_u64());
                let mut p = start;
                for _ in 0..self.opening_plies {
                    let mv = Agent::<G>::choose(&mut random, &p)?;
                    p = p.try_play(mv).ok()?;
                    if p.outcome().is_some() {
                        return None;
                    }
                }
                Some(p)
            })
            .ok_or_else(|| {
                CliError::Failed(format!(
                    "pair {index}: no opening of {} plies that leaves the game open in 100 draws",
                    self.opening_plies
                ))
            })?;
        let player_seeds = [seeds.next_u64(), seeds.next_u64()];
        let adjudication = Adjudication {
            max_plies: self.max_plies,
            ..Adjudication::default()
        };
        let play_one = |first_moved_first: bool| -> Result<PairGame, CliError> {
            let mut a = self.contestants[0].agent::<G>(player_seeds[0], self.table_mib)?;
            let mut b = self.contestants[1].agent::<G>(player_seeds[1], self.table_mib)?;
            let first_side = opening.side_to_move();
            let (agents, a_side): ([&mut dyn Agent<G>; 2], Player) = if first_moved_first {
                ([&mut *a, &mut *b], first_side)
            } else {
                ([&mut *b, &mut *a], first_side.opponent())
            };
            let result = play_game(opening, agents, adjudication, |_, _| {});
            Ok(PairGame {
                first_moved_first,
                half_points: match result.winner() {
                    Some(w) if w == a_side => 2,
                    Some(_) => 0,
                    None => 1,
                },
                plies: u32::try_from(result.moves.len()).unwrap_or(u32::MAX),
                ending: result.ending(),
            })
        };
        Ok(Pair {
            opening: opening.to_string(),
            games: [play_one(true)?, play_one(false)?],
        })
    }
}

/// The round starts' study's items: distinct start positions of round
/// `options.round`: round 1 from the start, then
/// each round played to its end by two random players, the refill edge
/// chosen at random; one a line, without repeats.
///
/// # Errors
/// Fewer distinct starts than `count` in `1000 * count + 10000` matches.
pub fn round_starts(options: RoundStarts) -> Result<Vec<Position>, CliError> {
    let RoundStarts {
        round,
        count,
        seed,
        sumos,
    } = options;
    let mut rng = SplitMix64::new(seed);
    let mut players = [RandomAgent::new(seed ^ 1), RandomAgent::new(seed ^ 2)];
    let mut seen = BTreeSet::new();
    let mut starts = Vec::new();
    let mut tries = 0u64;
    while (seen.len() as u64) < count {
        tries += 1;
        if tries > 1000 * count + 10_000 {
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
                        .ok_or_else(|| CliError::Failed(format!("no move in {p}")))?;
                    m.play(mv).map_err(|e| CliError::Failed(chain(&e)))?;
                }
                MatchState::ChooseEdge { .. } => {
                    let edge = if rng.coin() { Edge::AFile } else { Edge::HFile };
                    m.choose_edge(edge)
                        .map_err(|e| CliError::Failed(chain(&e)))?;
                }
                MatchState::Over { .. } => {
                    return Err(CliError::Failed("a 1000-point match ended".into()));
                }
                MatchState::DrawSetups { .. } => {
                    return Err(CliError::Failed(
                        "a match refilled from an edge asked for set-ups".into(),
                    ));
                }
            }
        }
        let start = *m.position();
        let sumo_count = start
            .towers()
            .filter(|&(_, _, rank)| rank >= SumoRank::Sumo)
            .count();
        if sumos.is_none_or(|k| k as usize == sumo_count) && seen.insert(start.to_string()) {
            starts.push(start);
        }
    }
    Ok(starts)
}
