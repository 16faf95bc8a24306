//! The engines' operations one at a time, over fixed sets of 50 positions
//! per game: move generation (sum of move counts), play (copy-make of every
//! legal move), hashing from scratch, and parsing the notation.
//! `cargo bench --bench operations`; add `-- --quick` for a smoke run.

use kamisado_core::Game;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use test_support::fixtures::{kamisado_positions, katarenga_positions};

const POSITIONS: usize = 50;

macro_rules! operations {
    ($name:ident, $game:literal, $position:ty, $positions:expr) => {
        fn $name(c: &mut Criterion) {
            let positions = $positions;
            let moves: u64 = positions.iter().map(|p| p.legal_moves().len() as u64).sum();
            let texts: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
            let mut g = c.benchmark_group(concat!($game, "-operations"));
            g.sample_size(20)
                .warm_up_time(Duration::from_millis(300))
                .measurement_time(Duration::from_secs(2));

            // Move generation: counted through the callback, and listed.
            g.throughput(Throughput::Elements(moves));
            g.bench_function("movegen-count", |b| {
                b.iter(|| {
                    positions
                        .iter()
                        .map(|p| black_box(p).count_moves() as u64)
                        .sum::<u64>()
                })
            });
            g.bench_function("movegen-list", |b| {
                b.iter(|| {
                    positions
                        .iter()
                        .map(|p| black_box(p).legal_moves().len() as u64)
                        .sum::<u64>()
                })
            });
            // Play: every legal move of every position, copy-make.
            let lists: Vec<_> = positions.iter().map(|p| (p, p.legal_moves())).collect();
            g.bench_function("play", |b| {
                b.iter(|| {
                    let mut acc = 0u64;
                    for (p, list) in &lists {
                        for &mv in list.iter() {
                            acc ^= black_box(p.play_unchecked(mv)).zobrist();
                        }
                    }
                    acc
                })
            });
            // Hashing from scratch and parsing, per position.
            g.throughput(Throughput::Elements(POSITIONS as u64));
            g.bench_function("hash-from-scratch", |b| {
                b.iter(|| {
                    positions
                        .iter()
                        .fold(0u64, |acc, p| acc ^ black_box(p).zobrist_from_scratch())
                })
            });
            g.bench_function("parse", |b| {
                b.iter(|| {
                    texts
                        .iter()
                        .map(|t| black_box(t.as_str()).parse::<$position>().is_ok() as u64)
                        .sum::<u64>()
                })
            });
            g.finish();
        }
    };
}

operations!(
    kamisado,
    "kamisado",
    kamisado_core::Position,
    kamisado_positions(POSITIONS, 7)
);
operations!(
    katarenga,
    "katarenga",
    katarenga_core::Position,
    katarenga_positions(POSITIONS, 7)
);

criterion_group!(benches, kamisado, katarenga);
criterion_main!(benches);
