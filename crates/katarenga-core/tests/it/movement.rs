//! Each way of moving and each end of the game, on drawn boards.

use board_geometry::{Bitboard, Player, Square, bitboard};
use katarenga_core::Game;
use katarenga_core::{
    Board, Camp, Camps, Destination, IllegalMove, Move, Outcome, PieceKind, Position, SquareColour,
};

/// A board of `base` colour with the listed squares recoloured.
fn board(base: SquareColour, marks: &[(Square, SquareColour)]) -> Board {
    let mut cells = [base; 64];
    for &(s, c) in marks {
        cells[s as usize] = c;
    }
    Board::from_colours(cells)
}

/// The squares the piece on `from` may move to.
fn targets(p: &Position, from: Square) -> Bitboard {
    p.legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .filter_map(|m| match m.to {
            Destination::Square(s) => Some(s),
            Destination::Camp(_) => None,
        })
        .collect()
}

fn pieces(list: &[Square]) -> Bitboard {
    list.iter().copied().collect()
}

use SquareColour::{Blue, Green, Red, Yellow};
use board_geometry::Square::*;

#[test]
fn a_refused_slide_names_the_nearest_stop_in_either_direction() {
    // Upward from d4: d6 is occupied before the red d7; downward: the red d3
    // comes before the occupied d2. The refusal names the nearer one.
    let b = board(Blue, &[(D4, Red), (D7, Red), (D3, Red)]);
    let p = Position::new(
        b,
        pieces(&[D2, D6, H1]),
        pieces(&[D4, H8]),
        Camps::EMPTY,
        Player::White,
    )
    .unwrap();
    assert_eq!(
        p.check_move(Move::new(D4, D8)),
        Err(IllegalMove::PathBlocked(D6))
    );
    assert_eq!(
        p.check_move(Move::new(D4, D1)),
        Err(IllegalMove::StopsEarlier {
            colour: Red,
            stop: D3
        })
    );
    // The same on a diagonal, both ways, from the yellow c4: towards g8 the
    // yellow d5 comes before the occupied f7; towards f1 the occupied d3
    // before the yellow e2.
    let q = Position::new(
        board(Blue, &[(C4, Yellow), (D5, Yellow), (E2, Yellow)]),
        pieces(&[F7, D3, H1]),
        pieces(&[C4, H8]),
        Camps::EMPTY,
        Player::White,
    )
    .unwrap();
    assert_eq!(
        q.check_move(Move::new(C4, G8)),
        Err(IllegalMove::StopsEarlier {
            colour: Yellow,
            stop: D5
        })
    );
    assert_eq!(
        q.check_move(Move::new(C4, F1)),
        Err(IllegalMove::PathBlocked(D3))
    );
}

#[test]
fn rook_on_red_stops_on_the_first_red_square() {
    let b = board(Blue, &[(D4, Red), (D7, Red), (F4, Red)]);
    let p = Position::new(
        b,
        pieces(&[D2, H1]),
        pieces(&[D4, B4]),
        Camps::EMPTY,
        Player::White,
    )
    .unwrap();
    let expected = bitboard! {
        . . . . . . . .
        . . . X . . . .
        . . . X . . . .
        . . . X . . . .
        . . X . X X . .
        . . . X . . . .
        . . . X . . . .
        . . . . . . . .
    };
    assert_eq!(targets(&p, D4), expected);
    assert_eq!(
        p.check_move(Move::new(D4, D8)),
        Err(IllegalMove::StopsEarlier {
            colour: Red,
            stop: D7
        })
    );
    assert_eq!(
        p.check_move(Move::new(D4, D1)),
        Err(IllegalMove::PathBlocked(D2))
    );
    assert_eq!(
        p.check_move(Move::new(D4, B4)),
        Err(IllegalMove::OwnPiece(B4))
    );
    assert!(matches!(
        p.check_move(Move::new(D4, E5)),
        Err(IllegalMove::WrongShape {
            kind: PieceKind::Rook,
            ..
        })
    ));
}

#[test]
fn bishop_on_yellow_stops_on_the_first_yellow_square() {
    let b = board(Blue, &[(C3, Yellow), (E5, Yellow)]);
    let p = Position::new(
        b,
        pieces(&[A1, H8]),
        pieces(&[C3, B4]),
        Camps::EMPTY,
        Player::White,
    )
    .unwrap();
    let expected = bitboard! {
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . X . . .
        . . . X . . . .
        . . . . . . . .
        . X . X . . . .
        X . . . X . . .
    };
    assert_eq!(targets(&p, C3), expected);
    // Capturing a1 and passing nothing on the way.
    let after = p.play(Move::new(C3, A1));
    assert_eq!(after.pieces(Player::Black), pieces(&[H8]));
}

#[test]
fn king_on_blue_and_knight_on_green() {
    let b = board(Red, &[(A1, Blue), (G1, Green)]);
    let p = Position::new(
        b,
        pieces(&[A1, B1, G1, F3]),
        pieces(&[A8, B8]),
        Camps::EMPTY,
        Player::Black,
    )
    .unwrap();
    assert_eq!(targets(&p, A1), pieces(&[A2, B2]));
    assert_eq!(targets(&p, G1), pieces(&[E2, H3]));
}

#[test]
fn camps_are_entered_from_the_target_line_only() {
    let b = board(Blue, &[]);
    let p = Position::new(
        b,
        pieces(&[E8, E7, A2]),
        pieces(&[A1, H1, D4]),
        Camps::EMPTY.with(Camp::H9),
        Player::Black,
    )
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
    let p = Position::new(
        b,
        pieces(&[B2, H5]),
        pieces(&[A1, A8]),
        Camps::EMPTY,
        Player::White,
    )
    .unwrap();
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
fn fewer_than_two_pieces_loses_after_a_capture() {
    let b = board(Blue, &[]);
    let p = Position::new(
        b,
        pieces(&[D4, H1]),
        pieces(&[D5, A8]),
        Camps::EMPTY,
        Player::Black,
    )
    .unwrap();
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
    let camped = Position::new(
        b,
        pieces(&[H1]),
        pieces(&[A8, B8]),
        Camps::EMPTY.with(Camp::A9),
        Player::White,
    )
    .unwrap();
    assert_eq!(camped.outcome(), None);
}
