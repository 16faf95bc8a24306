//! Serde: records serialise with their fields and deserialise checked.

use game_records::{KamisadoRecord, KatarengaRecord};

const KAMISADO: &str = r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Black "?"]
[White "?"]
[Result "white"]
[Target "1"]
[Termination "normal"]

Round 1 "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"
1. d1d7 {first} g8b3 2. d7d7 b3d1
Scored white arrival green 1 0-1
"#;

#[test]
fn kamisado_records_serialise_with_their_fields_and_come_back() {
    let record: KamisadoRecord = KAMISADO.parse().unwrap();
    let json = serde_json::to_value(&record).unwrap();
    assert_eq!(json["target"], 1);
    assert_eq!(json["result"], serde_json::json!({"win": "white"}));
    assert_eq!(json["termination"], "normal");
    assert_eq!(
        json["rounds"][0]["moves"][0],
        serde_json::json!({"move": "d1d7", "comment": "first"})
    );
    assert_eq!(
        json["rounds"][0]["moves"][1],
        serde_json::json!({"move": "g8b3"})
    );
    assert_eq!(
        json["rounds"][0]["start"],
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"
    );
    let back: KamisadoRecord = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, record);
    // Deserialising replays: an illegal move is refused.
    let mut bad = json.clone();
    bad["rounds"][0]["moves"][3]["move"] = "b3b1".into();
    let e = serde_json::from_value::<KamisadoRecord>(bad).unwrap_err();
    assert!(e.to_string().contains("move 2 (b3b1)"), "{e}");
    let mut bad = json;
    bad["result"] = serde_json::json!({"win": "black"});
    assert!(serde_json::from_value::<KamisadoRecord>(bad).is_err());
}

#[test]
fn katarenga_records_serialise_with_their_fields_and_come_back() {
    let text = r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[White "?"]
[Black "?"]
[Result "*"]
[Board "1f0 2f0 3f0 4f0"]
[Rules "standard"]
[Termination "unfinished"]

1. a8a7 b1b2
"#;
    let record: KatarengaRecord = text.parse().unwrap();
    let json = serde_json::to_value(&record).unwrap();
    assert_eq!(json["result"], "unfinished");
    assert!(json.get("start").is_none());
    let back: KatarengaRecord = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, record);
    let mut bad = json;
    bad["moves"][1]["move"] = "a1a2".into();
    let e = serde_json::from_value::<KatarengaRecord>(bad).unwrap_err();
    assert!(e.to_string().contains("moves like a knight"), "{e}");
}
