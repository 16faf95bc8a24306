//! The scoring steps: `budget` (which search to score with) and `score`
//! (every board, four orientations, both rules; checkpointed).

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Instant;

use crate::cli::CliError;
use board_geometry::SplitMix64;
use game_search::{Limits, Searcher};
use katarenga_core::{Board, Orientation, Position, Rules, Setup, TilePlacement};

use super::stats::{mean, parallel, pearson, spearman};
use super::{BudgetArgs, ScoreArgs};

/// A won or lost start is clamped to this many centipawns.
pub const CLAMP: i32 = 2000;

/// The scores file, under the output folder.
pub const SCORES: &str = "docs/data/katarenga-scores.csv";
/// What the scores were made with, and how long it took.
pub const SCORES_META: &str = "docs/data/katarenga-scores.meta";

/// The budget step's table.
pub const BUDGET: &str = "docs/data/katarenga-budget.md";

/// How many readings of the rules each board is scored under: every one
/// of [`Rules::ALL`], in its order.
pub const READINGS: usize = Rules::ALL.len();

/// The fields of a row of the scores file: the index, the tiles, and a
/// score per reading and orientation.
pub const SCORE_FIELDS: usize = 2 + 4 * READINGS;

/// The index of `rules` in [`Rules::ALL`]: its place in a row's scores.
#[must_use]
pub fn reading_index(rules: Rules) -> usize {
    Rules::ALL.iter().position(|r| *r == rules).unwrap_or(0)
}

/// The header of the scores file: White's score of each start (White to
/// move), by rules (in the order of [`Rules::ALL`]) then orientation.
#[must_use]
pub fn header() -> String {
    let mut header = String::from("index,tiles");
    for rules in Rules::ALL {
        // The data files name no-first-capture's columns `nfc_`.
        let prefix = match rules {
            Rules::NoFirstCapture => "nfc".to_string(),
            other => other.name().replace('-', "_"),
        };
        for orientation in Orientation::ALL {
            let _ = write!(header, ",{prefix}_{orientation}");
        }
    }
    header
}

/// Every tile board, as `Board::all_tile_boards` lists them (the least of
/// its four turns, with a placement that makes it).
pub fn all_boards() -> Vec<(Board, [TilePlacement; 4])> {
    Board::all_tile_boards().collect()
}

/// A placement written as in records and KKP: `1f0 2f0 3f0 4f0`.
pub fn tiles_text(tiles: &[TilePlacement; 4]) -> String {
    tiles
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// White's score of `start` by a fresh search with `limits`, clamped.
pub fn score_start(searcher: &mut Searcher<Position>, start: &Position, limits: Limits) -> i32 {
    searcher.clear();
    searcher.search(start, limits).score.clamp(-CLAMP, CLAMP)
}

/// The eight scores of a laid board: `[rules][orientation]`.
pub fn score_board(
    searcher: &mut Searcher<Position>,
    board: Board,
    limits: Limits,
) -> [[i32; 4]; READINGS] {
    Rules::ALL.map(|rules| {
        Setup::new(board, rules)
            .starts()
            .map(|start| score_start(searcher, &start, limits))
    })
}

fn with_searcher<R>(work: impl FnOnce(&mut Searcher<Position>) -> R) -> R {
    thread_local! {
        static SEARCHER: std::cell::RefCell<Searcher<Position>> =
            std::cell::RefCell::new(Searcher::new(16).expect("a 16 MiB table"));
    }
    SEARCHER.with(|s| work(&mut s.borrow_mut()))
}

/// Writes `text` to `path`, making its folder first.
pub fn write_file(path: &std::path::Path, text: &str) -> Result<(), CliError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Failed(format!("cannot create {}: {e}", dir.display())))?;
    }
    std::fs::write(path, text)
        .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))
}

/// Opens `path` to append the rows of a resumed run.
pub fn open_to_append(path: &std::path::Path) -> Result<std::fs::File, CliError> {
    std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| CliError::Failed(format!("cannot open {}: {e}", path.display())))
}

/// The value of `key=value` in a step's meta file, if there.
pub fn meta_field<'a>(meta: &'a str, key: &str) -> Option<&'a str> {
    meta.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
}

/// A duration as `1 h 05 min` or `42 s`.
pub fn span(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 {
        format!("{} h {:02} min", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{s} s")
    }
}

/// `budget`: on a seeded sample of set-ups (a board, an orientation, the
/// standard rules), each candidate budget's time per start and its
/// agreement with a deep reference search; and how often a set-up and its
/// mirror image get the same score.
pub fn budget(args: BudgetArgs, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    let BudgetArgs {
        boards,
        seed,
        threads,
        reference,
        out: dir,
        candidates,
    } = args;
    let candidates = match candidates {
        Some(Candidates(list)) => list,
        None => Candidates::default().0,
    };
    let all = all_boards();
    let mut rng = SplitMix64::new(seed);
    let sample: Vec<Position> = (0..boards)
        .map(|_| {
            let board = all[rng.below(all.len())].0;
            let orientation = Orientation::ALL[rng.below(4)];
            Setup::new(board, Rules::Standard).start(orientation)
        })
        .collect();
    crate::cli::say(format_args!(
        "budget: {boards} set-ups, reference {reference} nodes"
    ));
    let timer = Instant::now();
    let progress = std::sync::Mutex::new(crate::cli::Progress::new(
        "reference searches",
        sample.len() as u64,
    ));
    let deep: Vec<f64> = parallel(&sample, threads, |start| {
        let score = with_searcher(|s| f64::from(score_start(s, start, Limits::nodes(reference))));
        if let Ok(mut progress) = progress.lock() {
            progress.step();
        }
        score
    });
    crate::cli::say(format_args!(
        "reference in {:.0} s",
        timer.elapsed().as_secs_f64()
    ));
    let mut table = format!(
        "| budget | ms a start (mean) | r with {reference} nodes | Spearman | mean abs. difference | same sign | mirror scored alike |\n|---|---|---|---|---|---|---|\n"
    );
    for (name, limits) in candidates {
        let rows: Vec<(f64, f64, bool)> = parallel(&sample, threads, |start| {
            with_searcher(|s| {
                let t = Instant::now();
                let score = score_start(s, start, limits);
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                let mirror = score_start(s, &start.flip_files(), limits);
                (f64::from(score), ms, mirror == score)
            })
        });
        let scores: Vec<f64> = rows.iter().map(|r| r.0).collect();
        let ms: Vec<f64> = rows.iter().map(|r| r.1).collect();
        let same_sign = scores
            .iter()
            .zip(&deep)
            .filter(|(a, b)| (**a > 0.0) == (**b > 0.0))
            .count();
        let diff: Vec<f64> = scores
            .iter()
            .zip(&deep)
            .map(|(a, b)| (a - b).abs())
            .collect();
        let alike = rows.iter().filter(|r| r.2).count();
        let mut line = String::new();
        let _ = write!(
            line,
            "| {name} | {:.1} | {:.3} | {:.3} | {:.0} | {same_sign} of {boards} | {alike} of {boards} |",
            mean(&ms),
            pearson(&scores, &deep),
            spearman(&scores, &deep),
            mean(&diff),
        );
        crate::cli::say(format_args!("{line}"));
        table.push_str(&line);
        table.push('\n');
    }
    let text = format!(
        "`kk-board-study budget --boards {boards} --seed {seed} --threads {threads} --reference {reference}`, \
         {:.0} s on {threads} threads:\n\n{table}",
        timer.elapsed().as_secs_f64()
    );
    write_file(&std::path::Path::new(&dir).join(BUDGET), &text)?;
    write!(out, "{table}")?;
    Ok(())
}

/// `score`: every board in its four orientations under both rules, by a
/// fixed-depth search with a fresh table for each start. Appends rows to
/// the scores file in chunks and resumes from the rows already there.
pub fn score(args: ScoreArgs, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    let ScoreArgs {
        depth,
        threads,
        boards,
        out: dir,
    } = args;
    let boards = boards.unwrap_or(usize::MAX);
    let path = std::path::Path::new(&dir).join(SCORES);
    let meta_path = std::path::Path::new(&dir).join(SCORES_META);
    let all: Vec<_> = all_boards().into_iter().take(boards).collect();
    // Resume: the rows already written, made with the same depth.
    let (mut done, mut seconds) = (0usize, 0.0f64);
    if let Ok(text) = std::fs::read_to_string(&path) {
        let meta = std::fs::read_to_string(&meta_path).unwrap_or_default();
        if meta_field(&meta, "depth") != Some(&depth.to_string()) {
            return Err(CliError::Failed(format!(
                "{} was made with depth {}, not {depth}: remove it or give that depth",
                path.display(),
                meta_field(&meta, "depth").unwrap_or("unknown")
            )));
        }
        seconds = meta_field(&meta, "seconds")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0.0);
        // Only whole rows count (a run stopped mid-write loses its last).
        let rows: Vec<&str> = text
            .lines()
            .skip(1)
            .filter(|l| l.split(',').count() == SCORE_FIELDS)
            .collect();
        for (i, row) in rows.iter().enumerate() {
            if !row.starts_with(&format!("{i},")) {
                return Err(CliError::Failed(format!(
                    "{} line {}: expected board {i}",
                    path.display(),
                    i + 2
                )));
            }
        }
        done = rows.len();
        let mut text = header();
        text.push('\n');
        for row in &rows {
            text.push_str(row);
            text.push('\n');
        }
        write_file(&path, &text)?;
    } else {
        write_file(&path, &format!("{}\n", header()))?;
    }
    let total = all.len();
    writeln!(
        out,
        "scoring {total} boards at depth {depth} on {threads} threads; {done} already done"
    )?;
    out.flush()?;
    let mut file = open_to_append(&path)?;
    let timer = Instant::now();
    let started_at = done;
    let mut last_report = Instant::now();
    let chunk = 16 * threads;
    while done < total {
        let end = (done + chunk).min(total);
        let items: Vec<usize> = (done..end).collect();
        let scored = parallel(&items, threads, |&i| {
            with_searcher(|s| score_board(s, all[i].0, Limits::depth(depth)))
        });
        let mut rows = String::new();
        for (&i, &scores) in items.iter().zip(&scored) {
            let scored = crate::work::BoardScores {
                index: i,
                tiles: all[i].1,
                scores,
            };
            rows.push_str(&scored.row());
            rows.push('\n');
        }
        file.write_all(rows.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))?;
        done = end;
        let elapsed = timer.elapsed().as_secs_f64();
        write_file(
            &meta_path,
            &format!(
                "depth={depth}\nseconds={:.1}\nboards={done}\n",
                seconds + elapsed
            ),
        )?;
        if last_report.elapsed().as_secs() >= 30 || done == total {
            last_report = Instant::now();
            let rate = (done - started_at) as f64 / elapsed.max(1e-9);
            crate::cli::say(format_args!(
                "scored {done} of {total} boards ({:.1}%), {} in this run, about {} left",
                100.0 * done as f64 / total as f64,
                span(elapsed),
                span((total - done) as f64 / rate.max(1e-9))
            ));
        }
    }
    let total_seconds = seconds + timer.elapsed().as_secs_f64();
    writeln!(
        out,
        "scored {total} boards in {} (all runs)",
        span(total_seconds)
    )?;
    Ok(())
}

/// The budgets `budget` compares: `depth=D` or `nodes=N`, with their names.
#[derive(Debug, Clone)]
pub struct Candidates(pub Vec<(String, Limits)>);

impl Default for Candidates {
    /// Depth 3 to 6, 20,000, 200,000 and 1,000,000 nodes.
    fn default() -> Candidates {
        Candidates(
            [3, 4, 5, 6]
                .map(|d| (format!("depth {d}"), Limits::depth(d)))
                .into_iter()
                .chain(
                    [20_000u64, 200_000, 1_000_000]
                        .map(|n| (format!("{n} nodes"), Limits::nodes(n))),
                )
                .collect(),
        )
    }
}

impl Candidates {
    /// `depth=D,nodes=N,...`.
    ///
    /// # Errors
    /// A message naming the first entry that is neither.
    pub fn parse(list: &str) -> Result<Candidates, String> {
        list.split(',')
            .map(|c| {
                let bad = || format!("{c:?} is not depth=D or nodes=N");
                let (kind, n) = c.split_once('=').ok_or_else(bad)?;
                let n: u64 = n.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
                match kind {
                    "depth" => Ok((
                        format!("depth {n}"),
                        Limits::depth(u32::try_from(n.min(64)).unwrap_or(64)),
                    )),
                    "nodes" => Ok((format!("{n} nodes"), Limits::nodes(n))),
                    _ => Err(bad()),
                }
            })
            .collect::<Result<_, _>>()
            .map(Candidates)
    }
}

/// The rows of one of the study's data files: a header line, then rows of
/// `fields` comma-separated fields, each made into a `T` by `row` (`None`:
/// not a row). The study writes no field with a comma or a quote, so a
/// split is the whole of CSV it needs.
///
/// # Errors
/// [`CliError::Failed`] naming the file (and `hint` when it cannot be read)
/// or the first line that is not a row.
pub fn read_rows<T>(
    path: &std::path::Path,
    fields: usize,
    hint: &str,
    row: impl Fn(&[&str]) -> Option<T>,
) -> Result<Vec<T>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Failed(format!("cannot read {}: {e} ({hint})", path.display())))?;
    text.lines()
        .enumerate()
        .skip(1)
        .map(|(n, line)| {
            let split: Vec<&str> = line.split(',').collect();
            (split.len() == fields)
                .then(|| row(&split))
                .flatten()
                .ok_or_else(|| {
                    CliError::Failed(format!("{} line {}: not a row", path.display(), n + 1))
                })
        })
        .collect()
}
