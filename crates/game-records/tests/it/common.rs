//! What several modules' tests share: the valid base records the error
//! tests edit (and a test that they are valid), the helpers that edit them,
//! and the reader of the rules pages' examples.

use std::fmt;
use std::str::FromStr;

use game_records::{KamisadoRecord, KatarengaRecord, Location, RecordError};

/// A valid Kamisado match record that the error tests edit.
pub const KAMISADO: &str = r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Black "?"]
[White "?"]
[Result "white"]
[Target "3"]
[Termination "normal"]

Round 1 "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"
1. d1d7 g8b3 2. d7d7 b3d1
Scored white arrival green 1 0-1
Edge a

Round 2 "obpkyrng+/8/8/8/8/8/8/NGRKPBOY b -"
1. f1c4 h8d4 2. a1a6 d4a1
Scored white arrival green 3 0-4
"#;

/// A valid Katarenga game record that the error tests edit.
pub const KATARENGA: &str = r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[White "?"]
[Black "?"]
[Result "black"]
[Board "1f0 2f0 3f0 4f0"]
[Rules "standard"]
[Termination "time forfeit"]

1. a8a7 b1b2 2. a7c6 b2b3
"#;

/// The error of the Kamisado base record with `from` replaced by `to`.
pub fn kamisado(from: &str, to: &str) -> RecordError {
    assert!(KAMISADO.contains(from), "{from}");
    let text = KAMISADO.replacen(from, to, 1);
    text.parse::<KamisadoRecord>().expect_err(&text)
}

/// The error of the Katarenga base record with `from` replaced by `to`.
pub fn katarenga(from: &str, to: &str) -> RecordError {
    assert!(KATARENGA.contains(from), "{from}");
    let text = KATARENGA.replacen(from, to, 1);
    text.parse::<KatarengaRecord>().expect_err(&text)
}

/// Where an error is, as (line, column).
pub fn at(e: &RecordError) -> (u32, u32) {
    let Location { line, column } = e.location.expect("a location");
    (line, column)
}

/// The first ```text block after `# Game records` in a rules page.
pub fn example(page: &str) -> String {
    let section = &page[page.find("# Game records").expect("a Game records section")..];
    let start = section.find("```text\n").expect("an example") + "```text\n".len();
    let end = start + section[start..].find("```").expect("the example's end");
    section[start..end].to_string()
}

#[test]
fn the_bases_are_valid() {
    KAMISADO.parse::<KamisadoRecord>().unwrap();
    KATARENGA.parse::<KatarengaRecord>().unwrap();
}

/// Asserts that the error's message says `words`.
#[track_caller]
pub fn assert_says(e: &RecordError, words: &str) {
    let message = e.to_string();
    assert!(
        message.contains(words),
        "{message:?} does not say {words:?}"
    );
}

/// The record's text, after asserting that it reads back as the record
/// (reading replays it) and that the record read writes the same text.
#[track_caller]
pub fn written_and_read_back<R>(record: &R) -> String
where
    R: fmt::Display + FromStr<Err = RecordError> + PartialEq + fmt::Debug,
{
    let text = record.to_string();
    let back: R = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, record, "{text}");
    assert_eq!(back.to_string(), text);
    text
}
