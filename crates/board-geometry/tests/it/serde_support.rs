//! Serde (feature `serde`): the notation types as their names through a
//! real data format, and the helper that writes a value's text.

use board_geometry::{File, Rank, Square};

#[test]
fn notation_types_serialise_as_their_names() {
    for square in Square::ALL {
        let json = serde_json::to_string(&square).unwrap();
        assert_eq!(json, format!("\"{square}\""));
        assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), square);
    }
    assert_eq!(serde_json::to_string(&File::ALL[4]).unwrap(), "\"e\"");
    assert_eq!(serde_json::to_string(&Rank::ALL[3]).unwrap(), "\"4\"");
    // A wrong kind of value says what was expected; a bad name says why.
    let e = serde_json::from_str::<Square>("5").unwrap_err().to_string();
    assert!(e.contains("expected a square name such as \"e4\""), "{e}");
    let e = serde_json::from_str::<Rank>("true")
        .unwrap_err()
        .to_string();
    assert!(e.contains("expected a rank digit 1-8"), "{e}");
    let e = serde_json::from_str::<Square>("\"i4\"")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("expected a file letter a-h at offset 0, found 'i'"),
        "{e}"
    );
}

#[test]
fn serialize_display_writes_the_whole_text_or_refuses() {
    use board_geometry::serde_support::{MAX_NOTATION_LEN, serialize_display};
    use core::fmt;

    /// A value written in `pieces` pieces of `len` bytes each.
    struct Pieces(usize, usize);
    impl fmt::Display for Pieces {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for i in 0..self.0 {
                let letter = char::from(b'a' + (i % 26) as u8);
                for _ in 0..self.1 {
                    write!(f, "{letter}")?;
                }
            }
            Ok(())
        }
    }
    let text = |pieces, len| -> Result<String, String> {
        let mut out = Vec::new();
        let mut json = serde_json::Serializer::new(&mut out);
        serialize_display(&Pieces(pieces, len), &mut json).map_err(|e| e.to_string())?;
        Ok(String::from_utf8(out).unwrap())
    };
    assert_eq!(text(3, 2), Ok("\"aabbcc\"".to_string()));
    assert_eq!(text(0, 5), Ok("\"\"".to_string()));
    // Exactly full, and one byte over.
    let full = text(MAX_NOTATION_LEN, 1).unwrap();
    assert_eq!(full.len(), MAX_NOTATION_LEN + 2);
    let e = text(MAX_NOTATION_LEN + 1, 1).unwrap_err();
    assert!(e.contains("longer than MAX_NOTATION_LEN"), "{e}");
}

#[test]
fn sixty_four_bit_values_are_hex_strings_in_json_and_numbers_in_binary_formats() {
    use board_geometry::{Bitboard, SplitMix64};
    for bits in [0, 1, 0xff, 1 << 53, (1 << 53) + 1, u64::MAX] {
        let json = serde_json::to_string(&Bitboard(bits)).unwrap();
        assert_eq!(json, format!("\"0x{bits:016x}\""));
        assert_eq!(
            serde_json::from_str::<Bitboard>(&json).unwrap(),
            Bitboard(bits)
        );
    }
    // A number still reads (data written before), a negative one does not.
    assert_eq!(
        serde_json::from_str::<Bitboard>("255").unwrap(),
        Bitboard(255)
    );
    for bad in [
        "-1",
        "\"ff\"",
        "\"0x\"",
        "\"0x1g\"",
        "\"0x00000000000000001\"",
        "true",
    ] {
        assert!(serde_json::from_str::<Bitboard>(bad).is_err(), "{bad}");
    }
    let e = serde_json::from_str::<Bitboard>("\"0x12345678901234567\"").unwrap_err();
    assert!(e.to_string().contains("1 to 16 hex digits"), "{e}");
    let e = serde_json::from_str::<Bitboard>("-3").unwrap_err();
    assert!(e.to_string().contains("negative"), "{e}");
    let e = serde_json::from_str::<Bitboard>("true").unwrap_err();
    assert!(
        e.to_string().contains("a 64-bit number, or a string of 0x"),
        "{e}"
    );
    let e = serde_json::from_str::<Bitboard>("\"0x\"").unwrap_err();
    assert!(e.to_string().contains("1 to 16 hex digits"), "{e}");
    let e = serde_json::from_str::<Bitboard>("\"12\"").unwrap_err();
    assert!(e.to_string().contains("starting with 0x"), "{e}");
    // A binary format (serde_test's tokens, not human-readable) keeps the number.
    let mut rng = SplitMix64::new(u64::MAX);
    rng.next_u64();
    let json = serde_json::to_value(&rng).unwrap();
    assert!(json["state"].as_str().unwrap().starts_with("0x"), "{json}");
    assert_eq!(serde_json::from_value::<SplitMix64>(json).unwrap(), rng);
    use serde_test::{Configure, Token, assert_tokens};
    assert_tokens(&Bitboard(u64::MAX).compact(), &[Token::U64(u64::MAX)]);
    assert_tokens(&Bitboard(7).readable(), &[Token::Str("0x0000000000000007")]);
}

#[test]
fn errors_serialise_as_their_kind_in_snake_case_and_their_message_with_causes() {
    #[derive(Debug, thiserror::Error)]
    #[error("outer")]
    struct Outer(#[source] board_geometry::ParseNameError);
    board_geometry::serde_as_error!(Outer);
    #[derive(Debug, thiserror::Error)]
    #[allow(clippy::enum_variant_names)] // names of chosen lengths
    enum Long {
        #[error("a")]
        AVariantNameOfSixtyFourBytesWhenWrittenInSnakeCaseXx,
        #[error("b")]
        AVariantNameOfSixtyFiveBytesWhenWrittenInSnakeCaseXxx,
        #[error("c")]
        AVariantNameFarLongerThanSixtyFourBytesWhenWrittenInSnakeCaseWithItsUnderscores(u8),
    }
    board_geometry::serde_as_error!(Long);
    let inner = "x".parse::<board_geometry::Player>().unwrap_err();
    let json = serde_json::to_value(Outer(inner)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"kind": "outer", "message": format!("outer: {inner}")})
    );
    let kind = |e: Long| serde_json::to_value(e).map(|v| v["kind"].as_str().unwrap().len());
    assert_eq!(
        kind(Long::AVariantNameOfSixtyFourBytesWhenWrittenInSnakeCaseXx).unwrap(),
        64
    );
    let e = kind(Long::AVariantNameOfSixtyFiveBytesWhenWrittenInSnakeCaseXxx).unwrap_err();
    assert!(e.to_string().contains("longer than 64 bytes"), "{e}");
    assert!(
        kind(
            Long::AVariantNameFarLongerThanSixtyFourBytesWhenWrittenInSnakeCaseWithItsUnderscores(
                1
            )
        )
        .is_err()
    );
}
