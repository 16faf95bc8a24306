//! The small value types over their whole domains (players, files, ranks),
//! the seeded generator against the published SplitMix64
//! reference values, and the serde helpers through a real data format.

use board_geometry::{Bitboard, File, Player, Rank, SplitMix64, Square};

#[test]
fn players_index_and_letters() {
    assert_eq!((Player::Black.index(), Player::White.index()), (0, 1));
    assert_eq!(Player::from_ascii(b'b'), Some(Player::Black));
    assert_eq!(Player::from_ascii(b'w'), Some(Player::White));
    for letter in (0..=255u8).filter(|&l| l != b'b' && l != b'w') {
        assert_eq!(Player::from_ascii(letter), None, "{letter}");
    }
}

#[test]
fn files_and_ranks_flip_and_cover_their_squares() {
    for (i, file) in File::ALL.into_iter().enumerate() {
        assert_eq!(file.flip(), File::ALL[7 - i]);
        let squares: Vec<Square> = file.bitboard().iter().collect();
        let expected: Vec<Square> = Rank::ALL.iter().map(|&r| Square::new(file, r)).collect();
        assert_eq!(squares, expected, "file {file}");
    }
    for (i, rank) in Rank::ALL.into_iter().enumerate() {
        assert_eq!(rank.flip(), Rank::ALL[7 - i]);
        let squares: Vec<Square> = rank.bitboard().iter().collect();
        let expected: Vec<Square> = File::ALL.iter().map(|&f| Square::new(f, rank)).collect();
        assert_eq!(squares, expected, "rank {rank}");
    }
    let all = File::ALL
        .iter()
        .fold(Bitboard::EMPTY, |set, f| set | f.bitboard());
    assert_eq!(all, Bitboard::FULL);
}

#[test]
fn the_generator_matches_the_reference_splitmix64() {
    // The first outputs of SplitMix64 (Steele, Lea and Flood; the reference
    // C code by Vigna) from seed 0 and from seed 1234567.
    let mut zero = SplitMix64::new(0);
    let expected = [
        0xE220_A839_7B1D_CDAF,
        0x6E78_9E6A_A1B9_65F4,
        0x06C4_5D18_8009_454F,
    ];
    for value in expected {
        assert_eq!(zero.next_u64(), value);
    }
    let mut other = SplitMix64::new(1_234_567);
    let expected = [
        6_457_827_717_110_365_317,
        3_203_168_211_198_807_973,
        9_817_491_932_198_370_423,
    ];
    for value in expected {
        assert_eq!(other.next_u64(), value);
    }
    // A coin is the top bit of the next value.
    let (mut a, mut b) = (SplitMix64::new(9), SplitMix64::new(9));
    let mut heads = 0;
    for _ in 0..1000 {
        let coin = a.coin();
        assert_eq!(coin, b.next_u64() >> 63 == 1);
        heads += usize::from(coin);
    }
    assert!((400..600).contains(&heads), "{heads} heads in 1000");
}

#[cfg(feature = "serde")]
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

#[cfg(feature = "serde")]
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
