//! Sumo pushes (the rules' "Sumo push"): what a push moves and why one is
//! refused.

use kamisado_core::Game;
use kamisado_core::{Colour, IllegalMove, MoveKind, Player, PushError, Square, SumoRank};

use crate::matchplay::{mv, pos};

/// A double sumo pushes a line of two; the pusher moves again, forced by
/// the colour under its new square (d5: orange).
#[test]
fn a_double_sumo_pushes_two_towers() {
    let p = pos("obp2rgn/8/3y4/3k4/3N++4/8/8/1GRYKPBO b n");
    assert_eq!(p.check_move(mv("d4d5")), Ok(MoveKind::Push(2)));
    let after = p.play(mv("d4d5"));
    assert_eq!(
        after.to_string(),
        "obp2rgn/3y4/3k4/3N++4/8/8/8/1GRYKPBO b o!"
    );
    assert_eq!(after.side_to_move(), Player::Black);
    assert_eq!(after.forced_colour(), Some(Colour::Orange));
    // The double sumo slides at most 3 squares.
    assert_eq!(p.check_move(mv("d4g7")), Ok(MoveKind::Slide));
    assert_eq!(
        p.check_move(mv("d4h8")),
        Err(IllegalMove::TooFar {
            rank: SumoRank::DoubleSumo,
            limit: 3,
            distance: 4
        })
    );
}

#[test]
fn push_errors_say_why() {
    // A sumo cannot push two towers.
    let p = pos("obp2rgn/8/3y4/3k4/3N+4/8/8/1GRYKPBO b n");
    assert_eq!(
        p.check_move(mv("d4d5")),
        Err(IllegalMove::Push(PushError::LineTooLong { max: 1 }))
    );
    // A triple sumo cannot push a triple sumo.
    let p = pos("obp1yrgn/8/8/8/3k+++4/3N+++4/8/1GRYKPBO b n");
    assert_eq!(
        p.check_move(mv("d3d4")),
        Err(IllegalMove::Push(PushError::RankNotLower(Square::D4)))
    );
    // Its own tower in the line.
    let p = pos("obp1yrgn/8/8/3Y4/3k4/3N++4/8/1GR1KPBO b n");
    assert_eq!(
        p.check_move(mv("d3d4")),
        Err(IllegalMove::Push(PushError::OwnTower(Square::D5)))
    );
    // No room behind the line.
    let p = pos("obpkyrgn/3N+4/8/8/8/8/8/1GRYKPBO b n");
    assert_eq!(
        p.check_move(mv("d7d8")),
        Err(IllegalMove::Push(PushError::NoRoomBehind))
    );
    // A plain tower never pushes; a sumo never pushes diagonally.
    let p = pos("obp1yrgn/8/8/8/3k4/3N4/8/1GRYKPBO b n");
    assert_eq!(
        p.check_move(mv("d3d4")),
        Err(IllegalMove::Occupied(Square::D4))
    );
    let p = pos("obp1yrgn/8/8/8/4k3/3N+4/8/1GRYKPBO b n");
    assert_eq!(
        p.check_move(mv("d3e4")),
        Err(IllegalMove::Occupied(Square::E4))
    );
}
