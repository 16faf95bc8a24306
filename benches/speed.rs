//! The speed check: each hot path's node rate as a ratio to a reference
//! program timed in the same run (cozy-chess's chess perft, the peer of
//! `shared/PERFORMANCE.md`), so that the machine's speed of the day divides
//! out, compared with the ratios committed in `benches/speed-baseline.txt`.
//!
//! ```sh
//! cargo bench --bench speed                      # report only
//! cargo bench --bench speed -- --check speed-baseline.txt
//! cargo bench --bench speed -- --write speed-baseline.txt
//! # (cargo runs a bench in its package's folder: paths are from benches/)
//! valgrind --tool=cachegrind --cache-sim=no target/release/deps/speed-* --once "kamisado perft"
//! ```
//!
//! The workloads are short (tens of milliseconds) and run in interleaved
//! rounds, 40 by default (each round times every workload once, the
//! reference first), so that a slow moment of the shared machine falls on
//! one round of every workload rather than on one workload. A workload's
//! speed is the upper quartile of its rounds' node rates (the machine's slow
//! moments only take speed away), its ratio that over the reference's, and
//! its noise half the 90% bootstrap interval of the ratio, relative to it.
//! `--check` fails (exit status 1) when a ratio falls below the baseline by
//! more than its band: three times the larger of the run's and the
//! baseline's noise, at least 10%; on a processor the baseline has no
//! section for, the first section's ratios with bands of at least 40%
//! (ratios between two programs shift with the micro-architecture).
//! `--quick` (the smoke run of `cargo bench -- --quick`) runs two rounds and
//! checks nothing; `--rounds N` sets the rounds; `--once NAME` runs the
//! workloads whose names begin with NAME once, for an instruction count.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use game_search::{Limits, Searcher};
use kamisado_core::Game;

/// The table of the searches, in MiB (as `benches/search.rs`).
const TABLE_MIB: usize = 16;

/// One timed piece of work (a few tens of milliseconds, so that a round of
/// every workload is short against the machine's slow moments): a name and
/// a function returning the nodes it visited and the time they took.
struct Workload {
    name: &'static str,
    run: Box<dyn FnMut() -> (u64, Duration)>,
}

/// Chess perft with cozy-chess, the last ply counted in bulk (as its own
/// perft example does): the reference every ratio divides by.
fn chess_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += chess_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// A workload that times `count` and checks its result against an
/// independent count (RULES.md's perft, chess's published start counts): a
/// rate of wrong work means nothing, so a wrong count stops the run.
fn counted(
    name: &'static str,
    expected: u64,
    mut count: impl FnMut() -> u64 + 'static,
) -> Workload {
    Workload {
        name,
        run: Box::new(move || {
            let started = Instant::now();
            let nodes = count();
            let took = started.elapsed();
            assert_eq!(nodes, expected, "{name}: wrong node count");
            (nodes, took)
        }),
    }
}

/// Times the playing search of each position to `depth` from a cleared
/// table (cleared outside the timing, as `benches/search.rs` does).
fn searched<G: game_search::SearchGame>(
    searcher: &mut Searcher<G>,
    positions: &[G],
    depth: u32,
) -> (u64, Duration) {
    let mut nodes = 0;
    let mut took = Duration::ZERO;
    for position in positions {
        searcher.clear();
        let started = Instant::now();
        nodes += searcher
            .search(black_box(position), Limits::depth(depth))
            .nodes;
        took += started.elapsed();
    }
    (nodes, took)
}

/// The workloads, the reference first.
fn workloads() -> Vec<Workload> {
    let kamisado = kamisado_core::Position::start();
    let katarenga = katarenga_core::Position::start();
    // The search bench's positions: the start and the two first moves with
    // the longest best play (docs/first-moves.md); Katarenga's start and
    // two seeded fixtures.
    let kamisado_positions: Vec<kamisado_core::Position> = ["a1a2", "b1b6"]
        .iter()
        .map(|mv| kamisado.play(mv.parse().expect("a move")))
        .chain([kamisado])
        .collect();
    let katarenga_positions: Vec<katarenga_core::Position> =
        test_support::fixtures::katarenga_positions(2, 1)
            .into_iter()
            .chain([katarenga])
            .collect();
    let mut kamisado_search = Searcher::new(TABLE_MIB).expect("a table");
    let mut katarenga_search = Searcher::new(TABLE_MIB).expect("a table");
    let board = cozy_chess::Board::default();
    vec![
        counted(
            "reference: cozy-chess perft 5 twice, bulk",
            2 * 4_865_609,
            move || (0..2).map(|_| chess_perft(black_box(&board), 5)).sum(),
        ),
        counted("kamisado perft 7, bulk", 56_182_538, move || {
            black_box(&kamisado).perft(7)
        }),
        counted("kamisado perft 6, played", 7_399_794, move || {
            black_box(&kamisado).perft_played(6)
        }),
        counted("katarenga perft 5, bulk", 30_137_253, move || {
            black_box(&katarenga).perft(5)
        }),
        counted(
            "katarenga perft 4 eight times, played",
            8 * 863_850,
            move || (0..8).map(|_| black_box(&katarenga).perft_played(4)).sum(),
        ),
        Workload {
            name: "kamisado search, depth 9, 3 positions",
            run: Box::new(move || searched(&mut kamisado_search, &kamisado_positions, 9)),
        },
        Workload {
            name: "katarenga search, depth 5, 3 positions",
            run: Box::new(move || searched(&mut katarenga_search, &katarenga_positions, 5)),
        },
    ]
}

/// The `q` quantile (0 to 1) of `values` (not empty), the nearest rank.
fn quantile(values: &[f64], q: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = (q * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank]
}

/// A workload's speed over some rounds: the upper quartile of its rates.
/// The machine is shared: its slow moments only ever take speed away, so
/// the upper quartile is nearer the program's own speed than the median,
/// and unlike the best it is not one lucky round.
const SPEED_QUANTILE: f64 = 0.75;

/// A workload's speed over the rounds `picked` as a ratio to the
/// reference's over the same rounds.
fn ratio(rates: &[Vec<f64>], w: usize, picked: &[usize]) -> f64 {
    let of = |w: usize| {
        let chosen: Vec<f64> = picked.iter().map(|&r| rates[w][r]).collect();
        quantile(&chosen, SPEED_QUANTILE)
    };
    of(w) / of(0)
}

/// The noise of a workload's ratio (`ratio`, over all the rounds): half the
/// 90% interval of the ratio over rounds drawn again with replacement (a
/// bootstrap, 400 draws from a fixed seed), relative to the ratio.
fn noise(rates: &[Vec<f64>], w: usize, ratio_of_all: f64) -> f64 {
    let rounds = rates[0].len();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut draws: Vec<f64> = (0..400)
        .map(|_| {
            let picked: Vec<usize> = (0..rounds)
                .map(|_| {
                    // xorshift64: a reproducible draw, no crate needed.
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % rounds as u64) as usize
                })
                .collect();
            ratio(rates, w, &picked)
        })
        .collect();
    draws.sort_by(f64::total_cmp);
    (quantile(&draws, 0.95) - quantile(&draws, 0.05)) / 2.0 / ratio_of_all
}

/// One workload's figures over the rounds.
struct Figures {
    name: &'static str,
    rate: f64,
    ratio: f64,
    noise: f64,
}

/// The processor's name, as the baseline records it.
fn processor() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split_once(':'))
                .map(|(_, name)| name.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// One processor's section of the committed baseline: each workload's
/// ratio and noise (the ratios between two programs shift with the
/// micro-architecture, so each kind of processor has its own).
struct Section {
    processor: String,
    entries: Vec<(String, f64, f64)>,
}

/// The baseline's header, written again with each `--write`.
const HEADER: &str = "\
# The speed check's baseline (benches/speed.rs): for each processor, one line
# `ratio noise workload` a workload: the upper quartile of its node rate over
# the reference's (cozy-chess's chess perft) in interleaved rounds, and the
# bootstrap noise of that ratio. Written by
# `cargo bench --bench speed -- --write speed-baseline.txt`, which
# replaces this processor's section and keeps the others.
";

/// Reads the baseline's text: `# comments`, and sections each opened by
/// `processor = NAME` and holding one line `ratio noise name` a workload.
fn read_baseline(path: &str, text: &str) -> Result<Vec<Section>, String> {
    let mut sections: Vec<Section> = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("processor = ") {
            sections.push(Section {
                processor: name.trim().to_string(),
                entries: Vec::new(),
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            return Err(format!(
                "{path}:{}: a workload before any `processor = ` line",
                at + 1
            ));
        };
        let mut fields = line.splitn(3, ' ');
        let mut number = |what: &str| {
            fields
                .next()
                .and_then(|f| f.parse::<f64>().ok())
                .ok_or_else(|| format!("{path}:{}: the {what} is not a number", at + 1))
        };
        let ratio = number("ratio")?;
        let noise = number("noise")?;
        let name = fields
            .next()
            .ok_or_else(|| format!("{path}:{}: no workload name", at + 1))?;
        section.entries.push((name.to_string(), ratio, noise));
    }
    Ok(sections)
}

/// The baseline's text with `section` in place of its processor's.
fn baseline_text(mut sections: Vec<Section>, section: Section) -> String {
    sections.retain(|s| s.processor != section.processor);
    sections.push(section);
    let mut text = HEADER.to_string();
    for s in &sections {
        text.push_str(&format!("\nprocessor = {}\n", s.processor));
        for (name, ratio, noise) in &s.entries {
            text.push_str(&format!("{ratio:.4} {noise:.4} {name}\n"));
        }
    }
    text
}

/// Compares `figures` with the section of `here` (or, on a processor the
/// baseline has no section for, with its first and wider bands); true when
/// every workload is within its band.
fn check(path: &str, sections: &[Section], here: &str, figures: &[Figures]) -> bool {
    let Some(section) = sections
        .iter()
        .find(|s| s.processor == here)
        .or_else(|| sections.first())
    else {
        eprintln!("speed: {path}: no baseline in it");
        return false;
    };
    let floor = if section.processor == here {
        0.10
    } else {
        println!(
            "# no baseline for this processor: {:?}'s, with bands of at least 40%",
            section.processor
        );
        0.40
    };
    let mut passed = true;
    for (name, base_ratio, base_noise) in &section.entries {
        let Some(f) = figures.iter().find(|f| f.name == name) else {
            eprintln!("speed: {path}: no workload {name:?} in this build");
            passed = false;
            continue;
        };
        let band = (3.0 * f.noise.max(*base_noise)).max(floor);
        let change = f.ratio / base_ratio - 1.0;
        let verdict = if change < -band {
            passed = false;
            "SLOWER beyond the noise"
        } else {
            "ok"
        };
        println!(
            "{:>+7.1}% (band {:.0}%) {verdict}: {name}",
            100.0 * change,
            100.0 * band
        );
    }
    passed
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let option = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let rounds: usize = option("--rounds")
        .and_then(|r| r.parse().ok())
        .unwrap_or(if quick { 2 } else { 40 });
    let check_path = option("--check");
    let write = option("--write");

    let mut work = workloads();
    if let Some(prefix) = option("--once") {
        // One workload once, for an instruction count under valgrind;
        // `--once setup` runs none (the count to subtract).
        for workload in work
            .iter_mut()
            .filter(|w| w.name.starts_with(prefix.as_str()))
        {
            let (nodes, took) = (workload.run)();
            println!("{nodes} nodes in {took:?}: {}", workload.name);
        }
        return ExitCode::SUCCESS;
    }
    // rates[w][r]: workload w's nodes a second in round r.
    let mut rates = vec![Vec::with_capacity(rounds); work.len()];
    for round in 0..rounds {
        for (w, workload) in work.iter_mut().enumerate() {
            let (nodes, took) = (workload.run)();
            rates[w].push(nodes as f64 / took.as_secs_f64());
        }
        if (round + 1) % 10 == 0 || round + 1 == rounds {
            eprintln!("speed: {} of {rounds} rounds", round + 1);
        }
    }
    let all: Vec<usize> = (0..rounds).collect();
    let figures: Vec<Figures> = work
        .iter()
        .enumerate()
        .map(|(w, workload)| {
            let ratio = ratio(&rates, w, &all);
            Figures {
                name: workload.name,
                rate: quantile(&rates[w], SPEED_QUANTILE),
                ratio,
                noise: noise(&rates, w, ratio),
            }
        })
        .collect();

    let here = processor();
    println!("# {rounds} interleaved rounds on {here}");
    println!(
        "{:>12} {:>8} {:>7}  workload",
        "M nodes/s", "ratio", "noise"
    );
    for f in &figures {
        println!(
            "{:>12.1} {:>8.4} {:>6.1}%  {}",
            f.rate / 1e6,
            f.ratio,
            100.0 * f.noise,
            f.name
        );
    }
    if quick {
        return ExitCode::SUCCESS;
    }

    for (flag, path) in [("--write", &write), ("--check", &check_path)] {
        let Some(path) = path else { continue };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if flag == "--write" && e.kind() == std::io::ErrorKind::NotFound => {
                String::new()
            }
            Err(e) => {
                eprintln!("speed: {path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let sections = match read_baseline(path, &text) {
            Ok(sections) => sections,
            Err(e) => {
                eprintln!("speed: {e}");
                return ExitCode::FAILURE;
            }
        };
        if flag == "--check" {
            if !check(path, &sections, &here, &figures) {
                return ExitCode::FAILURE;
            }
            continue;
        }
        let ours = Section {
            processor: here.clone(),
            entries: figures
                .iter()
                .skip(1)
                .map(|f| (f.name.to_string(), f.ratio, f.noise))
                .collect(),
        };
        if let Err(e) = std::fs::write(path, baseline_text(sections, ours)) {
            eprintln!("speed: cannot write {path}: {e}");
            return ExitCode::FAILURE;
        }
        println!("# this processor's baseline written to {path}");
    }
    ExitCode::SUCCESS
}
