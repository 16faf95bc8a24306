//! The two games say the same thing in the same words.

use board_geometry::{Player, Rank, Square};
use game_rules::Game;

/// The reason a move is refused once the game is over, for any game.
fn refusal_after_the_end<P: Game>(finished: P, mv: &str) -> String {
    assert!(finished.is_over(), "{finished} is not finished");
    let mv = mv.parse().unwrap_or_else(|_| panic!("{mv} is not a move"));
    match finished.try_play(mv) {
        Ok(_) => panic!("{mv} was played in the finished game {finished}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_move_after_the_end_is_refused_with_the_same_words_in_both_games() {
    // Black's green tower stands on White's home row: Black has won.
    let kamisado: kamisado_core::Position = "Gbpkyrgn/o7/8/8/8/8/8/N1RYKPBO w n".parse().unwrap();
    // Black is down to one piece: White has won.
    let katarenga = katarenga_core::PositionBuilder::new()
        .pieces(Player::White, Rank::Eighth.bitboard())
        .pieces(Player::Black, Square::A1.bitboard())
        .build()
        .unwrap();
    for (message, outcome) in [
        (
            refusal_after_the_end(kamisado, "a7a6"),
            kamisado.outcome().unwrap().to_string(),
        ),
        (
            refusal_after_the_end(katarenga, "a8a7"),
            katarenga.outcome().unwrap().to_string(),
        ),
    ] {
        assert_eq!(message, format!("the game is over: {outcome}"));
    }
}
