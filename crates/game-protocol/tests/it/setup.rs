//! Openings: from a file with random plies after them, and on the board a
//! game spec gives, through the referee's library.

use kamisado_core::Game;

use game_protocol::referee::{Config, Referee, RefereeError, TimeControl};
use game_protocol::setup::Opening;
use game_protocol::{GameId, GameSpec};
use game_records::{KamisadoRecord, KatarengaRecord};

use crate::referee::{engine, run, spec};

/// Chosen openings are played in turn, each twice, with the random plies
/// asked for after them (the same for both games of a pair).
#[test]
fn openings_from_a_file_with_random_plies_after_them() {
    let kamisado = GameSpec::default_for(GameId::Kamisado);
    let openings = [
        Opening::parse(&kamisado, "startpos moves d1d7").unwrap(),
        Opening::parse(&kamisado, "notation obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -").unwrap(),
    ];
    let mut config = Config::new(
        GameSpec::default_for(GameId::Kamisado),
        [engine("a", "option.Hash=1"), engine("b", "option.Hash=1")],
        4,
        TimeControl::Depth(1),
    );
    config.openings = openings.to_vec();
    config.random_plies = 0;
    let (_, text, _) = run(config.clone(), "openings");
    let records = KamisadoRecord::parse_all(&text).unwrap();
    let starts: Vec<String> = records
        .iter()
        .map(|r| r.rounds[0].start.to_string())
        .collect();
    assert_eq!(
        starts,
        [
            "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g",
            "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
            "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        ]
    );
    // The engine that plays the side to move in the opening alternates.
    assert_eq!(records[0].header.white, "a");
    assert_eq!(records[1].header.white, "b");
    assert_eq!(records[2].header.black, "a");
    // Two random plies after each: the openings' positions two plies on,
    // alike within a pair.
    config.random_plies = 2;
    let (_, text, _) = run(config, "openings-plies");
    let records = KamisadoRecord::parse_all(&text).unwrap();
    let starts: Vec<kamisado_core::Position> = records.iter().map(|r| r.rounds[0].start).collect();
    assert_eq!(starts[0], starts[1]);
    assert_eq!(starts[2], starts[3]);
    for (start, opening) in [(starts[0], openings[0]), (starts[2], openings[1])] {
        let Opening::Kamisado(from) = opening else {
            unreachable!()
        };
        let two: Vec<kamisado_core::Position> = from
            .legal_moves()
            .iter()
            .flat_map(|&a| {
                let p = from.play(a);
                p.legal_moves()
                    .iter()
                    .map(move |&b| p.play(b))
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(two.contains(&start), "{start} is not two plies from {from}");
    }
}

/// A board in the game spec is the board of every game: random openings
/// start on it (random boards are off), and openings on another board are
/// refused as options that do not go together.
#[test]
fn a_board_in_the_spec_is_the_board_of_every_game() {
    let mut config = Config::new(
        spec("katarenga board=1f0,2b1,3f2,4f3"),
        [engine("a", "option.Hash=1"), engine("b", "option.Hash=1")],
        4,
        TimeControl::Depth(1),
    );
    config.adjudication.max_plies = 6;
    let (report, text, _) = run(config.clone(), "fixed-board");
    assert_eq!(report.tally.games(), 4);
    let records = KatarengaRecord::parse_all(&text).unwrap();
    assert_eq!(records.len(), 4);
    for r in &records {
        // The tiles as the spec's text gives them, in the records' form.
        assert_eq!(r.board.to_string(), "1f0 2b1 3f2 4f3", "{r}");
    }
    // The random plies still differ from pair to pair.
    assert_ne!(records[0].start, records[2].start);
    config.openings =
        vec![Opening::parse(&GameSpec::default_for(GameId::Katarenga), "startpos").unwrap()];
    let e = Referee::new(config).unwrap_err();
    assert!(matches!(e, RefereeError::Options(_)), "{e}");
    assert!(e.to_string().contains("1f0,2b1,3f2,4f3"), "{e}");
}
