//! Errors: what was found is named, and a built record's errors have no
//! location.

use game_records::{ErrorKind, KamisadoRecord, KatarengaRecord};

use crate::common::{KAMISADO, KATARENGA, assert_says, kamisado, katarenga};

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
    assert_says(&e, "found \"4.\"");
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
