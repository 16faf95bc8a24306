//! Each way of moving, on drawn boards.

use board_geometry::{Bitboard, Player, Square, bitboard};
use katarenga_core::{
    Board, Camps, Destination, IllegalMove, Move, PieceKind, Position, SquareColour,
};
use katarenga_core::{Game, PositionBuilder};

/// A board of `base` colour with the listed squares recoloured.
pub(crate) fn board(base: SquareColour, marks: &[(Square, SquareColour)]) -> Board {
    let mut cells = [base; 64];
    for &(s, c) in marks {
        cells[s as usize] = c;
    }
    Board::from_colours(cells)
}

/// The squares the piece on `from` may move to.
pub(crate) fn targets(p: &Position, from: Square) -> Bitboard {
    p.legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .filter_map(|m| match m.to {
            Destination::Square(s) => Some(s),
            Destination::Camp(_) => None,
        })
        .collect()
}

pub(crate) fn pieces(list: &[Square]) -> Bitboard {
    list.iter().copied().collect()
}

/// A position on `board` with Black's and White's pieces on the listed
/// squares, no camp taken and `side` to move.
pub(crate) fn drawn_position(
    board: Board,
    black: &[Square],
    white: &[Square],
    side: Player,
) -> Position {
    PositionBuilder::new()
        .board(board)
        .pieces(Player::Black, pieces(black))
        .pieces(Player::White, pieces(white))
        .camps(Camps::EMPTY)
        .side_to_move(side)
        .build()
        .unwrap()
}

use SquareColour::{Blue, Green, Red, Yellow};
use board_geometry::Square::*;

#[test]
fn a_refused_slide_names_the_nearest_stop_in_either_direction() {
    // Upward from d4: d6 is occupied before the red d7; downward: the red d3
    // comes before the occupied d2. The refusal names the nearer one.
    let b = board(Blue, &[(D4, Red), (D7, Red), (D3, Red)]);
    let p = drawn_position(b, &[D2, D6, H1], &[D4, H8], Player::White);
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
    let q = PositionBuilder::new()
        .board(board(Blue, &[(C4, Yellow), (D5, Yellow), (E2, Yellow)]))
        .pieces(Player::Black, pieces(&[F7, D3, H1]))
        .pieces(Player::White, pieces(&[C4, H8]))
        .camps(Camps::EMPTY)
        .side_to_move(Player::White)
        .build()
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
    let p = drawn_position(b, &[D2, H1], &[D4, B4], Player::White);
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
    let p = drawn_position(b, &[A1, H8], &[C3, B4], Player::White);
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
    let p = drawn_position(b, &[A1, B1, G1, F3], &[A8, B8], Player::Black);
    assert_eq!(targets(&p, A1), pieces(&[A2, B2]));
    assert_eq!(targets(&p, G1), pieces(&[E2, H3]));
}
