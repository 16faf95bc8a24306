//! The `report` step: `docs/katarenga-boards.md` and its pictures, from
//! the data files of the other steps. Every claim about a side being
//! favoured comes from games, with its interval.

use katarenga_core::Game;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use crate::cli::CliError;
use game_search::stats::{Z95, wilson};
use katarenga_core::{Board, Orientation, Position, Rules, Setup, TilePlacement};

use super::ReportArgs;
use super::games::{by_standard_score, games_path, read_scores};
use super::score::{BUDGET, SCORES_META, all_boards, meta_field, span, tiles_text, write_file};
use super::score::{READINGS, read_rows, reading_index};
use super::stats::{mean, pearson, spearman, std_dev};

/// One row of a games file.
#[derive(Clone, Debug)]
struct GameRow {
    group: String,
    tiles: String,
    orientation: Orientation,
    rules: Rules,
    games: u32,
    distinct: u32,
    white_points: f64,
    plies: u64,
}

impl GameRow {
    /// White's score over the distinct games.
    fn white(&self) -> f64 {
        self.white_points / f64::from(self.distinct.max(1))
    }

    /// Its 95% interval (Wilson), as fractions.
    fn interval(&self) -> (f64, f64) {
        let (lo, hi) = wilson(self.white_points, self.distinct);
        (lo / 100.0, hi / 100.0)
    }

    /// `White`, `Black` or `neither` at 95% confidence.
    fn verdict(&self) -> &'static str {
        let (lo, hi) = self.interval();
        if lo > 0.5 {
            "White"
        } else if hi < 0.5 {
            "Black"
        } else {
            "neither"
        }
    }

    fn cell(&self) -> String {
        let (lo, hi) = self.interval();
        format!("{:.2} [{lo:.2}, {hi:.2}]", self.white())
    }
}

fn read_games(dir: &str, strength: &str) -> Result<(Vec<GameRow>, String), CliError> {
    let path = std::path::Path::new(dir).join(games_path(strength));
    let hint = format!("run the games step at {strength}");
    let rows = read_rows(&path, 11, &hint, |f| {
        Some(GameRow {
            group: f[0].into(),
            tiles: f[1].into(),
            orientation: f[2].parse().ok()?,
            rules: f[3].parse().ok()?,
            games: f[4].parse().ok()?,
            distinct: f[5].parse().ok()?,
            white_points: f[9].parse().ok()?,
            plies: f[10].parse().ok()?,
        })
    })?;
    let meta = std::fs::read_to_string(path.with_extension("meta")).unwrap_or_default();
    Ok((rows, meta))
}

/// The logistic curve from a score to White's expected points.
fn logistic(a: f64, b: f64, cp: f64) -> f64 {
    1.0 / (1.0 + (-(a + b * cp)).exp())
}

/// Fits `a` and `b` by weighted least squares over a refined grid (two
/// parameters, a few hundred points: a grid is plenty and needs no crate).
fn fit(points: &[(f64, f64, f64)]) -> (f64, f64) {
    let error = |a: f64, b: f64| -> f64 {
        points
            .iter()
            .map(|&(cp, p, w)| w * (logistic(a, b, cp) - p).powi(2))
            .sum()
    };
    let mut best = (0.0, 0.001, f64::INFINITY);
    let (mut a_lo, mut a_hi, mut b_lo, mut b_hi) = (-3.0, 3.0, 0.0, 0.03);
    for _ in 0..8 {
        for i in 0..=40 {
            for j in 0..=40 {
                let a = a_lo + (a_hi - a_lo) * f64::from(i) / 40.0;
                let b = b_lo + (b_hi - b_lo) * f64::from(j) / 40.0;
                let e = error(a, b);
                if e < best.2 {
                    best = (a, b, e);
                }
            }
        }
        let (da, db) = ((a_hi - a_lo) / 10.0, (b_hi - b_lo) / 10.0);
        (a_lo, a_hi, b_lo, b_hi) = (
            best.0 - da,
            best.0 + da,
            (best.1 - db).max(0.0),
            best.1 + db,
        );
    }
    (best.0, best.1)
}

/// The placements of a laid board turned to `orientation` (Black's frame):
/// each quarter turn moves a tile one quadrant clockwise and turns it.
fn turned_tiles(tiles: &[TilePlacement; 4], orientation: Orientation) -> [TilePlacement; 4] {
    // Quadrants in the order top-left, top-right, bottom-left,
    // bottom-right; a clockwise turn sends each to the next of TL, TR,
    // BR, BL.
    const NEXT: [usize; 4] = [1, 3, 0, 2];
    let mut t = *tiles;
    for _ in 0..orientation.quarter_turns() {
        let mut next = t;
        for (q, placement) in t.iter().enumerate() {
            let mut p = *placement;
            p.rotation =
                katarenga_core::Rotation::ALL[(usize::from(p.rotation.quarter_turns()) + 1) % 4];
            next[NEXT[q]] = p;
        }
        t = next;
    }
    t
}

/// A histogram of scores in centipawns, as text bars.
fn histogram(values: &[i32]) -> String {
    let edges = [-2000, -300, -200, -100, -50, 0, 50, 100, 200, 300, 2001];
    let n = values.len().max(1) as f64;
    let mut text = String::new();
    for w in edges.windows(2) {
        let count = values.iter().filter(|&&v| v >= w[0] && v < w[1]).count();
        let label = match (w[0], w[1]) {
            (-2000, hi) => format!("below {hi}"),
            (lo, 2001) => format!("{lo} and above"),
            (lo, hi) => format!("{lo} to {}", hi - 1),
        };
        let _ = writeln!(
            text,
            "{label:>14} {count:>6} {:>5.1}% {}",
            100.0 * count as f64 / n,
            "#".repeat((count as f64 / n * 120.0).round() as usize)
        );
    }
    text
}

fn quantile(sorted: &[i32], q: f64) -> i32 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn summary(values: &[i32]) -> String {
    let mut v = values.to_vec();
    v.sort_unstable();
    let xs: Vec<f64> = v.iter().map(|&x| f64::from(x)).collect();
    let m = mean(&xs);
    let sd = std_dev(&xs);
    format!(
        "mean {m:+.1} (standard deviation {sd:.0}), median {:+}, middle 90% {:+} to {:+}, {} of {} above 0",
        quantile(&v, 0.5),
        quantile(&v, 0.05),
        quantile(&v, 0.95),
        v.iter().filter(|&&x| x > 0).count(),
        v.len()
    )
}

/// The games part of the report at one strength.
struct AtStrength {
    name: String,
    rows: Vec<GameRow>,
    meta: String,
    fit: (f64, f64),
}

/// Draws `start` as docs/katarenga-boards/`name`.svg.
fn write_picture(docs: &std::path::Path, name: &str, start: &Position) -> Result<(), CliError> {
    write_file(
        &docs.join(format!("katarenga-boards/{name}.svg")),
        &start.svg().to_string(),
    )
}

/// `report`: writes `docs/katarenga-boards.md` from the data files.
#[allow(clippy::too_many_lines)]
pub fn report(args: ReportArgs, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    let ReportArgs {
        out: dir,
        strengths,
        conditions,
    } = args;
    let root = std::path::Path::new(&dir);
    let rows = read_scores(&dir)?;
    let boards = all_boards();
    if rows.is_empty() {
        return Err(CliError::Failed("the scores file has no rows".into()));
    }
    let score_meta = std::fs::read_to_string(root.join(SCORES_META)).unwrap_or_default();
    let budget =
        std::fs::read_to_string(root.join(BUDGET)).unwrap_or_else(|_| "(not measured)\n".into());
    let depth = meta_field(&score_meta, "depth").unwrap_or("?");
    let score_seconds: f64 = meta_field(&score_meta, "seconds")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);

    // The map: every set-up's score, by (rules, oriented board).
    let mut by_board: HashMap<Board, (usize, Orientation)> = HashMap::new();
    for (r, row) in rows.iter().enumerate() {
        let laid = boards[row.0].0;
        for o in Orientation::ALL {
            by_board.insert(laid.turned(o), (r, o));
        }
    }
    let score_of = |rules: usize, r: usize, o: Orientation| rows[r].2[rules][o.index()];
    let all_setups =
        |rules: usize| -> Vec<i32> { rows.iter().flat_map(|row| row.2[rules]).collect() };
    let best = |rules: usize| -> Vec<i32> {
        rows.iter()
            .map(|row| *row.2[rules].iter().min().unwrap_or(&0))
            .collect()
    };
    let worst = |rules: usize| -> Vec<i32> {
        rows.iter()
            .map(|row| *row.2[rules].iter().max().unwrap_or(&0))
            .collect()
    };
    let gain: Vec<f64> = rows
        .iter()
        .map(|row| {
            f64::from(row.2[0].iter().sum::<i32>()) / 4.0
                - f64::from(*row.2[0].iter().min().unwrap_or(&0))
        })
        .collect();
    let spread: Vec<i32> = rows
        .iter()
        .map(|row| row.2[0].iter().max().unwrap_or(&0) - row.2[0].iter().min().unwrap_or(&0))
        .collect();
    let best_edges = {
        let mut counts = [0usize; 4];
        for row in &rows {
            let o = (0..4).min_by_key(|&o| (row.2[0][o], o)).unwrap_or(0);
            counts[o] += 1;
        }
        counts
    };

    // The mirror check over the whole list: a set-up's mirror image is the
    // same game mirrored.
    let (mut alike, mut pairs, mut max_diff) = (0usize, 0usize, 0i32);
    for rules in 0..READINGS {
        for (r, row) in rows.iter().enumerate() {
            let laid = boards[row.0].0;
            for o in Orientation::ALL {
                if let Some(&(r2, o2)) = by_board.get(&laid.turned(o).flip_files()) {
                    pairs += 1;
                    let d = (score_of(rules, r, o) - score_of(rules, r2, o2)).abs();
                    max_diff = max_diff.max(d);
                    alike += usize::from(d == 0);
                }
            }
        }
    }
    let perft_checked = rows
        .iter()
        .step_by((rows.len() / 50).max(1))
        .take(50)
        .filter(|row| {
            let start = Position::start_on(boards[row.0].0);
            start.perft(3) == start.flip_files().perft(3)
        })
        .count();

    // The games, at each strength.
    let mut at = Vec::new();
    for name in strengths.split(',').filter(|s| !s.is_empty()) {
        let (games, meta) = read_games(&dir, name)?;
        let fitting: Vec<(f64, f64, f64)> = games
            .iter()
            .filter(|g| g.group == "fit")
            .filter_map(|g| {
                let tiles: Vec<TilePlacement> =
                    g.tiles.split(' ').filter_map(|t| t.parse().ok()).collect();
                let board = Board::from_tiles(tiles.try_into().ok()?).ok()?;
                let &(r, o) = by_board.get(&board.turned(g.orientation))?;
                Some((
                    f64::from(score_of(0, r, o)),
                    g.white(),
                    f64::from(g.distinct),
                ))
            })
            .collect();
        at.push(AtStrength {
            name: name.to_string(),
            fit: fit(&fitting),
            rows: games,
            meta,
        });
    }
    let map_score = |g: &GameRow| -> Option<i32> {
        let tiles: Vec<TilePlacement> = g.tiles.split(' ').filter_map(|t| t.parse().ok()).collect();
        let board = Board::from_tiles(tiles.try_into().ok()?).ok()?;
        let &(r, o) = by_board.get(&board.turned(g.orientation))?;
        Some(score_of(reading_index(g.rules), r, o))
    };

    let docs = root.join("docs");
    let mut doc = String::new();
    let n_boards = rows.len();
    let _ = write!(
        doc,
        "# The map of Katarenga's set-ups

Four double-sided tiles make 24,576 boards up to turning the board; then the first player
(Black) chooses which way round the board lies ([the rules page](../crates/katarenga-core/src/rules.md),
\"Set-up and turn order\"): four orientations, four different games. This page scores every
board in each of its four orientations under both rule sets ({n_boards} boards, {setups}
set-ups a rule set), asks what Black's choice is worth, and checks the map against games.
Everything here is written by `kk-board-study` (crates/kk-apps; seeded; the scores and the games
at a node budget are reproducible, the games at a time a move are not):

```text
cargo run --release -p kk-apps --bin kk-board-study -- budget
cargo run --release -p kk-apps --bin kk-board-study -- score --depth {depth}
",
        setups = n_boards * 4,
    );
    for s in &at {
        let _ = writeln!(
            doc,
            "cargo run --release -p kk-apps --bin kk-board-study -- games {}",
            meta_field(&s.meta, "args").unwrap_or("?")
        );
    }
    let _ = write!(
        doc,
        "cargo run --release -p kk-apps --bin kk-board-study -- report --strengths {strengths} --conditions \"{conditions}\"
```

Run times on this machine ({conditions}): scoring {} ({} searches), {}. The data, in [`data/`](data/):
`katarenga-scores.csv` (every board: its tiles as laid and White's score in each
orientation under each rule set), `katarenga-budget.md`, and one `katarenga-games-*.csv`
a strength (every set-up played: games, distinct games, results).

## The score of a set-up

A set-up's score is the search's score of its start (White to move), from White's side, in
centipawns (a piece is about 100; a proven result is clamped to +-2000), by a depth-{depth}
search with a fresh table for every start: a fixed depth, so that the score does not depend
on the order of the moves (a node budget stops at a different place in a mirror image).
The depth was chosen with `kk-board-study budget` against a deep search:

{budget}
The map uses depth {depth} (each row: the mean time of a start on this machine, how
well the budget's scores agree with the deep search's, and how many set-ups scored as their
mirror image).

",
        span(score_seconds),
        n_boards * 8,
        at.iter()
            .map(|s| format!(
                "the games at {} {}",
                s.name,
                span(
                    meta_field(&s.meta, "seconds")
                        .and_then(|v| v.parse().ok())
                        .unwrap_or(0.0)
                )
            ))
            .collect::<Vec<_>>()
            .join(", "),
    );

    // Black's choice.
    let std_all = all_setups(0);
    let std_best = best(0);
    let std_worst = worst(0);
    let _ = write!(
        doc,
        "## What Black's choice of orientation is worth

Over all arrangements of the tiles, every fixed orientation gives the same games (turning
every arrangement a quarter turn gives the arrangements again): \"Black sits at the bottom
of whatever was laid\" is one distribution, the first below. Black's choice picks, on
each board, the orientation the search scores worst for White.

White's score (standard rules), every set-up (no choice): {}

```text
{}```

White's score after Black's best orientation, one a board: {}

```text
{}```

For comparison, after Black's worst orientation: {}

- Choosing well is worth {:.0} centipawns to Black on average against an orientation drawn at
  random ({:.0} centipawns or more on a quarter of the boards); the four orientations of a
  board span {} centipawns at the median.
- Black's best edge in the list's layout: bottom {}, right {}, top {}, left {} boards (the
  layout the list keeps is arbitrary: no edge is special).

",
        summary(&std_all),
        histogram(&std_all),
        summary(&std_best),
        histogram(&std_best),
        summary(&std_worst),
        mean(&gain),
        {
            let mut g = gain.clone();
            g.sort_by(f64::total_cmp);
            g[g.len() * 3 / 4]
        },
        {
            let mut s = spread.clone();
            s.sort_unstable();
            s[s.len() / 2]
        },
        best_edges[0],
        best_edges[1],
        best_edges[2],
        best_edges[3],
    );

    // Games: the standard board.
    for s in &at {
        let _ = write!(
            doc,
            "## Games at {name}

Two copies of the search player, each side's budget drawn per game between 3/4 and 5/4 of
{name}; each game's first two plies drawn among the sensible moves (within 50 centipawns of
the best by a depth-2 search), so that the games of a set-up differ; a set-up is played
until it has its number of distinct games (at most three times as many tries), identical
games are counted once, and the intervals (Wilson, 95%) are over the distinct games. {plies}

### The standard board in its four orientations

| Black sits at |{columns}
|---|{rule}
",
            columns = Rules::ALL
                .map(|r| format!(" map score, {r} | White's score, {r} |"))
                .concat(),
            rule = "---|---|".repeat(READINGS),
            name = s.name,
            plies = {
                let games: u64 = s.rows.iter().map(|g| u64::from(g.games)).sum();
                let distinct: u64 = s.rows.iter().map(|g| u64::from(g.distinct)).sum();
                let plies: u64 = s.rows.iter().map(|g| g.plies).sum();
                format!(
                    "{games} games, {distinct} distinct, {:.0} plies a game on average.",
                    plies as f64 / games.max(1) as f64
                )
            }
        );
        for o in Orientation::ALL {
            let find = |rules: Rules| {
                s.rows
                    .iter()
                    .find(|g| g.group == "standard" && g.orientation == o && g.rules == rules)
            };
            let cell = |g: Option<&GameRow>| {
                g.map_or_else(
                    || "-".into(),
                    |g| format!("{} ({} games)", g.cell(), g.distinct),
                )
            };
            let score = |g: Option<&GameRow>| {
                g.and_then(map_score)
                    .map_or_else(|| "-".into(), |v| format!("{v:+}"))
            };
            let _ = write!(doc, "| {o} |");
            for rules in Rules::ALL {
                let g = find(rules);
                let _ = write!(doc, " {} | {} |", score(g), cell(g));
            }
            doc.push('\n');
        }

        // The extremes.
        let _ = write!(
            doc,
            "\n### The map's most one-sided set-ups (standard rules)\n\n| set-up (tiles as laid, Black's edge) | map score | White's score | favours (95%) |\n|---|---|---|---|\n"
        );
        let mut verdicts: BTreeMap<&str, usize> = BTreeMap::new();
        for g in s.rows.iter().filter(|g| g.group.ends_with("-end")) {
            *verdicts.entry(g.verdict()).or_default() += 1;
            let _ = writeln!(
                doc,
                "| `{}` {} | {:+} | {} ({} games) | {} |",
                g.tiles,
                g.orientation,
                map_score(g).unwrap_or(0),
                g.cell(),
                g.distinct,
                g.verdict()
            );
        }
        let ends: Vec<&GameRow> = s
            .rows
            .iter()
            .filter(|g| g.group.ends_with("-end"))
            .collect();
        let most = ends.iter().map(|g| g.distinct).max().unwrap_or(0);
        let _ = writeln!(
            doc,
            "\nOf these set-ups, {} favour White and {} favour Black with 95% confidence; {} cannot be told from even. \
             {} of the {} have {most} distinct games; the others have fewer (at least {}): from their starts few openings \
             are sensible (within 50 centipawns of the best), and the games after the same opening differ little.\n",
            verdicts.get("White").unwrap_or(&0),
            verdicts.get("Black").unwrap_or(&0),
            verdicts.get("neither").unwrap_or(&0),
            ends.iter().filter(|g| g.distinct == most).count(),
            ends.len(),
            ends.iter().map(|g| g.distinct).min().unwrap_or(0),
        );

        // The sample: counts by orientation.
        let sample: Vec<&GameRow> = s
            .rows
            .iter()
            .filter(|g| g.group == "fit" || g.group == "held-out")
            .collect();
        let mut by_tiles: BTreeMap<&str, Vec<&GameRow>> = BTreeMap::new();
        for g in &sample {
            by_tiles.entry(g.tiles.as_str()).or_default().push(g);
        }
        let count = |pick: &dyn for<'a> Fn(&[&'a GameRow]) -> Option<&'a GameRow>| {
            let mut c: BTreeMap<&str, usize> = BTreeMap::new();
            let mut points = (0.0, 0u32);
            for rows in by_tiles.values() {
                if let Some(g) = pick(rows) {
                    *c.entry(g.verdict()).or_default() += 1;
                    points.0 += g.white_points;
                    points.1 += g.distinct;
                }
            }
            let (lo, hi) = wilson(points.0, points.1);
            format!(
                "{} | {} | {} | {:.3} [{:.3}, {:.3}]",
                c.get("White").unwrap_or(&0),
                c.get("Black").unwrap_or(&0),
                c.get("neither").unwrap_or(&0),
                points.0 / f64::from(points.1.max(1)),
                lo / 100.0,
                hi / 100.0
            )
        };
        let _ = write!(
            doc,
            "### A sample of boards in each orientation

{} boards drawn with the games' seed, each played in its four orientations (standard rules,
{} distinct games a set-up). How many boards favour each side with 95% confidence, by their own games:

| orientation | favour White | favour Black | cannot tell | White's score over all their games |
|---|---|---|---|---|
| Black's best by the map | {} |
| Black's worst by the map | {} |
",
            by_tiles.len(),
            sample.first().map_or(0, |g| g.distinct),
            count(&|rows| rows
                .iter()
                .copied()
                .min_by_key(|g| map_score(g).unwrap_or(0))),
            count(&|rows| rows
                .iter()
                .copied()
                .max_by_key(|g| map_score(g).unwrap_or(0))),
        );
        for o in Orientation::ALL {
            let _ = writeln!(
                doc,
                "| {o} (in the list's layout) | {} |",
                count(&|rows| rows.iter().copied().find(|g| g.orientation == o))
            );
        }

        // Calibration on the held-out boards.
        let (a, b) = s.fit;
        let held: Vec<(f64, &GameRow)> = sample
            .iter()
            .filter(|g| g.group == "held-out")
            .filter_map(|g| Some((logistic(a, b, f64::from(map_score(g)?)), *g)))
            .collect();
        let xs: Vec<f64> = held.iter().map(|h| h.0).collect();
        let ys: Vec<f64> = held.iter().map(|h| h.1.white()).collect();
        let _ = write!(
            doc,
            "\n### Calibration on held-out boards

The curve from a map score to White's expected points, fitted on the {fit} set-ups of the
fitting third of the sample only: `expected = 1 / (1 + e^-({a:.3} + {b:.5} x score))`.
On the {held} held-out set-ups (boards not used by the fit), predicted against observed
(correlation {r:.3}, Spearman {rho:.3}):

| predicted | set-ups | distinct games | mean predicted | observed [95%] |
|---|---|---|---|---|
",
            fit = sample.iter().filter(|g| g.group == "fit").count(),
            held = held.len(),
            r = pearson(&xs, &ys),
            rho = spearman(&xs, &ys),
        );
        for w in [0.0, 0.2, 0.35, 0.5, 0.65, 0.8, 1.01].windows(2) {
            let bin: Vec<&(f64, &GameRow)> =
                held.iter().filter(|h| h.0 >= w[0] && h.0 < w[1]).collect();
            if bin.is_empty() {
                continue;
            }
            let points: f64 = bin.iter().map(|h| h.1.white_points).sum();
            let games: u32 = bin.iter().map(|h| h.1.distinct).sum();
            let predicted = bin
                .iter()
                .map(|h| h.0 * f64::from(h.1.distinct))
                .sum::<f64>()
                / f64::from(games.max(1));
            let (lo, hi) = wilson(points, games);
            let _ = writeln!(
                doc,
                "| {:.2}-{:.2} | {} | {games} | {predicted:.3} | {:.3} [{:.3}, {:.3}] |",
                w[0],
                w[1].min(1.0),
                bin.len(),
                points / f64::from(games.max(1)),
                lo / 100.0,
                hi / 100.0
            );
        }
        doc.push('\n');
    }

    // Pictures of the most one-sided set-ups and the standard board.
    let order = by_standard_score(&rows);
    let mut pictures = String::from("| | set-up | map score |\n|---|---|---|\n");
    let picks: Vec<(String, (i32, usize, Orientation))> = order
        .iter()
        .take(3)
        .enumerate()
        .map(|(k, &x)| (format!("black-{}", k + 1), x))
        .chain(
            order
                .iter()
                .rev()
                .take(3)
                .enumerate()
                .map(|(k, &x)| (format!("white-{}", k + 1), x)),
        )
        .collect();
    for (name, (score, r, o)) in &picks {
        let start = Setup::new(boards[rows[*r].0].0, Rules::Standard).start(*o);
        write_picture(&docs, name, &start)?;
        let _ = writeln!(
            pictures,
            "| ![{name}](katarenga-boards/{name}.svg) | `{}` {o} | {score:+} |",
            tiles_text(&rows[*r].1)
        );
    }
    for o in Orientation::ALL {
        let start = Setup::new(Board::standard(), Rules::Standard).start(o);
        write_picture(&docs, &format!("standard-{o}"), &start)?;
    }
    let _ = write!(
        doc,
        "## The most one-sided set-ups, drawn

Black's pieces on rank 1 (the bottom), as the notation writes every start.

{pictures}
The standard board from each edge: ![bottom](katarenga-boards/standard-bottom.svg)
![right](katarenga-boards/standard-right.svg) ![top](katarenga-boards/standard-top.svg)
![left](katarenga-boards/standard-left.svg)

"
    );

    // Tiles, sides, rotations in Black's frame.
    let mut groups: BTreeMap<(usize, String), Vec<f64>> = BTreeMap::new();
    for row in &rows {
        for o in Orientation::ALL {
            let t = turned_tiles(&row.1, o);
            for (q, p) in t.iter().enumerate() {
                let v = f64::from(row.2[0][o.index()]);
                groups
                    .entry((q, format!("tile {}", p.tile.index() + 1)))
                    .or_default()
                    .push(v);
                groups
                    .entry((q, format!("{:?}", p.side).to_lowercase()))
                    .or_default()
                    .push(v);
                groups
                    .entry((q, format!("rotation {}", p.rotation.quarter_turns())))
                    .or_default()
                    .push(v);
            }
        }
    }
    // The turned placements must make the turned board.
    for row in rows.iter().take(200) {
        for o in Orientation::ALL {
            let made = Board::from_tiles(turned_tiles(&row.1, o)).ok();
            if made != Some(boards[row.0].0.turned(o)) {
                return Err(CliError::Failed(format!(
                    "turned placements of {} {o} disagree",
                    tiles_text(&row.1)
                )));
            }
        }
    }
    let quadrants = [
        "top-left (White's left)",
        "top-right",
        "bottom-left (Black's left)",
        "bottom-right",
    ];
    let keys = [
        "tile 1",
        "tile 2",
        "tile 3",
        "tile 4",
        "front",
        "back",
        "rotation 0",
        "rotation 1",
        "rotation 2",
        "rotation 3",
    ];
    let mut table = format!(
        "| quadrant (Black's view) | {} |\n|---|{}\n",
        keys.join(" | "),
        "---|".repeat(keys.len())
    );
    let mut spreads: Vec<(f64, String)> = Vec::new();
    for (q, name) in quadrants.iter().enumerate() {
        let mut cells = Vec::new();
        let mut means = Vec::new();
        for k in keys {
            let v = groups.get(&(q, k.to_string())).cloned().unwrap_or_default();
            let m = mean(&v);
            let sd = std_dev(&v);
            cells.push(format!(
                "{m:+.0} +-{:.0}",
                Z95 * sd / (v.len().max(1) as f64).sqrt()
            ));
            means.push((k, m));
        }
        for prefix in ["tile", "f", "rotation"] {
            let ms: Vec<f64> = means
                .iter()
                .filter(|(k, _)| k.starts_with(prefix) || (prefix == "f" && *k == "back"))
                .map(|x| x.1)
                .collect();
            let what = match prefix {
                "tile" => "which tile",
                "f" => "which side",
                _ => "the rotation",
            };
            let hi = ms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let lo = ms.iter().copied().fold(f64::INFINITY, f64::min);
            spreads.push((
                hi - lo,
                format!("{what} in the {name} quadrant ({:.0} centipawns)", hi - lo),
            ));
        }
        let _ = writeln!(table, "| {name} | {} |", cells.join(" | "));
    }
    spreads.sort_by(|x, y| y.0.total_cmp(&x.0));
    let _ = write!(
        doc,
        "## What the tiles, sides and rotations do

The mean map score (standard rules, White's side, centipawns, with a 95% interval of the
mean over the set-ups) of the set-ups with a given tile, side or rotation in each quadrant
of the board as Black sees it (rank 1 at the bottom):

{table}
The largest effects: {}.

",
        spreads
            .iter()
            .take(3)
            .map(|s| s.1.clone())
            .collect::<Vec<_>>()
            .join("; ")
    );

    // The first-move rule against the standard rules.
    let (standard, nfc) = (
        reading_index(Rules::Standard),
        reading_index(Rules::NoFirstCapture),
    );
    let diffs: Vec<f64> = rows
        .iter()
        .flat_map(|row| (0..4).map(move |o| f64::from(row.2[nfc][o] - row.2[standard][o])))
        .collect();
    let dm = mean(&diffs);
    let dsd = std_dev(&diffs);
    let nfc_best = best(nfc);
    let _ = write!(
        doc,
        "## The first-move rule

Under the no-first-capture option neither player may capture on its own first move. Over all
set-ups, the rule changes White's score by {dm:+.1} centipawns on average (+-{:.1}, 95%;
standard deviation {dsd:.0}); {} of {} set-ups change sign. After Black's best orientation
under the option: {}. The standard board's games under both rules are in the tables above.

",
        Z95 * dsd / (diffs.len() as f64).sqrt(),
        rows.iter()
            .flat_map(|row| (0..4).map(move |o| (row.2[standard][o] > 0) != (row.2[nfc][o] > 0)))
            .filter(|&x| x)
            .count(),
        diffs.len(),
        summary(&nfc_best),
    );

    let _ = write!(
        doc,
        "## Checks

- Mirror images: a set-up and its mirror image (files reversed) are the same game mirrored:
  perft 3 agreed on {perft_checked} of {} sampled boards, and over the whole list, {alike} of
  {pairs} set-ups (both rule sets) score exactly as their mirror image (the largest
  difference: {max_diff} centipawns).
- The standard board as laid (tiles 1 to 4 fronts, unrotated) is in the list as one of its
  four orientations; its rows above are scored and played from each edge.
",
        rows.len().min(50),
    );
    write_file(&docs.join("katarenga-boards.md"), &doc)?;
    writeln!(out, "wrote {}", docs.join("katarenga-boards.md").display())?;
    Ok(())
}
