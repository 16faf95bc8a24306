//! Katarenga in the search: the first-move option, the proofs against a
//! plain exhaustive search, and the evaluation's terms.

use game_search::{Agent, Limits, SearchAgent};
use katarenga_core::{Board, Position, Rules};

/// A board where White's h8a1 takes a piece on the first move.
const CAPTURE_BOARD: &str =
    "RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB";

/// The players play by the option: a search from the option's start never
/// plays the capture it plays under the standard rules.
#[test]
fn the_players_keep_the_first_move_option() {
    let board: Board = CAPTURE_BOARD.parse().unwrap();
    let capture = "h8a1".parse().unwrap();
    let mut agent = SearchAgent::<Position>::new(Limits::depth(1), 1).unwrap();
    let standard = Position::start_with(board, Rules::Standard);
    assert_eq!(agent.choose(&standard), Some(capture));
    let option = Position::start_with(board, Rules::NoFirstCapture);
    for depth in 1..=3 {
        agent.limits = Limits::depth(depth);
        let mv = agent.choose(&option).unwrap();
        assert_ne!(mv, capture, "depth {depth}");
        assert!(option.legal_moves().contains(&mv));
    }
}
