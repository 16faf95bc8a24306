//! The search's limits, its table sizes, and the arena's adjudication of
//! endless games (regressions of the reliability issue).

use kamisado_core::Game;
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

/// A table takes the size asked for, not the next power of two.
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

/// The provers' node limits are exact too (they were checked every 1,024
/// or 4,096 nodes), and the solver's covers both of its searches together
/// (the exact prover got the whole limit again after df-pn).
#[test]
fn the_provers_node_limits_are_exact() {
    use game_search::proof::{DfpnProver, ProofLimits, Prover, Solver};
    let start = Kamisado::start();
    for n in [1, 7, 100, 1_500, 20_000, 400_000] {
        let limits = ProofLimits::nodes(n);
        let dfpn = DfpnProver::<Kamisado>::new(1)
            .unwrap()
            .solve(&start, limits);
        assert!(dfpn.nodes <= n, "df-pn: {} for {n}", dfpn.nodes);
        let exact = Prover::<Kamisado>::new(1).unwrap().solve(&start, limits);
        assert!(exact.nodes <= n, "exact: {} for {n}", exact.nodes);
        let solution = Solver::<Kamisado>::new(2).unwrap().solve(&start, limits);
        assert!(solution.nodes <= n, "solver: {} for {n}", solution.nodes);
    }
    // Enough for df-pn to prove the winner, not for the length as well.
    let solution = Solver::<Kamisado>::new(16)
        .unwrap()
        .solve(&start, ProofLimits::nodes(600_000));
    assert!(solution.nodes <= 600_000, "{}", solution.nodes);
}

/// A stop flag handed to a searcher or a prover is never lowered by it: a
/// stop raised before a search ends it at once (an engine's `stop` that
/// comes while the solver hands over to the search stops both).
#[test]
fn a_shared_stop_flag_stops_every_search_that_holds_it() {
    use game_search::StopFlag;
    use game_search::proof::{ProofLimits, Solver, Value};
    let stop = StopFlag::new();
    let mut searcher = Searcher::<Kamisado>::new(1).unwrap();
    searcher.set_stop_flag(stop.clone());
    let mut solver = Solver::<Kamisado>::new(2).unwrap();
    solver.set_stop_flag(stop.clone());
    stop.stop();
    let start = Kamisado::start();
    let solution = solver.solve(&start, ProofLimits::default());
    assert_eq!((solution.winner, solution.plies), (None, None));
    assert!(solution.nodes < 1_000, "{}", solution.nodes);
    let result = searcher.search(&start, Limits::depth(game_search::MAX_DEPTH));
    assert!(result.stopped && result.depth == 0 && result.best.is_some());
    assert!(stop.is_stopped(), "a search lowered the flag");
    stop.reset();
    assert_eq!(searcher.search(&start, Limits::depth(3)).depth, 3);
    // A searcher's own flag is still cleared by each search.
    let mut own = Searcher::<Kamisado>::new(1).unwrap();
    own.stop_flag().stop();
    assert_eq!(own.search(&start, Limits::depth(2)).depth, 2);
    let _ = Value::Win;
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

/// Two searching players on an all-blue board, where they can repeat
/// moves for ever, have their game stopped by the project's repetition
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
    // Whether the rules or the adjudication end it (the quiescence search
    // finds a way to win), the game ends within the limits. The ending is
    // read from the moves replayed: a finished position is the rules' end,
    // with their winner; otherwise a draw, at the third occurrence of the
    // last position or at the 1,000th ply (the arena's adjudication rule).
    assert!(game.moves.len() <= 1_000, "{} plies", game.moves.len());
    let mut replayed = vec![blue];
    for &mv in &game.moves {
        replayed.push(replayed.last().unwrap().play(mv));
    }
    let last = *replayed.last().unwrap();
    if last.is_over() {
        assert!(matches!(game.end, End::Outcome(_)), "{:?}", game.end);
        assert_eq!(game.winner(), last.winner());
    } else {
        let occurrences = replayed.iter().filter(|&&p| p == last).count();
        let expected = if occurrences >= 3 {
            End::Repetition
        } else {
            assert_eq!(game.moves.len(), 1_000);
            End::PlyLimit
        };
        assert_eq!(game.end, expected);
        assert_eq!(game.winner(), None);
    }
    let short = Adjudication {
        repetitions: None,
        max_plies: 10,
    };
    let game = play_game(blue, [&mut black, &mut white], short, |_, _| {});
    assert_eq!((game.end, game.moves.len()), (End::PlyLimit, 10));
}

/// `Searcher`, `SearchAgent` and `Solver` print their settings with
/// `Debug`, so that a struct holding one can derive it.
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
