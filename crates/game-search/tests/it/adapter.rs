//! The adapters to the `minimax` crate's `Game` (feature `minimax`): the
//! crate's assumptions kept, and its strategies playing both games.

use game_search::adapter::{Kamisado, KamisadoMove, KamisadoState, Katarenga};
use kamisado_core::Game as _;
use minimax::Game;
use proptest::prelude::*;

use crate::search::kamisado_position;

proptest! {
    /// The adapter keeps the `minimax` crate's assumption: the player it
    /// considers to move alternates every ply, skips included; without a
    /// pending skip its moves are the core's; its winner agrees with the
    /// core's outcome.
    #[test]
    fn the_kamisado_adapter_alternates(start in 0usize..4, choices in proptest::collection::vec(any::<u16>(), 0..60)) {
        let mut state = KamisadoState::new(kamisado_position(start, &[]));
        for &c in &choices {
            let mut moves = Vec::new();
            let winner = Kamisado::generate_moves(&state, &mut moves);
            prop_assert_eq!(winner, Kamisado::get_winner(&state));
            if winner.is_some() {
                prop_assert!(moves.is_empty());
                let outcome = state.position.outcome().unwrap();
                let expected = if outcome.winner() == state.player_to_move() {
                    minimax::Winner::PlayerToMove
                } else {
                    minimax::Winner::PlayerJustMoved
                };
                prop_assert_eq!(winner, Some(expected));
                break;
            }
            if state.skip_pending {
                prop_assert_eq!(&moves, &vec![KamisadoMove::Skip]);
            } else {
                let core: Vec<KamisadoMove> = state.position.legal_moves().iter().map(|&m| KamisadoMove::Move(m)).collect();
                prop_assert_eq!(&moves, &core);
            }
            let m = moves[c as usize % moves.len()];
            let before = state.player_to_move();
            state = Kamisado::apply(&mut state.clone(), m).unwrap();
            prop_assert_eq!(state.player_to_move(), before.opponent());
        }
    }
}

#[test]
fn the_minimax_crate_plays_both_games_through_the_adapters() {
    use minimax::{IterativeOptions, IterativeSearch, Strategy};
    let mut k = IterativeSearch::new(
        game_search::adapter::KamisadoEvaluator,
        IterativeOptions::new(),
    );
    k.set_max_depth(3);
    let state = KamisadoState::new(kamisado_core::Position::start());
    let mv = k.choose_move(&state).expect("a move");
    match mv {
        KamisadoMove::Move(m) => assert!(state.position.is_legal(m)),
        KamisadoMove::Skip => panic!("no skip at the start"),
    }
    let mut t = IterativeSearch::new(
        game_search::adapter::KatarengaEvaluator,
        IterativeOptions::new(),
    );
    t.set_max_depth(2);
    let start = katarenga_core::Position::start();
    let mv = t.choose_move(&start).expect("a move");
    assert!(start.is_legal(mv));
    let _ = Katarenga;
}
