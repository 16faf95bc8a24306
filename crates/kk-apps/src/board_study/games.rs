//! The `games` step: self-play where the map's claims are. Every game is
//! between two copies of the search player, each with its own budget drawn
//! per game (so that games from one set-up differ without random moves);
//! identical games are counted once.

use katarenga_core::Game;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::time::{Duration, Instant};

use crate::cli::CliError;
use board_geometry::{Player, SplitMix64};
use game_search::play::{Adjudication, play_game};
use game_search::{Limits, SearchAgent, Searcher};
use katarenga_core::{Board, Orientation, Position, Rules, Setup, TilePlacement};

use super::GamesArgs;
use super::score::{
    READINGS, SCORE_FIELDS, SCORES, all_boards, meta_field, open_to_append, read_rows, span,
    tiles_text, write_file,
};
use super::stats::parallel;

/// How strong the players are: a node budget or a time a move, each
/// drawn per game and side between 3/4 and 5/4 of it.
#[derive(Clone, Copy, Debug)]
pub enum Strength {
    /// Nodes a move.
    Nodes(u64),
    /// Milliseconds a move.
    Millis(u64),
}

impl Strength {
    /// `nodes=N` or `movetime=MS` (`ms=MS` too, the data files' name).
    ///
    /// # Errors
    /// A message for anything else.
    pub fn parse(text: &str) -> Result<Strength, String> {
        let bad = || format!("{text:?}: expected nodes=N or movetime=MS");
        let (kind, amount) = text.split_once('=').ok_or_else(bad)?;
        let amount: u64 = amount.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
        match kind {
            "nodes" => Ok(Strength::Nodes(amount)),
            // `ms=T` is the name in the data files (`games-ms=10.csv`).
            "movetime" | "ms" => Ok(Strength::Millis(amount)),
            _ => Err(bad()),
        }
    }

    /// `nodes=10000` or `ms=10`, as in file names and tables.
    pub fn name(self) -> String {
        match self {
            Strength::Nodes(n) => format!("nodes={n}"),
            Strength::Millis(t) => format!("ms={t}"),
        }
    }

    /// This strength's limits, drawn between 3/4 and 5/4.
    fn limits(self, rng: &mut SplitMix64) -> Limits {
        let factor = 0.75 + 0.5 * (rng.below(1_000_001) as f64 / 1e6);
        match self {
            Strength::Nodes(n) => Limits::nodes(((n as f64) * factor).round().max(1.0) as u64),
            Strength::Millis(t) => {
                Limits::time(Duration::from_secs_f64(t as f64 * factor / 1000.0))
            }
        }
    }
}

/// The games data file of a strength, under the output folder.
pub fn games_path(strength: &str) -> String {
    format!("docs/data/katarenga-games-{strength}.csv")
}

/// The header of a games file: one row per set-up.
pub const GAMES_HEADER: &str =
    "group,tiles,orientation,rules,games,distinct,white_wins,black_wins,draws,white_points,plies";

/// A set-up to play: the laid board (by its tiles), Black's edge, the
/// rules, and which part of the study asked for it.
#[derive(Clone, Debug)]
pub struct Job {
    pub group: String,
    pub tiles: [TilePlacement; 4],
    pub orientation: Orientation,
    pub rules: Rules,
    pub games: u32,
}

impl Job {
    fn key(&self) -> String {
        format!(
            "{},{},{},{}",
            self.group,
            tiles_text(&self.tiles),
            self.orientation,
            self.rules
        )
    }
}

/// What the games of a set-up came to: `games` played, of which
/// `distinct` were different; `white_points` counts distinct games only (a
/// draw half a point).
struct Played {
    games: u32,
    distinct: u32,
    wins: [u32; 2],
    draws: u32,
    white_points: f64,
    plies: u64,
}

fn play(job: &Job, strength: Strength, seed: u64) -> Played {
    let board = Board::from_tiles(job.tiles).unwrap_or_else(|_| unreachable!("tiles of the list"));
    let start = Setup::new(board, job.rules).start(job.orientation);
    let mut rng = SplitMix64::new(seed);
    let mut seen = HashSet::new();
    let mut p = Played {
        games: 0,
        distinct: 0,
        wins: [0; 2],
        draws: 0,
        white_points: 0.0,
        plies: 0,
    };
    let mut opener = Searcher::<Position>::new(1).expect("1 MiB");
    // Games until `job.games` distinct ones, or three times as many tries
    // (a set-up with few sensible openings repeats its games).
    while p.distinct < job.games && p.games < 3 * job.games {
        p.games += 1;
        let (from, mut moves) = opening(start, &mut opener, &mut rng);
        let mut white = SearchAgent::<Position>::new(strength.limits(&mut rng), 4).expect("4 MiB");
        let mut black = SearchAgent::<Position>::new(strength.limits(&mut rng), 4).expect("4 MiB");
        // `play_game` takes the agent of the side to move first.
        let agents: [&mut dyn game_search::Agent<Position>; 2] =
            if from.side_to_move() == Player::White {
                [&mut white, &mut black]
            } else {
                [&mut black, &mut white]
            };
        let game = play_game(from, agents, Adjudication::default(), |_, _| {});
        moves.extend_from_slice(&game.moves);
        p.plies += moves.len() as u64;
        if !seen.insert(moves) {
            continue;
        }
        p.distinct += 1;
        match game.winner() {
            Some(Player::White) => {
                p.wins[1] += 1;
                p.white_points += 1.0;
            }
            Some(Player::Black) => p.wins[0] += 1,
            None => {
                p.draws += 1;
                p.white_points += 0.5;
            }
        }
    }
    p
}

/// How many plies of a game are drawn among the sensible moves.
pub const OPENING_PLIES: usize = 2;
/// A sensible opening move scores within this many centipawns of the best
/// by a depth-2 search of each move.
pub const OPENING_MARGIN: i32 = 50;

/// The game's first [`OPENING_PLIES`] plies, each drawn uniformly among the
/// mover's sensible moves (within [`OPENING_MARGIN`] of the best by a
/// depth-2 search): the games of a set-up differ from the first move on,
/// without a blunder. Returns the position after them and the moves.
fn opening(
    start: Position,
    searcher: &mut Searcher<Position>,
    rng: &mut SplitMix64,
) -> (Position, Vec<katarenga_core::Move>) {
    let mut p = start;
    let mut moves = Vec::new();
    for _ in 0..OPENING_PLIES {
        if p.outcome().is_some() {
            break;
        }
        let scored: Vec<(i32, katarenga_core::Move)> = p
            .legal_moves()
            .iter()
            .map(|&mv| {
                let child = p.play(mv);
                searcher.clear();
                let s = searcher.search(&child, Limits::depth(2)).score;
                let ours = if child.side_to_move() == p.side_to_move() {
                    s
                } else {
                    -s
                };
                (ours, mv)
            })
            .collect();
        let best = scored.iter().map(|x| x.0).max().unwrap_or(0);
        let sensible: Vec<_> = scored
            .iter()
            .filter(|x| x.0 >= best.saturating_sub(OPENING_MARGIN))
            .map(|x| x.1)
            .collect();
        let Some(&mv) = rng.choose(&sensible) else {
            break;
        };
        p = p.play(mv);
        moves.push(mv);
    }
    (p, moves)
}

/// A row of the scores file: the board's index in the list, its tiles as
/// laid, and White's scores `[rules][orientation]`.
pub type ScoreRow = (usize, [TilePlacement; 4], [[i32; 4]; READINGS]);

/// The scores file's rows.
pub fn read_scores(dir: &str) -> Result<Vec<ScoreRow>, CliError> {
    let path = std::path::Path::new(dir).join(SCORES);
    read_rows(&path, SCORE_FIELDS, "run the score step first", |fields| {
        let index: usize = fields[0].parse().ok()?;
        let tiles: Vec<TilePlacement> = fields[1]
            .split(' ')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        let tiles: [TilePlacement; 4] = tiles.try_into().ok()?;
        let mut scores = [[0; 4]; READINGS];
        for (k, f) in fields[2..].iter().enumerate() {
            scores[k / 4][k % 4] = f.parse().ok()?;
        }
        Some((index, tiles, scores))
    })
}

/// Every set-up of the map (a row's board in one orientation) as its
/// standard-rules score, its row and the orientation, from Black's best to
/// White's best.
pub fn by_standard_score(rows: &[ScoreRow]) -> Vec<(i32, usize, Orientation)> {
    let mut all: Vec<(i32, usize, Orientation)> = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| Orientation::ALL.map(|o| (row.2[0][o.index()], r, o)))
        .collect();
    all.sort();
    all
}

/// The study's set-ups to play, in a fixed order: the standard board in
/// its four orientations under both rules; the most one-sided set-ups of
/// the map (standard rules); and a seeded sample of boards, each in its
/// four orientations, split into a fitting part and a held-out part.
pub fn jobs(
    rows: &[ScoreRow],
    extremes: usize,
    extreme_games: u32,
    sample: usize,
    sample_games: u32,
    seed: u64,
) -> Vec<Job> {
    let standard = TilePlacement::arrangement(0).unwrap_or_else(|| unreachable!("arrangement 0"));
    let mut jobs = Vec::new();
    for rules in Rules::ALL {
        for orientation in Orientation::ALL {
            jobs.push(Job {
                group: "standard".into(),
                tiles: standard,
                orientation,
                rules,
                games: extreme_games,
            });
        }
    }
    let all = by_standard_score(rows);
    let white_end = all.iter().rev().take(extremes / 2);
    let black_end = all.iter().take(extremes - extremes / 2);
    for (group, &(_, r, orientation)) in black_end
        .map(|x| ("black-end", x))
        .chain(white_end.map(|x| ("white-end", x)))
    {
        jobs.push(Job {
            group: group.into(),
            tiles: rows[r].1,
            orientation,
            rules: Rules::Standard,
            games: extreme_games,
        });
    }
    let mut rng = SplitMix64::new(seed);
    let mut order: Vec<usize> = (0..rows.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for (k, &r) in order.iter().take(sample).enumerate() {
        // A third of the sample is for fitting; the rest is held out.
        let group = if k < sample / 3 { "fit" } else { "held-out" };
        for orientation in Orientation::ALL {
            jobs.push(Job {
                group: group.into(),
                tiles: rows[r].1,
                orientation,
                rules: Rules::Standard,
                games: sample_games,
            });
        }
    }
    jobs
}

/// `games`: plays the study's set-ups at one strength, appending a row per
/// set-up to its games file; a second run resumes.
pub fn games(args: GamesArgs, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    let GamesArgs {
        strength,
        extremes,
        extreme_games,
        sample,
        sample_games,
        seed,
        threads,
        out: dir,
    } = args;
    let rows = read_scores(&dir)?;
    let full = all_boards().len();
    if rows.len() != full && sample + extremes > rows.len() {
        return Err(CliError::Failed(format!(
            "the scores file has {} of {full} boards: finish the score step first",
            rows.len()
        )));
    }
    let jobs = jobs(&rows, extremes, extreme_games, sample, sample_games, seed);
    let path = std::path::Path::new(&dir).join(games_path(&strength.name()));
    let done: HashSet<String> = match std::fs::read_to_string(&path) {
        Ok(text) => text
            .lines()
            .skip(1)
            .filter(|l| l.split(',').count() == 11)
            .map(|l| l.splitn(5, ',').take(4).collect::<Vec<_>>().join(","))
            .collect(),
        Err(_) => {
            write_file(&path, &format!("{GAMES_HEADER}\n"))?;
            HashSet::new()
        }
    };
    let todo: Vec<(usize, &Job)> = jobs
        .iter()
        .enumerate()
        .filter(|(_, j)| !done.contains(&j.key()))
        .collect();
    let total_games: u64 = todo.iter().map(|(_, j)| u64::from(j.games)).sum();
    writeln!(
        out,
        "{} set-ups at {}: {} done, {} to play ({total_games} games) on {threads} threads",
        jobs.len(),
        strength.name(),
        jobs.len() - todo.len(),
        todo.len()
    )?;
    out.flush()?;
    let mut file = open_to_append(&path)?;
    let timer = Instant::now();
    let mut played_games = 0u64;
    let mut last_report = Instant::now();
    for chunk in todo.chunks(threads.max(1) * 2) {
        let results = parallel(chunk, threads, |&(k, job)| {
            play(
                job,
                strength,
                seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            )
        });
        let mut text = String::new();
        for ((_, job), p) in chunk.iter().zip(&results) {
            let _ = writeln!(
                text,
                "{},{},{},{},{},{},{:.1},{}",
                job.key(),
                p.games,
                p.distinct,
                p.wins[1],
                p.wins[0],
                p.draws,
                p.white_points,
                p.plies
            );
            played_games += u64::from(job.games);
        }
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))?;
        if last_report.elapsed().as_secs() >= 30 {
            last_report = Instant::now();
            let elapsed = timer.elapsed().as_secs_f64();
            crate::cli::say(format_args!(
                "played {played_games} of {total_games} games, {} in this run, about {} left",
                span(elapsed),
                span((total_games - played_games) as f64 * elapsed / played_games.max(1) as f64)
            ));
        }
    }
    let meta_path = path.with_extension("meta");
    let meta = std::fs::read_to_string(&meta_path).unwrap_or_default();
    let before: f64 = meta_field(&meta, "seconds")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.0);
    let seconds = before + timer.elapsed().as_secs_f64();
    write_file(
        &meta_path,
        &format!(
            "args=--strength {} --extremes {extremes} --extreme-games {extreme_games} --sample {sample} --sample-games {sample_games} --seed {seed} --threads {threads}\nseconds={seconds:.1}\n",
            strength.name()
        ),
    )?;
    writeln!(
        out,
        "played {played_games} games in {} ({} over all runs)",
        span(timer.elapsed().as_secs_f64()),
        span(seconds)
    )?;
    Ok(())
}
