//! Serde (feature `serde`): positions and moves are their notation strings,
//! and deserialising validates.

use kamisado_core::{Move, Position};
use serde_test::{Token, assert_de_tokens_error, assert_tokens};

#[test]
fn positions_and_moves_are_notation_strings() {
    let text = "b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!";
    let position: Position = text.parse().unwrap();
    assert_tokens(&position, &[Token::Str(text)]);
    assert_tokens(
        &Position::start(),
        &[Token::Str("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -")],
    );
    let mv: Move = "e4e5".parse().unwrap();
    assert_tokens(&mv, &[Token::Str("e4e5")]);
}

#[test]
fn deserialising_validates() {
    assert_de_tokens_error::<Position>(
        &[Token::Str("obpkyrrn/8/8/8/8/8/8/NGRYKPBO b -")],
        "impossible position (offset 6): white has two red towers",
    );
    assert_de_tokens_error::<Move>(
        &[Token::Str("d1d9")],
        "expected a rank digit 1-8 at offset 3, found '9'",
    );
}
