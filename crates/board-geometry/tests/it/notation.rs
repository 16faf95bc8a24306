//! The notation helpers shared by the game crates, tested on their own:
//! the board field reader and writer, the field splitter, the character
//! shown in errors, names, and error chains. Expected values are written out
//! from the grammar (ranks 8 to 1, files a to h, digits for empty runs).

use board_geometry::notation::{char_at, next_field, parse_grid, parse_name, write_grid};
use board_geometry::{Bitboard, ErrorChain, GridError, ParseNameError, Player, SplitMix64, Square};

/// A token placed by `parse_grid`: its text, square and offset.
type Placed = (String, Square, usize);

/// Reads a board field whose tokens are single letters, or the two-byte
/// token `x+`; returns the end offset and each placed token.
fn read(text: &str, start: usize) -> Result<(usize, Vec<Placed>), GridError> {
    let bytes = text.as_bytes();
    let mut placed = Vec::new();
    let end = parse_grid::<String, GridError>(
        bytes,
        start,
        |i| {
            let len = if bytes.get(i + 1) == Some(&b'+') {
                2
            } else {
                1
            };
            Ok((text[i..i + len].to_string(), len))
        },
        |token, square, offset| {
            placed.push((token, square, offset));
            Ok(())
        },
    )?;
    Ok((end, placed))
}

#[test]
fn a_board_field_places_each_token_on_its_square() {
    let text = "p6q/8/8/3x+4/8/8/8/1k4r1 w";
    let (end, placed) = read(text, 0).unwrap();
    assert_eq!(end, 24);
    assert_eq!(&text[end..], " w");
    let expected = [
        ("p", Square::A8, 0),
        ("q", Square::H8, 2),
        ("x+", Square::D5, 9),
        ("k", Square::B1, 20),
        ("r", Square::G1, 22),
    ];
    let got: Vec<(&str, Square, usize)> = placed
        .iter()
        .map(|(t, s, o)| (t.as_str(), *s, *o))
        .collect();
    assert_eq!(got, expected);
    // From an offset, and to the end of the input.
    let (end, placed) = read("w 8/8/8/8/8/8/8/7k", 2).unwrap();
    assert_eq!((end, placed.len()), (18, 1));
    assert_eq!(placed[0].1, Square::H1);
    // Empty board.
    assert_eq!(read("8/8/8/8/8/8/8/8", 0).unwrap(), (15, vec![]));
}

#[test]
fn board_field_errors_say_what_and_where() {
    let cases: [(&str, GridError); 12] = [
        // A rank one square short, at the slash and at the end.
        (
            "7/8/8/8/8/8/8/8",
            GridError::RankLength {
                rank: 8,
                squares: 7,
                offset: 1,
            },
        ),
        (
            "8/8/8/8/8/8/8/7",
            GridError::RankLength {
                rank: 1,
                squares: 7,
                offset: 15,
            },
        ),
        (
            "8/8/8/8/8/8/8/7 w",
            GridError::RankLength {
                rank: 1,
                squares: 7,
                offset: 15,
            },
        ),
        // Too many squares: digits past 8, a token on a full rank.
        (
            "8/44/8/8/8/8/8/8",
            GridError::AdjacentDigits {
                offset: 3,
                digits: [4, 4],
            },
        ),
        (
            "8/8/8/8/8/8/8/161",
            GridError::AdjacentDigits {
                offset: 15,
                digits: [1, 6],
            },
        ),
        (
            "8/7p1/8/8/8/8/8/8",
            GridError::RankLength {
                rank: 7,
                squares: 9,
                offset: 4,
            },
        ),
        (
            "8/p8/8/8/8/8/8/8",
            GridError::RankLength {
                rank: 7,
                squares: 9,
                offset: 3,
            },
        ),
        (
            "8/8/8/8/8/8/8/8p",
            GridError::RankLength {
                rank: 1,
                squares: 9,
                offset: 15,
            },
        ),
        // Too few and too many ranks.
        (
            "8/8/8/8/8/8/8",
            GridError::RankCount {
                ranks: 7,
                offset: 13,
            },
        ),
        (
            "8",
            GridError::RankCount {
                ranks: 1,
                offset: 1,
            },
        ),
        (
            "8/8/8/8/8/8/8/8/8",
            GridError::RankCount {
                ranks: 9,
                offset: 15,
            },
        ),
        // Nothing at all.
        (
            "",
            GridError::RankLength {
                rank: 8,
                squares: 0,
                offset: 0,
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(read(text, 0).unwrap_err(), expected, "{text:?}");
    }
    assert_eq!(
        GridError::RankLength {
            rank: 1,
            squares: 7,
            offset: 15
        }
        .to_string(),
        "rank 1 has 7 squares, expected 8 (offset 15)"
    );
    assert_eq!(
        GridError::RankCount {
            ranks: 9,
            offset: 15
        }
        .to_string(),
        "the board field has 9 ranks, expected 8 (offset 15)"
    );
    // The message names the digits found, and what to write instead.
    assert_eq!(
        GridError::AdjacentDigits {
            offset: 3,
            digits: [4, 4]
        }
        .to_string(),
        "two digits next to each other at offset 3 (44: write 8)"
    );
    assert_eq!(
        GridError::AdjacentDigits {
            offset: 1,
            digits: [1, 1]
        }
        .to_string(),
        "two digits next to each other at offset 1 (11: write 2)"
    );
    assert_eq!(
        GridError::AdjacentDigits {
            offset: 1,
            digits: [5, 4]
        }
        .to_string(),
        "two digits next to each other at offset 1 (54: one digit counts a run of empty squares, and 9 is more than a rank holds)"
    );
}

#[test]
fn the_callers_errors_come_back_unchanged() {
    #[derive(Debug, PartialEq)]
    enum Mine {
        Grid(GridError),
        Token(usize),
        Place(Square),
    }
    impl From<GridError> for Mine {
        fn from(e: GridError) -> Mine {
            Mine::Grid(e)
        }
    }
    let refuse_token = |i: usize| -> Result<((), usize), Mine> { Err(Mine::Token(i)) };
    assert_eq!(
        parse_grid(b"8/2z5/8/8/8/8/8/8", 0, refuse_token, |(), _, _| Ok(())),
        Err(Mine::Token(3))
    );
    let refuse_place = |(), square, _| -> Result<(), Mine> { Err(Mine::Place(square)) };
    assert_eq!(
        parse_grid(b"8/2z5/8/8/8/8/8/8", 0, |_| Ok(((), 1)), refuse_place),
        Err(Mine::Place(Square::C7))
    );
    // `9` is not a digit of the notation: a token, then a short rank.
    assert_eq!(
        parse_grid::<(), Mine>(b"9", 0, |_| Ok(((), 1)), |(), _, _| Ok(())),
        Err(Mine::Grid(GridError::RankLength {
            rank: 8,
            squares: 1,
            offset: 1
        }))
    );
}

#[test]
fn written_fields_read_back() {
    let mut rng = SplitMix64::new(7);
    for _ in 0..500 {
        let set = Bitboard(rng.next_u64() & rng.next_u64());
        let mut text = String::new();
        write_grid(&mut text, |s| set.has(s).then_some('x')).unwrap();
        // Ranks 8 to 1, eight squares each, digits only for empty runs.
        assert_eq!(text.split('/').count(), 8);
        assert!(!text.contains("11") && !text.contains("/0"));
        let (end, placed) = read(&text, 0).unwrap();
        assert_eq!(end, text.len());
        let back: Bitboard = placed.iter().map(|p| p.1).collect();
        assert_eq!(back, set, "{text}");
    }
    let mut text = String::new();
    write_grid(&mut text, |_| None::<char>).unwrap();
    assert_eq!(text, "8/8/8/8/8/8/8/8");
    text.clear();
    write_grid(&mut text, |s| (s.index() % 9 == 0).then_some("ab")).unwrap();
    assert_eq!(text, "7ab/6ab1/5ab2/4ab3/3ab4/2ab5/1ab6/ab7");
}

#[test]
fn fields_are_split_on_one_space() {
    assert_eq!(next_field(b"8/8 w -", 3), Ok(4));
    assert_eq!(next_field(b"8/8 w -", 5), Ok(6));
    // No space, a space with nothing after it, another byte, past the end.
    assert_eq!(next_field(b"8/8", 3), Err(3));
    assert_eq!(next_field(b"8/8 ", 3), Err(4));
    assert_eq!(next_field(b"8/8xw", 3), Err(4));
    assert_eq!(next_field(b"8/8", 9), Err(3));
    assert_eq!(next_field(b"", 0), Err(0));
    assert_eq!(next_field(b" w", 0), Ok(1));
}

#[test]
fn the_character_at_an_offset() {
    let text = "a\u{e9}\u{1f600}z".as_bytes();
    assert_eq!(char_at(text, 0), 'a');
    assert_eq!(char_at(text, 1), '\u{e9}');
    // Inside a character: not a character start.
    assert_eq!(char_at(text, 2), char::REPLACEMENT_CHARACTER);
    assert_eq!(char_at(text, 3), '\u{1f600}');
    assert_eq!(char_at(text, 7), 'z');
    assert_eq!(char_at(text, 8), char::REPLACEMENT_CHARACTER);
    assert_eq!(char_at(text, usize::MAX), char::REPLACEMENT_CHARACTER);
    assert_eq!(char_at(b"\xff", 0), char::REPLACEMENT_CHARACTER);
    // A valid character followed by broken bytes is still found.
    assert_eq!(char_at(b"q\xff\xff", 0), 'q');
}

#[test]
fn names_and_error_chains() {
    let names: &[(Player, &[&str])] = &[
        (Player::Black, &["b", "black"]),
        (Player::White, &["w", "white"]),
    ];
    assert_eq!(
        parse_name("black", names, "side", "b or w"),
        Ok(Player::Black)
    );
    assert_eq!(parse_name("w", names, "side", "b or w"), Ok(Player::White));
    let e = parse_name("B", names, "side", "b or w").unwrap_err();
    assert_eq!(
        e,
        ParseNameError {
            what: "side",
            expected: "b or w"
        }
    );
    assert_eq!(e.to_string(), "unknown side: expected b or w");
    // One level, and an error with a source.
    assert_eq!(ErrorChain(&e).to_string(), "unknown side: expected b or w");
    #[derive(Debug, thiserror::Error)]
    #[error("outer")]
    struct Outer(#[source] ParseNameError);
    assert_eq!(
        ErrorChain(&Outer(e)).to_string(),
        "outer: unknown side: expected b or w"
    );
}
