//! The playing search: its proven results against the brute-force minimax
//! of `oracle.rs`, its limits, principal variations and node expansion, and strength against a random player.

use std::time::Duration;

use crate::oracle::{Known, brute};
use game_search::{Limits, PROVEN, SearchAgent, SearchGame, Searcher};
use kamisado_core::Game as _;
use kamisado_core::Position as Kamisado;
use katarenga_core::Position as Katarenga;
use proptest::prelude::*;

fn check_against_brute<G: SearchGame>(p: &G, depth: u32) -> Result<(), TestCaseError> {
    let expected = brute(p, depth);
    let result = Searcher::<G>::new(1)
        .unwrap()
        .search(p, Limits::depth(depth));
    let found = if result.score > PROVEN {
        Known::Win
    } else if result.score < -PROVEN {
        Known::Loss
    } else {
        Known::Unknown
    };
    // Never a forced result within the horizon missed; a proven result
    // beyond it (a quiescence search's capture line, Katarenga) only if an
    // exhaustive search to its length finds it too.
    if expected != Known::Unknown || !G::QUIESCENCE {
        prop_assert_eq!(found, expected, "depth {} score {}", depth, result.score);
    }
    if let Some(plies) = result.plies_to_end() {
        if expected != Known::Unknown {
            prop_assert!(plies as u32 <= depth);
        } else {
            prop_assert_eq!(
                brute(p, plies as u32),
                found,
                "{} plies, score {}",
                plies,
                result.score
            );
        }
    }
    let depth = result
        .plies_to_end()
        .map_or(depth, |plies| (plies as u32).max(depth));
    // A finished round can be a win for the side to move (a deadlock is
    // lost by the player who made the last move): no move to name then.
    if found == Known::Win && !p.legal_moves().is_empty() {
        // The move it names wins.
        let best = result.best.expect("a winning move");
        let child = p.play(best);
        let r = brute(&child, depth - 1);
        let mover_wins = if child.side_to_move() == p.side_to_move() {
            r == Known::Win
        } else {
            r == Known::Loss
        };
        prop_assert!(mover_wins, "{} does not win", best);
    }
    Ok(())
}

pub(crate) fn kamisado_position(start: usize, choices: &[u16]) -> kamisado_core::Position {
    let starts = [
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        "o+kgp+++yrbn+/8/8/8/8/8/8/R++KB+G+Y+++OPN w -",
        "b+n2ykgp+++/8/3R+4/5r++o1/1G6/8/8/P+1N+1YB++O+K+ w r",
        "3p4/1k++3g++2/2b1n3/4y++2Y++/2B+2O++2/K++r+2o3/1N+++3R+++P+++1/1G6 b o",
    ];
    let mut p: kamisado_core::Position = starts[start % starts.len()].parse().unwrap();
    for &c in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p = p.play(moves[c as usize % moves.len()]);
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every proven win or loss the search reports within `depth` plies is
    /// exactly what exhaustive minimax finds, and the winning move it names
    /// wins.
    #[test]
    fn kamisado_proofs_agree_with_brute_force(start in 0usize..4, choices in proptest::collection::vec(any::<u16>(), 4..24), depth in 1u32..6) {
        let p = kamisado_position(start, &choices);
        check_against_brute(&p, depth)?;
    }

    #[test]
    fn katarenga_proofs_agree_with_brute_force(choices in proptest::collection::vec(any::<u16>(), 30..90), depth in 1u32..4) {
        let mut p = katarenga_core::Position::start();
        for &c in &choices {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[c as usize % moves.len()]);
        }
        check_against_brute(&p, depth)?;
    }

}

/// Our search (depth 2-3) against a uniformly random player: it must win
/// nearly every game, in both games and with either colour.
#[test]
fn search_beats_a_random_player() {
    use game_search::play::{Adjudication, duel};
    use game_search::{RandomAgent, SearchAgent};
    fn play<G: SearchGame>(start: G, games: u32, depth: u32) -> u32 {
        let mut ours = SearchAgent::<G>::new(Limits::depth(depth), 1).unwrap();
        let mut random = RandomAgent::new(0x9E37_79B9);
        let result = duel(
            start,
            games,
            &mut ours,
            &mut random,
            Adjudication::default(),
        );
        assert_eq!(result.games, games);
        result.wins
    }
    assert!(play(kamisado_core::Position::start(), 20, 3) >= 19);
    assert!(play(katarenga_core::Position::start(), 6, 2) >= 6);
}

/// The value of `p` searched one ply deep, by hand: the best over the
/// moves of the child's static value (or its game's end), turned to the
/// mover's point of view.
fn one_ply<G: SearchGame>(p: &G) -> i32 {
    p.legal_moves()
        .iter()
        .map(|&mv| {
            let child = p.play(mv);
            let value = match child.winner() {
                Some(w) if w == child.side_to_move() => game_search::WIN - 1,
                Some(_) => -(game_search::WIN - 1),
                None => child.evaluate(),
            };
            if child.side_to_move() == p.side_to_move() {
                value
            } else {
                -value
            }
        })
        .max()
        .expect("a position with moves")
}

/// What every iteration reports: a principal variation of legal moves as
/// long as the iteration is deep (or ending the game), starting with the
/// best move, and at depth 1 the value of the best move by hand (leaves
/// are scored once, whatever the window).
fn check_iterations<G: SearchGame>(p: &G, depth: u32) {
    let mut searcher = Searcher::<G>::new(1).unwrap();
    let mut depths = 0;
    let result = searcher.search_with(p, Limits::depth(depth), |info| {
        depths += 1;
        let mut q = *p;
        for &mv in info.pv {
            q = q
                .try_play(mv)
                .unwrap_or_else(|e| panic!("{mv} in the pv: {e}"));
        }
        assert!(
            info.pv.len() >= info.depth as usize || q.winner().is_some(),
            "depth {} pv {:?} from {p}",
            info.depth,
            info.pv
        );
        if info.depth == 1 {
            assert_eq!(info.score, one_ply(p), "{p}");
        }
    });
    assert!(depths >= 1);
    assert_eq!(result.pv.first().copied(), result.best, "{p}");
}

#[test]
fn iterations_report_full_principal_variations() {
    let mut positions = 0;
    for start in 0..4 {
        for seed in 0..12u16 {
            let choices: Vec<u16> = (0..seed % 7).map(|i| seed.wrapping_mul(7919) ^ i).collect();
            let p = kamisado_position(start, &choices);
            if p.legal_moves().is_empty() {
                continue;
            }
            check_iterations(&p, 6);
            positions += 1;
        }
    }
    assert!(positions >= 40, "{positions} positions with moves");
    check_iterations(&katarenga_core::Position::start(), 4);
}

/// The games' ways of handing moves and children to the search agree with
/// `legal_moves` and `play`: the same moves (in the same order for
/// `for_each_move`), each child the position after its move, and a visit
/// that returns `true` stops the expansion.
fn check_expansions<G: SearchGame>(p: &G) {
    let legal: Vec<G::Move> = p.legal_moves().to_vec();
    let mut listed = Vec::new();
    p.for_each_move(|mv| listed.push(mv));
    assert_eq!(listed, legal, "{p}");
    let mut children = Vec::new();
    let stopped = p.for_each_child(|mv, child| {
        assert_eq!(*child, p.play(mv), "{mv} from {p}");
        children.push(mv);
        false
    });
    assert!(!stopped);
    let mut sorted = legal.clone();
    sorted.sort_by_key(|m| G::move_index(*m));
    children.sort_by_key(|m| G::move_index(*m));
    assert_eq!(children, sorted, "{p}");
    if !legal.is_empty() {
        let mut visits = 0;
        assert!(p.for_each_child(|_, _| {
            visits += 1;
            true
        }));
        assert_eq!(visits, 1);
    }
}

#[test]
fn games_expand_nodes_as_their_move_lists_say() {
    let mut positions = 0;
    for start in 0..4 {
        for seed in 0..40u16 {
            let choices: Vec<u16> = (0..seed % 13)
                .map(|i| seed.wrapping_mul(31) ^ (i * 7))
                .collect();
            check_expansions(&kamisado_position(start, &choices));
            positions += 1;
        }
    }
    let mut p = katarenga_core::Position::start();
    for i in 0..60usize {
        check_expansions(&p);
        positions += 1;
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p = p.play(moves[(i * 7919) % moves.len()]);
    }
    assert!(positions >= 200, "{positions}");
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

/// A stop flag handed to a searcher or a prover is never lowered by it: a
/// stop raised before a search ends it at once (an engine's `stop` that
/// comes while the solver hands over to the search stops both).
#[test]
fn a_shared_stop_flag_stops_every_search_that_holds_it() {
    use game_search::Limits;
    use game_search::StopFlag;
    use game_search::proof::{Solver, Value};
    let stop = StopFlag::new();
    let mut searcher = Searcher::<Kamisado>::new(1).unwrap();
    searcher.set_stop_flag(stop.clone());
    let mut solver = Solver::<Kamisado>::new(2).unwrap();
    solver.set_stop_flag(stop.clone());
    stop.stop();
    let start = Kamisado::start();
    let solution = solver.solve(&start, Limits::default());
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
    assert_eq!(result.score, game_search::eval::kamisado::evaluate(&start));
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

/// `Searcher`, `SearchAgent` and `Solver` print their settings with
/// `Debug`, so that a struct holding one can derive it.
#[test]
fn searchers_agents_and_solvers_print_their_state() {
    use game_search::proof::Solver;

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
    let solver = Solver::<kamisado_core::Position>::new(2).unwrap();
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
