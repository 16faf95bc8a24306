//! How a round ends: outcomes in words, and the end found by the rules.

use crate::common::sample;
use kamisado_core::Game;
use kamisado_core::{Colour, Outcome, Player};

#[test]
fn outcomes_in_words() {
    let arrival = Outcome::Arrival {
        winner: Player::White,
        tower: Colour::Green,
    };
    assert_eq!(arrival.ending(), "arrival");
    assert_eq!(
        arrival.to_string(),
        "white wins: the green tower reached the goal row"
    );
    let deadlock = Outcome::Deadlock {
        winner: Player::Black,
        tower: Colour::Red,
    };
    assert_eq!(deadlock.ending(), "deadlock");
    assert_eq!(deadlock.to_string(), "black wins: white caused a deadlock");
    let no_move = Outcome::NoMove {
        winner: Player::White,
    };
    assert_eq!(no_move.ending(), "no move");
    assert_eq!(
        no_move.to_string(),
        "white wins: black has a free choice and no tower that can move"
    );
}

/// The round is over exactly when the naive reference generator of
/// `rules.rs` finds no move (a tower arrived, or a deadlock's chain reaches
/// no tower that can move), and after an arrival the arriving tower's
/// player has won.
#[test]
fn a_round_is_over_exactly_when_the_rules_leave_no_move() {
    let (mut over, mut going) = (0, 0);
    for (p, _) in sample(1, 3000) {
        let naive = crate::movegen::naive_moves(&p);
        assert_eq!(p.is_over(), naive.is_empty(), "{p}");
        assert_eq!(p.legal_moves().is_empty(), naive.is_empty(), "{p}");
        if crate::movegen::arrived(&p) {
            let arrival = p
                .towers()
                .find(|(t, s, _)| s.rank() == t.player.goal_rank())
                .map(|(t, _, _)| t.player);
            assert_eq!(p.winner(), arrival, "{p}");
        }
        if p.is_over() {
            over += 1;
        } else {
            going += 1;
        }
    }
    assert!(
        over >= 20 && going >= 2000,
        "{over} finished, {going} going"
    );
}
