//! Perft speed (nodes per second): both games, from the start and from
//! reference-suite positions, counting the last ply in bulk and playing
//! every leaf. `cargo bench --bench perft`; add `-- --quick` for a smoke run.
//!
//! Before timing, each case's count is checked: against the independent
//! reference suites (`crates/*-core/tests/data`) where the case is in them, and otherwise
//! (Kamisado start perft 6 and 7) bulk counting against playing every leaf,
//! two different code paths.

use std::time::Duration;

use criterion::{
    BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime,
};

/// The independent reference count of `position` at `depth`, if a suite
/// has it.
fn reference(position: &str, depth: u32) -> Option<u64> {
    test_support::suite::all_cases()
        .find(|(_, c)| c.position == position && c.depth == depth)
        .map(|(_, c)| c.nodes)
}

/// The perft of `p` at `depth`: every leaf played, or the last ply counted
/// in bulk.
fn perft<P: kamisado_core::Game>(p: &P, depth: u32, played: bool) -> u64 {
    if played {
        p.perft_played(depth)
    } else {
        p.perft(depth)
    }
}

fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    g
}

/// Benchmarks `count(depth)` on one position, with the node count as the
/// throughput so reports read as nodes per second.
fn bench_case(g: &mut BenchmarkGroup<'_, WallTime>, id: &str, nodes: u64, count: impl Fn() -> u64) {
    assert_eq!(count(), nodes, "{id}: wrong node count");
    g.throughput(Throughput::Elements(nodes));
    g.bench_function(id, |b| b.iter(|| std::hint::black_box(count())));
}

fn kamisado(c: &mut Criterion) {
    use kamisado_core::{Game, Position};
    let start = Position::start();
    let sumo: Vec<(&str, Position, u32)> = [
        ("sumo-a", "o+kgp+++yrbn+/8/8/8/8/8/8/R++KB+G+Y+++OPN w -", 5),
        ("sumo-b", "rpy+k+ogbn/8/8/8/8/8/8/YOB+GRK+NP++ b -", 5),
        (
            "sumo-c",
            "b+n2ykgp+++/8/3R+4/5r++o1/1G6/8/8/P+1N+1YB++O+K+ w r",
            7,
        ),
    ]
    .into_iter()
    .map(|(id, fen, depth)| (id, fen.parse().unwrap(), depth))
    .collect();
    // The expected counts: the reference suites', or (start perft 6 and 7,
    // not in the suites) the count of every leaf played.
    let expected = |p: &Position, depth: u32| {
        reference(&p.to_string(), depth).unwrap_or_else(|| p.perft_played(depth))
    };
    let start_counts: Vec<u64> = (5..=7).map(|d| expected(&start, d)).collect();
    let sumo_counts: Vec<u64> = sumo.iter().map(|(_, p, d)| expected(p, *d)).collect();
    for (kind, played) in [("bulk", false), ("played", true)] {
        let mut g = group(c, &format!("kamisado-perft-{kind}"));
        let run = |p: &Position, d: u32| perft(p, d, played);
        for (depth, &nodes) in (5..=7).zip(&start_counts) {
            bench_case(&mut g, &format!("start-d{depth}"), nodes, || {
                run(&start, depth)
            });
        }
        for ((id, p, depth), &nodes) in sumo.iter().zip(&sumo_counts) {
            bench_case(&mut g, &format!("{id}-d{depth}"), nodes, || run(p, *depth));
        }
        g.finish();
    }
}

fn katarenga(c: &mut Criterion) {
    use katarenga_core::{Game, Position};
    let start = Position::start();
    let suite: Vec<(&str, Position, u32)> = [
        ("mid-a", "YRGBYRGB/BGRYBBRY/GYBRGYGR/RYBGRYBG/YBGRBYGR/RBYYGYRY/BGRGRBGB/GRYBYRBG 3www2/5w2/1w6/5w2/2b5/2b2wb1/2bb1b2/b5b1 w -", 3),
        ("mid-b", "BYRGRGBY/GRGBYYGR/YYBRBBRG/RGBYGRYB/GRYBGBYR/BGRGBGRG/YYBRRBYY/RGBYYRGB 1w3w2/2b2w2/1w3w2/bw6/3b2b1/b7/6b1/bb6 w -", 4),
        ("camps", "YRBGRYBG/RBGBGYBR/GYRYBGRY/BYGRYRGB/YBGRRYGB/RBYYGYRY/GRGBBBGR/BYRGYRBG 3wwbw1/8/6w1/8/8/8/bb6/4w2b b a0", 4),
    ]
    .into_iter()
    .map(|(id, fen, depth)| (id, fen.parse().unwrap(), depth))
    .collect();
    // Every Katarenga case is in the reference suite.
    let expected = |p: &Position, depth: u32| {
        reference(&p.to_string(), depth).expect("a case of the Katarenga reference suite")
    };
    for (kind, played) in [("bulk", false), ("played", true)] {
        let mut g = group(c, &format!("katarenga-perft-{kind}"));
        let run = |p: &Position, d: u32| perft(p, d, played);
        for depth in 3..=4 {
            bench_case(
                &mut g,
                &format!("start-d{depth}"),
                expected(&start, depth),
                || run(&start, depth),
            );
        }
        for (id, p, depth) in &suite {
            bench_case(
                &mut g,
                &format!("{id}-d{depth}"),
                expected(p, *depth),
                || run(p, *depth),
            );
        }
        g.finish();
    }
}

criterion_group!(benches, kamisado, katarenga);
criterion_main!(benches);
