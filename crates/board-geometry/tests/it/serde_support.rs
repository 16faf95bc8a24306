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
