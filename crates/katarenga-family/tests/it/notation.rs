//! The notation: positions and moves read back, and refusals that name the
//! field and the offset.

use katarenga_family::{
    Congress, Field, Game, InvalidPosition, Isolation, Move, ParseMoveError, ParsePositionError,
    Player, Quebec,
};

const STANDARD: &str = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB";

#[test]
fn the_starts_are_written_as_the_contract_says() {
    let start = format!("{STANDARD} 1b1wb1w1/w6b/8/b6w/w6b/8/b6w/1w1bw1b1 w");
    assert_eq!(Congress::start().to_string(), start);
    assert_eq!(Quebec::start().to_string(), start);
    assert_eq!(
        Isolation::start().to_string(),
        format!("{STANDARD} 8/8/8/8/8/8/8/8 w")
    );
    assert_eq!(start.parse::<Congress>().unwrap(), Congress::start());
}

#[test]
fn moves_read_back_and_refusals_name_the_offset() {
    for text in ["b1b3", "@d4", "pass"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    assert_eq!(
        "b1b3x".parse::<Move>(),
        Err(ParseMoveError::TrailingText { offset: 4 })
    );
    assert_eq!(
        "@d4 ".parse::<Move>(),
        Err(ParseMoveError::TrailingText { offset: 3 })
    );
    assert!(matches!(
        "@i4".parse::<Move>(),
        Err(ParseMoveError::Square(_))
    ));
    assert!(matches!(
        "b1".parse::<Move>(),
        Err(ParseMoveError::Square(_))
    ));
    assert!(matches!("".parse::<Move>(), Err(ParseMoveError::Square(_))));
}

#[test]
fn positions_are_refused_with_the_field_and_offset() {
    let pieces_at = STANDARD.len() + 1;
    assert_eq!(
        "".parse::<Congress>(),
        Err(ParsePositionError::MissingField {
            field: Field::Colours,
            offset: 0
        })
    );
    assert_eq!(
        STANDARD.parse::<Congress>(),
        Err(ParsePositionError::MissingField {
            field: Field::Pieces,
            offset: STANDARD.len()
        })
    );
    assert!(matches!(
        format!("{STANDARD} 8/8/8/8/8/8/8/7x w").parse::<Isolation>(),
        Err(ParsePositionError::Unexpected { field: Field::Pieces, found: 'x', offset, .. }) if offset == pieces_at + 15
    ));
    assert!(matches!(
        format!("{STANDARD} 8/8/8/8/8/8/8/8 x").parse::<Isolation>(),
        Err(ParsePositionError::Unexpected {
            field: Field::Side,
            found: 'x',
            ..
        })
    ));
    assert_eq!(
        format!("{STANDARD} 8/8/8/8/8/8/8/8 w -").parse::<Isolation>(),
        Err(ParsePositionError::TrailingText {
            offset: pieces_at + 17
        })
    );
    assert_eq!(
        format!("{STANDARD} 8/8/8/8/8/8/8/w7 w").parse::<Congress>(),
        Err(ParsePositionError::Invalid {
            error: InvalidPosition::NoPawn(Player::Black),
            offset: pieces_at
        })
    );
    let nine = format!("{STANDARD} wwwwwwww/w7/8/8/8/8/8/b7 b");
    assert_eq!(
        nine.parse::<Isolation>(),
        Err(ParsePositionError::Invalid {
            error: InvalidPosition::TooManyPawns {
                player: Player::White,
                count: 9,
                limit: 8
            },
            offset: pieces_at
        })
    );
    assert!(nine.parse::<Quebec>().is_err());
    let unlimited = Isolation::from_ascii_unlimited(nine.as_bytes()).unwrap();
    assert_eq!(unlimited.in_hand(Player::White), None);
    assert_eq!(unlimited.to_string(), nine);
}
