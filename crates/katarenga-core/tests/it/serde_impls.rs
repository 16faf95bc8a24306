//! Serde (feature `serde`): positions, boards and moves are their notation
//! strings, and deserialising validates.

use katarenga_core::{Board, Game, Move, Position};
use serde_test::{Token, assert_de_tokens_error, assert_tokens};

const START: &str = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB wwwwwwww/8/8/8/8/8/8/bbbbbbbb w -";

#[test]
fn values_are_notation_strings() {
    assert_tokens(&Position::start(), &[Token::Str(START)]);
    assert_tokens(
        &Board::standard(),
        &[Token::Str(
            "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB",
        )],
    );
    assert_tokens(&"e8h9".parse::<Move>().unwrap(), &[Token::Str("e8h9")]);
}

#[test]
fn deserialising_validates() {
    assert_de_tokens_error::<Move>(
        &[Token::Str("e8b9")],
        "no camp there at offset 2: the camps are a9, h9, a0 and h0",
    );
    assert_de_tokens_error::<Position>(
        &[Token::Str("RYBGRYGB/GRGBGYRY w -")],
        "bad board colours at offset 17: found the end of the input, expected '/' after 8 square colours",
    );
}

/// A game record stores its start and moves, and is replayed (each move
/// checked) when read back.
#[test]
fn game_records_round_trip_and_are_checked() {
    use katarenga_core::{Board, GameRecord, SquareColour};
    // On an all-blue board every piece moves like a king.
    let start = Position::start_on(Board::from_colours([SquareColour::Blue; 64]));
    let mut record = GameRecord::<32>::new(start);
    for mv in ["a8a7", "a1a2", "a7a8", "a2a1"] {
        record.play(mv.parse().unwrap()).unwrap();
    }
    let json = serde_json::to_string(&record).unwrap();
    assert!(
        json.contains(r#""moves":["a8a7","a1a2","a7a8","a2a1"]"#),
        "{json}"
    );
    let back: GameRecord<32> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.occurrences(), 2);
    // An illegal move in a stored record is refused with its place.
    let bad = json.replace(r#""a7a8""#, r#""a7a5""#);
    let e = serde_json::from_str::<GameRecord<32>>(&bad).unwrap_err();
    assert!(e.to_string().contains("move 3 (a7a5)"), "{e}");
    // More moves than the record can hold.
    assert!(serde_json::from_str::<GameRecord<2>>(&json).is_err());
}

#[test]
fn value_types_have_readable_forms() {
    use katarenga_core::{Camps, SquareColour, TilePlacement};
    let camps: Camps = "a9h0".parse().unwrap();
    assert_eq!(serde_json::to_string(&camps).unwrap(), r#""a9h0""#);
    assert_eq!(serde_json::to_string(&Camps::EMPTY).unwrap(), r#""-""#);
    assert_eq!(
        serde_json::to_string(&SquareColour::Red).unwrap(),
        r#""red""#
    );
    let p: TilePlacement = "3b2".parse().unwrap();
    assert_eq!(serde_json::to_string(&p).unwrap(), r#""3b2""#);
    assert_eq!(
        serde_json::from_str::<TilePlacement>(r#""3b2""#).unwrap(),
        p
    );
    assert!(serde_json::from_str::<Camps>(r#""h9a9""#).is_err());
}
