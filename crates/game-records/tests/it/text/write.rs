//! Round trips as properties: records of random games and matches, with
//! random tags and comments, write and read back to equal records, and
//! read the text they write again identically.

use kamisado_core::Game;
use std::cell::Cell;

use board_geometry::SplitMix64;
use game_records::{
    Annotated, BoardSpec, Header, KamisadoRecord, KamisadoRound, KatarengaRecord, RecordResult,
    Termination,
};
use kamisado_core::{
    Edge, Layout, Match, MatchState, Player, Position, Refill, Rules, SetupChart, Target,
};
use katarenga_core::TilePlacement;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::common::written_and_read_back;

fn header() -> impl Strategy<Value = Header> {
    let value = "[^\\p{Cc}]{0,12}";
    (
        value,
        value,
        value,
        value,
        value,
        proptest::collection::vec(("[A-Za-z][A-Za-z0-9_]{0,8}", value), 0..3),
    )
        .prop_map(|(event, site, date, black, white, other)| {
            let reserved = [
                "Event",
                "Site",
                "Date",
                "Black",
                "White",
                "Result",
                "Target",
                "Termination",
                "Board",
                "Rules",
                "Position",
            ];
            let mut seen: Vec<String> = Vec::new();
            let other = other
                .into_iter()
                .filter(|(n, _)| {
                    let fresh = !reserved.contains(&n.as_str()) && !seen.contains(n);
                    seen.push(n.clone());
                    fresh
                })
                .collect();
            Header {
                event,
                site,
                date,
                black,
                white,
                other,
            }
        })
}

/// A comment as the reader gives it back: trimmed, without `}`.
fn comment(rng: &mut SplitMix64) -> Option<String> {
    const WORDS: [&str; 8] = [
        "a",
        "sumo push!",
        "(forced)",
        "\"quoted\"",
        "x\ny",
        "; not a line comment",
        "a long remark that takes up most of a line by itself, to move the line breaks",
        "a remark longer than a whole line, which the writer must set on a line of its own and no blank line before it",
    ];
    (rng.below(4) == 0).then(|| WORDS[rng.below(WORDS.len())].to_string())
}

fn kamisado_record(seed: u64, target: u32, header: Header, stop: u32) -> KamisadoRecord {
    let mut rng = SplitMix64::new(seed);
    let target = Target::new(target).unwrap();
    // Any reading on any layout: their tags are written and read back. One
    // match in four is a set-up match, its rounds' starts drawn.
    let chart: SetupChart = "1 NGRYKPBO\n2 OBPKYRGN\n3 GRYKNOPB\n4 YKPBORGN\n"
        .parse()
        .unwrap();
    let setups = rng.below(4) == 0;
    let mut start =
        Position::start_on(Layout::ALL[rng.below(4)]).with_rules(Rules::ALL[rng.below(3)]);
    let mut options = kamisado_core::MatchOptions::default();
    if setups {
        let drawn = chart.draw(&mut rng).start(&chart, Player::Black).unwrap();
        start = drawn.with_game_of(&start);
        options.refill = Refill::Setups;
    }
    let mut game = Match::new_on(target, start, options);
    let mut record = KamisadoRecord::new(target);
    (record.rules, record.layout, record.options) = (start.rules(), start.layout(), options);
    record.rounds[0] = KamisadoRound::new(start);
    record.header = header;
    record.rounds[0].comment = comment(&mut rng);
    let mut plies = 0;
    loop {
        let round = record.rounds.last_mut().unwrap();
        match game.state() {
            MatchState::Over { winner } => {
                record.result = RecordResult::Win(winner);
                record.termination = Termination::Normal;
                return record;
            }
            _ if plies == stop => {
                // Cut short: unfinished, or lost by a fault.
                if rng.coin() {
                    record.termination = Termination::ALL[3 + rng.below(6)];
                    record.result = RecordResult::Win(Player::ALL[rng.below(2)]);
                }
                return record;
            }
            MatchState::InRound => {
                let moves = game.position().legal_moves();
                let mv = moves[rng.below(moves.len())];
                round.summary = game.play(mv).unwrap();
                round.moves.push(Annotated {
                    mv,
                    comment: comment(&mut rng),
                });
            }
            MatchState::ChooseEdge { .. } => {
                let edge = Edge::ALL[rng.below(2)];
                game.choose_edge(edge).unwrap();
                round.edge = Some(edge);
                let mut next = KamisadoRound::new(*game.position());
                next.comment = comment(&mut rng);
                record.rounds.push(next);
            }
            MatchState::DrawSetups { .. } => {
                game.draw_setups(&chart, &mut rng).unwrap();
                let mut next = KamisadoRound::new(*game.position());
                next.comment = comment(&mut rng);
                record.rounds.push(next);
            }
        }
        plies += 1;
    }
}

fn katarenga_record(seed: u64, arrangement: u32, header: Header, stop: u32) -> KatarengaRecord {
    let mut rng = SplitMix64::new(seed);
    let tiles = TilePlacement::arrangement(arrangement).unwrap();
    let board = if rng.coin() {
        BoardSpec::Tiles(tiles)
    } else {
        BoardSpec::Colours(katarenga_core::Board::from_tiles(tiles).unwrap())
    };
    let mut record = KatarengaRecord::new(board);
    record.header = header;
    record.comment = comment(&mut rng);
    let readings = katarenga_core::Rules::ALL;
    record.rules = readings[rng.below(readings.len())];
    let mut position = record.start_position().unwrap();
    if rng.below(4) == 0 {
        // A set-up start: the position after one or two random plies
        // (after one, Black's first move may still be pending).
        for _ in 0..1 + rng.below(2) {
            let moves = position.legal_moves();
            position = position.play(moves[rng.below(moves.len())]);
        }
        record.start = Some(position);
    }
    for _ in 0..stop {
        if let Some(outcome) = position.outcome() {
            record.result = RecordResult::Win(outcome.winner());
            record.termination = Termination::Normal;
            return record;
        }
        let moves = position.legal_moves();
        let mv = moves[rng.below(moves.len())];
        position = position.play(mv);
        record.moves.push(Annotated {
            mv,
            comment: comment(&mut rng),
        });
    }
    if position.outcome().is_some() {
        record.result = RecordResult::Win(position.outcome().unwrap().winner());
        record.termination = Termination::Normal;
    } else {
        match rng.below(3) {
            0 => {}
            1 => {
                record.termination = Termination::PlyLimit;
                record.result = RecordResult::Draw;
            }
            _ => {
                record.termination = Termination::NoAnswer;
                record.result = RecordResult::Win(Player::ALL[rng.below(2)]);
            }
        }
    }
    record
}

/// Checks the movetext's layout, independently of the writer: lines of at
/// most 79 characters (a single word may be longer), each filled as far
/// as the next token (a word, or a whole comment) allows. Line breaks
/// inside comments are the comments' own.
fn assert_laid_out(text: &str) {
    let body = &text[text.find("\n\n").expect("tags, then a blank line") + 2..];
    let lines: Vec<&str> = body.lines().collect();
    // One line break ends the text (the blank line after the tags ends
    // a game without moves); an empty line only comes before a round.
    assert!(
        text.ends_with('\n') && (body.is_empty() || !body.ends_with("\n\n")),
        "{text:?}"
    );
    for (n, line) in lines.iter().enumerate() {
        if line.is_empty() {
            assert!(
                lines.get(n + 1).is_some_and(|l| l.starts_with("Round ")),
                "{text}"
            );
        }
    }
    let mut open = false;
    for (n, line) in lines.iter().enumerate() {
        let starts_in_comment = open;
        for c in line.chars() {
            match c {
                '{' => open = true,
                '}' => open = false,
                _ => {}
            }
        }
        let length = line.chars().count();
        // Longer only for a token alone: a word, or a comment.
        let alone = !line.contains(' ')
            || (line.starts_with('{') && line.ends_with('}') && line.matches('{').count() == 1);
        assert!(length <= 79 || alone, "{length}: {line:?}\n{text}");
        let block = |l: &str| {
            !l.is_empty()
                && !["Round ", "Scored ", "Edge "]
                    .iter()
                    .any(|k| l.starts_with(k))
        };
        // A round's (a game's) comment stands on lines of its own, before
        // `1.`; any other break was the writer's: the next token did not
        // fit.
        let Some(prev) = n.checked_sub(1).map(|p| lines[p]) else {
            continue;
        };
        if starts_in_comment || line.starts_with("1. ") || !block(prev) || !block(line) {
            continue;
        }
        let rest = lines[n..].join("\n");
        let next = if rest.starts_with('{') {
            &rest[..=rest.find('}').expect("a closed comment")]
        } else {
            rest.split([' ', '\n']).next().unwrap_or("")
        };
        assert!(
            prev.len() + 1 + next.len() > 79,
            "{prev:?} could have taken {next:?}\n{text}"
        );
    }
}

#[test]
fn kamisado_records_round_trip() {
    let (finished, unfinished, rounds) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let (laid, drawn) = (Cell::new(0), Cell::new(0));
    let mut runner = TestRunner::new(Config::with_cases(200));
    runner
        .run(
            &(any::<u64>(), 1u32..=7, header(), 0u32..400),
            |(seed, target, header, stop)| {
                let record = kamisado_record(seed, target, header, stop);
                record.validate().unwrap();
                let text = written_and_read_back(&record);
                assert_laid_out(&text);
                if record.options.refill == Refill::Setups && record.rounds.len() > 1 {
                    assert!(text.contains("[Refill \"setups\"]"));
                    drawn.set(drawn.get() + 1);
                }
                if record.layout != Layout::Standard {
                    assert!(text.contains(&format!("[Layout \"{}\"]", record.layout)));
                    laid.set(laid.get() + 1);
                }
                if record.termination == Termination::Normal {
                    finished.set(finished.get() + 1);
                } else {
                    unfinished.set(unfinished.get() + 1);
                }
                if record.rounds.len() > 2 {
                    rounds.set(rounds.get() + 1);
                }
                Ok(())
            },
        )
        .unwrap();
    // The interesting cases were generated.
    assert!(finished.get() > 20, "{} finished matches", finished.get());
    assert!(
        unfinished.get() > 20,
        "{} unfinished matches",
        unfinished.get()
    );
    assert!(
        rounds.get() > 10,
        "{} matches of three rounds or more",
        rounds.get()
    );
    assert!(laid.get() > 50, "{} matches on another layout", laid.get());
    assert!(
        drawn.get() > 10,
        "{} set-up matches of two rounds or more",
        drawn.get()
    );
}

#[test]
fn katarenga_records_round_trip() {
    let (finished, drawn, set_up) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let (option, pending) = (Cell::new(0), Cell::new(0));
    let mut runner = TestRunner::new(Config::with_cases(200));
    runner
        .run(
            &(
                any::<u64>(),
                0..TilePlacement::ARRANGEMENTS,
                header(),
                0u32..300,
            ),
            |(seed, arrangement, header, stop)| {
                let record = katarenga_record(seed, arrangement, header, stop);
                record.validate().unwrap();
                let text = written_and_read_back(&record);
                assert_laid_out(&text);
                match record.termination {
                    Termination::Normal => finished.set(finished.get() + 1),
                    Termination::PlyLimit => drawn.set(drawn.get() + 1),
                    _ => {}
                }
                if record.start.is_some() {
                    set_up.set(set_up.get() + 1);
                }
                if record.rules == katarenga_core::Rules::NoFirstCapture {
                    option.set(option.get() + 1);
                    prop_assert!(text.contains("[Rules \"no-first-capture\"]"));
                    if record
                        .start
                        .is_some_and(|p| p.first_move_pending(Player::Black))
                    {
                        pending.set(pending.get() + 1);
                    }
                }
                Ok(())
            },
        )
        .unwrap();
    assert!(finished.get() > 10, "{} finished games", finished.get());
    assert!(drawn.get() > 10, "{} drawn games", drawn.get());
    assert!(set_up.get() > 10, "{} set-up starts", set_up.get());
    assert!(option.get() > 50, "{} records by the option", option.get());
    assert!(
        pending.get() > 3,
        "{} set-up starts with Black's first move pending",
        pending.get()
    );
}
