//! The family's records: written and read back, draws by the rules, and
//! refusals with their place.

use game_records::{ErrorKind, FamilyRecord, RecordResult, Termination};

const STANDARD: &str = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB";

/// A Quebec record whose one move leaves both sides connected: White's
/// a1 takes c2 (Black keeps h8 alone, White c2 and d2).
fn both_connected(game: &str, result: &str) -> String {
    format!(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\
         [Result \"{result}\"]\n[Game \"{game}\"]\n[Board \"1f0 2f0 3f0 4f0\"]\n\
         [Termination \"normal\"]\n[Position \"{STANDARD} 7b/8/8/8/8/8/2bw4/w7 w\"]\n\n1. a1c2\n"
    )
}

#[test]
fn a_draw_by_the_rules_is_a_normal_draw() {
    let text = both_connected("quebec both-connected=draw", "draw");
    let record: FamilyRecord = text.parse().unwrap();
    assert_eq!(record.result, RecordResult::Draw);
    assert_eq!(record.termination, Termination::Normal);
    assert_eq!(record.to_string(), text);
    // Under the default rule the mover wins the same game: a draw is
    // refused there, White's win is read.
    let error = both_connected("quebec", "draw")
        .parse::<FamilyRecord>()
        .unwrap_err();
    assert!(
        error.to_string().contains("the result must be white"),
        "{error}"
    );
    let won: FamilyRecord = both_connected("quebec", "white").parse().unwrap();
    assert_eq!(won.result, RecordResult::Win(katarenga_core::Player::White));
}

#[test]
fn an_isolation_game_reads_back_and_replays_by_its_reading() {
    let text = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[White \"?\"]\n[Black \"?\"]\n\
                [Result \"*\"]\n[Game \"isolation\"]\n[Board \"1f0 2b1 3f2 4f3\"]\n\
                [Termination \"unfinished\"]\n\n1. @d4 @a8 2. @h1\n";
    let record: FamilyRecord = text.parse().unwrap();
    assert_eq!(record.to_string(), text);
    assert_eq!(
        record.spec().unwrap().to_string(),
        "isolation board=1f0,2b1,3f2,4f3"
    );
    assert_eq!(
        record.validate().unwrap().to_string().split(' ').nth(2),
        Some("b")
    );
    // A placement en prise under the strict reading: refused at its
    // move, with its place.
    let illegal = text.replace("@a8", "@e5");
    let error = illegal.parse::<FamilyRecord>().unwrap_err();
    assert!(matches!(error.kind, ErrorKind::Move { .. }), "{error}");
    assert!(error.location.is_some(), "{error}");
}

#[test]
fn the_game_tag_names_a_family_game_without_its_board() {
    let base = both_connected("quebec both-connected=draw", "draw");
    for (game, reason) in [
        (
            "katarenga",
            "katarenga is not a game of the Katarenga family",
        ),
        (
            "quebec board=1f0,2b1,3f2,4f3",
            "the board is the Board tag's",
        ),
        ("quebec both-connected=maybe", "bad both-connected"),
    ] {
        let text = base.replace("quebec both-connected=draw", game);
        let error = text.parse::<FamilyRecord>().unwrap_err();
        assert!(error.to_string().contains(reason), "{game}: {error}");
        assert!(error.location.is_some(), "{game}: {error}");
    }
}

/// The serde form: a record with a start position goes to JSON and back
/// as itself (the start read as a position of the record's game), and a
/// form whose move is illegal there is refused by the replay.
#[cfg(feature = "serde")]
#[test]
fn a_family_record_goes_through_serde_and_is_checked() {
    let text = both_connected("quebec both-connected=draw", "draw");
    let record: FamilyRecord = text.parse().unwrap();
    let json = serde_json::to_value(&record).unwrap();
    assert_eq!(json["game"], "quebec both-connected=draw");
    assert_eq!(json["start"], format!("{STANDARD} 7b/8/8/8/8/8/2bw4/w7 w"));
    assert_eq!(json["moves"][0]["move"], "a1c2");
    let back: FamilyRecord = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, record);
    assert!(matches!(
        back.start,
        Some(game_spec::AnyPosition::Quebec(_))
    ));
    let mut illegal = json;
    illegal["moves"][0]["move"] = "a1a2".into();
    let error = serde_json::from_value::<FamilyRecord>(illegal).unwrap_err();
    assert!(error.to_string().contains("a1a2"), "{error}");
}
