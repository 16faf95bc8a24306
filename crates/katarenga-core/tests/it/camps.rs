//! The camps (RULES.md 2.3): entered from the target line only, and a piece
//! on the line stays in play.

use SquareColour::Blue;
use board_geometry::Player;
use board_geometry::Square::*;
use katarenga_core::{Camp, Camps, IllegalMove, Move, Outcome, SquareColour};
use katarenga_core::{Game, PositionBuilder};

use crate::movegen::drawn::{board, drawn_position, pieces, targets};

#[test]
fn camps_are_entered_from_the_target_line_only() {
    let b = board(Blue, &[]);
    let p = PositionBuilder::new()
        .board(b)
        .pieces(Player::Black, pieces(&[E8, E7, A2]))
        .pieces(Player::White, pieces(&[A1, H1, D4]))
        .camps(Camps::EMPTY.with(Camp::H9))
        .side_to_move(Player::Black)
        .build()
        .unwrap();
    let moves = p.legal_moves();
    assert!(moves.contains(&Move::to_camp(E8, Camp::A9)));
    assert!(!moves.contains(&Move::to_camp(E8, Camp::H9)));
    assert_eq!(
        p.check_move(Move::to_camp(E8, Camp::H9)),
        Err(IllegalMove::CampOccupied(Camp::H9))
    );
    assert_eq!(
        p.check_move(Move::to_camp(E7, Camp::A9)),
        Err(IllegalMove::NotOnTargetLine(E7))
    );
    assert_eq!(
        p.check_move(Move::to_camp(E8, Camp::A0)),
        Err(IllegalMove::NotYourCamp(Camp::A0))
    );
    // Taking the second camp wins at once.
    let won = p.play(Move::to_camp(E8, Camp::A9));
    assert_eq!(
        won.outcome(),
        Some(Outcome::Camps {
            winner: Player::Black
        })
    );
    assert!(won.legal_moves().is_empty());
    assert_eq!(won.pieces(Player::Black), pieces(&[E7, A2]));
    assert_eq!(won.piece_count(Player::Black), 4);
}

#[test]
fn a_piece_on_the_line_stays_in_play() {
    // White's king on a1 (its target line) moves along the line, backward
    // and captures, may enter a camp, and can be captured.
    let b = board(Blue, &[]);
    let p = drawn_position(b, &[B2, H5], &[A1, A8], Player::White);
    assert_eq!(targets(&p, A1), pieces(&[A2, B1, B2]));
    assert!(p.legal_moves().contains(&Move::to_camp(A1, Camp::A0)));
    assert!(p.legal_moves().contains(&Move::to_camp(A1, Camp::H0)));
    let after = p.play(Move::new(A8, A7)).play(Move::new(B2, A1));
    assert_eq!(after.pieces(Player::White), pieces(&[A7]));
    assert_eq!(
        after.outcome(),
        Some(Outcome::TooFewPieces {
            winner: Player::Black
        })
    );
}

#[test]
fn each_player_counts_only_its_own_target_camps() {
    // Every set of occupied camps, against the camps named one by one.
    for bits in 0..16u8 {
        let camps = Camps(bits);
        for player in Player::ALL {
            let expected = Camp::of(player)
                .into_iter()
                .filter(|&c| camps.has(c))
                .count() as u32;
            assert_eq!(camps.count(player), expected, "{bits:04b} {player:?}");
        }
    }
}
