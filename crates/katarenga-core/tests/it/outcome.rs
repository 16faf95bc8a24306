//! How a game ends: outcomes in words, the end found by the rules, and
//! the piece-count rule on a drawn board.

use SquareColour::Blue;
use board_geometry::Player;
use board_geometry::Square::*;
use katarenga_core::{Camp, Camps, IllegalMove, Move, Outcome, SquareColour};
use katarenga_core::{Game, PositionBuilder};

use crate::common::sample;
use crate::movegen::drawn::{board, drawn_position, pieces};

#[test]
fn fewer_than_two_pieces_loses_after_a_capture() {
    let b = board(Blue, &[]);
    let p = drawn_position(b, &[D4, H1], &[D5, A8], Player::Black);
    assert_eq!(p.outcome(), None);
    let after = p.play(Move::new(D4, D5));
    assert_eq!(
        after.outcome(),
        Some(Outcome::TooFewPieces {
            winner: Player::Black
        })
    );
    assert!(after.legal_moves().is_empty());
    assert!(matches!(
        after.check_move(Move::new(A8, A7)),
        Err(IllegalMove::GameOver(Outcome::TooFewPieces { .. }))
    ));
    // Pieces in camps count: one on the board and one in a camp is enough.
    let camped = PositionBuilder::new()
        .board(b)
        .pieces(Player::Black, pieces(&[H1]))
        .pieces(Player::White, pieces(&[A8, B8]))
        .camps(Camps::EMPTY.with(Camp::A9))
        .side_to_move(Player::White)
        .build()
        .unwrap();
    assert_eq!(camped.outcome(), None);
}

#[test]
fn outcomes_in_words() {
    let cases = [
        (
            Outcome::Camps {
                winner: Player::White,
            },
            "camps",
            "white wins: both camps taken",
        ),
        (
            Outcome::TooFewPieces {
                winner: Player::Black,
            },
            "too few pieces",
            "black wins: white has fewer than 2 pieces",
        ),
        (
            Outcome::NoMove {
                winner: Player::White,
            },
            "no move",
            "white wins: black has no legal move",
        ),
    ];
    for (outcome, ending, words) in cases {
        assert_eq!(outcome.ending(), ending);
        assert_eq!(outcome.to_string(), words);
    }
}

/// The game is over exactly when the naive reference generator of
/// `rules.rs` finds no move (its own account of camps and pieces, RULES.md
/// 2), and the winner is the one that account names (or, with no move
/// left, the side not to move).
#[test]
fn a_game_is_over_exactly_when_the_rules_leave_no_move() {
    let (mut over, mut going) = (0, 0);
    for (p, _) in sample(1, 5000) {
        let naive = crate::movegen::naive_moves(&p);
        assert_eq!(p.is_over(), naive.is_empty(), "{p}");
        assert_eq!(p.legal_moves().is_empty(), naive.is_empty(), "{p}");
        if naive.is_empty() {
            let winner = crate::movegen::naive_outcome(&p).unwrap_or(p.side_to_move().opponent());
            assert_eq!(p.winner(), Some(winner), "{p}");
        } else {
            assert_eq!(p.winner(), None, "{p}");
        }
        if p.is_over() {
            over += 1;
        } else {
            going += 1;
        }
    }
    assert!(over >= 5 && going >= 4000, "{over} finished, {going} going");
}
