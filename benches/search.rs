//! Search speed (nodes per second): the playing search of `game-search` to
//! a fixed depth from the start of each game and from two later positions
//! of each, and the Kamisado proof searches on the start. Each iteration
//! starts from a cleared table (cleared outside the timing), so every
//! iteration visits the same nodes and the reported throughput is the node
//! rate.
//! `cargo bench --bench search`; add `-- --quick` for a smoke run.

use kamisado_core::Game;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use game_search::proof::{DfpnProver, Prover};
use game_search::{Limits, SearchGame, Searcher};
use test_support::fixtures::katarenga_positions;

/// The table of every search here, in MiB.
const TABLE_MIB: usize = 16;

/// The nodes of one search of `position` to `depth` from a cleared table.
fn nodes_of<G: SearchGame>(searcher: &mut Searcher<G>, position: &G, depth: u32) -> u64 {
    searcher.clear();
    searcher.search(position, Limits::depth(depth)).nodes
}

fn playing<G: SearchGame>(c: &mut Criterion, positions: &[(&str, G)], depth: u32) {
    let mut searcher = Searcher::<G>::new(TABLE_MIB).expect("a 16 MiB table");
    let mut g = c.benchmark_group(format!("{}-search", G::NAME));
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (name, position) in positions {
        let nodes = nodes_of(&mut searcher, position, depth);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(BenchmarkId::new(*name, format!("d{depth}")), |b| {
            // Only the search is timed: clearing 16 MiB would add a fixed
            // cost that is no part of the node rate (a tenth of a short
            // search).
            b.iter_custom(|iterations| {
                let mut searching = Duration::ZERO;
                for _ in 0..iterations {
                    searcher.clear();
                    let started = Instant::now();
                    let visited = searcher
                        .search(black_box(position), Limits::depth(depth))
                        .nodes;
                    searching += started.elapsed();
                    // The same search from the same cleared table: a
                    // different count means the throughput above would be
                    // wrong.
                    assert_eq!(visited, nodes, "the search is not deterministic");
                }
                searching
            })
        });
    }
    g.finish();
}

fn kamisado_search(c: &mut Criterion) {
    // The random fixtures are mostly decided within a few plies (a search
    // proves them at once); the positions after the first moves with the
    // longest best play (37 and 23 plies, docs/first-moves.md) are not.
    let start = kamisado_core::Position::start();
    let after = |mv: &str| start.play(mv.parse().expect("a move"));
    let positions = [
        ("start", start),
        ("after-a1a2", after("a1a2")),
        ("after-b1b6", after("b1b6")),
    ];
    playing(c, &positions, 9);
}

fn katarenga_search(c: &mut Criterion) {
    let fixtures = katarenga_positions(2, 1);
    let positions = [
        ("start", katarenga_core::Position::start()),
        ("fixture-a", fixtures[0]),
        ("fixture-b", fixtures[1]),
    ];
    playing(c, &positions, 5);
}

/// The two proof searches on the Kamisado start: df-pn proves who wins,
/// the iterative-deepening prover finds the exact length (17 plies).
fn kamisado_proofs(c: &mut Criterion) {
    let start = kamisado_core::Position::start();
    let limits = Limits::time(Duration::from_secs(60));
    let mut g = c.benchmark_group("kamisado-proof");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));

    // `DfpnProver::solve` starts from an empty table by itself.
    let mut dfpn = DfpnProver::new(TABLE_MIB).expect("a 16 MiB table");
    let nodes = dfpn.solve(&start, limits).nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("start-dfpn", |b| {
        b.iter(|| black_box(dfpn.solve(black_box(&start), limits)))
    });

    let mut prover = Prover::new(64).expect("a 64 MiB table");
    let nodes = prover.solve(&start, limits).nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("start-exact", |b| {
        b.iter(|| {
            prover.clear();
            black_box(prover.solve(black_box(&start), limits))
        })
    });
    g.finish();
}

criterion_group!(benches, kamisado_search, katarenga_search, kamisado_proofs);
criterion_main!(benches);
