//! Results and terminations: their names as the tags write them, and the
//! ones a game's record refuses because the game did not end that way.

use game_records::{ErrorKind, KamisadoRecord, KatarengaRecord, RecordResult, Termination};
use kamisado_core::Player;

use crate::common::{KAMISADO, KATARENGA, at, kamisado, katarenga};

#[test]
fn terminations_and_results_are_written_as_the_tags_say() {
    let names: Vec<String> = Termination::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(
        names,
        [
            "normal",
            "repetition",
            "ply limit",
            "time forfeit",
            "illegal move",
            "crash",
            "no answer",
            "protocol error",
            "resignation",
            "unfinished"
        ]
    );
    for t in Termination::ALL {
        assert_eq!(t.to_string().parse::<Termination>(), Ok(t));
    }
    let forfeits: Vec<bool> = Termination::ALL.iter().map(|t| t.is_forfeit()).collect();
    assert_eq!(
        forfeits,
        [
            false, false, false, true, true, true, true, true, true, false
        ]
    );
    let draws: Vec<bool> = Termination::ALL
        .iter()
        .map(|t| t.is_adjudicated_draw())
        .collect();
    assert_eq!(
        draws,
        [
            false, true, true, false, false, false, false, false, false, false
        ]
    );
    assert_eq!(RecordResult::Win(Player::Black).to_string(), "black");
    assert_eq!(RecordResult::Draw.to_string(), "draw");
    assert_eq!(RecordResult::Unfinished.to_string(), "*");
}

#[test]
fn results_and_terminations_that_the_game_does_not_give() {
    let e = kamisado("[Result \"white\"]", "[Result \"black\"]");
    assert!(matches!(e.kind, ErrorKind::Inconsistent(_)), "{e}");
    assert_eq!(at(&e), (6, 1));
    let e = kamisado("[Termination \"normal\"]", "[Termination \"crash\"]");
    assert!(e.to_string().contains("reached the target"), "{e}");
    let e = kamisado("[Target \"3\"]", "[Target \"7\"]");
    assert!(e.to_string().contains("nobody reached the target"), "{e}");
    let e = kamisado("[Target \"3\"]", "[Target \"7\"]").to_string();
    assert!(e.starts_with("line 6, column 1:"), "{e}");
    let cut = KAMISADO.replace("[Target \"3\"]", "[Target \"7\"]");
    let e = cut.replace("[Termination \"normal\"]", "[Termination \"repetition\"]");
    let e = e.parse::<KamisadoRecord>().unwrap_err();
    assert!(e.to_string().contains("does not apply to Kamisado"), "{e}");
    let e = cut.replace("[Termination \"normal\"]", "[Termination \"unfinished\"]");
    let e = e.parse::<KamisadoRecord>().unwrap_err();
    assert!(
        e.to_string()
            .contains("an unfinished match has the result *"),
        "{e}"
    );
    let e = cut
        .replace("[Termination \"normal\"]", "[Termination \"no answer\"]")
        .replace("[Result \"white\"]", "[Result \"*\"]");
    let e = e.parse::<KamisadoRecord>().unwrap_err();
    assert!(e.to_string().contains("has a winner, not *"), "{e}");
    let e = cut
        .replace("[Termination \"normal\"]", "[Termination \"unfinished\"]")
        .replace("[Result \"white\"]", "[Result \"*\"]");
    e.parse::<KamisadoRecord>().unwrap();

    let e = katarenga("[Termination \"time forfeit\"]", "[Termination \"normal\"]");
    assert!(e.to_string().contains("the game is not over"), "{e}");
    let e = katarenga(
        "[Termination \"time forfeit\"]",
        "[Termination \"repetition\"]",
    );
    assert!(e.to_string().contains("did not occur before"), "{e}");
    let e = katarenga(
        "[Termination \"time forfeit\"]",
        "[Termination \"ply limit\"]",
    );
    assert!(e.to_string().contains("is a draw, not black"), "{e}");
    let e = katarenga("[Result \"black\"]", "[Result \"draw\"]");
    assert!(e.to_string().contains("has a winner, not draw"), "{e}");
    let e = katarenga("[Result \"black\"]", "[Result \"*\"]");
    assert!(e.to_string().contains("has a winner, not *"), "{e}");
    let e = katarenga(
        "[Termination \"time forfeit\"]",
        "[Termination \"unfinished\"]",
    );
    assert!(
        e.to_string()
            .contains("an unfinished game has the result *, not black"),
        "{e}"
    );
    // A repetition that did happen: out and back with both sides.
    let back = KATARENGA
        .replace("1. a8a7 b1b2 2. a7c6 b2b3", "1. c8d7 b1b2 2. d7c8 b2b1")
        .replace(
            "[Termination \"time forfeit\"]",
            "[Termination \"repetition\"]",
        )
        .replace("[Result \"black\"]", "[Result \"draw\"]");
    back.parse::<KatarengaRecord>().unwrap();
    let e = katarenga(
        "[Rules \"standard\"]",
        "[Rules \"standard\"]\n[Position \"RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR wwwwwwww/8/8/8/8/8/8/bbbbbbbb w -\"]",
    );
    assert!(e.to_string().contains("is not on the board"), "{e}");
    assert_eq!(at(&e), (7, 1));
}
