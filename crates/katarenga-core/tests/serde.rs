//! Serde (feature `serde`): positions, boards and moves are their notation
//! strings, and deserialising validates.

use katarenga_core::{Board, Move, Position};
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
