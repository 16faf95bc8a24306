//! The search's limits, its table sizes, and the arena's adjudication of
//! endless games (regressions of the reliability issue).

use std::time::Duration;

use game_search::arena::{Adjudication, End, play_game};
use game_search::{Limits, SearchAgent, Searcher, TableError};
use kamisado_core::Position as Kamisado;
use katarenga_core::{Board, Position as Katarenga, SquareColour};

/// Regression: `Searcher::new(usize::MAX)` overflowed and panicked, and a
/// table larger than the machine aborted the process.
#[test]
fn impossible_tables_are_errors_not_aborts() {
    assert!(matches!(
        Searcher::<Kamisado>::new(usize::MAX),
        Err(TableError::TooLarge { .. })
    ));
    // 2^33 MiB = 8 PiB: the allocator refuses it.
    assert!(matches!(
        Searcher::<Kamisado>::new(1 << 33),
        Err(TableError::OutOfMemory { .. })
    ));
}

/// Regression: sizes were rounded up to a power of two (257 MiB took 386).
#[test]
fn table_sizes_are_honoured() {
    for mib in [0, 1, 3, 17] {
        let searcher = Searcher::<Kamisado>::new(mib).unwrap();
        let expected = (mib << 20).max(32);
        assert_eq!(searcher.table_bytes(), expected, "{mib} MiB");
    }
}

/// Regression: `Limits::nodes(n)` could visit up to 1,024 nodes more.
#[test]
fn the_node_limit_is_exact() {
    for n in [1, 7, 100, 1_500, 20_000] {
        let mut searcher = Searcher::<Kamisado>::new(1).unwrap();
        let result = searcher.search(&Kamisado::start(), Limits::nodes(n));
        assert!(
            result.nodes <= n,
            "{} nodes for a limit of {n}",
            result.nodes
        );
        assert!(result.stopped);
        assert!(result.best.is_some());
    }
}

/// Regression: `Limits::depth(0)` searched depth 1.
#[test]
fn depth_zero_runs_no_search() {
    let mut searcher = Searcher::<Kamisado>::new(1).unwrap();
    let start = Kamisado::start();
    let result = searcher.search(&start, Limits::depth(0));
    assert_eq!((result.depth, result.nodes), (0, 0));
    assert_eq!(result.best, start.legal_moves().first().copied());
    assert_eq!(result.score, game_search::kamisado::evaluate(&start));
    let result = searcher.search(&start, Limits::depth(1));
    assert_eq!(result.depth, 1);
    assert!(result.nodes > 1);
}

#[test]
fn a_time_limit_is_kept() {
    let mut searcher = Searcher::<Kamisado>::new(1).unwrap();
    let result = searcher.search(&Kamisado::start(), Limits::time(Duration::from_millis(30)));
    assert!(
        result.elapsed < Duration::from_millis(500),
        "{:?}",
        result.elapsed
    );
}

/// `clear` forgets the table: a search after it visits as many nodes as a
/// new searcher's, while a second search without it finds its work again.
#[test]
fn clear_forgets_the_table() {
    let start = Kamisado::start();
    let mut searcher = Searcher::<Kamisado>::new(4).unwrap();
    let first = searcher.search(&start, Limits::depth(5)).nodes;
    let again = searcher.search(&start, Limits::depth(5)).nodes;
    assert!(again < first, "{again} >= {first}");
    searcher.clear();
    assert_eq!(searcher.search(&start, Limits::depth(5)).nodes, first);
}

/// Regression: two searching players on an all-blue board repeated four
/// plies for ever. The arena stops the game by the project's repetition
/// rule (and a ply limit, for games that do not repeat).
#[test]
fn endless_katarenga_games_are_adjudicated() {
    let blue = Katarenga::start_on(Board::from_colours([SquareColour::Blue; 64]));
    let mut black = SearchAgent::<Katarenga>::new(Limits::depth(2), 1).unwrap();
    let mut white = SearchAgent::<Katarenga>::new(Limits::depth(2), 1).unwrap();
    let game = play_game(
        blue,
        [&mut black, &mut white],
        Adjudication::default(),
        |_, _| {},
    );
    // The searchers once shuffled here for ever; whether the rules or the
    // adjudication end it (the quiescence search now finds a way to win),
    // the game ends within the limits.
    assert!(
        game.moves.len() <= 1_000
            && (matches!(game.end, End::Repetition | End::PlyLimit) == game.winner().is_none()),
        "{:?} after {} plies",
        game.end,
        game.moves.len()
    );
    let short = Adjudication {
        repetitions: None,
        max_plies: 10,
    };
    let game = play_game(blue, [&mut black, &mut white], short, |_, _| {});
    assert_eq!((game.end, game.moves.len()), (End::PlyLimit, 10));
}

/// Regression (issue 24): `Searcher`, `SearchAgent` and `Solver` had no
/// `Debug`, so a struct holding one could not derive it.
#[test]
fn searchers_agents_and_solvers_print_their_state() {
    use game_search::kamisado::solve::Solver;

    let searcher = Searcher::<Kamisado>::new(1).unwrap();
    let text = format!("{searcher:?}");
    assert!(
        text.starts_with("Searcher { table_bytes: 1048576, limits: Limits {"),
        "{text}"
    );
    let agent = SearchAgent::<Katarenga>::new(Limits::depth(2), 1).unwrap();
    let text = format!("{agent:?}");
    assert!(
        text.starts_with("SearchAgent { searcher: Searcher { table_bytes: 1048576"),
        "{text}"
    );
    assert!(
        text.ends_with("limits: Limits { depth: 2, nodes: 18446744073709551615, time: None } }"),
        "{text}"
    );
    let solver = Solver::new(2).unwrap();
    let text = format!("{solver:?}");
    assert!(
        text.starts_with("Solver { dfpn: DfpnProver { table_bytes: 1048576"),
        "{text}"
    );
    assert!(
        text.contains("prover: Prover { table_bytes: 1048576"),
        "{text}"
    );
}
