//! Every malformed kind of input is refused with what is wrong and where.

use game_records::{ErrorKind, KamisadoRecord, KatarengaRecord, Location, RecordError};
use katarenga_core::Game;

const KAMISADO: &str = r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Black "?"]
[White "?"]
[Result "white"]
[Target "3"]
[Termination "normal"]

Round 1 "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"
1. d1d7 g8b3 2. d7d7 b3d1
Scored white arrival green 1 0-1
Edge a

Round 2 "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -"
1. f1c4 h8d4 2. a1a6 d4a1
Scored white arrival green 3 0-4
"#;

const KATARENGA: &str = r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[White "?"]
[Black "?"]
[Result "black"]
[Board "1f0 2f0 3f0 4f0"]
[Rules "standard"]
[Termination "time forfeit"]

1. a8a7 b1b2 2. a7c6 b2b3
"#;

fn kamisado(from: &str, to: &str) -> RecordError {
    assert!(KAMISADO.contains(from), "{from}");
    let text = KAMISADO.replacen(from, to, 1);
    text.parse::<KamisadoRecord>().expect_err(&text)
}

fn katarenga(from: &str, to: &str) -> RecordError {
    assert!(KATARENGA.contains(from), "{from}");
    let text = KATARENGA.replacen(from, to, 1);
    text.parse::<KatarengaRecord>().expect_err(&text)
}

fn at(e: &RecordError) -> (u32, u32) {
    let Location { line, column } = e.location.expect("a location");
    (line, column)
}

#[test]
fn the_bases_are_valid() {
    KAMISADO.parse::<KamisadoRecord>().unwrap();
    KATARENGA.parse::<KatarengaRecord>().unwrap();
}

#[test]
fn syntax_errors() {
    let e = kamisado("[Site \"?\"]", "[Site \"?]");
    assert!(matches!(e.kind, ErrorKind::Syntax { .. }), "{e}");
    assert_eq!(at(&e), (2, 7));
    assert_eq!(
        e.to_string(),
        "line 2, column 7: expected a closing \" on the same line, found the end of the record"
    );
    let e = kamisado("[Site \"?\"]", "[Site ?]");
    assert_eq!(at(&e), (2, 7));
    assert!(
        e.to_string()
            .ends_with("expected a quoted tag value, found '?'"),
        "{e}"
    );
    let e = kamisado("[Site \"?\"]", "[ \"?\"]");
    assert!(e.to_string().contains("expected a tag name"), "{e}");
    let e = kamisado("[Site \"?\"]", "[Site \"?\"");
    assert!(e.to_string().contains("']' closing the tag"), "{e}");
    let e = kamisado("[Site \"?\"]", "[Site \"a\\x\"]");
    assert!(e.to_string().contains("after \\"), "{e}");
    let e = kamisado("2. d7d7", "2. d7d7 {open");
    assert_eq!(at(&e), (11, 22));
    assert!(e.to_string().contains("'}' closing the comment"), "{e}");
    let e = kamisado("2. d7d7", "2. d7d7 }");
    assert_eq!(at(&e), (11, 22));
    assert!(
        e.to_string()
            .ends_with("expected a move, a comment or a tag, found '}'"),
        "{e}"
    );
    let e = kamisado("Edge a", "Edge a ]");
    assert!(e.to_string().ends_with("found ']'"), "{e}");
    // A record that stops short: the end is where the text ends.
    let cut = &KAMISADO[..KAMISADO.find(" 0-4").unwrap()];
    let e = cut.parse::<KamisadoRecord>().unwrap_err();
    assert_eq!(at(&e), (17, 29));
    assert!(
        e.to_string()
            .ends_with("expected the scores, black-white, found the end of the record"),
        "{e}"
    );
    let e = "1. d1d7".parse::<KamisadoRecord>().unwrap_err();
    assert_eq!(at(&e), (1, 1));
    assert!(e.to_string().contains("to open the record"), "{e}");
    let e = kamisado("Round 1 ", "Rund 1 ");
    assert_eq!(at(&e), (10, 1));
    let e = kamisado(
        "Round 1 \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\"",
        "Round 1 obpkyrgn",
    );
    assert_eq!(at(&e), (10, 9));
    let e = kamisado("Edge a", "Edge");
    assert!(e.to_string().contains("bad edge \"Round\""), "{e}");
    let e = katarenga("2. a7c6", "2. \"a7c6\"");
    assert!(
        e.to_string()
            .ends_with("expected a move or a move number, found \"a7c6\""),
        "{e}"
    );
}

#[test]
fn what_was_found_is_named() {
    for (to, found) in [
        ("2. {a comment} a7c6", "a comment"),
        ("2. a7c6 3.", "\"3.\""),
    ] {
        let e = katarenga("2. a7c6 b2b3", to);
        assert!(
            e.to_string().contains(&format!("found {found}")),
            "{to}: {e}"
        );
    }
    let e = kamisado("Round 2 ", "Round 2 4. ");
    assert!(e.to_string().contains("found \"4.\""), "{e}");
}

#[test]
fn tag_errors() {
    let e = kamisado("[Site \"?\"]", "[Event \"x\"]");
    assert_eq!(e.kind, ErrorKind::DuplicateTag("Event".into()));
    assert_eq!(at(&e), (2, 1));
    let e = kamisado("[Target \"3\"]\n", "");
    assert_eq!(e.kind, ErrorKind::MissingTag("Target"));
    assert_eq!(at(&e), (1, 1));
    let e = kamisado("[Target \"3\"]", "[Target \"0\"]");
    assert!(
        matches!(e.kind, ErrorKind::TagValue { tag: "Target", .. }),
        "{e}"
    );
    assert_eq!(at(&e), (7, 1));
    let e = kamisado("[Result \"white\"]", "[Result \"1-0\"]");
    assert!(
        e.to_string()
            .contains("bad Result tag \"1-0\": expected black, white, draw or *"),
        "{e}"
    );
    let e = kamisado("[Termination \"normal\"]", "[Termination \"resigned\"]");
    assert!(
        matches!(
            e.kind,
            ErrorKind::TagValue {
                tag: "Termination",
                ..
            }
        ),
        "{e}"
    );
    for name in ["Result", "Termination", "Board", "Rules"] {
        let line = KATARENGA
            .lines()
            .find(|l| l.starts_with(&format!("[{name} ")))
            .unwrap();
        let e = katarenga(&format!("{line}\n"), "");
        assert_eq!(e.kind, ErrorKind::MissingTag(name), "{name}");
    }
    let e = katarenga("1f0 2f0 3f0 4f0", "1f0 1f0 3f0 4f0");
    assert!(
        matches!(e.kind, ErrorKind::TagValue { tag: "Board", .. }),
        "{e}"
    );
    let e = katarenga("1f0 2f0 3f0 4f0", "1f0 2f0 3f0");
    assert!(e.to_string().contains("expected four tiles"), "{e}");
    let e = katarenga("1f0 2f0 3f0 4f0", "RYBG/8");
    assert!(e.to_string().contains("bad board colours"), "{e}");
    let e = katarenga(
        "[Rules \"standard\"]",
        "[Rules \"standard no-first-capture\"]",
    );
    assert!(
        e.to_string()
            .contains("unknown rules \"standard no-first-capture\""),
        "{e}"
    );
    let e = katarenga("[Rules \"standard\"]", "[Rules \"sumo\"]");
    assert!(e.to_string().contains("unknown rules \"sumo\""), "{e}");
    // A set-up start with a first move pending needs the option.
    let e = katarenga(
        "[Rules \"standard\"]",
        "[Rules \"standard\"]\n[Position \"RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB wwwwwwww/8/8/8/8/8/8/bbbbbbbb w - wb\"]",
    );
    assert!(e.to_string().contains("but the rules are standard"), "{e}");
    let e = katarenga("[Rules \"standard\"]", "[Rules \"\"]");
    assert!(
        matches!(e.kind, ErrorKind::TagValue { tag: "Rules", .. }),
        "{e}"
    );
    let e = katarenga(
        "[Rules \"standard\"]",
        "[Rules \"standard\"]\n[Position \"nonsense\"]",
    );
    assert!(
        matches!(
            e.kind,
            ErrorKind::TagValue {
                tag: "Position",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(at(&e), (9, 1));
}

#[test]
fn round_and_scoring_errors() {
    let e = kamisado("Round 2", "Round 3");
    assert!(
        matches!(
            e.kind,
            ErrorKind::Field {
                field: "round number",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(at(&e), (15, 7));
    let e = kamisado(
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -",
    );
    assert!(
        matches!(
            e.kind,
            ErrorKind::Field {
                field: "round start",
                ..
            }
        ),
        "{e}"
    );
    let e = kamisado(
        "Scored white arrival green 1 0-1",
        "Scored red arrival green 1 0-1",
    );
    assert!(
        matches!(
            e.kind,
            ErrorKind::Field {
                field: "round winner",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(at(&e), (12, 8));
    let e = kamisado(
        "Scored white arrival green 1 0-1",
        "Scored white arrival - 1 0-1",
    );
    assert!(
        matches!(
            e.kind,
            ErrorKind::Field {
                field: "round ending",
                ..
            }
        ),
        "{e}"
    );
    let e = kamisado(
        "Scored white arrival green 1 0-1",
        "Scored white arrival grey 1 0-1",
    );
    assert!(
        matches!(
            e.kind,
            ErrorKind::Field {
                field: "scoring tower",
                ..
            }
        ),
        "{e}"
    );
    let e = kamisado(
        "Scored white arrival green 1 0-1",
        "Scored white arrival green 2 0-1",
    );
    assert!(
        matches!(
            e.kind,
            ErrorKind::Field {
                field: "points",
                ..
            }
        ),
        "{e}"
    );
    let e = kamisado(
        "Scored white arrival green 1 0-1",
        "Scored white arrival green 1 0:1",
    );
    assert!(
        matches!(
            e.kind,
            ErrorKind::Field {
                field: "scores",
                ..
            }
        ),
        "{e}"
    );
    // Read, but not what the rules give.
    let e = kamisado(
        "Scored white arrival green 1 0-1",
        "Scored white deadlock green 1 0-1",
    );
    assert!(matches!(e.kind, ErrorKind::Inconsistent(_)), "{e}");
    assert_eq!(at(&e), (12, 1));
    assert!(
        e.to_string()
            .contains("the rules give white arrival green 1 0-1"),
        "{e}"
    );
    let e = kamisado("Scored white arrival green 1 0-1\n", "");
    assert!(
        e.to_string()
            .contains("round 1 is over but its scoring is missing"),
        "{e}"
    );
    assert_eq!(at(&e), (12, 1));
    let e = kamisado("2. d7d7 b3d1", "2. d7d7");
    assert!(
        e.to_string().contains("round 1 is scored but not over"),
        "{e}"
    );
    let e = kamisado("Edge a", "Edge b");
    assert!(
        matches!(e.kind, ErrorKind::Field { field: "edge", .. }),
        "{e}"
    );
    let e = kamisado("Edge a\n", "");
    assert!(
        e.to_string()
            .contains("round 2 follows without an edge chosen"),
        "{e}"
    );
    assert_eq!(at(&e), (14, 9));
    let e = kamisado("Edge a", "Edge h");
    assert!(
        e.to_string().contains("round 2 starts from obpkyrng+/"),
        "{e}"
    );
    assert_eq!(at(&e), (15, 9));
    let e = kamisado(
        "2. a1a6 d4a1\nScored white arrival green 3 0-4\n",
        "2. a1a6 d4a1\nScored white arrival green 3 0-4\nEdge a\n",
    );
    assert!(
        e.to_string()
            .contains("no edge can be chosen after round 2: the match is over"),
        "{e}"
    );
}

#[test]
fn move_errors_name_the_move_number() {
    let e = kamisado("b3d1\nScored", "b3d2\nScored");
    assert_eq!(at(&e), (11, 22));
    assert!(matches!(e.kind, ErrorKind::Move { number: 2, .. }), "{e}");
    let e = kamisado("2. a1a6 d4a1", "2. a1a6 d4z1");
    assert_eq!(at(&e), (16, 22));
    assert!(matches!(e.kind, ErrorKind::Move { number: 2, .. }), "{e}");
    let e = kamisado("2. d7d7", "3. d7d7");
    assert_eq!(
        e.kind,
        ErrorKind::MoveNumber {
            expected: 2,
            found: 3
        }
    );
    assert_eq!(at(&e), (11, 14));
    let e = kamisado("g8b3 2.", "2. g8b3");
    assert!(matches!(e.kind, ErrorKind::Syntax { .. }), "{e}");
    let e = katarenga("b2b3", "b2b4");
    assert!(matches!(e.kind, ErrorKind::Move { number: 2, .. }), "{e}");
    assert_eq!(at(&e), (11, 22));
    assert_eq!(
        e.to_string(),
        "line 11, column 22: move 2 (b2b4): a piece on a blue square moves like a king: it cannot reach b4"
    );
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

#[test]
fn built_records_are_checked_without_a_location() {
    let mut record: KamisadoRecord = KAMISADO.parse().unwrap();
    record.rounds[1].moves.pop();
    let e = record.validate().unwrap_err();
    assert_eq!(e.location, None);
    assert_eq!(e.to_string(), "round 2 is scored but not over");
    record.rounds.clear();
    assert_eq!(
        record.validate().unwrap_err().to_string(),
        "a match record has at least one round"
    );
    let mut record: KatarengaRecord = KATARENGA.parse().unwrap();
    record.moves.push(record.moves[0].clone());
    let e = record.validate().unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Move { number: 3, .. }), "{e}");
}

#[test]
fn a_built_kamisado_record_names_the_illegal_move_by_its_number() {
    let base: KamisadoRecord = KAMISADO.parse().unwrap();
    // Plies 2 and 4 of a round are the second halves of moves 1 and 2.
    for (round, ply, number) in [(0, 1, 1), (1, 1, 1), (1, 3, 2), (0, 0, 1)] {
        let mut record = base.clone();
        record.rounds[round].moves[ply].mv = "a4a4".parse().unwrap();
        let e = record.validate().unwrap_err();
        assert_eq!(e.location, None);
        assert!(
            matches!(e.kind, ErrorKind::Move { number: n, .. } if n == number),
            "round {round} ply {ply}: {e}"
        );
    }
}

#[test]
fn scoring_lines_of_every_value_read_and_are_checked_against_the_rules() {
    for (line, said) in [
        ("Scored white no-move - 1 0-1", "white no-move - 1 0-1"),
        (
            "Scored white arrival green 3 0-1",
            "white arrival green 3 0-1",
        ),
        (
            "Scored white arrival green 7 0-1",
            "white arrival green 7 0-1",
        ),
        (
            "Scored white arrival green 15 0-1",
            "white arrival green 15 0-1",
        ),
    ] {
        let e = kamisado("Scored white arrival green 1 0-1", line);
        assert!(matches!(e.kind, ErrorKind::Inconsistent(_)), "{line}: {e}");
        assert_eq!(at(&e), (12, 1));
        assert!(
            e.to_string().contains(&format!(
                "round 1 is scored as {said}, but the rules give white arrival green 1 0-1"
            )),
            "{e}"
        );
    }
}

#[test]
fn a_finished_katarenga_game_needs_its_winner_and_the_termination_normal() {
    // On an all-blue board every piece moves like a king: White, holding
    // the camp a0, enters h0 from h1 and holds both.
    let red = "BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB";
    let start = format!("{red} bbbbbbbb/8/8/8/8/8/8/7w w a0");
    let game = format!(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[White \"?\"]\n[Black \"?\"]\n\
         [Result \"white\"]\n[Board \"{red}\"]\n[Rules \"standard\"]\n[Termination \"normal\"]\n\
         [Position \"{start}\"]\n\n1. h1h0\n"
    );
    let record: KatarengaRecord = game.parse().unwrap_or_else(|e| panic!("{e}"));
    let end = record.final_position().unwrap();
    assert_eq!(
        end.outcome().map(|o| o.winner()),
        Some(katarenga_core::Player::White)
    );
    assert_eq!(end, record.validate().unwrap());
    for (from, to) in [
        ("[Result \"white\"]", "[Result \"black\"]"),
        ("[Termination \"normal\"]", "[Termination \"time forfeit\"]"),
    ] {
        let e = game
            .replace(from, to)
            .parse::<KatarengaRecord>()
            .unwrap_err();
        assert!(e.to_string().contains("the game is over"), "{e}");
        assert_eq!(at(&e), (6, 1));
    }
}

#[test]
fn line_comments_run_to_the_end_of_the_line_and_are_not_kept() {
    let text = KAMISADO.replace(
        "1. d1d7 g8b3",
        "1. d1d7 ; Black opens\n ; d7d7 would be read if this were not a comment\ng8b3",
    );
    let record: KamisadoRecord = text.parse().unwrap();
    assert_eq!(record, KAMISADO.parse::<KamisadoRecord>().unwrap());
}

#[test]
fn only_proper_other_tags_are_written() {
    let mut record: KamisadoRecord = KAMISADO.parse().unwrap();
    record.header.other = vec![
        ("Round_2".into(), "kept".into()),
        ("".into(), "no name".into()),
        ("Two words".into(), "a space".into()),
        ("Result".into(), "black".into()),
        ("Opening".into(), "kept too".into()),
    ];
    let text = record.to_string();
    let back: KamisadoRecord = text.parse().unwrap();
    assert_eq!(
        back.header.other,
        [
            ("Round_2".to_string(), "kept".to_string()),
            ("Opening".into(), "kept too".into())
        ]
    );
    assert_eq!(back.result, record.result);
}
