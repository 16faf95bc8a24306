//! The proof searches: their node limits, and their answers against a
//! brute-force minimax of `search.rs`.

use kamisado_core::Game;

use game_search::{PROVEN, Searcher};
use kamisado_core::Position as Kamisado;
use proptest::prelude::*;

use crate::oracle::{Known, brute};
use crate::search::kamisado_position;

/// The provers' node limits are exact too (they were checked every 1,024
/// or 4,096 nodes), and the solver's covers both of its searches together
/// (the exact prover got the whole limit again after df-pn).
#[test]
fn the_provers_node_limits_are_exact() {
    use game_search::Limits;
    use game_search::proof::{DfpnProver, Prover, Solver};
    let start = Kamisado::start();
    for n in [1, 7, 100, 1_500, 20_000, 400_000] {
        let limits = Limits::nodes(n);
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
        .solve(&start, Limits::nodes(600_000));
    assert!(solution.nodes <= 600_000, "{}", solution.nodes);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn kamisado_provers_agree_with_brute_force(start in 0usize..4, choices in proptest::collection::vec(any::<u16>(), 4..24), depth in 1u32..6) {
        let p = kamisado_position(start, &choices);
        check_provers_against_brute(&p, depth)?;
    }
}

/// The proof searches against exhaustive minimax: the exact prover's
/// answers to "win within d" and "loss within d", and df-pn's verdict
/// whenever minimax settles the position within its depth.
fn check_provers_against_brute(
    p: &kamisado_core::Position,
    depth: u32,
) -> Result<Known, TestCaseError> {
    use game_search::Limits;
    use game_search::proof::DfpnProver;
    use game_search::proof::{Prover, Value};
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
        .solve(p, Limits::default())
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

/// The start is a win for Black (who moves first), proven by the
/// proof-number search: the winning move it names leaves White a proven
/// loss. (The exact length, 17 plies, is checked in release builds by CI
/// through the `solve` example and its certificate.)
#[test]
fn the_start_of_kamisado_is_a_win_for_black() {
    use game_search::Limits;
    use game_search::proof::DfpnProver;
    use game_search::proof::Value;
    let start = kamisado_core::Position::start();
    let mut dfpn = DfpnProver::new(64).unwrap();
    let proof = dfpn.solve(&start, Limits::default());
    assert_eq!(proof.value, Value::Win);
    let after = start.play(proof.best.unwrap());
    assert_eq!(dfpn.solve(&after, Limits::default()).value, Value::Loss);
}

/// Three searches agree on a middle game Black wins in 9 plies: the
/// alpha-beta player's proven score, the exact proof search, df-pn.
#[test]
fn the_searches_agree_on_a_middle_game() {
    use game_search::Limits;
    use game_search::proof::DfpnProver;
    use game_search::proof::{Prover, Value};
    let mut p = kamisado_core::Position::start();
    for mv in [
        "h1h5", "e8e3", "c1c5", "b8g3", "e1c3", "h8h7", "f1f6", "h7c2",
    ] {
        p = p.play(mv.parse().unwrap());
    }
    let result = Searcher::new(16).unwrap().search(&p, Limits::depth(9));
    assert!(result.score > PROVEN, "{result:?}");
    assert_eq!(result.plies_to_end(), Some(9));
    let exact = Prover::new(16).unwrap().solve(&p, Limits::default());
    assert_eq!((exact.value, exact.plies), (Value::Win, Some(9)));
    let dfpn = DfpnProver::new(16).unwrap().solve(&p, Limits::default());
    assert_eq!(dfpn.value, Value::Win);
}
