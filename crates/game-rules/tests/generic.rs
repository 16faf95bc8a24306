//! A user's code written only against the `Game` trait runs on both games:
//! a perft by the definition (test-support's naive perft: `legal_moves`
//! and the checked `play`) counts every small reference case of both games, and a
//! simple bot plays a whole game of each to its end.

use board_geometry::SplitMix64;
use game_rules::{Game, GameOutcome};
use test_support::oracle::naive_perft;
use test_support::suite::SUITES;

/// The largest reference cases the naive count below runs (it plays every
/// node with the full legality check, so it is the slowest count here).
const NAIVE_LIMIT: u64 = 2_000_000;

/// Checks every case of `P`'s suites up to [`NAIVE_LIMIT`] nodes: the naive
/// count is the reference count, and the trait's `perft`, `perft_played`
/// and the sum of `perft_divide` agree with it. Returns the cases checked.
fn check_game<P: Game>() -> usize {
    let mut checked = 0;
    for suite in SUITES.iter().filter(|s| s.is_of::<P>()) {
        for case in suite.cases().into_iter().filter(|c| c.nodes <= NAIVE_LIMIT) {
            let position: P = case.position.parse().unwrap();
            let naive = naive_perft(&position, case.depth);
            assert_eq!(naive, case.nodes, "{suite}: {case}");
            assert_eq!(position.perft(case.depth), naive, "{suite}: {case}");
            assert_eq!(position.perft_played(case.depth), naive, "{suite}: {case}");
            let divided: u64 = position
                .perft_divide(case.depth)
                .iter()
                .map(|&(_, n)| n)
                .sum();
            assert_eq!(divided, naive, "{suite}: {case}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn a_generic_perft_counts_every_reference_case_of_both_games() {
    let kamisado = check_game::<kamisado_core::Position>();
    let katarenga = check_game::<katarenga_core::Position>();
    // Each game's two suites, not only their smallest cases.
    assert!(kamisado >= 20, "{kamisado} Kamisado cases");
    assert!(katarenga >= 30, "{katarenga} Katarenga cases");
}

/// The move of a bot that knows only the trait: the first legal move that
/// wins at once, else a legal move drawn by `rng` (always the first move
/// would walk Katarenga's pieces back and forth for ever).
fn bot_move<P: Game>(position: &P, rng: &mut SplitMix64) -> Option<P::Move> {
    let moves = position.legal_moves();
    let mover = position.side_to_move();
    moves
        .iter()
        .copied()
        .find(|&mv| position.play(mv).winner() == Some(mover))
        .or_else(|| (!moves.is_empty()).then(|| moves[rng.below(moves.len())]))
}

/// Plays the bot against itself from the start to the end of the game:
/// at every position the moves run out exactly when the game is over, and
/// the game ends with a winner, the one `winner` names; a move the bot
/// chose because it wins at once is the last move, won by its mover.
/// Returns the game's length.
fn play_out<P: Game>() -> usize {
    let mut rng = SplitMix64::new(7);
    let mut position = P::start();
    let mut plies = 0;
    loop {
        assert_eq!(
            position.legal_moves().is_empty(),
            position.is_over(),
            "{}: {position}",
            P::NAME
        );
        let Some(mv) = bot_move(&position, &mut rng) else {
            break;
        };
        let mover = position.side_to_move();
        let next = position.try_play(mv).unwrap();
        if next.winner() == Some(mover) {
            assert!(next.is_over());
        }
        position = next;
        plies += 1;
        assert!(plies < 2_000, "{}: no end after {plies} plies", P::NAME);
    }
    let outcome = position.outcome().expect("an outcome at the end");
    assert_eq!(outcome.winner(), position.winner(), "{}", P::NAME);
    assert!(position.winner().is_some(), "{}: {outcome}", P::NAME);
    assert!(!outcome.ending().is_empty());
    plies
}

#[test]
fn a_generic_bot_plays_a_whole_game_of_each_game() {
    assert!(play_out::<kamisado_core::Position>() > 0);
    assert!(play_out::<katarenga_core::Position>() > 0);
}
