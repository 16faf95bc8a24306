//! Results and terminations: their names as the tags write them, and the
//! ones a game's record refuses because the game did not end that way.

use game_records::{ErrorKind, KamisadoRecord, KatarengaRecord, RecordResult, Termination};
use kamisado_core::Player;

use crate::common::{KAMISADO, KATARENGA, assert_says, at, kamisado, katarenga};

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
            "abandoned",
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
            false, false, false, true, true, true, true, true, true, true, false
        ]
    );
    let draws: Vec<bool> = Termination::ALL
        .iter()
        .map(|t| t.is_adjudicated_draw())
        .collect();
    assert_eq!(
        draws,
        [
            false, true, true, false, false, false, false, false, false, false, false
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
    assert_says(&e, "reached the target");
    let e = kamisado("[Target \"3\"]", "[Target \"7\"]");
    assert_says(&e, "nobody reached the target");
    let e = kamisado("[Target \"3\"]", "[Target \"7\"]").to_string();
    assert!(e.starts_with("line 6, column 1:"), "{e}");
    let cut = KAMISADO.replace("[Target \"3\"]", "[Target \"7\"]");
    let e = cut.replace("[Termination \"normal\"]", "[Termination \"repetition\"]");
    let e = e.parse::<KamisadoRecord>().unwrap_err();
    assert_says(&e, "does not apply to Kamisado");
    let e = cut.replace("[Termination \"normal\"]", "[Termination \"unfinished\"]");
    let e = e.parse::<KamisadoRecord>().unwrap_err();
    assert_says(&e, "an unfinished match has the result *");
    let e = cut
        .replace("[Termination \"normal\"]", "[Termination \"no answer\"]")
        .replace("[Result \"white\"]", "[Result \"*\"]");
    let e = e.parse::<KamisadoRecord>().unwrap_err();
    assert_says(&e, "has a winner, not *");
    let e = cut
        .replace("[Termination \"normal\"]", "[Termination \"unfinished\"]")
        .replace("[Result \"white\"]", "[Result \"*\"]");
    e.parse::<KamisadoRecord>().unwrap();

    // The base record edited, and what the error says.
    let forfeit = "[Termination \"time forfeit\"]";
    let katarenga_cases = [
        (forfeit, "[Termination \"normal\"]", "the game is not over"),
        (
            forfeit,
            "[Termination \"repetition\"]",
            "did not occur before",
        ),
        (
            forfeit,
            "[Termination \"ply limit\"]",
            "is a draw, not black",
        ),
        (
            "[Result \"black\"]",
            "[Result \"draw\"]",
            "has a winner, not draw",
        ),
        (
            "[Result \"black\"]",
            "[Result \"*\"]",
            "has a winner, not *",
        ),
        (
            forfeit,
            "[Termination \"unfinished\"]",
            "an unfinished game has the result *, not black",
        ),
    ];
    for (from, to, words) in katarenga_cases {
        assert_says(&katarenga(from, to), words);
    }
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
    assert_says(&e, "is not on the board");
    assert_eq!(at(&e), (7, 1));
}
