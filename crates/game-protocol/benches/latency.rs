//! How late `kk-engine` answers `go movetime T`, measured as a controller
//! sees it: from writing `go` to reading `bestmove`, over many positions
//! of both games and move times from 10 to 1,000 ms (log-uniform,
//! seeded), with a fresh engine process every `--per-process` searches so
//! that first searches are measured too. Each `go` follows a `position`
//! and an `isready` answered, as the referee sends them.
//!
//! `cargo bench -p game-protocol --bench latency -- [--gos N] [--seed S]
//! [--per-process K] [--engine PATH] [--min MS] [--max MS]` (defaults:
//! 1,000 searches, seed 1, 10 a process, this package's kk-engine): the
//! median, 99th percentile and maximum overrun (the answer time less
//! `T`), over all searches and over each process's first, and how many
//! answers came later than `T`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use board_geometry::SplitMix64;
use game_search::SearchGame;
use kamisado_core::Game;

/// A running engine.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(program: &str) -> Engine {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let input = child.stdin.take().expect("a pipe");
        let output = BufReader::new(child.stdout.take().expect("a pipe"));
        let mut engine = Engine {
            child,
            input,
            output,
        };
        engine.send("kkp");
        engine.until("kkpok");
        engine
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .expect("the engine reads");
    }

    /// Reads lines until one that starts with `word`.
    fn until(&mut self, word: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.output.read_line(&mut line).expect("the engine writes");
            assert!(n > 0, "the engine closed its output");
            if line.split_whitespace().next() == Some(word) {
                return line;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// Positions of `G` after random plies from `start` (seeded), with moves
/// left.
fn positions<G: SearchGame>(start: G, count: usize, rng: &mut SplitMix64) -> Vec<String> {
    let mut found = Vec::new();
    while found.len() < count {
        let mut p = start;
        let plies = rng.below(12);
        for _ in 0..plies {
            let moves = p.legal_moves();
            let Some(&m) = rng.choose(&moves) else { break };
            let next = p.play(m);
            if next.outcome().is_some() {
                break;
            }
            p = next;
        }
        if !p.legal_moves().is_empty() {
            found.push(p.to_string());
        }
    }
    found
}

/// The `q`-quantile of sorted `xs`.
fn quantile(xs: &[f64], q: f64) -> f64 {
    let i = ((xs.len() as f64 - 1.0) * q).round() as usize;
    xs[i.min(xs.len() - 1)]
}

fn report(what: &str, overruns: &mut [f64]) {
    if overruns.is_empty() {
        return;
    }
    overruns.sort_by(f64::total_cmp);
    let late = overruns.iter().filter(|&&x| x > 0.0).count();
    println!(
        "{what}: {} searches, overrun (answer time - T) median {:+.2} ms, 99% {:+.2} ms, max {:+.2} ms; later than T: {late}",
        overruns.len(),
        quantile(overruns, 0.5),
        quantile(overruns, 0.99),
        overruns[overruns.len() - 1],
    );
}

fn main() {
    let mut gos = 1_000usize;
    let mut seed = 1u64;
    let mut per_process = 10usize;
    let (mut min, mut max) = (10f64, 1_000f64);
    let mut program = env!("CARGO_BIN_EXE_kk-engine").to_string();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || iter.next().cloned().unwrap_or_default();
        match arg.as_str() {
            "--gos" => gos = value().parse().expect("--gos N"),
            "--seed" => seed = value().parse().expect("--seed S"),
            "--per-process" => {
                per_process = value().parse::<usize>().expect("--per-process K").max(1)
            }
            "--min" => min = value().parse().expect("--min MS"),
            "--max" => max = value().parse().expect("--max MS"),
            "--engine" => program = value(),
            // cargo bench passes --bench.
            _ => {}
        }
    }
    let mut rng = SplitMix64::new(seed);
    let kamisado = positions(kamisado_core::Position::start(), 50, &mut rng);
    let katarenga = positions(katarenga_core::Position::start(), 50, &mut rng);
    let (mut all, mut first) = (Vec::new(), Vec::new());
    let mut by_game = [Vec::new(), Vec::new()];
    // The latest answers: (overrun, T, game, position).
    let mut worst: Vec<(f64, f64, &str, String)> = Vec::new();
    let mut engine = None;
    let started = Instant::now();
    for i in 0..gos {
        if i % per_process == 0 {
            engine = Some(Engine::start(&program));
        }
        let e = engine.as_mut().expect("started");
        let game = i % 2;
        let (name, list) = if game == 0 {
            ("kamisado", &kamisado)
        } else {
            ("katarenga", &katarenga)
        };
        let position = &list[rng.below(list.len())];
        let t = (min.ln() + (max.ln() - min.ln()) * rng.below(1_000_001) as f64 / 1e6).exp();
        let t = t.round().max(1.0);
        e.send(&format!("newgame {name}"));
        e.send(&format!("position notation {position}"));
        e.send("isready");
        e.until("readyok");
        let sent = Instant::now();
        e.send(&format!("go movetime {t}"));
        e.until("bestmove");
        let took = sent.elapsed().as_secs_f64() * 1e3;
        let overrun = took - t;
        all.push(overrun);
        worst.push((overrun, t, name, position.clone()));
        worst.sort_by(|a, b| b.0.total_cmp(&a.0));
        worst.truncate(5);
        by_game[game].push(overrun);
        if i % per_process == 0 {
            first.push(overrun);
        }
        if (i + 1) % 100 == 0 {
            eprintln!(
                "{}/{gos} searches, {:.0} s",
                i + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    drop(engine);
    println!(
        "kk-engine latency: go movetime T, T from {min} to {max} ms (log-uniform), seed {seed}, a fresh process every {per_process}, {:.0} s",
        started.elapsed().as_secs_f64()
    );
    report("all", &mut all);
    report("kamisado", &mut by_game[0]);
    report("katarenga", &mut by_game[1]);
    report("first search of a process", &mut first);
    for (overrun, t, game, position) in worst {
        println!("  {overrun:+.2} ms at T = {t} ms: {game} {position}");
    }
}
