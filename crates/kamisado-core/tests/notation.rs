//! The position notation of RULES.md 1.9: every malformed kind of input is
//! rejected with the right error and offset, and nothing panics.

use board_geometry::{Player, Square};
use kamisado_core::{
    Colour, Field, GridError, InvalidPosition, Move, ParsePositionError as E, Position, Tower,
};
use proptest::prelude::*;

fn err(text: &str) -> E {
    text.parse::<Position>().expect_err(text)
}

#[test]
fn syntax_errors() {
    assert_eq!(
        err(""),
        E::MissingField {
            field: Field::Placement,
            offset: 0
        }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO"),
        E::MissingField {
            field: Field::Side,
            offset: 29
        }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b"),
        E::MissingField {
            field: Field::Forced,
            offset: 31
        }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -"),
        E::Unexpected {
            field: Field::Side,
            found: 'x',
            offset: 30,
            expected: "'b' or 'w'"
        }
    );
    assert!(matches!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b Y"),
        E::Unexpected {
            field: Field::Forced,
            found: 'Y',
            offset: 32,
            ..
        }
    ));
    assert!(matches!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b q"),
        E::Unexpected {
            field: Field::Forced,
            found: 'q',
            offset: 32,
            ..
        }
    ));
    // "unknown colour letter 'x' at offset 12"
    assert!(matches!(
        err("obpkyrgn/8/x7/8/8/8/8/NGRYKPBO b -"),
        E::Unexpected {
            field: Field::Placement,
            found: 'x',
            offset: 11,
            ..
        }
    ));
    assert!(matches!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBé b -"),
        E::Unexpected {
            field: Field::Placement,
            found: 'é',
            offset: 28,
            ..
        }
    ));
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - extra"),
        E::TrailingText { offset: 33 }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b y!!"),
        E::TrailingText { offset: 34 }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/NGRYKPBO  b -"),
        E::Unexpected {
            field: Field::Side,
            found: ' ',
            offset: 30,
            expected: "'b' or 'w'"
        }
    );
}

#[test]
fn rank_shape_errors() {
    // "rank 3 has 9 squares"
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8N/8/NGRYKPB1 b -"),
        E::Placement(GridError::RankLength {
            rank: 3,
            squares: 9,
            offset: 18
        })
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/7/8/NGRYKPBO b -"),
        E::Placement(GridError::RankLength {
            rank: 3,
            squares: 7,
            offset: 18
        })
    );
    assert_eq!(
        err("obpkyrgn/9/8/8/8/8/8/NGRYKPBO b -"),
        E::Unexpected {
            field: Field::Placement,
            found: '9',
            offset: 9,
            expected: "a tower letter (O B P K Y R G N, either case), a digit 1-8 or '/'"
        }
    );
    assert_eq!(
        err("obpkyrgn/44/8/8/8/8/8/NGRYKPBO b -"),
        E::Placement(GridError::AdjacentDigits { offset: 10 })
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/NGRYKPBO b -"),
        E::Placement(GridError::RankCount {
            ranks: 7,
            offset: 27
        })
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/8/NGRYKPBO b -"),
        E::Placement(GridError::RankCount {
            ranks: 9,
            offset: 22
        })
    );
    assert_eq!(
        err("obpkyrgnn/8/8/8/8/8/8/NGRYKPBO b -"),
        E::Placement(GridError::RankLength {
            rank: 8,
            squares: 9,
            offset: 8
        })
    );
    assert_eq!(
        err("o++++bpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"),
        E::SumoRankTooHigh { offset: 4 }
    );
}

#[test]
fn meaning_errors() {
    // "white has two red towers"
    let e = err("obpkyrrn/8/8/8/8/8/8/NGRYKPBO b -");
    assert_eq!(
        e,
        E::Invalid {
            error: InvalidPosition::DuplicateTower(Tower::new(Player::White, Colour::Red)),
            offset: 6
        }
    );
    // The error says where; its source says what (each once in the chain).
    assert_eq!(e.to_string(), "impossible position (offset 6)");
    let source = std::error::Error::source(&e).map(ToString::to_string);
    assert_eq!(source.as_deref(), Some("white has two red towers"));
    assert_eq!(
        err("obpkyr1n/8/8/8/8/8/8/NGRYKPBO b -"),
        E::Invalid {
            error: InvalidPosition::MissingTower(Tower::new(Player::White, Colour::Green)),
            offset: 29
        }
    );
    assert_eq!(
        err("obpkyrgN/8/8/8/8/8/8/nGRYKPBO b -"),
        E::Invalid {
            error: InvalidPosition::BothArrived,
            offset: 0
        }
    );
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8/8/N+GRYKPBO b -!"),
        E::Invalid {
            error: InvalidPosition::PushMarkWithoutForcedColour,
            offset: 34
        }
    );
    assert_eq!(
        err("o+bpkyrgn/8/8/8/8/8/8/NGRYKPBO b y!"),
        E::Invalid {
            error: InvalidPosition::PushMarkWithoutSumo(Player::Black),
            offset: 34
        }
    );
    // A finished round is accepted.
    let won: Position = "obpkyNgn/8/8/8/8/8/r7/1GRYKPBO w g".parse().unwrap();
    assert!(won.outcome().is_some());
}

#[test]
fn error_messages_say_what_and_where() {
    assert_eq!(
        err("obpkyrgn/8/8/8/8/8N/8/NGRYKPB1 b -").to_string(),
        "rank 3 has 9 squares, expected 8 (offset 18)"
    );
    assert_eq!(
        err("obpkyrgn/8/x7/8/8/8/8/NGRYKPBO b -").to_string(),
        "unexpected 'x' in the placement field at offset 11: expected a tower letter (O B P K Y R G N, either case), a digit 1-8 or '/'"
    );
}

#[test]
fn sumo_notation_round_trips() {
    let text = "b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!";
    let p: Position = text.parse().unwrap();
    assert_eq!(p.to_string(), text);
    assert!(p.is_after_push());
    assert_eq!(
        p.rank_of(Tower::new(Player::Black, Colour::Green)),
        kamisado_core::SumoRank::TripleSumo
    );
    assert_eq!(
        p.square_of(Tower::new(Player::White, Colour::Blue)),
        Square::A8
    );
}

#[test]
fn move_round_trip() {
    for text in ["d1d7", "e4e5", "d7d7", "h8a1"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
}

proptest! {
    /// No input makes the parser panic, and whatever parses prints back to
    /// a string that parses to the same position.
    #[test]
    fn parser_never_panics(s in "[obpkyrgnOBPKYRGN1-9+/ bw!-]{0,48}") {
        if let Ok(p) = s.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
        }
    }

    #[test]
    fn parser_never_panics_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _ = Position::from_ascii(&bytes);
        let _ = Move::from_ascii(&bytes);
    }

    /// Mutating one byte of a valid position never panics.
    #[test]
    fn mutations_never_panic(index in 0usize..40, byte in any::<u8>()) {
        let mut bytes = b"b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!".to_vec();
        let i = index % bytes.len();
        bytes[i] = byte;
        if let Ok(p) = Position::from_ascii(&bytes) {
            prop_assert!(p.is_consistent());
        }
    }
}
