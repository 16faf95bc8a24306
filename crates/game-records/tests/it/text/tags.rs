//! Tags: their errors, values kept on their line, and the other tags
//! written only when proper.

use game_records::{ErrorKind, KamisadoRecord};

use crate::common::{KAMISADO, KATARENGA, assert_says, at, kamisado, katarenga};

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
    assert_says(
        &e,
        "bad Result tag \"1-0\": expected black, white, draw or *",
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
    // The base record edited, and what the error says.
    let (tiles, rules) = ("1f0 2f0 3f0 4f0", "[Rules \"standard\"]");
    let cases = [
        (tiles, "1f0 2f0 3f0", "expected four tiles"),
        (tiles, "RYBG/8", "bad board colours"),
        (
            rules,
            "[Rules \"standard no-first-capture\"]",
            "unknown rules \"standard no-first-capture\"",
        ),
        (rules, "[Rules \"sumo\"]", "unknown rules \"sumo\""),
    ];
    for (from, to, words) in cases {
        assert_says(&katarenga(from, to), words);
    }
    // A set-up start with a first move pending needs the option.
    let e = katarenga(
        "[Rules \"standard\"]",
        "[Rules \"standard\"]\n[Position \"RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB wwwwwwww/8/8/8/8/8/8/bbbbbbbb w - wb\"]",
    );
    assert_says(&e, "but the rules are standard");
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
fn tag_values_stay_on_their_line_and_keep_quotes_and_backslashes() {
    let mut record = KamisadoRecord::new(kamisado_core::Target::SINGLE_ROUND);
    record.header.event = "a\nb\rc \"d\" \\e".into();
    let text = record.to_string();
    assert!(
        text.starts_with("[Event \"a b c \\\"d\\\" \\\\e\"]\n"),
        "{text}"
    );
    let back: KamisadoRecord = text.parse().unwrap();
    assert_eq!(back.header.event, "a b c \"d\" \\e");
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
