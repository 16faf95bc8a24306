//! Katarenga game records: the rules page's example, a finished game's
//! result and termination, boards of tiles, and the orientation chosen.

use game_records::{BoardSpec, KatarengaRecord, RecordResult, Termination};
use katarenga_core::{Game, Player};

use crate::common::{assert_says, at, example};

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
fn a_finished_katarenga_game_needs_its_winner_and_the_termination_normal() {
    // On an all-blue board every piece moves like a king: White, holding
    // the camp a0, enters h0 from h1 and holds both.
    let red = "BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB";
    let start = format!("{red} bbbbbbbb/8/8/8/8/8/8/7w w a0");
    let game = format!(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[White \"?\"]\n[Black \"?\"]\n\
         [Result \"white\"]\n[Board \"{red}\"]\n[Rules \"standard\"]\n[Termination \"normal\"]\n\
         [Position \"{start}\"]\n\n1. h1h0\n"
    );
    let record: KatarengaRecord = game.parse().unwrap_or_else(|e| panic!("{e}"));
    let end = record.final_position().unwrap();
    assert_eq!(
        end.outcome().map(|o| o.winner()),
        Some(katarenga_core::Player::White)
    );
    assert_eq!(end, record.validate().unwrap());
    for (from, to) in [
        ("[Result \"white\"]", "[Result \"black\"]"),
        ("[Termination \"normal\"]", "[Termination \"time forfeit\"]"),
    ] {
        let e = game
            .replace(from, to)
            .parse::<KatarengaRecord>()
            .unwrap_err();
        assert_says(&e, "the game is over");
        assert_eq!(at(&e), (6, 1));
    }
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
    assert_says(&e, "Orientation");
    assert_says(&e, "bottom, right, top or left");
    let e = text
        .replace("\"black\"", "\"red\"")
        .parse::<KatarengaRecord>()
        .unwrap_err();
    assert_says(&e, "expected black, white or given");
    let e = text
        .replace("[Orientation \"top\"]\n", "")
        .parse::<KatarengaRecord>()
        .unwrap_err();
    assert_says(&e, "there is no Orientation tag");
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

#[test]
fn a_record_names_its_game_by_the_rules_and_board_tags() {
    use game_spec::{AnyPosition, GameSpec};
    use katarenga_core::{Rules, TilePlacement};

    let tiles = TilePlacement::arrangement(12_345).unwrap();
    let [a, b, c, d] = tiles;
    let mut record = KatarengaRecord::new(BoardSpec::Tiles(tiles));
    record.rules = Rules::NoFirstCapture;
    let spec = record.spec().unwrap();
    // The text a user would give any other door for this game.
    let named: GameSpec = format!("katarenga rules=no-first-capture board={a},{b},{c},{d}")
        .parse()
        .unwrap();
    assert_eq!(spec, named);
    // game-spec's start is the record's, reached another way.
    assert_eq!(
        spec.start(),
        AnyPosition::Katarenga(record.start_position().unwrap())
    );

    let standard = KatarengaRecord::new(BoardSpec::Tiles(TilePlacement::arrangement(0).unwrap()));
    assert_eq!(standard.spec().unwrap().to_string(), "katarenga");
    let colours = KatarengaRecord::new(BoardSpec::Colours(katarenga_core::Board::standard()));
    assert_eq!(
        colours.spec().unwrap().start(),
        standard.spec().unwrap().start()
    );

    let mut twice = tiles;
    twice[1] = twice[0];
    let e = KatarengaRecord::new(BoardSpec::Tiles(twice))
        .spec()
        .unwrap_err();
    assert!(e.to_string().starts_with("bad Board tag"), "{e}");
}
