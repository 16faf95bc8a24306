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
    assert_eq!(json["result"], "white");
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
    bad["result"] = serde_json::json!("black");
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
    assert_eq!(json["result"], "*");
    assert!(json.get("start").is_none());
    let back: KatarengaRecord = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, record);
    let mut bad = json;
    bad["moves"][1]["move"] = "a1a2".into();
    let e = serde_json::from_value::<KatarengaRecord>(bad).unwrap_err();
    assert!(e.to_string().contains("moves like a knight"), "{e}");
}

/// Every number in `value` is one JavaScript reads exactly (at most 2^53).
fn javascript_safe(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    match value {
        Value::Number(n) => n.as_u64().map_or_else(
            || n.as_i64().is_none_or(|i| i.unsigned_abs() <= 1 << 53),
            |u| u <= 1 << 53,
        ),
        Value::Array(items) => items.iter().all(javascript_safe),
        Value::Object(fields) => fields.values().all(javascript_safe),
        _ => true,
    }
}

/// An error as serde writes every error: `kind` in snake case and the
/// message with its causes.
fn error_shape<E: serde::Serialize + std::error::Error + 'static>(error: &E) -> String {
    let json = serde_json::to_value(error).unwrap();
    let fields = json.as_object().expect("an error is an object");
    assert_eq!(fields.len(), 2, "{json}");
    let kind = fields["kind"].as_str().unwrap();
    assert!(
        !kind.is_empty()
            && kind
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
        "{kind}"
    );
    assert_eq!(
        fields["message"],
        kamisado_core::board_geometry::ErrorChain(error).to_string()
    );
    kind.to_string()
}

#[test]
fn every_error_serialises_as_its_kind_and_its_message_with_the_causes() {
    use std::collections::BTreeSet;
    let mut kinds = BTreeSet::new();
    let mut rng = kamisado_core::board_geometry::SplitMix64::new(5);
    // Garbage of every length for every parser, and every move from a
    // few positions: all the errors they give have the one shape.
    let alphabet = b"abdh18 /+-wbRYBG@x9";
    for _ in 0..3000 {
        let len = rng.below(12);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())] as char)
            .collect();
        if let Err(e) = text.parse::<kamisado_core::Position>() {
            kinds.insert(error_shape(&e));
        }
        if let Err(e) = text.parse::<kamisado_core::Move>() {
            kinds.insert(error_shape(&e));
        }
        if let Err(e) = text.parse::<katarenga_core::Position>() {
            kinds.insert(error_shape(&e));
        }
        if let Err(e) = text.parse::<katarenga_core::Move>() {
            kinds.insert(error_shape(&e));
        }
        if let Err(e) = text.parse::<katarenga_core::Board>() {
            kinds.insert(error_shape(&e));
        }
        if let Err(e) = text.parse::<katarenga_family::Move>() {
            kinds.insert(error_shape(&e));
        }
        if let Err(e) = text.parse::<game_spec::GameSpec>() {
            kinds.insert(error_shape(&e));
        }
        if let Err(e) = game_spec::AnyPosition::parse(game_spec::GameId::Isolation, &text) {
            kinds.insert(error_shape(&e));
        }
        if let Err(e) = game_records::TableAction::parse(game_spec::GameId::Kamisado, &text) {
            kinds.insert(error_shape(&e));
        }
        if let Err(e) = text.parse::<KatarengaRecord>() {
            kinds.insert(error_shape(&e));
        }
    }
    use kamisado_core::Game as _;
    use kamisado_core::board_geometry::Square;
    let kamisado = kamisado_core::Position::start().play("d1d7".parse().unwrap());
    let katarenga = katarenga_core::Position::start();
    for from in Square::ALL {
        for to in Square::ALL {
            if let Err(e) = kamisado.check_move(kamisado_core::Move::new(from, to)) {
                kinds.insert(error_shape(&e));
            }
            if let Err(e) = katarenga.check_move(katarenga_core::Move::new(from, to)) {
                kinds.insert(error_shape(&e));
            }
        }
    }
    let mut m = kamisado_core::Match::new(kamisado_core::Target::STANDARD);
    for e in [
        m.choose_edge(kamisado_core::Edge::AFile).unwrap_err(),
        m.act(
            kamisado_core::Player::White,
            kamisado_core::MatchAction::Move("d1d7".parse().unwrap()),
        )
        .unwrap_err(),
        m.play("d1d8".parse().unwrap()).unwrap_err(),
    ] {
        kinds.insert(error_shape(&e));
    }
    let mut table = game_records::Table::new("quebec".parse().unwrap());
    kinds.insert(error_shape(
        &table
            .act_text(kamisado_core::Player::White, "edge a")
            .unwrap_err(),
    ));
    // The branches ran: kinds from every parser and rule.
    for kind in [
        "not_your_turn",
        "wrong_tower",
        "round_in_progress",
        "occupied",
        "illegal",
        "parse_action_error",
        "record_error",
        "unknown_game",
        "parse_board_error",
    ] {
        assert!(
            kinds.iter().any(|k| k.contains(kind)),
            "{kind} not among {kinds:?}"
        );
    }
    assert!(kinds.len() > 25, "{kinds:?}");
}

/// Whole matches and their records played at random: no number past 2^53
/// (the shapes of each type are pinned in its crate's tests).
#[test]
fn matches_and_records_serialise_with_no_number_javascript_would_round() {
    use kamisado_core::board_geometry::SplitMix64;
    for seed in 0..10 {
        let mut table = game_records::Table::new("kamisado target=3".parse().unwrap());
        let mut rng = SplitMix64::new(seed);
        while let Some(actor) = table.actor() {
            let action = match table.phase() {
                game_records::Phase::ChooseEdge => {
                    game_records::TableAction::ChooseEdge(kamisado_core::Edge::ALL[rng.below(2)])
                }
                _ => game_records::TableAction::Move(*rng.choose(&table.legal_moves()).unwrap()),
            };
            table.act(actor, action).unwrap();
        }
        let game_records::TableRecord::Kamisado(record) = table.record() else {
            unreachable!()
        };
        for json in [
            serde_json::to_value(record).unwrap(),
            serde_json::to_value(table.kamisado_match().unwrap()).unwrap(),
        ] {
            assert!(javascript_safe(&json), "{json}");
        }
    }
}
