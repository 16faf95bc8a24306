//! The lexer: syntax errors with what is wrong and where, and line
//! comments.

use game_records::{ErrorKind, KamisadoRecord};

use crate::common::{KAMISADO, assert_says, at, kamisado, katarenga};

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
    assert_says(&e, "expected a tag name");
    let e = kamisado("[Site \"?\"]", "[Site \"?\"");
    assert_says(&e, "']' closing the tag");
    let e = kamisado("[Site \"?\"]", "[Site \"a\\x\"]");
    assert_says(&e, "after \\");
    let e = kamisado("2. d7d7", "2. d7d7 {open");
    assert_eq!(at(&e), (11, 22));
    assert_says(&e, "'}' closing the comment");
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
    assert_says(&e, "to open the record");
    let e = kamisado("Round 1 ", "Rund 1 ");
    assert_eq!(at(&e), (10, 1));
    let e = kamisado(
        "Round 1 \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\"",
        "Round 1 obpkyrgn",
    );
    assert_eq!(at(&e), (10, 9));
    let e = kamisado("Edge a", "Edge");
    assert_says(&e, "bad edge \"Round\"");
    let e = katarenga("2. a7c6", "2. \"a7c6\"");
    assert!(
        e.to_string()
            .ends_with("expected a move or a move number, found \"a7c6\""),
        "{e}"
    );
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
