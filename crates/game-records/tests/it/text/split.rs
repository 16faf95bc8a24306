//! The splitter: several records in one text, told apart.

use game_records::{BoardSpec, KamisadoRecord, KatarengaRecord};

use crate::common::example;

#[test]
fn several_records_follow_one_another() {
    let k = example(include_str!("../../../../kamisado-core/src/rules.md"));
    let two = format!("{k}\n{k}");
    assert_eq!(KamisadoRecord::parse_all(&two).unwrap().len(), 2);
    let error = two.parse::<KamisadoRecord>().unwrap_err();
    assert_eq!(error.to_string(), "expected one record, found 2");
    let t = example(include_str!("../../../../katarenga-core/src/rules.md"));
    assert_eq!(
        KatarengaRecord::parse_all(&format!("{t}{t}{t}"))
            .unwrap()
            .len(),
        3
    );
    assert_eq!(KatarengaRecord::parse_all("").unwrap().len(), 0);
}

#[test]
fn records_without_moves_are_told_apart_by_the_empty_line_after_their_tags() {
    let empty = KatarengaRecord::new(BoardSpec::Tiles(
        katarenga_core::TilePlacement::arrangement(7).unwrap(),
    ));
    let text = format!("{empty}\n{empty}");
    let both = KatarengaRecord::parse_all(&text).unwrap();
    assert_eq!(both, [empty.clone(), empty]);
    let k = KamisadoRecord::new(kamisado_core::Target::STANDARD);
    assert_eq!(
        KamisadoRecord::parse_all(&format!("{k}{k}")).unwrap().len(),
        2
    );
    // Without the empty line the second record's tags would be the
    // first's again.
    let joined: String = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    let e = KatarengaRecord::parse_all(&joined).unwrap_err();
    assert_eq!(
        e.kind,
        game_records::ErrorKind::DuplicateTag("Event".into())
    );
}
