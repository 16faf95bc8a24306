//! The map of Katarenga's 24,576 boards: each board scored from its start
//! by the search with a fixed node budget (White's advantage), under the
//! standard rules and under the no-first-capture option; the scores checked
//! against the results of self-play games on a seeded sample of boards; and
//! `docs/katarenga-boards.md` written from it all, with its data files and
//! pictures.
//!
//! ```text
//! cargo run --release --example board_study -- [--nodes N] [--sample S] [--games G]
//!     [--game-nodes M] [--seed X] [--threads T] [--boards K] [--out DIR]
//! ```
//!
//! Seeded and deterministic: the same arguments write the same files (but
//! for the run times it reports).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use board_geometry::{Player, SplitMix64};
use game_search::arena::{Adjudication, play_game};
use game_search::{Limits, SearchAgent, Searcher};
use kamisado_katarenga::{CliError, number, value};
use katarenga_core::{Board, Position, Rules, Side, TilePlacement, perft};

const USAGE: &str = "usage: board_study [options]

Scores every Katarenga board (24,576, up to turning) from its start with a fixed node
budget, under both rules, validates the scores by self-play on a seeded sample of boards,
and writes docs/katarenga-boards.md with its data files and pictures.
  --nodes N       the search's node budget per board (default 20000)
  --sample S      boards in the validation sample (default 200)
  --games G       self-play games per sampled board (default 20)
  --game-nodes M  nodes per move in the self-play games (default 2000)
  --seed X        the sample's and the games' seed (default 1)
  --threads T     worker threads (default 2)
  --boards K      study only the first K boards (for a quick look; default all)
  --out DIR       where docs/ is (default .)";

struct Options {
    nodes: u64,
    sample: usize,
    games: u32,
    game_nodes: u64,
    seed: u64,
    threads: usize,
    boards: usize,
    out: String,
}

fn parse(args: &[String]) -> Result<Options, CliError> {
    let mut o = Options {
        nodes: 20_000,
        sample: 200,
        games: 20,
        game_nodes: 2_000,
        seed: 1,
        threads: 2,
        boards: usize::MAX,
        out: ".".into(),
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--nodes" => o.nodes = number("--nodes", &mut iter, 1..=u64::MAX)?,
            "--sample" => o.sample = number("--sample", &mut iter, 2..=24_576)?,
            "--games" => o.games = number("--games", &mut iter, 1..=10_000)?,
            "--game-nodes" => o.game_nodes = number("--game-nodes", &mut iter, 1..=u64::MAX)?,
            "--seed" => o.seed = number("--seed", &mut iter, 0..=u64::MAX)?,
            "--threads" => o.threads = number("--threads", &mut iter, 1..=256)?,
            "--boards" => o.boards = number("--boards", &mut iter, 2..=24_576)?,
            "--out" => o.out = value("--out", &mut iter)?.into(),
            other => return Err(CliError::Usage(format!("unknown argument {other:?}"))),
        }
    }
    Ok(o)
}

/// A board of the study with its scores.
#[derive(Clone)]
struct Entry {
    board: Board,
    tiles: [TilePlacement; 4],
    /// White's score from the start, in centipawns (a won start clamped to
    /// ±2000), under the standard rules and the option.
    standard: i32,
    option: i32,
    /// White's first moves that capture (what the option forbids).
    first_captures: usize,
}

/// White's search score from the start on `board` by `rules`, with a fresh
/// table (so that every board is scored alike).
fn score(searcher: &mut Searcher<Position>, board: Board, rules: Rules, nodes: u64) -> i32 {
    searcher.clear();
    let start = Position::start_with(board, rules);
    let result = searcher.search(&start, Limits::nodes(nodes));
    // White moves first: the score is White's.
    result.score.clamp(-2000, 2000)
}

/// Runs `work` over `items` on `threads` threads, keeping the order.
fn parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let chunk = items.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(|| part.iter().map(&work).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker panicked"))
            .collect()
    })
}

/// White's points in `games` self-play games on `board` (a win 1, a draw
/// by adjudication 1/2): the strong player against itself at `nodes` per
/// move, each game after two seeded random plies.
fn self_play(board: Board, games: u32, nodes: u64, seed: u64) -> f64 {
    let mut agents = [
        SearchAgent::<Position>::new(Limits::nodes(nodes), 2).expect("2 MiB"),
        SearchAgent::<Position>::new(Limits::nodes(nodes), 2).expect("2 MiB"),
    ];
    let mut points = 0.0;
    for game in 0..games {
        let mut rng = SplitMix64::new(seed ^ (u64::from(game) << 32));
        let mut start = Position::start_on(board);
        for _ in 0..2 {
            if let Some(&mv) = rng.choose(&start.legal_moves()) {
                start = start.play(mv);
            }
        }
        for agent in &mut agents {
            agent.searcher.clear();
        }
        let [a, b] = &mut agents;
        let result = play_game(start, [a, b], Adjudication::default(), |_, _| {});
        points += match result.winner() {
            Some(Player::White) => 1.0,
            Some(Player::Black) => 0.0,
            None => 0.5,
        };
    }
    points / f64::from(games)
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len().max(1) as f64
}

fn pearson(xs: &[f64], ys: &[f64]) -> f64 {
    let (mx, my) = (mean(xs), mean(ys));
    let cov: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let vx: f64 = xs.iter().map(|x| (x - mx).powi(2)).sum();
    let vy: f64 = ys.iter().map(|y| (y - my).powi(2)).sum();
    cov / (vx * vy).sqrt()
}

/// Ranks (1-based, ties averaged) for Spearman's correlation.
fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut out = vec![0.0; xs.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && xs[order[j + 1]] == xs[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = rank;
        }
        i = j + 1;
    }
    out
}

/// The logistic curve from a score in centipawns to White's expected
/// points: `1 / (1 + e^(-(a + b * cp)))`.
fn logistic(a: f64, b: f64, cp: f64) -> f64 {
    1.0 / (1.0 + (-(a + b * cp)).exp())
}

/// Fits `a` and `b` by least squares over a grid (two parameters, a few
/// hundred points: a grid is plenty and needs no crate).
fn fit(cps: &[f64], points: &[f64]) -> (f64, f64) {
    let error = |a: f64, b: f64| -> f64 {
        cps.iter()
            .zip(points)
            .map(|(&c, &p)| (logistic(a, b, c) - p).powi(2))
            .sum()
    };
    let mut best = (0.0, 0.001, f64::INFINITY);
    let (mut a_lo, mut a_hi, mut b_lo, mut b_hi) = (-2.0, 2.0, 0.0, 0.02);
    for _ in 0..6 {
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

/// The scatter plot of the validation: search score against White's
/// points, with the fitted curve.
fn scatter_svg(cps: &[f64], points: &[f64], a: f64, b: f64) -> String {
    let (w, h, m) = (640.0, 420.0, 50.0);
    let lo = cps
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min)
        .min(-100.0);
    let hi = cps
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max)
        .max(100.0);
    let x = |cp: f64| m + (cp - lo) / (hi - lo) * (w - 2.0 * m);
    let y = |p: f64| h - m - p * (h - 2.0 * m);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    );
    let _ = writeln!(
        svg,
        "<line x1=\"{m}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>",
        h - m,
        w - m,
        h - m
    );
    let _ = writeln!(
        svg,
        "<line x1=\"{m}\" y1=\"{m}\" x2=\"{m}\" y2=\"{}\" stroke=\"black\"/>",
        h - m
    );
    for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{p}</text>\
             <line x1=\"{m}\" y1=\"{0}\" x2=\"{}\" y2=\"{0}\" stroke=\"#ddd\"/>",
            m - 6.0,
            y(p) + 4.0,
            w - m
        );
    }
    let step = ((hi - lo) / 6.0 / 50.0).ceil() * 50.0;
    let mut tick = (lo / step).ceil() * step;
    while tick <= hi {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{tick}</text>",
            x(tick),
            h - m + 16.0
        );
        tick += step;
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">search score of the start (White, centipawns)</text>",
        w / 2.0,
        h - 12.0
    );
    let _ = writeln!(
        svg,
        "<text x=\"14\" y=\"{}\" transform=\"rotate(-90 14 {0})\" text-anchor=\"middle\">White's points in self-play</text>",
        h / 2.0
    );
    let mut path = String::new();
    for i in 0..=100 {
        let cp = lo + (hi - lo) * f64::from(i) / 100.0;
        let _ = write!(
            path,
            "{}{:.1},{:.1} ",
            if i == 0 { "M" } else { "L" },
            x(cp),
            y(logistic(a, b, cp))
        );
    }
    let _ = writeln!(
        svg,
        "<path d=\"{path}\" fill=\"none\" stroke=\"#c43434\" stroke-width=\"2\"/>"
    );
    for (&c, &p) in cps.iter().zip(points) {
        let _ = writeln!(
            svg,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"#3a6cce\" fill-opacity=\"0.6\"/>",
            x(c),
            y(p)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

fn tiles_text(tiles: &[TilePlacement; 4]) -> String {
    tiles
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn write_file(path: &str, text: &str) -> Result<(), CliError> {
    if let Some(dir) = std::path::Path::new(path).parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Failed(format!("cannot create {}: {e}", dir.display())))?;
    }
    std::fs::write(path, text).map_err(|e| CliError::Failed(format!("cannot write {path}: {e}")))
}

fn main() -> ExitCode {
    kamisado_katarenga::main(USAGE, |args, out| {
        let o = parse(args)?;
        let all: Vec<(Board, [TilePlacement; 4])> =
            Board::all_tile_boards().take(o.boards).collect();
        writeln!(
            out,
            "{} boards, {} nodes each, {} threads",
            all.len(),
            o.nodes,
            o.threads
        )?;

        // 1. Every board's score under both rules.
        let timer = Instant::now();
        let entries: Vec<Entry> = parallel(&all, o.threads, |&(board, tiles)| {
            thread_local! {
                static SEARCHER: std::cell::RefCell<Searcher<Position>> =
                    std::cell::RefCell::new(Searcher::new(4).expect("4 MiB"));
            }
            SEARCHER.with(|s| {
                let mut s = s.borrow_mut();
                let start = Position::start_on(board);
                let option = Position::start_with(board, Rules::NoFirstCapture);
                Entry {
                    board,
                    tiles,
                    standard: score(&mut s, board, Rules::Standard, o.nodes),
                    option: score(&mut s, board, Rules::NoFirstCapture, o.nodes),
                    first_captures: start.count_moves() - option.count_moves(),
                }
            })
        });
        let scoring_time = timer.elapsed().as_secs_f64();
        writeln!(out, "scored in {scoring_time:.0} s")?;

        // 2. The mirror check: a board's mirror image is the same game
        // mirrored (same perft); where both orientations are in the list,
        // their scores should agree but for the search's move order.
        let index: HashMap<Board, usize> = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.board, i))
            .collect();
        let mut pairs = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            if let Some(&j) = index.get(&e.board.flip_files()) {
                if i < j {
                    pairs.push((i, j));
                }
            }
        }
        let symmetric = entries
            .iter()
            .filter(|e| e.board.flip_files() == e.board)
            .count();
        let mut rng = SplitMix64::new(o.seed);
        let perft_checked = (0..50.min(entries.len()))
            .map(|_| &entries[rng.below(entries.len())])
            .filter(|e| {
                let start = Position::start_on(e.board);
                perft(&start, 3) == perft(&start.flip_files(), 3)
            })
            .count();
        let (mirror_a, mirror_b): (Vec<f64>, Vec<f64>) = pairs
            .iter()
            .map(|&(i, j)| {
                (
                    f64::from(entries[i].standard),
                    f64::from(entries[j].standard),
                )
            })
            .unzip();
        let mirror_diff = mean(
            &mirror_a
                .iter()
                .zip(&mirror_b)
                .map(|(a, b)| (a - b).abs())
                .collect::<Vec<_>>(),
        );
        let mirror_r = pearson(&mirror_a, &mirror_b);

        // 3. Validation by self-play on a seeded sample.
        let timer = Instant::now();
        let mut order: Vec<usize> = (0..entries.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let sample: Vec<usize> = order
            .into_iter()
            .take(o.sample.min(entries.len()))
            .collect();
        let played: Vec<f64> = parallel(&sample, o.threads, |&i| {
            self_play(entries[i].board, o.games, o.game_nodes, o.seed ^ i as u64)
        });
        let validation_time = timer.elapsed().as_secs_f64();
        let cps: Vec<f64> = sample
            .iter()
            .map(|&i| f64::from(entries[i].standard))
            .collect();
        let r = pearson(&cps, &played);
        let rho = pearson(&ranks(&cps), &ranks(&played));
        let (a, b) = fit(&cps, &played);
        let mean_played = mean(&played);
        writeln!(
            out,
            "validated in {validation_time:.0} s: r = {r:.3}, Spearman {rho:.3}, White scores {mean_played:.3}"
        )?;

        // 4. The data files and the pictures.
        let docs = format!("{}/docs", o.out);
        let mut csv = String::from(
            "index,tiles,colours,score_standard,score_no_first_capture,white_first_captures,expected_white\n",
        );
        for (i, e) in entries.iter().enumerate() {
            let _ = writeln!(
                csv,
                "{i},{},{},{},{},{},{:.3}",
                tiles_text(&e.tiles),
                e.board,
                e.standard,
                e.option,
                e.first_captures,
                logistic(a, b, f64::from(e.standard))
            );
        }
        write_file(&format!("{docs}/data/katarenga-boards.csv"), &csv)?;
        let mut vcsv = String::from("index,tiles,score_standard,white_points,games\n");
        for (&i, &p) in sample.iter().zip(&played) {
            let _ = writeln!(
                vcsv,
                "{i},{},{},{p:.3},{}",
                tiles_text(&entries[i].tiles),
                entries[i].standard,
                o.games
            );
        }
        write_file(&format!("{docs}/data/katarenga-validation.csv"), &vcsv)?;
        write_file(
            &format!("{docs}/katarenga-validation.svg"),
            &scatter_svg(&cps, &played, a, b),
        )?;
        let mut by_score: Vec<usize> = (0..entries.len()).collect();
        by_score.sort_by_key(|&i| (entries[i].standard, i));
        let expected = |e: &Entry| logistic(a, b, f64::from(e.standard));
        let mut pictures = String::new();
        let extremes: Vec<(String, usize)> = by_score
            .iter()
            .rev()
            .take(3)
            .enumerate()
            .map(|(k, &i)| (format!("white-{}", k + 1), i))
            .chain(
                by_score
                    .iter()
                    .take(3)
                    .enumerate()
                    .map(|(k, &i)| (format!("black-{}", k + 1), i)),
            )
            .collect();
        for (name, i) in &extremes {
            let e = &entries[*i];
            write_file(
                &format!("{docs}/katarenga-boards/{name}.svg"),
                &Position::start_on(e.board).svg().to_string(),
            )?;
            let _ = writeln!(
                pictures,
                "| ![{name}](katarenga-boards/{name}.svg) | {name} | `{}` | {} | {:.2} |",
                tiles_text(&e.tiles),
                e.standard,
                expected(e)
            );
        }
        write_file(
            &format!("{docs}/katarenga-boards/standard.svg"),
            &Position::start().svg().to_string(),
        )?;

        // 5. The figures of the report.
        let n = entries.len() as f64;
        // The standard board as it is played (its orientation need not be
        // the one the list keeps), scored alike.
        let standard_cp = score(
            &mut Searcher::new(4).map_err(|e| CliError::Failed(e.to_string()))?,
            Board::standard(),
            Rules::Standard,
            o.nodes,
        );
        let standard_rank = entries.iter().filter(|e| e.standard < standard_cp).count() + 1;
        let balanced = |within: f64| {
            entries
                .iter()
                .filter(|e| (expected(e) - 0.5).abs() <= within)
                .count()
        };
        let white_favoured = entries.iter().filter(|e| expected(e) > 0.5).count();
        let mut histogram = String::new();
        for k in 0..10 {
            let (lo, hi) = (f64::from(k) / 10.0, f64::from(k + 1) / 10.0);
            let count = entries
                .iter()
                .filter(|e| {
                    let p = expected(e);
                    p >= lo && (p < hi || (k == 9 && p <= hi))
                })
                .count();
            let bar = "#".repeat((count as f64 / n * 200.0).round() as usize);
            let _ = writeln!(histogram, "{lo:.1}-{hi:.1} {count:>6} {bar}");
        }
        let group = |key: &dyn Fn(&Entry) -> String| {
            let mut sums: std::collections::BTreeMap<String, (f64, usize)> = Default::default();
            for e in &entries {
                let slot = sums.entry(key(e)).or_default();
                slot.0 += f64::from(e.standard);
                slot.1 += 1;
            }
            sums.into_iter()
                .map(|(k, (s, c))| (k, s / c as f64, c))
                .collect::<Vec<_>>()
        };
        let quadrants = ["top-left", "top-right", "bottom-left", "bottom-right"];
        let mut tile_table = String::from(
            "| quadrant | tile 1 | tile 2 | tile 3 | tile 4 | front | back | rotation 0 | 1 | 2 | 3 |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
        );
        let mut spread: Vec<(f64, String)> = Vec::new();
        for (q, name) in quadrants.iter().enumerate() {
            // A placement is written `1f0`: tile, side (f before b: "0f"
            // and "1b" sort so), quarter turns.
            let part = |e: &Entry, k: usize| e.tiles[q].to_string().chars().nth(k).unwrap_or('?');
            let tiles = group(&|e: &Entry| part(e, 0).to_string());
            let sides = group(&|e: &Entry| {
                if e.tiles[q].side == Side::Front {
                    "0f"
                } else {
                    "1b"
                }
                .to_string()
            });
            let rotations = group(&|e: &Entry| part(e, 2).to_string());
            // One cell per possible key, "-" where no board of the study
            // has it.
            let cell = |v: &[(String, f64, usize)], keys: &[&str]| {
                keys.iter()
                    .map(|k| {
                        v.iter()
                            .find(|(key, _, _)| key == k)
                            .map_or_else(|| "-".to_string(), |(_, m, _)| format!("{m:+.0}"))
                    })
                    .collect::<Vec<_>>()
                    .join(" | ")
            };
            let _ = writeln!(
                tile_table,
                "| {name} | {} | {} | {} |",
                cell(&tiles, &["1", "2", "3", "4"]),
                cell(&sides, &["0f", "1b"]),
                cell(&rotations, &["0", "1", "2", "3"])
            );
            for (what, v) in [("tile", &tiles), ("side", &sides), ("rotation", &rotations)] {
                let max = v.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
                let min = v.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
                spread.push((max - min, format!("the {what} in the {name} quadrant")));
            }
        }
        spread.sort_by(|x, y| y.0.total_cmp(&x.0));
        let option_shift = mean(
            &entries
                .iter()
                .map(|e| f64::from(e.option - e.standard))
                .collect::<Vec<_>>(),
        );
        let with_captures: Vec<&Entry> = entries.iter().filter(|e| e.first_captures > 0).collect();
        let shift_with = mean(
            &with_captures
                .iter()
                .map(|e| f64::from(e.option - e.standard))
                .collect::<Vec<_>>(),
        );
        let mean_of = |filter: &dyn Fn(&Entry) -> bool| {
            mean(
                &entries
                    .iter()
                    .filter(|e| filter(e))
                    .map(|e| f64::from(e.standard))
                    .collect::<Vec<_>>(),
            )
        };
        let capture_mean = mean_of(&|e| e.first_captures > 0);
        let quiet_mean = mean_of(&|e| e.first_captures == 0);
        let flipped = entries
            .iter()
            .filter(|e| (e.standard > 0) != (e.option > 0))
            .count();
        let option_balanced = entries
            .iter()
            .filter(|e| (logistic(a, b, f64::from(e.option)) - 0.5).abs() <= 0.05)
            .count();
        let option_r = pearson(
            &entries
                .iter()
                .map(|e| f64::from(e.standard))
                .collect::<Vec<_>>(),
            &entries
                .iter()
                .map(|e| f64::from(e.option))
                .collect::<Vec<_>>(),
        );
        let pct = |k: usize| 100.0 * k as f64 / n;
        let cmd = format!(
            "cargo run --release --example board_study -- --nodes {} --sample {} --games {} --game-nodes {} --seed {} --threads {}",
            o.nodes, o.sample, o.games, o.game_nodes, o.seed, o.threads
        );
        let mut doc = String::new();
        let _ = write!(
            doc,
            "# The map of Katarenga's boards

Which of Katarenga's boards favour the first player, and by how much? Four double-sided
tiles make 24,576 boards up to turning the board (the rules page, \"Board\"); this page
scores every one of them from its start, checks the scores against self-play, and looks
at what makes a board lean one way. Everything here is written by the `board_study`
example (seeded, reproducible) with the player of `game-search`:

```text
{cmd}
```

On this machine (2 cores, shared): scoring {boards} boards under both rules took
{scoring_time:.0} s, the validation's {sampled} x {games} games {validation_time:.0} s. The data:
[`data/katarenga-boards.csv`](data/katarenga-boards.csv) (every board: tiles, colours,
both scores, White's capturing first moves, White's expected points) and
[`data/katarenga-validation.csv`](data/katarenga-validation.csv).

## The score of a board

A board's score is the search's score of its start (White to move: White moves first)
after {nodes} nodes, from White's side, in centipawns (a piece is about 100), with a fresh
table for every board. The validation below turns it into White's expected points with a
logistic curve fitted to the self-play results: `expected = 1 / (1 + e^-({a:.3} + {b:.5} x
score))`.

## Validation

{sampled} boards drawn with seed {seed}, {games} games each between two copies of the player
at {game_nodes} nodes a move (each game after two seeded random plies, so that the games of
a board differ; the project's adjudication: a draw at the third repetition or after 1,000
plies). White scored {mean_played:.3} of the points on average.

- Pearson's correlation between the search score and White's points: **r = {r:.3}**;
  Spearman's rank correlation: {rho:.3}.
- With {games} games a board, a board's own result is noisy (a standard error of about
  {se:.2} points for a board near even), which bounds the correlation any score could reach.

![search score against White's points in self-play](katarenga-validation.svg)

## The distribution

White's expected points by the fitted curve, over all {boards} boards:

```text
{histogram}```

- Balanced boards: {b3} ({p3:.1}%) within 3 points of 50% (0.47 to 0.53), {b5} ({p5:.1}%)
  within 5; {wf} ({pwf:.1}%) favour White.
- The extremes: scores from {min_cp} to {max_cp} centipawns, expected points {min_p:.2} to
  {max_p:.2}.
- The standard board (tiles 1, 2, 3, 4 front up, unrotated): score {std_cp}, expected
  {std_p:.2}: it would rank {std_rank} of {boards} from the most Black-favoured.

| board | | tiles | score | expected |
|---|---|---|---|---|
{pictures}
![the standard board](katarenga-boards/standard.svg)

## What matters: tiles, sides, rotations

The mean score (centipawns, White's side) of the boards with a given tile, side or
rotation in each quadrant (the placement `all_tile_boards` keeps for the board; top is
White's side, rank 8):

{tile_table}
The largest spreads: {spread1}; {spread2}; {spread3}.

## The first-move rule

Under the no-first-capture option (the rules page, \"Rule option: no first capture\"),
no player may capture on its own first move: {wc} boards ({pwc:.1}%) let White capture on
its very first move, and lose that move; on the others the rule can still bind Black's
first reply.

- Under the standard rules the boards with a capturing first move score {capture_mean:+.1}
  centipawns on average, the others {quiet_mean:+.1}.
- Mean change of the score: {shift:+.1} centipawns over all boards, {shift_with:+.1} over the
  boards with a capturing first move.
- {flipped} boards change the side they favour; {ob5} ({po5:.1}%) are within 5 points of
  50% (against {b5} under the standard rules).
- Correlation between the two rules' scores: {option_r:.3}.

## Checks

- Mirror images: a board and its mirror image (files reversed) give the same game
  mirrored: perft 3 agreed on {perft_checked} of {perft_total} sampled boards. {pairs} pairs of
  boards in the list are each other's mirror image in the same orientation ({symmetric}
  boards are their own); their scores differ by {mirror_diff:.1} centipawns on average
  (correlation {mirror_r:.3}), the search's move order being the only difference.
",
            boards = entries.len(),
            sampled = sample.len(),
            games = o.games,
            nodes = o.nodes,
            seed = o.seed,
            game_nodes = o.game_nodes,
            se = 0.5 / f64::from(o.games).sqrt(),
            b3 = balanced(0.03),
            p3 = pct(balanced(0.03)),
            b5 = balanced(0.05),
            p5 = pct(balanced(0.05)),
            wf = white_favoured,
            pwf = pct(white_favoured),
            min_cp = entries[by_score[0]].standard,
            max_cp = entries[by_score[by_score.len() - 1]].standard,
            min_p = expected(&entries[by_score[0]]),
            max_p = expected(&entries[by_score[by_score.len() - 1]]),
            std_cp = standard_cp,
            std_p = logistic(a, b, f64::from(standard_cp)),
            std_rank = standard_rank,
            spread1 = spread.first().map_or("", |s| s.1.as_str()),
            spread2 = spread.get(1).map_or("", |s| s.1.as_str()),
            spread3 = spread.get(2).map_or("", |s| s.1.as_str()),
            wc = with_captures.len(),
            pwc = pct(with_captures.len()),
            shift = option_shift,
            ob5 = option_balanced,
            po5 = pct(option_balanced),
            perft_total = 50.min(entries.len()),
            pairs = pairs.len(),
        );
        write_file(&format!("{docs}/katarenga-boards.md"), &doc)?;
        writeln!(out, "wrote {docs}/katarenga-boards.md")?;
        Ok(())
    })
}
