//! The examples of the rules pages' "Game records" sections read as they
//! are written, and say what they say.

use game_records::{BoardSpec, KamisadoRecord, KatarengaRecord, RecordResult, Termination};
use kamisado_core::Game;
use kamisado_core::{Edge, MatchState, Player};

/// The first ```text block after `# Game records` in a rules page.
fn example(page: &str) -> String {
    let section = &page[page.find("# Game records").expect("a Game records section")..];
    let start = section.find("```text\n").expect("an example") + "```text\n".len();
    let end = start + section[start..].find("```").expect("the example's end");
    section[start..end].to_string()
}

#[test]
fn the_kamisado_example_is_a_valid_match_record_written_canonically() {
    let text = example(include_str!("../../../kamisado-core/src/rules.md"));
    let record: KamisadoRecord = text.parse().unwrap();
    assert_eq!(
        record.to_string(),
        text,
        "the example is the canonical form"
    );
    assert_eq!(record.header.black, "Ann");
    assert_eq!(record.header.site, "Utrecht");
    assert_eq!(record.result, RecordResult::Win(Player::White));
    assert_eq!(record.rounds.len(), 2);
    assert_eq!(record.rounds[0].edge, Some(Edge::AFile));
    assert_eq!(
        record.rounds[0].moves[2].comment.as_deref(),
        Some("Black's yellow tower is blocked: a pass")
    );
    let summary = record.rounds[1].summary.unwrap();
    assert_eq!((summary.points, summary.scores), (3, [0, 4]));
    let game = record.validate().unwrap();
    assert_eq!(
        game.state(),
        MatchState::Over {
            winner: Player::White
        }
    );
}

#[test]
fn the_katarenga_example_is_a_valid_game_record_written_canonically() {
    let text = example(include_str!("../../../katarenga-core/src/rules.md"));
    let record: KatarengaRecord = text.parse().unwrap();
    assert_eq!(
        record.to_string(),
        text,
        "the example is the canonical form"
    );
    assert_eq!(record.termination, Termination::TimeForfeit);
    assert_eq!(record.result, RecordResult::Win(Player::Black));
    assert_eq!(record.board.board(), Ok(katarenga_core::Board::standard()));
    assert!(matches!(record.board, BoardSpec::Tiles(_)));
    assert_eq!(
        record.comment.as_deref(),
        Some("White's clock ran out on move 3")
    );
    assert_eq!(record.moves.len(), 4);
    assert_eq!(record.header.white, "engine a");
}

#[test]
fn several_records_follow_one_another() {
    let k = example(include_str!("../../../kamisado-core/src/rules.md"));
    let two = format!("{k}\n{k}");
    assert_eq!(KamisadoRecord::parse_all(&two).unwrap().len(), 2);
    let error = two.parse::<KamisadoRecord>().unwrap_err();
    assert_eq!(error.to_string(), "expected one record, found 2");
    let t = example(include_str!("../../../katarenga-core/src/rules.md"));
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

#[test]
fn terminations_and_results_are_written_as_the_tags_say() {
    let names: Vec<String> = Termination::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(
        names,
        [
            "normal",
            "repetition",
            "ply limit",
            "time forfeit",
            "illegal move",
            "crash",
            "no answer",
            "protocol error",
            "resignation",
            "unfinished"
        ]
    );
    for t in Termination::ALL {
        assert_eq!(t.to_string().parse::<Termination>(), Ok(t));
    }
    let forfeits: Vec<bool> = Termination::ALL.iter().map(|t| t.is_forfeit()).collect();
    assert_eq!(
        forfeits,
        [
            false, false, false, true, true, true, true, true, true, false
        ]
    );
    let draws: Vec<bool> = Termination::ALL
        .iter()
        .map(|t| t.is_adjudicated_draw())
        .collect();
    assert_eq!(
        draws,
        [
            false, true, true, false, false, false, false, false, false, false
        ]
    );
    assert_eq!(RecordResult::Win(Player::Black).to_string(), "black");
    assert_eq!(RecordResult::Draw.to_string(), "draw");
    assert_eq!(RecordResult::Unfinished.to_string(), "*");
}

#[test]
fn tag_values_stay_on_their_line_and_keep_quotes_and_backslashes() {
    let mut record = KamisadoRecord::new(kamisado_core::Target::SINGLE_ROUND);
    record.header.event = "a\nb\rc \"d\" \\e".into();
    let text = record.to_string();
    assert!(
        text.starts_with("[Event \"a b c \\\"d\\\" \\\\e\"]\n"),
        "{text}"
    );
    let back: KamisadoRecord = text.parse().unwrap();
    assert_eq!(back.header.event, "a b c \"d\" \\e");
}

#[test]
fn a_board_of_tiles_is_the_board_they_make() {
    let tiles = katarenga_core::TilePlacement::arrangement(12_345).unwrap();
    let board = katarenga_core::Board::from_tiles(tiles).unwrap();
    assert_ne!(board, katarenga_core::Board::standard());
    assert_eq!(BoardSpec::Tiles(tiles).board(), Ok(board));
    assert_eq!(BoardSpec::Colours(board).board(), Ok(board));
    let mut twice = tiles;
    twice[1] = twice[0];
    assert!(BoardSpec::Tiles(twice).board().is_err());
    let record = KatarengaRecord::new(BoardSpec::Tiles(tiles));
    assert_eq!(
        record.start_position().unwrap(),
        katarenga_core::Position::start_on(board)
    );
    assert_eq!(
        record.final_position().unwrap(),
        katarenga_core::Position::start_on(board)
    );
}

/// The set-up tags: the game is played on the laid board turned to
/// Black's edge; who chose it is said; both survive a round trip.
#[test]
fn a_chosen_orientation_turns_the_laid_board_and_round_trips() {
    use game_records::{Chooser, OrientationChoice};
    use katarenga_core::{Board, Orientation, Position, Rules};
    let text = r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[White "Ann"]
[Black "Bob"]
[Result "*"]
[Board "1f0 2f0 3f0 4f0"]
[Rules "standard"]
[Orientation "top"]
[OrientationBy "black"]
[Termination "unfinished"]

1. a8a7
"#;
    let record: KatarengaRecord = text.parse().unwrap();
    assert_eq!(
        record.orientation_choice,
        Some(OrientationChoice {
            orientation: Orientation::Top,
            by: Chooser::Black
        })
    );
    let turned = Board::standard().rotate_180();
    assert_eq!(record.played_board().unwrap(), turned);
    assert_eq!(
        record.start_position().unwrap(),
        Position::start_with(turned, Rules::Standard)
    );
    assert_eq!(record.to_string(), text);
    // Without `OrientationBy` the orientation was given; a bad value, or
    // `OrientationBy` alone, is refused with the tag's name.
    let given: KatarengaRecord = text
        .replace("[OrientationBy \"black\"]\n", "")
        .parse()
        .unwrap();
    assert_eq!(given.orientation_choice.map(|s| s.by), Some(Chooser::Given));
    let e = text
        .replace("\"top\"", "\"north\"")
        .parse::<KatarengaRecord>()
        .unwrap_err();
    assert!(e.to_string().contains("Orientation"), "{e}");
    assert!(e.to_string().contains("bottom, right, top or left"), "{e}");
    let e = text
        .replace("\"black\"", "\"red\"")
        .parse::<KatarengaRecord>()
        .unwrap_err();
    assert!(
        e.to_string().contains("expected black, white or given"),
        "{e}"
    );
    let e = text
        .replace("[Orientation \"top\"]\n", "")
        .parse::<KatarengaRecord>()
        .unwrap_err();
    assert!(e.to_string().contains("there is no Orientation tag"), "{e}");
    // A move legal on the laid board but not on the turned one is
    // refused: the moves are checked on the board played.
    let turned_start = Position::start_with(turned, Rules::Standard);
    let mv = Position::start()
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| !turned_start.is_legal(m))
        .expect("the two starts differ in their moves");
    let with_move = text.replace("1. a8a7", &format!("1. {mv}"));
    let e = with_move.parse::<KatarengaRecord>().unwrap_err();
    assert!(e.to_string().contains(&mv.to_string()), "{e}");
    let laid = with_move.replace("[Orientation \"top\"]\n[OrientationBy \"black\"]\n", "");
    let record: KatarengaRecord = laid.parse().unwrap();
    assert_eq!(record.start_position().unwrap(), Position::start());
}
