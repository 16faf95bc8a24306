//! Kamisado match records: the rules page's example, rounds and their
//! scoring, and the moves of a built record.

use game_records::{ErrorKind, KamisadoRecord, RecordResult};
use kamisado_core::{Edge, MatchState, Player};

use crate::common::{KAMISADO, assert_says, at, example, kamisado};

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
fn round_and_scoring_errors() {
    // The base record edited, the field the error names, and where it
    // stands where the test pins it.
    let bad_fields = [
        ("Round 2", "Round 3", "round number", Some((15, 7))),
        (
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -",
            "round start",
            None,
        ),
        (
            "Scored white arrival green 1 0-1",
            "Scored red arrival green 1 0-1",
            "round winner",
            Some((12, 8)),
        ),
        (
            "Scored white arrival green 1 0-1",
            "Scored white arrival - 1 0-1",
            "round ending",
            None,
        ),
        (
            "Scored white arrival green 1 0-1",
            "Scored white arrival grey 1 0-1",
            "scoring tower",
            None,
        ),
        (
            "Scored white arrival green 1 0-1",
            "Scored white arrival green 2 0-1",
            "points",
            None,
        ),
        (
            "Scored white arrival green 1 0-1",
            "Scored white arrival green 1 0:1",
            "scores",
            None,
        ),
    ];
    for (from, to, named, place) in bad_fields {
        let e = kamisado(from, to);
        assert!(
            matches!(e.kind, ErrorKind::Field { field, .. } if field == named),
            "{to}: {e}"
        );
        if let Some(place) = place {
            assert_eq!(at(&e), place, "{to}");
        }
    }
    // Read, but not what the rules give.
    let e = kamisado(
        "Scored white arrival green 1 0-1",
        "Scored white deadlock green 1 0-1",
    );
    assert!(matches!(e.kind, ErrorKind::Inconsistent(_)), "{e}");
    assert_eq!(at(&e), (12, 1));
    assert_says(&e, "the rules give white arrival green 1 0-1");
    let e = kamisado("Scored white arrival green 1 0-1\n", "");
    assert_says(&e, "round 1 is over but its scoring is missing");
    assert_eq!(at(&e), (12, 1));
    let e = kamisado("2. d7d7 b3d1", "2. d7d7");
    assert_says(&e, "round 1 is scored but not over");
    let e = kamisado("Edge a", "Edge b");
    assert!(
        matches!(e.kind, ErrorKind::Field { field: "edge", .. }),
        "{e}"
    );
    let e = kamisado("Edge a\n", "");
    assert_says(&e, "round 2 follows without an edge chosen");
    assert_eq!(at(&e), (14, 9));
    let e = kamisado("Edge a", "Edge h");
    assert_says(&e, "round 2 starts from obpkyrng+/");
    assert_eq!(at(&e), (15, 9));
    let e = kamisado(
        "2. a1a6 d4a1\nScored white arrival green 3 0-4\n",
        "2. a1a6 d4a1\nScored white arrival green 3 0-4\nEdge a\n",
    );
    assert_says(&e, "no edge can be chosen after round 2: the match is over");
}

#[test]
fn a_built_kamisado_record_names_the_illegal_move_by_its_number() {
    let base: KamisadoRecord = KAMISADO.parse().unwrap();
    // Plies 2 and 4 of a round are the second halves of moves 1 and 2.
    for (round, ply, number) in [(0, 1, 1), (1, 1, 1), (1, 3, 2), (0, 0, 1)] {
        let mut record = base.clone();
        record.rounds[round].moves[ply].mv = "a4a4".parse().unwrap();
        let e = record.validate().unwrap_err();
        assert_eq!(e.location, None);
        assert!(
            matches!(e.kind, ErrorKind::Move { number: n, .. } if n == number),
            "round {round} ply {ply}: {e}"
        );
    }
}

#[test]
fn scoring_lines_of_every_value_read_and_are_checked_against_the_rules() {
    for (line, said) in [
        ("Scored white no-move - 1 0-1", "white no-move - 1 0-1"),
        (
            "Scored white arrival green 3 0-1",
            "white arrival green 3 0-1",
        ),
        (
            "Scored white arrival green 7 0-1",
            "white arrival green 7 0-1",
        ),
        (
            "Scored white arrival green 15 0-1",
            "white arrival green 15 0-1",
        ),
    ] {
        let e = kamisado("Scored white arrival green 1 0-1", line);
        assert!(matches!(e.kind, ErrorKind::Inconsistent(_)), "{line}: {e}");
        assert_eq!(at(&e), (12, 1));
        assert!(
            e.to_string().contains(&format!(
                "round 1 is scored as {said}, but the rules give white arrival green 1 0-1"
            )),
            "{e}"
        );
    }
}

#[test]
fn a_record_names_its_game_by_the_target_tag() {
    let text = example(include_str!("../../../kamisado-core/src/rules.md"));
    let record: KamisadoRecord = text.parse().unwrap();
    let named: game_spec::GameSpec = format!("kamisado target={}", record.target.points())
        .parse()
        .unwrap();
    assert_eq!(record.spec(), named);
    let long = KamisadoRecord::new(kamisado_core::Target::LONG);
    assert_eq!(long.spec(), "kamisado target=long".parse().unwrap());
}

/// A record keeps its reading of the rules in a `Rules` tag, written only
/// for another reading than the standard one, and replays by it: after
/// Black's pass with its blocked yellow tower on d7, White moves its green
/// tower (d7's colour) by the standard rules, its yellow one by
/// `blocked-colour` (kamisado-core's rules page).
#[test]
fn a_record_keeps_and_replays_by_its_rules_tag() {
    let moves = ["d1d7", "g8b3", "d7d7", "e8e2"];
    let mut record = KamisadoRecord::new(kamisado_core::Target::SINGLE_ROUND);
    record.rules = kamisado_core::Rules::BlockedColour;
    record.rounds[0].start = record.rounds[0].start.with_rules(record.rules);
    record.rounds[0].moves = moves
        .iter()
        .map(|m| game_records::Annotated::new(m.parse().unwrap()))
        .collect();
    record.validate().unwrap();
    let text = record.to_string();
    assert!(text.contains("[Rules \"blocked-colour\"]\n"), "{text}");
    let read: KamisadoRecord = text.parse().unwrap();
    assert_eq!(read, record);
    assert_eq!(
        read.spec(),
        "kamisado rules=blocked-colour".parse().unwrap()
    );
    // Without the tag the same moves are refused at the fourth.
    let standard = text.replace("[Rules \"blocked-colour\"]\n", "");
    let error = standard.parse::<KamisadoRecord>().unwrap_err();
    assert!(error.to_string().contains("e8e2"), "{error}");
    // A standard record has no such tag; an unknown reading is refused.
    assert!(
        !KamisadoRecord::new(kamisado_core::Target::STANDARD)
            .to_string()
            .contains("[Rules")
    );
    let unknown = text.replace("blocked-colour", "sideways");
    let error = unknown.parse::<KamisadoRecord>().unwrap_err();
    assert!(
        error.to_string().contains("unknown rules \"sideways\" (this version knows standard, pushed-square, blocked-colour)"),
        "{error}"
    );
}

/// The match options travel in `Scoring` and `Refill` tags (written only
/// when not the default) and decide the scored lines and the next round's
/// start the record is checked against: the worked example's round scores
/// 1 either way, and the next round's start is refilled farthest rank
/// first (Black's yellow tower from d7 first).
#[test]
fn a_record_keeps_and_replays_by_its_match_options() {
    let mut m = kamisado_core::Match::new_with(
        kamisado_core::Target::STANDARD,
        kamisado_core::Rules::Standard,
        kamisado_core::MatchOptions {
            scoring: kamisado_core::Scoring::Rings,
            refill: kamisado_core::Refill::Farthest,
        },
    );
    let mut record = KamisadoRecord::new(m.target());
    record.options = m.options();
    for text in ["d1d7", "g8b3", "d7d7", "b3d1"] {
        let mv = text.parse().unwrap();
        m.play(mv).unwrap();
        record.rounds[0]
            .moves
            .push(game_records::Annotated::new(mv));
    }
    record.rounds[0].summary = m.last_round();
    record.rounds[0].edge = Some(Edge::AFile);
    m.choose_edge(Edge::AFile).unwrap();
    assert_eq!(
        m.position().to_string(),
        "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -"
    );
    record
        .rounds
        .push(game_records::KamisadoRound::new(*m.position()));
    record.validate().unwrap();
    let text = record.to_string();
    assert!(
        text.contains("[Scoring \"rings\"]\n[Refill \"farthest\"]\n"),
        "{text}"
    );
    let read: KamisadoRecord = text.parse().unwrap();
    assert_eq!(read, record);
    assert_eq!(
        read.spec(),
        "kamisado target=3 scoring=rings refill=farthest"
            .parse()
            .unwrap()
    );
    // By the default refill the second round would start elsewhere.
    let nearest = text.replace("[Refill \"farthest\"]\n", "");
    let error = nearest.parse::<KamisadoRecord>().unwrap_err();
    assert!(
        error.to_string().contains("but the edge chosen gives"),
        "{error}"
    );
    // A scored line is read by the record's scoring: 3 is no win by rings.
    let three = text.replace(
        "Scored white arrival green 1 0-1",
        "Scored white arrival green 3 0-3",
    );
    let error = three.parse::<KamisadoRecord>().unwrap_err();
    assert!(
        error
            .to_string()
            .contains("a round scores 1, 2, 4 or 8 (scoring rings)"),
        "{error}"
    );
}

/// A set-up match's record: the round after a round is the set-ups its
/// loser drew, with no edge between; a later round that is not a start
/// from set-ups (a tower off its home row) is refused where it stands.
#[test]
fn a_set_up_match_record_replays_its_drawn_rounds_and_refuses_another_start() {
    use kamisado_core::{Game, Match, MatchOptions, Refill, SetupChart, SetupDraw, Target};
    let chart: SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n".parse().unwrap();
    let first = SetupDraw { low: 1, high: 2 }
        .start(&chart, Player::Black)
        .unwrap();
    let options = MatchOptions {
        refill: Refill::Setups,
        ..MatchOptions::default()
    };
    let mut m = Match::new_on(Target::STANDARD, first, options);
    let mut record = KamisadoRecord::new(m.target());
    record.options = options;
    record.rounds[0] = game_records::KamisadoRound::new(first);
    let mut rng = board_geometry::SplitMix64::new(9);
    while m.state() == MatchState::InRound {
        let moves = m.position().legal_moves();
        let mv = moves[rng.below(moves.len())];
        record.rounds[0].summary = m.play(mv).unwrap();
        record.rounds[0]
            .moves
            .push(game_records::Annotated::new(mv));
    }
    let MatchState::DrawSetups { drawer } = m.state() else {
        panic!("{:?}", m.state())
    };
    let second = SetupDraw { low: 1, high: 2 }.start(&chart, drawer).unwrap();
    m.start_round(second).unwrap();
    record.rounds.push(game_records::KamisadoRound::new(second));
    record.validate().unwrap();
    let text = record.to_string();
    assert!(text.contains("[Refill \"setups\"]"), "{text}");
    assert!(!text.contains("Edge "), "{text}");
    assert_eq!(text.parse::<KamisadoRecord>().unwrap(), record);
    // Round 2 from a start that no draw lays out.
    let moved = second.play(second.legal_moves()[0]);
    let bad = text.replace(
        &format!("Round 2 \"{second}\""),
        &format!("Round 2 \"{moved}\""),
    );
    let error = bad.parse::<KamisadoRecord>().unwrap_err();
    assert!(
        error.to_string().contains("round 2 cannot start from")
            && error
                .to_string()
                .contains("not a start from numbered set-ups"),
        "{error}"
    );
}
