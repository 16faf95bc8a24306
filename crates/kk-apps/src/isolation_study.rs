//! Who wins strict Isolation on every board, and how many pawns each board
//! holds (`kk-isolation-study --help`): every one of the 24,576 tile boards
//! solved exactly from the empty board (the box's 8 pawns a side, White
//! first), its largest set of pawns, and `docs/isolation-boards.md` written
//! from the data.
//!
//! ```text
//! cargo run --release -p kk-apps --bin kk-isolation-study -- solve [--boards N] [--threads T] [--out DIR]
//! cargo run --release -p kk-apps --bin kk-isolation-study -- report [--out DIR]
//! cargo run --release -p kk-apps --bin kk-isolation-study -- certify [--board INDEX|standard] --out FILE
//! ```
//!
//! `certify` writes the solver's proof certificate of one board's empty
//! start (the winner's placement in every position it can face), which
//! `cargo run --release --example check_certificate -- FILE` checks with the
//! rules alone.
//!
//! `solve` appends one line a board to `DIR/docs/data/isolation-boards.csv`
//! as each is solved, so that a stopped run resumes where it was; progress
//! goes to stderr. Exact: the same boards give the same data, but for the
//! times.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use game_search::proof::isolation::IsolationSolver;
use katarenga_core::Board;
use katarenga_family::{ConflictGraph, Isolation, Player};

use crate::cli::{CliError, Progress, say};

/// The arguments of `kk-isolation-study`.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "kk-isolation-study",
    about = "Who wins strict Isolation on every Katarenga board (docs/isolation-boards.md)",
    long_about = "Who wins strict Isolation on every one of the 24,576 Katarenga tile boards \
with best play, and the most pawns each board holds: `solve` writes DIR/docs/data/\
isolation-boards.csv (resumable: run it again to go on; progress on stderr), `report` \
writes DIR/docs/isolation-boards.md from it."
)]
pub struct StudyArgs {
    /// The step to run
    #[command(subcommand)]
    pub step: Step,
}

/// A step of the study.
#[derive(Debug, Clone, Subcommand)]
pub enum Step {
    /// Solves the boards not yet in DIR/docs/data/isolation-boards.csv
    Solve(SolveArgs),
    /// Writes DIR/docs/isolation-boards.md from the data
    Report(ReportArgs),
    /// Writes the proof certificate of one board's empty start to FILE
    Certify(CertifyArgs),
}

/// `certify`'s options.
#[derive(Debug, Clone, Args)]
pub struct CertifyArgs {
    /// The board: its index in `Board::all_tile_boards` order (0 to
    /// 24575), or `standard`
    #[arg(long, value_name = "INDEX|standard", default_value = "standard")]
    pub board: String,
    /// The certificate file to write
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// `solve`'s options.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// Solve only the first N boards (in `Board::all_tile_boards` order)
    #[arg(long, value_name = "N", default_value_t = 24_576,
          value_parser = clap::value_parser!(u32).range(1..=24_576))]
    pub boards: u32,
    /// Threads, each with its own solver
    #[arg(long, value_name = "T", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// The directory that holds docs/data
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,
}

/// `report`'s options.
#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    /// The directory that holds docs/data and docs
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,
}

/// The data file's header.
pub const HEADER: &str = "board,largest,winner,grundy,best,nodes,micros";

/// One board's line of the data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The board's index in `Board::all_tile_boards` (its colours are the
    /// report's, for the boards it lists).
    pub board: usize,
    /// The most pawns the board holds (a largest independent set).
    pub largest: u32,
    /// Who wins with best play from the empty board.
    pub winner: Player,
    /// The Grundy value of the empty board (when the supply cannot bind).
    pub grundy: Option<u8>,
    /// A winning first placement (when White wins).
    pub best: Option<String>,
    /// Positions the solver evaluated.
    pub nodes: u64,
    /// Microseconds the board took (graph, largest set, solution).
    pub micros: u64,
}

impl Row {
    /// The row's line in the data file (`HEADER`'s fields).
    #[must_use]
    pub fn line(&self) -> String {
        format!(
            "{},{},{},{},{},{},{}",
            self.board,
            self.largest,
            self.winner,
            self.grundy.map_or("-".to_owned(), |g| g.to_string()),
            self.best.as_deref().unwrap_or("-"),
            self.nodes,
            self.micros
        )
    }

    fn parse(line: &str) -> Option<Row> {
        let f: Vec<&str> = line.split(',').collect();
        let [board, largest, winner, grundy, best, nodes, micros] = f.as_slice() else {
            return None;
        };
        Some(Row {
            board: board.parse().ok()?,
            largest: largest.parse().ok()?,
            winner: winner.parse().ok()?,
            grundy: match *grundy {
                "-" => None,
                g => Some(g.parse().ok()?),
            },
            best: (*best != "-").then(|| (*best).to_owned()),
            nodes: nodes.parse().ok()?,
            micros: micros.parse().ok()?,
        })
    }
}

/// Solves one board.
#[must_use]
pub fn solve_board(solver: &mut IsolationSolver, index: usize, board: &Board) -> Row {
    let started = Instant::now();
    let largest = ConflictGraph::of(board).max_independent_set().len();
    let solution = solver
        .solve(&Isolation::start_on(*board))
        .unwrap_or_else(|_| unreachable!("the start is strict"));
    Row {
        board: index,
        largest,
        winner: solution.winner,
        grundy: solution.grundy,
        best: solution.best.map(|m| m.to_string()),
        nodes: solution.nodes,
        micros: started.elapsed().as_micros() as u64,
    }
}

/// Runs the study.
///
/// # Errors
/// Reading or writing the files.
pub fn run(args: StudyArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.step {
        Step::Solve(a) => solve(&a, out),
        Step::Report(a) => report(&a.out, out),
        Step::Certify(a) => certify(&a, out),
    }
}

/// The board `text` names: `standard`, or an index of the tile boards.
fn board_arg(text: &str) -> Result<Board, CliError> {
    if text == "standard" {
        return Ok(Board::standard());
    }
    text.parse::<usize>()
        .ok()
        .and_then(|i| Board::all_tile_boards().nth(i))
        .map(|(board, _)| board)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "--board must be standard or a board index from 0 to 24575, not {text}"
            ))
        })
}

/// Writes the certificate of one board's empty start.
fn certify(args: &CertifyArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let board = board_arg(&args.board)?;
    let started = Instant::now();
    let certificate = IsolationSolver::new()
        .certificate(&Isolation::start_on(board))
        .map_err(|e| CliError::Failed(e.to_string()))?;
    fs::write(&args.out, certificate.to_string())
        .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", args.out.display())))?;
    writeln!(
        out,
        "{} wins board {}: certificate {} ({} lines, games of at most {} placements) in {:.2} s",
        certificate.winner,
        args.board,
        args.out.display(),
        certificate.len(),
        certificate.plies,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

fn data_path(dir: &Path) -> PathBuf {
    dir.join("docs/data/isolation-boards.csv")
}

/// The rows already in the data file.
fn read_rows(path: &Path) -> Result<BTreeMap<usize, Row>, CliError> {
    let mut rows = BTreeMap::new();
    if !path.exists() {
        return Ok(rows);
    }
    for (n, line) in BufReader::new(fs::File::open(path)?).lines().enumerate() {
        let line = line?;
        if n == 0 || line.is_empty() {
            continue;
        }
        // A line cut short by a stopped run is skipped: its board is
        // solved again.
        if let Some(row) = Row::parse(&line) {
            rows.insert(row.board, row);
        }
    }
    Ok(rows)
}

fn solve(args: &SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let path = data_path(&args.out);
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let done = read_rows(&path)?;
    let boards: Vec<(usize, Board)> = Board::all_tile_boards()
        .take(args.boards as usize)
        .enumerate()
        .filter(|(i, _)| !done.contains_key(i))
        .map(|(i, (board, _))| (i, board))
        .collect();
    let mut file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)?;
    if done.is_empty() {
        file.set_len(0)?;
        writeln!(file, "{HEADER}")?;
    } else if !fs::read(&path)?.ends_with(b"\n") {
        // A line cut short: the next one starts on a line of its own.
        writeln!(file)?;
    }
    say(format_args!(
        "kk-isolation-study: {} boards solved, {} to go",
        done.len(),
        boards.len()
    ));
    let mut progress = Progress::new("solve", boards.len() as u64);
    let next = AtomicUsize::new(0);
    let started = Instant::now();
    let (send, receive) = mpsc::channel::<Row>();
    let written = std::thread::scope(|scope| -> Result<u64, CliError> {
        for _ in 0..args.threads {
            let send = send.clone();
            let (next, boards) = (&next, &boards);
            scope.spawn(move || {
                let mut solver = IsolationSolver::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((index, board)) = boards.get(i) else {
                        break;
                    };
                    if send.send(solve_board(&mut solver, *index, board)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut written = 0;
        for row in receive {
            writeln!(file, "{}", row.line())?;
            written += 1;
            progress.step();
        }
        Ok(written)
    })?;
    file.flush()?;
    let seconds = started.elapsed().as_secs_f64();
    let mut meta = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path.with_extension("meta"))?;
    writeln!(
        meta,
        "solved {written} boards in {seconds:.1} s of wall time on {} threads",
        args.threads
    )?;
    writeln!(
        out,
        "solved {written} boards in {:.1} s; {} in {}",
        started.elapsed().as_secs_f64(),
        done.len() as u64 + written,
        path.display()
    )?;
    Ok(())
}

fn report(dir: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    let path = data_path(dir);
    let rows = read_rows(&path)?;
    if rows.is_empty() {
        return Err(CliError::Failed(format!(
            "no data in {}: run `kk-isolation-study solve` first",
            path.display()
        )));
    }
    let runs = fs::read_to_string(path.with_extension("meta")).unwrap_or_default();
    let text = report_text(&rows, &runs);
    let target = dir.join("docs/isolation-boards.md");
    fs::write(&target, text)?;
    writeln!(out, "wrote {} ({} boards)", target.display(), rows.len())?;
    Ok(())
}

/// The report's text from the rows and the runs' lines (`runs`: the
/// `.meta` file, one line a run).
#[must_use]
pub fn report_text(rows: &BTreeMap<usize, Row>, runs: &str) -> String {
    let n = rows.len();
    let boards: Vec<Board> = Board::all_tile_boards().map(|(b, _)| b).collect();
    let colours = |i: usize| boards.get(i).map_or(String::new(), ToString::to_string);
    let second: Vec<&Row> = rows
        .values()
        .filter(|r| r.winner == Player::Black)
        .collect();
    // Boards and the second player's wins, by the most pawns a board holds.
    let mut by_size: BTreeMap<u32, [usize; 2]> = BTreeMap::new();
    for r in rows.values() {
        let entry = by_size.entry(r.largest).or_default();
        entry[0] += 1;
        entry[1] += usize::from(r.winner == Player::Black);
    }
    let micros: u64 = rows.values().map(|r| r.micros).sum();
    let mut times: Vec<u64> = rows.values().map(|r| r.micros).collect();
    times.sort_unstable();
    let median = times.get(times.len() / 2).copied().unwrap_or(0);
    let slowest = times.last().copied().unwrap_or(0);
    let mut s = String::new();
    s.push_str("# Isolation on every Katarenga board\n\n");
    s.push_str(
        "Who wins strict Isolation (Parlett's rule: no two pawns, of either colour, en prise \
to each other; the box's 8 pawns a side; White places first; the last player able to place \
wins) with best play, on each of the 24,576 boards four tiles make (up to turning the \
board, in `Board::all_tile_boards` order, the `board` column of the data), and the most \
pawns each board can hold. Exact: the game is Node Kayles on the board's conflict graph, \
solved by `game_search::proof::isolation` (checked in its tests against a plain search of \
the rules and against df-pn). Written by `kk-isolation-study report` from \
`docs/data/isolation-boards.csv`, which \
`cargo run --release -p kk-apps --bin kk-isolation-study -- solve` made.\n\n",
    );
    s.push_str(&format!(
        "- Boards solved: {n}{}.\n",
        if n < 24_576 { " (a partial run)" } else { "" }
    ));
    s.push_str(&format!(
        "- The first player (White) wins on {} boards, the second player (Black) on {}.\n",
        n - second.len(),
        second.len()
    ));
    s.push_str(&format!(
        "- {} boards hold 17 pawns, more than the 16 of the box: there the supply can run \
out first, and the solver plays the pawns in hand out; {} of the second player's wins are \
among them.\n",
        by_size.get(&17).map_or(0, |e| e[0]),
        second.iter().filter(|r| r.largest > 16).count()
    ));
    s.push_str(&format!(
        "- Solver time, summed over the boards (conflict graph, largest set and solution): \
{:.0} s; median {:.0} ms a board, slowest {:.1} s. Each time was taken while another board \
was solved on the second core (and, for part of the run, while the workspace was built).\n",
        micros as f64 / 1e6,
        median as f64 / 1e3,
        slowest as f64 / 1e6
    ));
    for line in runs.lines().filter(|l| !l.is_empty()) {
        s.push_str(&format!("- Run: {line}.\n"));
    }
    s.push_str("\n## The most pawns a board holds\n\n");
    s.push_str(
        "Parlett's solitaire puzzle: place as many pawns as possible, none en prise to \
another (\"I have never managed to place more than 12\"). The most each board holds (an \
exact maximum independent set of its conflict graph):\n\n\
| most pawns | boards | the second player wins |\n|---|---|---|\n",
    );
    for (k, [count, black]) in &by_size {
        s.push_str(&format!("| {k} | {count} | {black} |\n"));
    }
    if let Some(standard) = boards.first() {
        let set = ConflictGraph::of(standard).max_independent_set();
        let squares: Vec<String> = set.into_iter().map(|sq| sq.to_string()).collect();
        s.push_str(&format!(
            "\nOn the standard board (board 0), {} pawns: {}.\n",
            squares.len(),
            squares.join(" ")
        ));
    }
    s.push_str("\n## Boards the second player wins\n\n");
    if second.is_empty() {
        s.push_str("None.\n");
    } else {
        s.push_str(&format!(
            "The first 40 of {} (the data file lists every board):\n\n\
             | board | colours | most pawns |\n|---|---|---|\n",
            second.len()
        ));
        for r in second.iter().take(40) {
            s.push_str(&format!(
                "| {} | `{}` | {} |\n",
                r.board,
                colours(r.board),
                r.largest
            ));
        }
    }
    s
}
