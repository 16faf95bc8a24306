//! The search's proven results against a brute-force minimax written
//! here, and strength against a random player.

use game_search::{Limits, PROVEN, SearchGame, Searcher};
use kamisado_core::Game as _;
use proptest::prelude::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    Win,
    Loss,
    Unknown,
}

/// Who wins within `depth` plies, by exhaustive minimax (no pruning, no
/// table), from the side to move's point of view.
fn brute<G: SearchGame>(p: &G, depth: u32) -> Known {
    let moves = p.legal_moves();
    if moves.is_empty() {
        return match p.winner() {
            Some(w) if w == p.side_to_move() => Known::Win,
            Some(_) => Known::Loss,
            None => Known::Unknown,
        };
    }
    if depth == 0 {
        return Known::Unknown;
    }
    let mut all_lose = true;
    for &mv in moves.iter() {
        let child = p.play(mv);
        let mut r = brute(&child, depth - 1);
        if child.side_to_move() != p.side_to_move() {
            r = match r {
                Known::Win => Known::Loss,
                Known::Loss => Known::Win,
                Known::Unknown => Known::Unknown,
            };
        }
        match r {
            Known::Win => return Known::Win,
            Known::Loss => {}
            Known::Unknown => all_lose = false,
        }
    }
    if all_lose {
        Known::Loss
    } else {
        Known::Unknown
    }
}

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

/// The proof searches against exhaustive minimax: the exact prover's
/// answers to "win within d" and "loss within d", and df-pn's verdict
/// whenever minimax settles the position within its depth.
fn check_provers_against_brute(
    p: &kamisado_core::Position,
    depth: u32,
) -> Result<Known, TestCaseError> {
    use game_search::kamisado::dfpn::DfpnProver;
    use game_search::kamisado::prove::{ProofLimits, Prover, Value};
    let expected = brute(p, depth);
    let mut prover = Prover::new(1).unwrap();
    prop_assert_eq!(
        prover.wins_within(p, depth),
        expected == Known::Win,
        "win within {} of {}",
        depth,
        p
    );
    let mut prover = Prover::new(1).unwrap();
    prop_assert_eq!(
        prover.loses_within(p, depth),
        expected == Known::Loss,
        "loss within {} of {}",
        depth,
        p
    );
    let verdict = DfpnProver::new(1)
        .unwrap()
        .solve(p, ProofLimits::default())
        .value;
    match expected {
        Known::Win => prop_assert_eq!(verdict, Value::Win),
        Known::Loss => prop_assert_eq!(verdict, Value::Loss),
        Known::Unknown => prop_assert_ne!(verdict, Value::Unknown),
    }
    Ok(expected)
}

/// The same on seeded random positions, counting how often minimax settles
/// them: the comparison must cover wins and losses, not only unknowns.
#[test]
fn kamisado_provers_settle_what_minimax_settles() {
    let mut rng = board_geometry::SplitMix64::new(21);
    let (mut wins, mut losses) = (0, 0);
    for _ in 0..200 {
        let choices: Vec<u16> = (0..4 + rng.below(20))
            .map(|_| rng.next_u64() as u16)
            .collect();
        let p = kamisado_position(rng.below(4), &choices);
        for depth in 1..=5 {
            match check_provers_against_brute(&p, depth).unwrap() {
                Known::Win => wins += 1,
                Known::Loss => losses += 1,
                Known::Unknown => {}
            }
        }
    }
    assert!(wins > 50 && losses > 50, "{wins} wins, {losses} losses");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn kamisado_provers_agree_with_brute_force(start in 0usize..4, choices in proptest::collection::vec(any::<u16>(), 4..24), depth in 1u32..6) {
        let p = kamisado_position(start, &choices);
        check_provers_against_brute(&p, depth)?;
    }


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

/// The start is a win for Black (who moves first), proven by the
/// proof-number search: the winning move it names leaves White a proven
/// loss. (The exact length, 17 plies, is checked in release builds by CI
/// through the `solve` example and its certificate.)
#[test]
fn the_start_of_kamisado_is_a_win_for_black() {
    use game_search::kamisado::dfpn::DfpnProver;
    use game_search::kamisado::prove::{ProofLimits, Value};
    let start = kamisado_core::Position::start();
    let mut dfpn = DfpnProver::new(64).unwrap();
    let proof = dfpn.solve(&start, ProofLimits::default());
    assert_eq!(proof.value, Value::Win);
    let after = start.play(proof.best.unwrap());
    assert_eq!(
        dfpn.solve(&after, ProofLimits::default()).value,
        Value::Loss
    );
}

/// Three searches agree on a middle game Black wins in 9 plies: the
/// alpha-beta player's proven score, the exact proof search, df-pn.
#[test]
fn the_searches_agree_on_a_middle_game() {
    use game_search::kamisado::dfpn::DfpnProver;
    use game_search::kamisado::prove::{ProofLimits, Prover, Value};
    let mut p = kamisado_core::Position::start();
    for mv in [
        "h1h5", "e8e3", "c1c5", "b8g3", "e1c3", "h8h7", "f1f6", "h7c2",
    ] {
        p = p.play(mv.parse().unwrap());
    }
    let result = Searcher::new(16).unwrap().search(&p, Limits::depth(9));
    assert!(result.score > PROVEN, "{result:?}");
    assert_eq!(result.plies_to_end(), Some(9));
    let exact = Prover::new(16).unwrap().solve(&p, ProofLimits::default());
    assert_eq!((exact.value, exact.plies), (Value::Win, Some(9)));
    let dfpn = DfpnProver::new(16)
        .unwrap()
        .solve(&p, ProofLimits::default());
    assert_eq!(dfpn.value, Value::Win);
}

/// Our search (depth 2-3) against a uniformly random player: it must win
/// nearly every game, in both games and with either colour.
#[test]
fn search_beats_a_random_player() {
    use game_search::arena::{Adjudication, duel};
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
